/// An animation of one layer property: `CABasicAnimation` or `CAKeyframeAnimation`.
public struct PropertyAnimation: Sendable, Hashable {
  public var keyPath: LayerKeyPath
  public var timing: MediaTiming
  /// Whether the animation stops contributing once its active time is over (Core Animation's
  /// default), whatever its fill mode.
  public var isRemovedOnCompletion: Bool
  /// Eases each iteration as a whole (`CAAnimation.timingFunction`); `nil` is linear.
  public var timingFunction: TimingFunction?
  /// Whether the animated value is added onto the property's current value instead of
  /// replacing it.
  public var isAdditive: Bool
  public var values: AnimationValues

  public init(
    keyPath: LayerKeyPath, timing: MediaTiming, values: AnimationValues,
    timingFunction: TimingFunction? = nil, isAdditive: Bool = false,
    isRemovedOnCompletion: Bool = true
  ) {
    self.keyPath = keyPath
    self.timing = timing
    self.values = values
    self.timingFunction = timingFunction
    self.isAdditive = isAdditive
    self.isRemovedOnCompletion = isRemovedOnCompletion
  }
}

/// What a property animation interpolates.
public enum AnimationValues: Sendable, Hashable {
  /// `CABasicAnimation`'s `fromValue` / `toValue` / `byValue`; a missing one is resolved from
  /// the property's current value as Core Animation does.
  case basic(from: AnimatableValue?, to: AnimatableValue?, by: AnimatableValue?)
  /// `CAKeyframeAnimation`'s values and timing.
  case keyframes(KeyframeTrack)
}
