import CCairo
import SplashCore
import SplashModel
import SplashRaster
import SplashRender

/// Filling and stroking shape layers.
extension CairoBackend {
  /// Fills, then strokes the trimmed and dashed path, as `CAShapeLayer` does, with the engine
  /// `plan` names (see `rasterizeShape`). `layerID` names the shape's kept coverage.
  func drawShape(_ shape: ShapeStyle, of layerID: String, plan: DrawPlan?, trimmedStroke: Path? = nil, in cairo: OpaquePointer) {
    guard let path = shape.path, !path.isEmpty else { return }
    if shape.fillColor.alpha > 0, !rasterizeShape(.fill(path, shape.fillRule), with: shape.fillColor, of: layerID, plan: plan, in: cairo) {
      append(path, to: cairo)
      cairo_set_fill_rule(cairo, shape.fillRule == .evenOdd ? CAIRO_FILL_RULE_EVEN_ODD : CAIRO_FILL_RULE_WINDING)
      paintPath(.fill, with: shape.fillColor, in: cairo)
    }
    guard shape.strokeColor.alpha > 0, shape.lineWidth > 0, shape.strokeEnd > shape.strokeStart else { return }
    // Cut once by the display list, for its extents too.
    let trimmed = trimmedStroke ?? path.trimmed(from: shape.strokeStart, to: shape.strokeEnd)
    let dashes = shape.lineDashPattern
    let isDashed = !dashes.isEmpty && dashes.contains(where: { $0 > 0 })
    // Dashes stay where they are on the whole path while strokeStart trims it, so the
    // pattern's phase moves on by the length cut away.
    let dashPhase = shape.lineDashPhase + (isDashed && shape.strokeStart > 0 ? shape.strokeStart * path.length() : 0)
    let style = StrokeStyle(
      width: shape.lineWidth, cap: strokeCap(shape.lineCap), join: strokeJoin(shape.lineJoin), miterLimit: shape.miterLimit,
      dashes: isDashed ? dashes : [], dashPhase: dashPhase)
    if rasterizeShape(.stroke(trimmed, style), with: shape.strokeColor, of: layerID, plan: plan, in: cairo) { return }
    append(trimmed, to: cairo)
    cairo_set_line_width(cairo, shape.lineWidth)
    cairo_set_line_cap(cairo, cairoLineCap(shape.lineCap))
    cairo_set_line_join(cairo, cairoLineJoin(shape.lineJoin))
    cairo_set_miter_limit(cairo, shape.miterLimit)
    if isDashed {
      cairo_set_dash(cairo, dashes, Int32(dashes.count), dashPhase)
    } else {
      cairo_set_dash(cairo, nil, 0, 0)
    }
    paintPath(.stroke, with: shape.strokeColor, in: cairo)
    cairo_set_dash(cairo, nil, 0, 0)
  }

  func strokeCap(_ cap: LineCap) -> StrokeStyle.Cap {
    switch cap {
    case .butt: .butt
    case .round: .round
    case .square: .square
    }
  }

  func strokeJoin(_ join: LineJoin) -> StrokeStyle.Join {
    switch join {
    case .miter: .miter
    case .round: .round
    case .bevel: .bevel
    }
  }
}
