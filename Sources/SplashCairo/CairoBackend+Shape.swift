import CCairo
import SplashCore
import SplashModel

/// Filling and stroking shape layers.
extension CairoBackend {
  /// Fills, then strokes the trimmed and dashed path, as `CAShapeLayer` does.
  func drawShape(_ shape: ShapeStyle, in cairo: OpaquePointer) {
    guard let path = shape.path, !path.isEmpty else { return }
    if shape.fillColor.alpha > 0 {
      append(path, to: cairo)
      cairo_set_fill_rule(cairo, shape.fillRule == .evenOdd ? CAIRO_FILL_RULE_EVEN_ODD : CAIRO_FILL_RULE_WINDING)
      paintPath(.fill, with: shape.fillColor, in: cairo)
    }
    guard shape.strokeColor.alpha > 0, shape.lineWidth > 0, shape.strokeEnd > shape.strokeStart else { return }
    append(path.trimmed(from: shape.strokeStart, to: shape.strokeEnd), to: cairo)
    cairo_set_line_width(cairo, shape.lineWidth)
    cairo_set_line_cap(cairo, cairoLineCap(shape.lineCap))
    cairo_set_line_join(cairo, cairoLineJoin(shape.lineJoin))
    cairo_set_miter_limit(cairo, shape.miterLimit)
    let dashes = shape.lineDashPattern
    if !dashes.isEmpty && dashes.contains(where: { $0 > 0 }) {
      // Dashes stay where they are on the whole path while strokeStart trims it, so the
      // pattern's phase moves on by the length cut away.
      let offset = shape.lineDashPhase + (shape.strokeStart > 0 ? shape.strokeStart * path.length() : 0)
      cairo_set_dash(cairo, dashes, Int32(dashes.count), offset)
    } else {
      cairo_set_dash(cairo, nil, 0, 0)
    }
    paintPath(.stroke, with: shape.strokeColor, in: cairo)
    cairo_set_dash(cairo, nil, 0, 0)
  }
}
