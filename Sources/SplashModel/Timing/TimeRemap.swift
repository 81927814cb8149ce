/// What time a layer's sublayers see, as a function of the scene's: a Lottie precomposition's
/// time remapping (`tm`), which freezes, reverses or reshapes everything inside it.
///
/// Core Animation has no such mapping (its media timing is linear: `beginTime`, `speed`,
/// `timeOffset`); a Lottie file needs it, so the model has it, for both front ends. The mapping
/// is a keyframe track of scene seconds against scene seconds, held before its first key and
/// after its last:
///
///     scene time    begin ─────────────── begin + duration
///     sublayers see values[0] ─(eased)─▶ … ─▶ values[n − 1]
public struct TimeRemap: Sendable, Hashable {
  /// The sublayers' times (scalars), at `track.keyTimes` of the span.
  public var track: KeyframeTrack
  public var beginTime: Double
  public var duration: Double
  /// Whether the span repeats after its end (an embedded animation that loops); otherwise the
  /// time at its end holds.
  public var repeats = false
  /// The latest time the sublayers see: a file's end a moment before its out point, where its
  /// last layers still show (see `EmbeddedAnimation`); `nil` for no bound.
  public var latest: Double?
  /// How long a repeating span plays, in scene seconds from `beginTime`, before its end holds
  /// (a sequence's scene of two loops); `nil` for ever.
  public var activeDuration: Double?

  public init(track: KeyframeTrack, beginTime: Double, duration: Double, repeats: Bool = false, latest: Double? = nil) {
    self.track = track
    self.beginTime = beginTime
    self.duration = duration
    self.repeats = repeats
    self.latest = latest
  }

  /// The time the sublayers see at scene time `time`.
  public func time(at time: Double) -> Double {
    var progress = duration > 0 ? (time - beginTime) / duration : 1
    if let activeDuration, time - beginTime >= activeDuration {
      // Played out: where its last pass ended.
      progress = duration > 0 ? activeDuration / duration : 1
      let passes = progress.rounded(.down)
      progress = progress == passes ? 1 : progress - passes
    } else if repeats, duration > 0, progress >= 1 {
      progress -= progress.rounded(.down)
    }
    guard case .scalar(let mapped) = track.value(at: progress.clampedToUnit) else { return time }
    return latest.map { min(mapped, $0) } ?? mapped
  }
}
