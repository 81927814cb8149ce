/// An animation of one layer property: `CABasicAnimation`, `CASpringAnimation` or
/// `CAKeyframeAnimation`.
public struct PropertyAnimation: Sendable, Hashable {
  public var keyPath: LayerKeyPath
  public var timing: MediaTiming
  /// Whether the animation stops contributing once its active time is over (Core Animation's
  /// default), whatever its fill mode.
  public var isRemovedOnCompletion: Bool
  /// Eases each iteration as a whole (`CAAnimation.timingFunction`); `nil` is linear. Ignored
  /// by springs and by paced keyframes, as in Core Animation.
  public var timingFunction: TimingFunction?
  /// Whether the animated value is added onto the property's current value instead of
  /// replacing it.
  public var isAdditive: Bool
  /// Whether each repeat starts where the previous one ended (`cumulative`): iteration n adds
  /// n times the change of one iteration.
  public var isCumulative: Bool
  public var values: AnimationValues

  public init(
    keyPath: LayerKeyPath, timing: MediaTiming, values: AnimationValues,
    timingFunction: TimingFunction? = nil, isAdditive: Bool = false, isCumulative: Bool = false,
    isRemovedOnCompletion: Bool = true
  ) {
    self.keyPath = keyPath
    self.timing = timing
    self.values = values
    self.timingFunction = timingFunction
    self.isAdditive = isAdditive
    self.isCumulative = isCumulative
    self.isRemovedOnCompletion = isRemovedOnCompletion
  }
}

/// What a property animation interpolates.
public enum AnimationValues: Sendable, Hashable {
  /// `CABasicAnimation`'s `fromValue` / `toValue` / `byValue`; a missing one is resolved from
  /// the property's current value as Core Animation does.
  case basic(from: AnimatableValue?, to: AnimatableValue?, by: AnimatableValue?)
  /// `CASpringAnimation`: the basic values, with progress driven by a spring in seconds.
  case spring(from: AnimatableValue?, to: AnimatableValue?, by: AnimatableValue?, spring: Spring)
  /// `CAKeyframeAnimation`'s values and timing.
  case keyframes(KeyframeTrack)
  /// `CAKeyframeAnimation` with a `path`, for `position`.
  case keyframePath(KeyframePath)
}
