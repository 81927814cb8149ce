import SplashCore
import SplashRender

/// The pixel size of a command's output and how the canvas fills it (`--size`, `--scale`,
/// `--fit`).
///
/// Without `--size` the canvas is drawn at `--scale` (default 2, Retina), so a 375×667 pt
/// canvas gives 750×1334 pixels. Video needs even sides for 4:2:0 chroma: an odd side of a
/// scaled size is rounded up to the next even number (the canvas stays centred at its scale,
/// the background fills the extra pixel), while an odd `--size` is a usage error, since it was
/// asked for.
public struct OutputSize: Sendable {
  public static let defaultScale = 2.0

  public var requested: PixelSize?
  public var scale: Double
  public var fit: Viewport.Fit

  public init(requested: PixelSize? = nil, scale: Double = OutputSize.defaultScale, fit: Viewport.Fit = .contain) {
    self.requested = requested
    self.scale = scale
    self.fit = fit
  }

  /// The pixel size for a canvas.
  public func resolve(canvas: Size, requiresEven: Bool) -> PixelSize {
    if let requested { return requested }
    var width = max(1, Int((canvas.width * scale).rounded()))
    var height = max(1, Int((canvas.height * scale).rounded()))
    if requiresEven {
      width += width % 2
      height += height % 2
    }
    return PixelSize(width: width, height: height)
  }
}
