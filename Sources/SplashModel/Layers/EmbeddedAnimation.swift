/// Another animation shown inside a layer: a Lottie file a preset places there (its `lottie`
/// member), drawn as the layer's first sublayers once the file is read and compiled
/// (SplashOutput's `EmbeddedAnimations`), its time the layer's mapped through `beginTime`,
/// `speed` and `repeats`, as a `CAMediaTiming` maps a layer's local time:
///
///     layer time   0 ── beginTime ─────────────────────────────────▶
///     file time         start ─▶ end | start ─▶ end | …   (repeats)
///                       start ─▶ end, then end held        (once)
public struct EmbeddedAnimation: Sendable, Hashable {
  /// The file, resolved against the preset's folder and confined to its assets root.
  public var path: String
  /// The layer time at which the file's first frame shows (before it, the first frame holds).
  public var beginTime: Double
  /// File seconds per layer second.
  public var speed: Double
  /// Whether the file's range plays again from its start at its end; otherwise its end holds.
  public var repeats: Bool
  /// A marker of the file to play instead of its whole loop.
  public var segment: String?
  /// How the file's composition fills the layer's bounds (`resizeAspect`: whole, centred).
  public var gravity: LayerContents.Gravity

  public init(
    path: String, beginTime: Double = 0, speed: Double = 1, repeats: Bool = true, segment: String? = nil,
    gravity: LayerContents.Gravity = .resizeAspect
  ) {
    self.path = path
    self.beginTime = beginTime
    self.speed = speed
    self.repeats = repeats
    self.segment = segment
    self.gravity = gravity
  }
}
