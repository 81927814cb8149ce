import SplashCore

/// Everything a renderer needs to draw one frame: the canvas and the presented layers.
///
/// It is a plain value computed from a scene and a time, so equal trees draw equal pixels.
public struct PresentationTree: Sendable, Hashable {
  public var canvasSize: Size
  public var backgroundColor: Color
  public var layers: [PresentationLayer]
  /// What is drawn over the whole frame behind the canvas (`Scene.backdrop`).
  public var backdrop: PresentationLayer?
  /// The scene time the tree was evaluated at, when an evaluator made it: what the next
  /// frame's evaluation compares its animations' times with (`Layer.presentation`). Not part
  /// of what the tree shows, so not of its equality: trees of two times that show the same
  /// are equal, and the later frame repeats the earlier.
  public var evaluatedAt: Double?

  public init(
    canvasSize: Size, backgroundColor: Color, layers: [PresentationLayer], backdrop: PresentationLayer? = nil,
    evaluatedAt: Double? = nil
  ) {
    self.canvasSize = canvasSize
    self.backgroundColor = backgroundColor
    self.layers = layers
    self.backdrop = backdrop
    self.evaluatedAt = evaluatedAt
  }

  public static func == (lhs: PresentationTree, rhs: PresentationTree) -> Bool {
    lhs.canvasSize == rhs.canvasSize && lhs.backgroundColor == rhs.backgroundColor && lhs.layers == rhs.layers
      && lhs.backdrop == rhs.backdrop
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(canvasSize)
    hasher.combine(backgroundColor)
    hasher.combine(layers)
    hasher.combine(backdrop)
  }
}
