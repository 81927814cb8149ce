/// An animation of one layer property: `CABasicAnimation`, `CASpringAnimation` or
/// `CAKeyframeAnimation`.
public struct PropertyAnimation: Sendable, Hashable {
  /// An animation's values, in one box that copies share until one of them is written
  /// (`CopyOnWrite`).
  ///
  /// Applying an animation takes it out of its `Animation` case, which copies it: its key
  /// path, timing, timing function and values, a retain of each reference they hold and a
  /// release after, some 650 instructions each time, an eighth of evaluating LottieLogo1's
  /// frames. A copy now retains the box alone. Each value is described at its accessor below.
  struct Fields: Sendable, Hashable {
    var keyPath: LayerKeyPath
    var timing: MediaTiming
    var isRemovedOnCompletion: Bool
    var timingFunction: TimingFunction?
    var isAdditive: Bool
    var isCumulative: Bool
    var values: AnimationValues
  }

  private var fields: CopyOnWrite<Fields>

  /// The property animated.
  public var keyPath: LayerKeyPath {
    _read { yield fields.wrappedValue.keyPath }
    _modify { yield &fields.wrappedValue.keyPath }
  }

  /// When and how often the animation runs, in its parent's time.
  public var timing: MediaTiming {
    _read { yield fields.wrappedValue.timing }
    _modify { yield &fields.wrappedValue.timing }
  }

  /// Whether the animation stops contributing once its active time is over (Core Animation's
  /// default), whatever its fill mode.
  public var isRemovedOnCompletion: Bool {
    _read { yield fields.wrappedValue.isRemovedOnCompletion }
    _modify { yield &fields.wrappedValue.isRemovedOnCompletion }
  }

  /// Eases each iteration as a whole (`CAAnimation.timingFunction`); `nil` is linear. Ignored
  /// by springs and by paced keyframes, as in Core Animation.
  public var timingFunction: TimingFunction? {
    _read { yield fields.wrappedValue.timingFunction }
    _modify { yield &fields.wrappedValue.timingFunction }
  }

  /// Whether the animated value is added onto the property's current value instead of
  /// replacing it.
  public var isAdditive: Bool {
    _read { yield fields.wrappedValue.isAdditive }
    _modify { yield &fields.wrappedValue.isAdditive }
  }

  /// Whether each repeat starts where the previous one ended (`cumulative`): iteration n adds
  /// n times the change of one iteration.
  public var isCumulative: Bool {
    _read { yield fields.wrappedValue.isCumulative }
    _modify { yield &fields.wrappedValue.isCumulative }
  }

  /// What the animation interpolates.
  public var values: AnimationValues {
    _read { yield fields.wrappedValue.values }
    _modify { yield &fields.wrappedValue.values }
  }

  public init(
    keyPath: LayerKeyPath, timing: MediaTiming, values: AnimationValues,
    timingFunction: TimingFunction? = nil, isAdditive: Bool = false, isCumulative: Bool = false,
    isRemovedOnCompletion: Bool = true
  ) {
    fields = CopyOnWrite(
      wrappedValue: Fields(
        keyPath: keyPath, timing: timing, isRemovedOnCompletion: isRemovedOnCompletion, timingFunction: timingFunction,
        isAdditive: isAdditive, isCumulative: isCumulative, values: values))
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
