import SplashCore

/// How a canvas in points maps onto a frame in pixels.
///
/// The canvas is scaled uniformly to fit inside the frame and centred; where the aspect ratios
/// differ, the canvas background fills the bands at the sides ("contain").
///
///     frame  ┌────────────────┐
///            │▒▒┌──────────┐▒▒│   ▒ background band
///            │▒▒│  canvas  │▒▒│   scale = min(frame.w / canvas.w, frame.h / canvas.h)
///            │▒▒└──────────┘▒▒│
///            └────────────────┘
public struct Viewport: Sendable, Hashable {
  /// Pixels per point.
  public var scale: Double
  /// Where the canvas origin lands, in pixels.
  public var offset: Point
  public var pixelWidth: Int
  public var pixelHeight: Int

  public init(canvasSize: Size, pixelWidth: Int, pixelHeight: Int) {
    let scale = min(Double(pixelWidth) / canvasSize.width, Double(pixelHeight) / canvasSize.height)
    self.scale = scale
    offset = Point(
      x: (Double(pixelWidth) - canvasSize.width * scale) / 2,
      y: (Double(pixelHeight) - canvasSize.height * scale) / 2)
    self.pixelWidth = pixelWidth
    self.pixelHeight = pixelHeight
  }

  /// The canvas-to-pixel transform.
  public var transform: AffineTransform {
    AffineTransform(scaleX: scale, y: scale).concatenating(AffineTransform(translationX: offset.x, y: offset.y))
  }
}
