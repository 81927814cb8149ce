/// One scene of a preset's `sequence`: another file (a preset or a Lottie file) played for a
/// while, and how it comes in. SplashOutput compiles the file and lays the scenes end to end
/// (`SceneSequences`): each one a layer filling the canvas, alive for its span, its file's time
/// starting when it starts.
///
///     sequence time   0 ── intro ──┬────────── badge ──────────┬── end card ──▶
///                                  │◀ cross-fade ▶│            │ (cut)
public struct SequenceScene: Sendable, Hashable {
  /// How a scene replaces the one before it.
  public enum Transition: Sendable, Hashable {
    /// At once.
    case cut
    /// Over `duration` seconds, the scene fades in over the one before, which holds still
    /// under it (a cross-dissolve of opaque scenes); the first scene fades in from the canvas.
    case crossFade(duration: Double)

    /// How long the scene overlaps the one before.
    public var overlap: Double {
      switch self {
      case .cut: 0
      case .crossFade(let duration): duration
      }
    }
  }

  /// The scene's name: a segment of the clip (`--segment NAME` renders it alone), and its
  /// layer's id; `nil` names it `scene N`.
  public var name: String?
  /// The file, resolved against the preset's folder and confined to its assets root.
  public var path: String
  /// How long it shows, in seconds, transition included; `nil` for `loops` of its loop (or of
  /// its `segment`) at its `speed`.
  public var duration: Double?
  public var loops: Int
  /// A marker (a Lottie file's) or segment (a preset's) to play instead of its whole loop.
  public var segment: String?
  /// File seconds per sequence second.
  public var speed: Double
  /// How the file's canvas fills the sequence's (`resizeAspect`: whole, centred).
  public var gravity: LayerContents.Gravity
  public var transition: Transition

  public init(
    name: String? = nil, path: String, duration: Double? = nil, loops: Int = 1, segment: String? = nil, speed: Double = 1,
    gravity: LayerContents.Gravity = .resizeAspect, transition: Transition = .cut
  ) {
    self.name = name
    self.path = path
    self.duration = duration
    self.loops = loops
    self.segment = segment
    self.speed = speed
    self.gravity = gravity
    self.transition = transition
  }
}
