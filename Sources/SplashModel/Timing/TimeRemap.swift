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

  public init(track: KeyframeTrack, beginTime: Double, duration: Double) {
    self.track = track
    self.beginTime = beginTime
    self.duration = duration
  }

  /// The time the sublayers see at scene time `time`.
  public func time(at time: Double) -> Double {
    let progress = duration > 0 ? ((time - beginTime) / duration).clampedToUnit : 1
    guard case .scalar(let mapped) = track.value(at: progress) else { return time }
    return mapped
  }
}
