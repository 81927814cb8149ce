/// A group of animations that share one timeline, as `CAAnimationGroup`.
///
/// The children are timed in the group's local time: a child's `beginTime` counts from the
/// group's start, and the group clips them, since its local time never leaves 0...duration.
/// When the group repeats, every child starts over.
///
///     group       |0────────────────────duration|0─────────── (repeat) …
///     child A       |begin──────end|                 ← plays inside each cycle
///     child B                   |begin──────────|xx  ← cut off at the group's end
///     child C     |0──── no duration: the group's ──|  ← lasts the whole group
///
/// Three rules of Core Animation that are easy to get wrong, each from Apple's
/// `CAAnimationGroup` reference (developer.apple.com/documentation/quartzcore/caanimationgroup):
/// - A child whose `duration` is 0 (never set) lasts as long as the group, not the 0.25 s a
///   layer gives a top-level animation without one (`CALayer.add(_:forKey:)`). The reference's
///   own example groups a 1 s fade with a scale animation that sets no duration and describes
///   both running to the end of the 1 s group together; a spinner whose rotation sets no
///   duration turns steadily through its whole group on an iPhone. A nested group without a
///   duration takes its parent's, and passes it on.
/// - Children are clipped to the group, never scaled to it ("a 10 second animation grouped
///   within an animation group with a duration of 5 seconds displays only the first 5
///   seconds").
/// - A child's `removedOnCompletion` is ignored ("currently ignored", the reference says);
///   its `fillMode` is not: a child that ends before the group holds its last value only with
///   `forwards` (or `both`), and shows the layer's own value otherwise until the group repeats.
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
