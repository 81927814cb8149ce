/// A video file a layer shows as its contents (a preset layer's `video` member), and how its
/// time runs: the layer's time mapped through `beginTime` and `speed`, as a `CAMediaTiming`
/// maps a layer's local time, onto the span from `start` to `end` of the file:
///
///     layer time   0 ── beginTime ─────────────────────────────────▶
///     video time   start (held) │ start ─▶ end | start ─▶ end | …   (repeats)
///                               │ start ─▶ end, then its last frame held   (once)
///
/// Drawn like an image in `contents` (so `contentsGravity`, `contentsRect`, masks and the
/// layer's opacity apply), below the layer's sublayers: a text sublayer is a caption over it.
public struct VideoContents: Sendable, Hashable {
  /// The file, resolved against the preset's folder and confined to its assets root.
  public var path: String
  /// The layer time at which the span's first frame shows (before it, that frame holds).
  public var beginTime: Double
  /// Video seconds per layer second.
  public var speed: Double
  /// Whether the span plays again from `start` at its end; otherwise its last frame holds.
  public var repeats: Bool
  /// Where the span starts, in seconds of the file from its first frame.
  public var start: Double
  /// Where the span ends, in seconds of the file; `nil` for the file's end.
  public var end: Double?
  /// How the picture fills the layer's bounds (`resizeAspect`, AVPlayerLayer's default:
  /// whole and centred).
  public var gravity: LayerContents.Gravity
  /// The probed file, set by the loader; until then the layer shows nothing of it.
  public var source: VideoSource?

  public init(
    path: String, beginTime: Double = 0, speed: Double = 1, repeats: Bool = true, start: Double = 0, end: Double? = nil,
    gravity: LayerContents.Gravity = .resizeAspect, source: VideoSource? = nil
  ) {
    self.path = path
    self.beginTime = beginTime
    self.speed = speed
    self.repeats = repeats
    self.start = start
    self.end = end
    self.gravity = gravity
    self.source = source
  }

  /// The span's end in file seconds: `end`, or the file's duration.
  public var spanEnd: Double? {
    guard let source else { return end }
    return min(end ?? source.duration, source.duration)
  }

  /// The file's time (seconds from its first frame) at layer time `layerTime`.
  public func videoTime(at layerTime: Double) -> Double {
    let elapsed = max(layerTime - beginTime, 0) * speed
    let spanEnd = self.spanEnd ?? .infinity
    let length = spanEnd - start
    guard length > 0, length.isFinite else { return start }
    if repeats {
      return start + (elapsed.truncatingRemainder(dividingBy: length))
    }
    // Held: the frame that shows just before the span's end.
    return min(start + elapsed, spanEnd - VideoSource.timeTolerance * 2)
  }

  /// The layer's contents at layer time `layerTime`: the frame showing then, or `nil` before
  /// the file is probed.
  public func contents(at layerTime: Double) -> LayerContents? {
    guard let source else { return nil }
    let frame = VideoFrame(source: source, index: source.frameIndex(at: videoTime(at: layerTime)))
    return LayerContents(imagePath: path, gravity: gravity, videoFrame: frame)
  }
}
