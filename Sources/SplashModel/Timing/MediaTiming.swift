/// The timing of one animation or group, as the `CAMediaTiming` protocol defines it.
///
/// Times are seconds in the parent's time space (the scene for a top-level animation, the
/// group's local time for a child). For an animation with `beginTime` b, `duration` d,
/// `repeatCount` 2, `autoreverses` and a `timeOffset` o:
///
///     parent time  ──────b───────────────────────────────────b+4d/speed──────▶
///     active              |◀──────── active duration 4d (at speed 1) ────▶|
///     local time   (fill) o→d, 0→d reversed d→0, 0→d, d→0 … wraps back to o (fill)
///                  backwards                                              forwards
///
/// `timeOffset` moves where in the cycle playback starts without moving the active window, so
/// a repeating animation with an offset plays from the offset, wraps past the end, and carries
/// on. Before b the state at local time o is held if the fill mode says so (fuber's tiles rely
/// on it: a backwards fill with an offset shows the offset's phase before they begin).
public struct MediaTiming: Sendable, Hashable {
  /// When the active time starts, in the parent's seconds.
  public var beginTime: Double
  /// The length of one iteration; Core Animation's default of 0 means 0.25 s (a group's child
  /// takes the group's instead: see `AnimationGroup`).
  public var duration: Double
  /// How fast local time runs relative to the parent's (0 freezes it at `timeOffset`).
  public var speed: Double
  /// Where in local time playback starts.
  public var timeOffset: Double
  /// How many iterations play (fractions allowed, `.infinity` for ever); 0 means 1.
  public var repeatCount: Double
  /// If positive, the active duration in local seconds, overriding `repeatCount`.
  public var repeatDuration: Double
  /// Whether each iteration plays forwards and then backwards.
  public var autoreverses: Bool
  public var fillMode: FillMode

  public init(
    beginTime: Double = 0, duration: Double = 0, speed: Double = 1, timeOffset: Double = 0,
    repeatCount: Double = 0, repeatDuration: Double = 0, autoreverses: Bool = false,
    fillMode: FillMode = .removed
  ) {
    self.beginTime = beginTime
    self.duration = duration
    self.speed = speed
    self.timeOffset = timeOffset
    self.repeatCount = repeatCount
    self.repeatDuration = repeatDuration
    self.autoreverses = autoreverses
    self.fillMode = fillMode
  }

  /// The duration of one iteration after Core Animation's default is applied.
  public var effectiveDuration: Double { duration > 0 ? duration : 0.25 }

  /// The length of one forward (and, with `autoreverses`, backward) pass.
  private var cycleDuration: Double { effectiveDuration * (autoreverses ? 2 : 1) }

  /// The whole active time in local seconds (may be infinite).
  public var activeDuration: Double {
    if repeatDuration > 0 { return repeatDuration }
    let count = repeatCount > 0 ? repeatCount : 1
    return cycleDuration * count
  }

  /// The active time in the parent's seconds (infinite when repeating for ever; infinite too
  /// when the speed is 0, as a frozen animation never ends).
  public var activeDurationInParent: Double {
    speed > 0 ? activeDuration / speed : .infinity
  }

  /// Where this timing is at a parent time: the time within the current iteration, in 0...duration.
  ///
  /// - Returns: `nil` when the animation contributes nothing at that time: before its begin
  ///   without a backwards fill, or after its end without a forwards fill. `removedOnCompletion`
  ///   is the caller's business, as it belongs to the animation rather than to its timing.
  public func iterationTime(atParentTime parentTime: Double) -> Double? {
    iteration(atParentTime: parentTime)?.time
  }

  /// The time within the current iteration and how many whole repeats came before it (what
  /// `cumulative` animations add up), or `nil` as for `iterationTime(atParentTime:)`.
  public func iteration(atParentTime parentTime: Double) -> (time: Double, index: Int)? {
    let elapsed = (parentTime - beginTime) * speed
    if elapsed < 0 {
      guard fillMode.fillsBackwards else { return nil }
      return iteration(forLocalTime: timeOffset, isEnd: false)
    }
    let active = activeDuration
    if elapsed >= active {
      guard fillMode.fillsForwards else { return nil }
      return iteration(forLocalTime: active + timeOffset, isEnd: true)
    }
    return iteration(forLocalTime: elapsed + timeOffset, isEnd: false)
  }

  /// Whether the active time is over at a parent time (the moment removal on completion happens).
  public func hasEnded(atParentTime parentTime: Double) -> Bool {
    (parentTime - beginTime) * speed >= activeDuration
  }

  /// Wraps a time since the start of the first iteration into one iteration, reversing the
  /// backward halves of autoreversing cycles. At the very end of the active time (`isEnd`) a
  /// time on an iteration boundary belongs to the iteration that just finished, so the end state
  /// is the last value rather than the first.
  private func iteration(forLocalTime time: Double, isEnd: Bool) -> (time: Double, index: Int) {
    let single = effectiveDuration
    let cycle = cycleDuration
    var index = (time / cycle).rounded(.down)
    var within = time - index * cycle
    if within < 0 { within += cycle }
    if within >= cycle {
      within -= cycle
      index += 1
    }
    if isEnd && within == 0 && time > 0 {
      within = cycle
      index -= 1
    }
    if autoreverses && within > single { within = cycle - within }
    let count = index.isFinite ? Int(max(min(index, 1e9), -1e9)) : 0
    return (min(within, single), count)
  }
}
