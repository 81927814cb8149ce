import CCairo
import SplashCore
import SplashModel
import SplashRaster

/// Drawing shape layers' fills and strokes with splashvid's own rasterizer.
///
/// Cairo's scan converter was the largest cost left in a frame of strokes: it walks every
/// edge on fifteen sample rows per pixel row (a stroked ring 30 pixels wide at 512x512: Cairo
/// 180 µs, of which its stroker 6 µs). `CoverageRasterizer` computes each pixel's exact
/// covered area once, and `StrokeOutliner` outlines strokes for it. The path is taken when
/// the drawing state is one they handle; otherwise Cairo draws the shape as before.
extension CairoBackend {
  /// What a shape layer paints.
  enum ShapePaint {
    case fill(Path, FillRule)
    case stroke(Path, StrokeStyle)
  }

  /// How far a flattened curve may stray from the true one, in device pixels.
  ///
  /// Half of Cairo's default (0.1), which the renderer drew with before. Chords lie inside a
  /// curve, so an edge pixel loses up to tolerance × 255 levels; equal steps (see
  /// `PathFlattener`) reach their bound along every curve, where Cairo's halving of curves
  /// mostly stays well inside it, so at 0.1 a circle's rim came out a level or twenty
  /// lighter than Cairo drew it. A stroke's edges split the same budget between the path's
  /// chords and the turn of each step (see `rasterizeShape`).
  static let flatteningTolerance = 0.05

  /// Fills or strokes with `color`, faded by `foldedOpacity`, with `CoverageRasterizer`, when
  /// the drawing state allows it: an image surface (premultiplied pixels, or coverage for a
  /// mask or a one-colour group) at a whole-pixel offset, the plain `over` operator, and a
  /// clip that is one rectangle of whole device pixels. False otherwise, and nothing is drawn.
  func rasterizeShape(_ paint: ShapePaint, with color: Color, in cairo: OpaquePointer) -> Bool {
    guard rasterizesShapes, cairo_get_operator(cairo) == CAIRO_OPERATOR_OVER else { return false }
    let pixel = Self.solidPixel(color, alpha: color.alpha * foldedOpacity)
    if let target = devicePixelTarget(of: cairo, format: CAIRO_FORMAT_ARGB32) {
      let rule = outline(paint, in: cairo, target: target)
      guard
        writePixels(
          of: target, as: UInt32.self,
          { pixels, pixelsPerRow in
            rasterizer.fill(
              rule: rule, color: pixel, onto: pixels, pixelsPerRow: pixelsPerRow, columns: target.columns, rows: target.rows)
          })
      else {
        rasterizer.reset()
        return false
      }
    } else if let target = devicePixelTarget(of: cairo, format: CAIRO_FORMAT_A8) {
      let rule = outline(paint, in: cairo, target: target)
      guard
        writePixels(
          of: target, as: UInt8.self,
          { bytes, bytesPerRow in
            rasterizer.fill(
              rule: rule, share: UInt8(pixel >> 24), onto: bytes, bytesPerRow: bytesPerRow, columns: target.columns,
              rows: target.rows)
          })
      else {
        rasterizer.reset()
        return false
      }
    } else {
      return false
    }
    shapesRasterized += 1
    return true
  }

  /// Adds the polygons of `paint` to the rasterizer, in the target's pixels, and returns the
  /// rule that fills them.
  private func outline(_ paint: ShapePaint, in cairo: OpaquePointer, target: DevicePixelTarget) -> CoverageRasterizer.FillRule {
    let toTarget = Self.userToDevice(of: cairo).concatenating(
      AffineTransform(translationX: target.offsetX, y: target.offsetY))
    rasterizer.reset()
    switch paint {
    case .fill(let path, let rule):
      for polyline in PathFlattener.polylines(of: path, transform: toTarget, tolerance: Self.flatteningTolerance) {
        rasterizer.addPolygon(polyline.points)
      }
      return rule == .evenOdd ? .evenOdd : .nonZero
    case .stroke(let path, let style):
      let scale = StrokeOutliner.largestScale(of: toTarget)
      guard scale > 0, scale.isFinite else { return .nonZero }
      // The path's chords and each step's turn at half a width away may each take the fill's
      // budget: a stroke's edge stays within Cairo's 0.1 pixel.
      let tolerance = Self.flatteningTolerance / scale
      StrokeOutliner.addOutline(
        of: PathFlattener.polylines(
          of: path, transform: .identity, tolerance: tolerance,
          maximumTurn: StrokeOutliner.arcStep(radius: style.width / 2, tolerance: tolerance), tangents: true),
        style: style,
        transform: toTarget, tolerance: tolerance, to: rasterizer)
      return .nonZero
    }
  }
}
