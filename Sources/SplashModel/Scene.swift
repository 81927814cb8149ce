import SplashCore

/// An animation ready to be sampled: the canvas, the layer tree and the part of its timeline a
/// clip shows.
public struct Scene: Sendable, Hashable {
  /// The canvas in points (UIKit's screen size for the seeds, e.g. 375×667).
  public var canvasSize: Size
  /// What shows behind every layer; opaque for video.
  public var backgroundColor: Color
  /// The root layers, bottom to top.
  public var layers: [Layer]
  public var clip: ClipWindow
  /// The document's own frame numbers, when it has them (a Lottie file's `fr` and `ip`), so
  /// that `--frame N` means what the file's author means; `nil` for presets, which count time
  /// in seconds.
  public var frameNumbering: FrameNumbering?
  /// The named parts of the timeline a render may take alone (`--segment NAME`): a Lottie
  /// file's markers, a preset's `clip.segments`; in the document's order.
  public var segments: [ClipSegment] = []
  /// A layer drawn over the whole frame behind the canvas, before the canvas's edges cut what
  /// follows: a render's background image, which fills the frame where bands of a `contain`
  /// fit would show the canvas colour. In canvas points, like every layer; `nil` for none.
  public var backdrop: Layer?
  /// The scenes a preset's `sequence` plays one after another, below its `layers`; SplashOutput
  /// puts them in place as layers (then this is empty).
  public var sequence: [SequenceScene] = []

  public init(
    canvasSize: Size, backgroundColor: Color, layers: [Layer], clip: ClipWindow, frameNumbering: FrameNumbering? = nil
  ) {
    self.canvasSize = canvasSize
    self.backgroundColor = backgroundColor
    var sharing = PropertySharing()
    self.layers = layers.map {
      var layer = $0
      layer.shareEqualProperties(&sharing)
      return layer
    }
    self.clip = clip
    self.frameNumbering = frameNumbering
  }
}

/// A named part of a scene's timeline, in scene seconds: from `start` to `end`, `end` excluded
/// as a clip window's is.
public struct ClipSegment: Sendable, Hashable {
  public var name: String
  public var start: Double
  public var end: Double

  public init(name: String, start: Double, end: Double) {
    self.name = name
    self.start = start
    self.end = end
  }
}

/// How a document numbers its frames: frame N is at scene time N / framesPerSecond, and the
/// clip's first frame is `firstFrame` (a Lottie file's `ip`).
public struct FrameNumbering: Sendable, Hashable {
  public var framesPerSecond: Double
  public var firstFrame: Double

  public init(framesPerSecond: Double, firstFrame: Double) {
    self.framesPerSecond = framesPerSecond
    self.firstFrame = firstFrame
  }

  /// The scene time of frame `frame`.
  public func sceneTime(ofFrame frame: Double) -> Double { frame / framesPerSecond }
}

/// The part of a scene's timeline that one loop of a clip shows.
///
/// Scene time t counts seconds since the animations start. A clip of N loops at
/// F frames per second samples, for frame i of loop k:
///
///     t = start + (i / F) mod cycle         i = 0 ..< N · frames per cycle
///
///     scene  0──────start━━━━━━━━━━━━━━━━━━━━start+cycle──────▶
///     loop 1        f0 f1 f2 …             f(n−1)
///     loop 2        f0 f1 … (same times again: the joint is seamless)
///
/// The last frame of a loop is one frame before the start of the next, never a duplicate of it.
/// A one-shot animation adds a `hold`: the loop goes on for that long showing the scene at
/// `start + cycle`, its final state, before the next loop starts over:
///
///     loop   |start ━━━ animation (cycle) ━━━▶|━━ hold: frozen at start+cycle ━━|
public struct ClipWindow: Sendable, Hashable {
  /// Scene time of a loop's first frame.
  public var start: Double
  /// Length of the animated part of one loop in seconds.
  public var cycle: Double
  /// Seconds the final state is held at the end of each loop.
  public var hold: Double

  public init(start: Double, cycle: Double, hold: Double = 0) {
    self.start = start
    self.cycle = cycle
    self.hold = hold
  }

  /// The length of one loop: the animation and its hold.
  public var loopDuration: Double { cycle + hold }

  /// The number of frames in one loop at `framesPerSecond` (rounded to the nearest frame).
  public func framesPerLoop(framesPerSecond: Int) -> Int {
    max(1, Int((loopDuration * Double(framesPerSecond)).rounded()))
  }

  /// The scene time of frame `index` of a clip at `framesPerSecond`, counted from the first loop.
  public func sceneTime(ofFrame index: Int, framesPerSecond: Int) -> Double {
    let perLoop = framesPerLoop(framesPerSecond: framesPerSecond)
    // Computed from the index each time, never accumulated, so long clips do not drift.
    let local = Double(index % perLoop) / Double(framesPerSecond)
    return start + min(local, cycle)
  }
}
