/// A sound track's fades: from silence over `inSeconds` at the start, to silence over
/// `outSeconds` before `end` (the video's length), each a straight ramp of the amplitude:
///
///     gain  1 ┤   ┌──────────────┐
///           0 ┼──┘                └──┤
///             0  in          end−out  end
public struct AudioFade: Sendable, Hashable {
  public var inSeconds: Double
  public var outSeconds: Double
  /// Where the track ends, in seconds; the fade out needs it.
  public var end: Double?

  public init(inSeconds: Double = 0, outSeconds: Double = 0, end: Double? = nil) {
    self.inSeconds = inSeconds
    self.outSeconds = outSeconds
    self.end = end
  }

  public var isNone: Bool { inSeconds <= 0 && (outSeconds <= 0 || end == nil) }

  /// The gain of sample `index` at `sampleRate`.
  func gain(atSample index: Int64, sampleRate: Int32) -> Float {
    let time = Double(index) / Double(sampleRate)
    var gain = 1.0
    if inSeconds > 0 { gain = min(gain, time / inSeconds) }
    if outSeconds > 0, let end { gain = min(gain, max(0, end - time) / outSeconds) }
    return Float(max(0, min(1, gain)))
  }
}
