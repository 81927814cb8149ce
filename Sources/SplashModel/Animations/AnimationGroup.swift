/// A group of animations that share one timeline, as `CAAnimationGroup`.
///
/// The children are timed in the group's local time: a child's `beginTime` counts from the
/// group's start, and the group clips them, since its local time never leaves 0...duration.
/// When the group repeats, every child starts over.
///
///     group       |0────────────────────duration|0─────────── (repeat) …
///     child A       |begin──────end|                 ← plays inside each cycle
///     child B                   |begin──────────|xx  ← cut off at the group's end
public struct AnimationGroup: Sendable, Hashable {
  public var timing: MediaTiming
  /// Whether the group stops contributing once its active time is over (Core Animation's
  /// default). Only the top-level animation is removed: a child's own flag is ignored.
  public var isRemovedOnCompletion: Bool
  /// Eases the group's local time (applied before its children see it).
  public var timingFunction: TimingFunction?
  public var animations: [Animation]

  public init(
    timing: MediaTiming, isRemovedOnCompletion: Bool = true,
    timingFunction: TimingFunction? = nil, animations: [Animation]
  ) {
    self.timing = timing
    self.isRemovedOnCompletion = isRemovedOnCompletion
    self.timingFunction = timingFunction
    self.animations = animations
  }
}
