import CCairo
import SplashCore
import SplashModel
import SplashRender

/// The Cairo implementation of `RenderBackend`.
///
/// It draws layers the way Core Animation composites them: for each layer, background (with
/// its corner radius), then the shape's fill and stroke, then the sublayers, all in the layer's
/// own coordinate space; opacity applies to the layer and its subtree as one picture.
public final class CairoBackend: RenderBackend {
  /// The context of the last buffer drawn into, kept because a worker draws into the same
  /// buffer frame after frame.
  private var cachedContext: CairoContext?

  public init() {}

  public func render(_ tree: PresentationTree, viewport: Viewport, into buffer: PixelBuffer) throws {
    let drawing = try context(for: buffer)
    let cairo = drawing.context
    cairo_save(cairo)
    defer { cairo_restore(cairo) }

    cairo_set_operator(cairo, CAIRO_OPERATOR_SOURCE)
    setSource(cairo, tree.backgroundColor)
    cairo_paint(cairo)
    cairo_set_operator(cairo, CAIRO_OPERATOR_OVER)

    var canvasToPixels = matrix(viewport.transform)
    cairo_transform(cairo, &canvasToPixels)
    for layer in tree.layers {
      draw(layer, in: cairo)
    }
    try drawing.checkStatus(stage: "drawing a frame")
    drawing.flush()
  }

  private func context(for buffer: PixelBuffer) throws -> CairoContext {
    if let cachedContext, cachedContext.buffer === buffer { return cachedContext }
    let created = try CairoContext(drawingInto: buffer)
    cachedContext = created
    return created
  }

  // MARK: Layers

  private func draw(_ layer: PresentationLayer, in cairo: OpaquePointer) {
    let properties = layer.properties
    guard !properties.isHidden, properties.opacity > 0 else { return }
    // A transform seen in perspective has no affine equivalent; drawing it is the renderer
    // issue's work, so such a layer is not drawn yet.
    guard let transform = properties.transform.flattened else { return }
    // A transform that flattens the layer (a zero scale) shows nothing; Cairo would also
    // refuse to invert it and fail the whole frame.
    guard abs(transform.a * transform.d - transform.b * transform.c) > 1e-12 else { return }

    cairo_save(cairo)
    defer { cairo_restore(cairo) }

    let bounds = properties.bounds
    let anchor = Point(
      x: bounds.minX + properties.anchorPoint.x * bounds.width,
      y: bounds.minY + properties.anchorPoint.y * bounds.height)
    // Layer space → superlayer space: position + transform · (p − anchor).
    cairo_translate(cairo, properties.position.x, properties.position.y)
    var layerTransform = matrix(transform)
    cairo_transform(cairo, &layerTransform)
    cairo_translate(cairo, -anchor.x, -anchor.y)

    let isGroup = properties.opacity < 1
    if isGroup { cairo_push_group(cairo) }
    drawBackground(properties, in: cairo)
    if layer.kind == .shape { drawShape(properties, in: cairo) }
    for sublayer in layer.sublayersInDrawingOrder { draw(sublayer, in: cairo) }
    if isGroup {
      cairo_pop_group_to_source(cairo)
      cairo_paint_with_alpha(cairo, properties.opacity)
    }
  }

  private func drawBackground(_ properties: LayerProperties, in cairo: OpaquePointer) {
    let bounds = properties.bounds
    guard properties.backgroundColor.alpha > 0, bounds.width > 0, bounds.height > 0 else { return }
    appendRoundedRect(bounds, radius: properties.cornerRadius, to: cairo)
    setSource(cairo, properties.backgroundColor)
    cairo_fill(cairo)
  }

  private func drawShape(_ properties: LayerProperties, in cairo: OpaquePointer) {
    let shape = properties.shape
    guard let path = shape.path, !path.isEmpty else { return }
    if shape.fillColor.alpha > 0 {
      append(path, to: cairo)
      cairo_set_fill_rule(cairo, shape.fillRule == .evenOdd ? CAIRO_FILL_RULE_EVEN_ODD : CAIRO_FILL_RULE_WINDING)
      setSource(cairo, shape.fillColor)
      cairo_fill(cairo)
    }
    guard shape.strokeColor.alpha > 0, shape.lineWidth > 0, shape.strokeEnd > shape.strokeStart else { return }
    append(path.trimmed(from: shape.strokeStart, to: shape.strokeEnd), to: cairo)
    cairo_set_line_width(cairo, shape.lineWidth)
    cairo_set_line_cap(cairo, cairoLineCap(shape.lineCap))
    cairo_set_line_join(cairo, cairoLineJoin(shape.lineJoin))
    cairo_set_miter_limit(cairo, shape.miterLimit)
    setSource(cairo, shape.strokeColor)
    cairo_stroke(cairo)
  }
}
