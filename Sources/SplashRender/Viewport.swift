import SplashCore

/// How a canvas in points maps onto a frame in pixels.
///
/// The canvas is scaled uniformly and centred. With `contain` (the default) it fits inside the
/// frame and the canvas background fills the bands at the sides; with `cover` it fills the
/// frame and the overflow is cropped.
///
///     contain ┌────────────────┐        cover  ┌────────────────┐
///             │▒▒┌──────────┐▒▒│               │  canvas, its   │
///             │▒▒│  canvas  │▒▒│               │  top and bottom│
///             │▒▒└──────────┘▒▒│               │  cropped       │
///             └────────────────┘               └────────────────┘
///     scale = min(frame.w / canvas.w, frame.h / canvas.h)    max(…) for cover
public struct Viewport: Sendable, Hashable {
  /// How the canvas fills a frame of another aspect ratio.
  public enum Fit: String, Sendable, Hashable, CaseIterable {
    case contain
    case cover
  }

  /// Pixels per point.
  public var scale: Double
  /// Where the canvas origin lands, in pixels.
  public var offset: Point
  public var pixelWidth: Int
  public var pixelHeight: Int
  /// The canvas in points.
  public var canvasSize: Size

  public init(canvasSize: Size, pixelWidth: Int, pixelHeight: Int, fit: Fit = .contain) {
    self.canvasSize = canvasSize
    let horizontal = Double(pixelWidth) / canvasSize.width
    let vertical = Double(pixelHeight) / canvasSize.height
    let scale = fit == .contain ? min(horizontal, vertical) : max(horizontal, vertical)
    self.scale = scale
    offset = Point(
      x: (Double(pixelWidth) - canvasSize.width * scale) / 2,
      y: (Double(pixelHeight) - canvasSize.height * scale) / 2)
    self.pixelWidth = pixelWidth
    self.pixelHeight = pixelHeight
  }

  /// The canvas's width in pixels.
  public var canvasWidthInPixels: Double { canvasSize.width * scale }
  /// The canvas's height in pixels.
  public var canvasHeightInPixels: Double { canvasSize.height * scale }

  /// The canvas-to-pixel transform.
  public var transform: AffineTransform {
    AffineTransform(scaleX: scale, y: scale).concatenating(AffineTransform(translationX: offset.x, y: offset.y))
  }
}
