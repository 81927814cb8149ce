import CCairo
import SplashCore
import SplashModel
import SplashRaster
import SplashRender

/// Filling and stroking shape layers.
extension CairoBackend {
  /// Fills, then strokes the trimmed and dashed path of the shape layer of the node at `node`,
  /// as `CAShapeLayer` does, with the engine the node's plan names (see `rasterizeShape`); the
  /// node's place (or the layer's id) names the shape's kept coverage.
  ///
  /// The shape's values are read in place: handed the shape as a value, the function was given
  /// a copy of it first (a retain of its path and dash pattern, and a release after), twice for
  /// every shape of every frame.
  func drawShape(at node: UnsafePointer<DisplayNode>, in cairo: OpaquePointer) {
    guard let path = node.pointee.layer.properties.shape.path, !path.isEmpty else { return }
    let layer: ShapeCoverageCache.Key.Layer = node.pointee.slot != 0 ? .slot(node.pointee.slot) : .id(node.pointee.layer.id)
    let fillColor = node.pointee.layer.properties.shape.fillColor
    let fillRule = node.pointee.layer.properties.shape.fillRule
    if fillColor.alpha > 0,
      !rasterizeShape(.fill(path, fillRule), with: fillColor, of: layer, plan: node.pointee.plan, in: cairo)
    {
      append(path, to: cairo)
      cairo_set_fill_rule(cairo, fillRule == .evenOdd ? CAIRO_FILL_RULE_EVEN_ODD : CAIRO_FILL_RULE_WINDING)
      paintPath(.fill, with: fillColor, in: cairo)
    }
    let strokeColor = node.pointee.layer.properties.shape.strokeColor
    let lineWidth = node.pointee.layer.properties.shape.lineWidth
    let strokeStart = node.pointee.layer.properties.shape.strokeStart
    let strokeEnd = node.pointee.layer.properties.shape.strokeEnd
    guard strokeColor.alpha > 0, lineWidth > 0, strokeEnd > strokeStart else { return }
    // Cut once by the display list, for its extents too.
    let trimmed = node.pointee.trimmedStroke ?? path.trimmed(from: strokeStart, to: strokeEnd)
    let dashes = node.pointee.layer.properties.shape.lineDashPattern
    let isDashed = !dashes.isEmpty && dashes.contains(where: { $0 > 0 })
    // Dashes stay where they are on the whole path while strokeStart trims it, so the
    // pattern's phase moves on by the length cut away.
    let dashPhase = node.pointee.layer.properties.shape.lineDashPhase + (isDashed && strokeStart > 0 ? strokeStart * path.length() : 0)
    let lineCap = node.pointee.layer.properties.shape.lineCap
    let lineJoin = node.pointee.layer.properties.shape.lineJoin
    let miterLimit = node.pointee.layer.properties.shape.miterLimit
    let style = StrokeStyle(
      width: lineWidth, cap: strokeCap(lineCap), join: strokeJoin(lineJoin), miterLimit: miterLimit,
      dashes: isDashed ? dashes : [], dashPhase: dashPhase)
    if rasterizeShape(.stroke(trimmed, style), with: strokeColor, of: layer, plan: node.pointee.plan, in: cairo) { return }
    append(trimmed, to: cairo)
    cairo_set_line_width(cairo, lineWidth)
    cairo_set_line_cap(cairo, cairoLineCap(lineCap))
    cairo_set_line_join(cairo, cairoLineJoin(lineJoin))
    cairo_set_miter_limit(cairo, miterLimit)
    if isDashed {
      cairo_set_dash(cairo, dashes, Int32(dashes.count), dashPhase)
    } else {
      cairo_set_dash(cairo, nil, 0, 0)
    }
    paintPath(.stroke, with: strokeColor, in: cairo)
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
