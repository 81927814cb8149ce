import SplashModel

/// Which scene times the frames of a clip show.
///
/// A clip of `loops` loops at `framesPerSecond` has `loops × framesPerLoop` frames; frame i
/// shows scene time `clip.start + (i mod framesPerLoop) / framesPerSecond`, so every loop shows
/// the same times and loops join without a repeated frame (see `ClipWindow`).
///
/// A clip may open on its first frame held (`--hold-start`, a title card) and close on its
/// final state held (`--hold-end`, an end card), once each, around all the loops:
///
///     frame    0 … lead−1 │ lead … lead + loops × perLoop − 1        │ … frameCount − 1
///     shows    clip.start │ clip.start + ((i − lead) mod perLoop)/fps │ finalTime
///              hold-start │ loop 1, loop 2, …                         │ hold-end
///
/// A preset's `clip.hold` is the same idea inside each loop: its loops end on the final state
/// held. The closing hold shows that state too, `clip.start + clip.cycle` (a Lottie file's is
/// a moment before its out point, where its last layers still show: `finalTime`).
public struct FrameSchedule: Sendable, Hashable {
  public var clip: ClipWindow
  public var framesPerSecond: Int
  public var loops: Int
  /// Seconds the first frame is shown before the first loop.
  public var holdStart: Double
  /// Seconds the final state is shown after the last loop.
  public var holdEnd: Double
  /// The scene time the closing hold shows: `clip.start + clip.cycle` unless given.
  public var finalTime: Double

  public init(clip: ClipWindow, framesPerSecond: Int, loops: Int, holdStart: Double = 0, holdEnd: Double = 0, finalTime: Double? = nil) {
    self.clip = clip
    self.framesPerSecond = framesPerSecond
    self.loops = loops
    self.holdStart = holdStart
    self.holdEnd = holdEnd
    self.finalTime = finalTime ?? clip.start + clip.cycle
  }

  public var framesPerLoop: Int { clip.framesPerLoop(framesPerSecond: framesPerSecond) }

  /// Frames of the opening hold.
  public var holdStartFrames: Int { Self.frames(holdStart, framesPerSecond) }
  /// Frames of the closing hold.
  public var holdEndFrames: Int { Self.frames(holdEnd, framesPerSecond) }

  /// The frames of the first loop.
  public var firstLoop: Range<Int> { holdStartFrames..<holdStartFrames + framesPerLoop }

  public var frameCount: Int { holdStartFrames + framesPerLoop * loops + holdEndFrames }

  /// The scene time of frame `index`.
  public func sceneTime(ofFrame index: Int) -> Double {
    let lead = holdStartFrames
    if index < lead { return clip.start }
    let looped = index - lead
    if looped >= framesPerLoop * loops { return finalTime }
    return clip.sceneTime(ofFrame: looped, framesPerSecond: framesPerSecond)
  }

  /// Whole frames in `seconds`, to the nearest (a hold of 1.5 s at 25 fps is 38 frames).
  private static func frames(_ seconds: Double, _ framesPerSecond: Int) -> Int {
    seconds > 0 ? Int((seconds * Double(framesPerSecond)).rounded()) : 0
  }
}
