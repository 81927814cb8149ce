import SplashModel

/// The moment of a scene that `still` and `inspect` show, as the command line named it.
///
/// `--position` and `--frame` mean a time only in a given scene (its clip window, its frame
/// numbers), which is known once the file is read; so a command keeps what was asked and
/// turns it into a scene time with `sceneTime(in:)` after loading.
public enum TimeSelection: Sendable, Equatable {
  /// `--time T`: scene seconds since the animations start, whatever the scene.
  case time(Double)
  /// `--position P`: the fraction 0…1 of one loop of the scene's clip window, as a player's
  /// progress.
  case position(Double)
  /// `--frame N`: a frame in the document's own numbering (a Lottie file's frames).
  case frame(Double)

  /// The options that select a time, in the order messages name them; a command takes one.
  public static let optionNames = ["time", "position", "frame"]

  /// How far before the end of its loop, in the document's frames, a scene with frame numbers
  /// shows `--position 1`.
  ///
  /// Far above the rounding of the time arithmetic (about 1e-13 of a frame), so the time stays
  /// on the near side of the out point; far below anything visible (a thousandth of the change
  /// over the last frame).
  static let endMarginInFrames = 0.001

  /// How far before its end `scene`'s final state is shown: `endMarginInFrames` of its own
  /// frames for a document with frame numbers (see `sceneTime(atPosition:in:)`), none for a preset.
  public static func endMargin(of scene: Scene) -> Double {
    scene.frameNumbering.map { endMarginInFrames / $0.framesPerSecond } ?? 0
  }

  /// The latest scene time `--time` takes, and `--frame` once it is converted to seconds: a
  /// day, far beyond any splash animation.
  public static let maximumSeconds = 86_400.0

  /// The scene time this selection names in `scene`.
  ///
  /// - Throws: `UsageError` for `--frame` in a scene without frame numbers (a preset), or for
  ///   a frame later than `maximumSeconds`.
  public func sceneTime(in scene: Scene) throws -> Double {
    switch self {
    case .time(let seconds):
      return seconds
    case .position(let fraction):
      return Self.sceneTime(atPosition: fraction, in: scene)
    case .frame(let number):
      let shown = DecimalText.shortest(number)
      guard let numbering = scene.frameNumbering else {
        throw UsageError("--frame \(shown): presets count time in seconds, not frames; use --time SECONDS or --position FRACTION")
      }
      let time = numbering.sceneTime(ofFrame: number)
      guard time <= Self.maximumSeconds else {
        throw UsageError(
          "--frame \(shown): at \(DecimalText.shortest(numbering.framesPerSecond)) fps that is "
            + "\(DecimalText.shortest(time)) s into the scene; expected at most 86400 s")
      }
      return time
    }
  }

  /// The scene time at `fraction` of one loop of `scene`'s clip: `start + fraction × cycle`.
  ///
  /// For a preset, 1 is `start + cycle` itself: the final state, which presets hold there.
  ///
  /// A document with its own frame numbers (a Lottie file) ends at its out point `op`, and a
  /// layer whose out point is `op` is gone at `op` (in `ip ≤ frame < op`, as `LayerLifetime`
  /// keeps it), so `start + cycle` would be an empty frame. A player paused at its end shows
  /// those layers: lottie-ios at progress 1 shows frame `op` with every layer whose out point
  /// is `op` (the main-thread engine's `CompositionLayer.displayWithFrame` tests
  /// `frame.isInRangeOrEqual(inFrame, outFrame)`; the Core Animation engine's
  /// `VisibilityAnimation.swift` keeps a layer that is visible on the last frame "visible until
  /// the absolute end of the animation", to match). lottie-web instead stops a played-once
  /// animation on frame `op − 1` (`AnimationItem.advanceTime`: "it should stop at
  /// totalFrames - 1"), a whole frame before the end. splashvid follows lottie-ios, whose
  /// rendering through Core Animation is what it matches: a position of 1 shows the scene
  /// `endMarginInFrames` before `op`, where those layers still show and every animation has
  /// run to within a thousandth of its last frame's change of its end. Positions just below 1
  /// are held there too, so no position lands on the empty frame.
  public static func sceneTime(atPosition fraction: Double, in scene: Scene) -> Double {
    let clip = scene.clip
    let time = clip.start + fraction * clip.cycle
    guard scene.frameNumbering != nil else { return time }
    let latest = clip.start + clip.cycle - endMargin(of: scene)
    return max(clip.start, min(time, latest))
  }
}
