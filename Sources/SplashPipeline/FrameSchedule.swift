import SplashModel

/// Which scene times the frames of a clip show.
///
/// A clip of `loops` loops at `framesPerSecond` has `loops × framesPerLoop` frames; frame i
/// shows scene time `clip.start + (i mod framesPerLoop) / framesPerSecond`, so every loop shows
/// the same times and loops join without a repeated frame (see `ClipWindow`).
public struct FrameSchedule: Sendable, Hashable {
  public var clip: ClipWindow
  public var framesPerSecond: Int
  public var loops: Int

  public init(clip: ClipWindow, framesPerSecond: Int, loops: Int) {
    self.clip = clip
    self.framesPerSecond = framesPerSecond
    self.loops = loops
  }

  public var framesPerLoop: Int { clip.framesPerLoop(framesPerSecond: framesPerSecond) }

  public var frameCount: Int { framesPerLoop * loops }

  /// The scene time of frame `index`.
  public func sceneTime(ofFrame index: Int) -> Double {
    clip.sceneTime(ofFrame: index, framesPerSecond: framesPerSecond)
  }
}
