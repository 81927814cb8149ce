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

  public init(canvasSize: Size, backgroundColor: Color, layers: [PresentationLayer], backdrop: PresentationLayer? = nil) {
    self.canvasSize = canvasSize
    self.backgroundColor = backgroundColor
    self.layers = layers
    self.backdrop = backdrop
  }
}
