import CCairo
import CPangoCairo
import SplashCore
import SplashModel

/// Drawing text layers with Pango.
extension CairoBackend {
  /// Lays out and draws a text layer's string in its bounds, from the top, aligned horizontally
  /// as `alignmentMode` says (a `CATextLayer` draws from the top of its bounds).
  func drawText(_ properties: LayerProperties, in cairo: OpaquePointer) {
    let style = properties.text
    guard style.foregroundColor.alpha > 0, let (layout, origin) = layOut(properties, on: cairo) else { return }
    defer { splash_layout_unref(layout) }
    setSource(cairo, style.foregroundColor)
    cairo_move_to(cairo, origin.x, origin.y)
    pango_cairo_show_layout(cairo, layout)
  }

  /// Where a text layer's glyphs can draw, in its own space: the laid-out ink and a point of
  /// antialiasing around it, or `nil` for no text.
  ///
  /// Measured on a context of the backend's own: outlines are unhinted and metrics unhinted
  /// (see `layOut`), so the layout has the same size at every scale the frame is drawn at.
  func textExtents(_ properties: LayerProperties) -> Rect? {
    // Measured once per text and box: a layer's extents are asked for on every frame, at
    // each level of the tree that groups it.
    let key = TextExtentsKey(style: properties.text, bounds: properties.bounds)
    if let known = measuredText[key] { return known }
    let measured = measureText(properties)
    if measuredText.count >= 256 { measuredText.removeAll(keepingCapacity: true) }
    measuredText[key] = measured
    return measured
  }

  private func measureText(_ properties: LayerProperties) -> Rect? {
    guard let (layout, origin) = layOut(properties, on: measuringContext) else { return nil }
    defer { splash_layout_unref(layout) }
    var ink = PangoRectangle()
    var logical = PangoRectangle()
    pango_layout_get_extents(layout, &ink, &logical)
    let scale = Double(PANGO_SCALE)
    let minX = Double(min(ink.x, logical.x)) / scale
    let minY = Double(min(ink.y, logical.y)) / scale
    let maxX = Double(max(ink.x + ink.width, logical.x + logical.width)) / scale
    let maxY = Double(max(ink.y + ink.height, logical.y + logical.height)) / scale
    return Rect(x: origin.x + minX - 1, y: origin.y + minY - 1, width: maxX - minX + 2, height: maxY - minY + 2)
  }

  /// The layout of a text layer's string and the point its top left goes to, or `nil` when
  /// there is nothing to lay out. The caller releases the layout.
  private func layOut(_ properties: LayerProperties, on cairo: OpaquePointer) -> (OpaquePointer, Point)? {
    let style = properties.text
    guard !style.string.isEmpty else { return nil }
    let font = fonts.resolve(family: style.fontFamily, weight: style.fontWeight)
    if let warning = font.warning { warnOnce(warning) }

    guard let layout = pango_cairo_create_layout(cairo) else { return nil }
    // Unhinted outlines: glyphs keep their shapes and positions at every output scale, so a
    // still and a video frame of the same moment agree.
    if let options = cairo_font_options_create() {
      cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE)
      cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF)
      cairo_font_options_set_antialias(options, CAIRO_ANTIALIAS_GRAY)
      pango_cairo_context_set_font_options(pango_layout_get_context(layout), options)
      pango_layout_context_changed(layout)
      cairo_font_options_destroy(options)
    }
    let description = pango_font_description_new()
    defer { pango_font_description_free(description) }
    pango_font_description_set_family(description, font.family)
    pango_font_description_set_weight(description, PangoWeight(rawValue: UInt32(min(max(font.weight, 100), 1000))))
    pango_font_description_set_absolute_size(description, style.fontSize * Double(PANGO_SCALE))
    pango_layout_set_font_description(layout, description)
    pango_layout_set_text(layout, style.string, -1)

    let bounds = properties.bounds
    var x = bounds.minX
    if style.isWrapped && bounds.width > 0 {
      // Wrapped: Pango breaks lines at the bounds' width and aligns each line in it.
      pango_layout_set_width(layout, Int32((bounds.width * Double(PANGO_SCALE)).rounded()))
      pango_layout_set_wrap(layout, PANGO_WRAP_WORD_CHAR)
      switch style.alignment {
      case .center: pango_layout_set_alignment(layout, PANGO_ALIGN_CENTER)
      case .right: pango_layout_set_alignment(layout, PANGO_ALIGN_RIGHT)
      case .justified: pango_layout_set_justify(layout, 1)
      case .natural, .left: pango_layout_set_alignment(layout, PANGO_ALIGN_LEFT)
      }
    } else {
      // One line: placed in the bounds by its own width, and allowed to overflow them.
      var width: Int32 = 0
      var height: Int32 = 0
      pango_layout_get_size(layout, &width, &height)
      let textWidth = Double(width) / Double(PANGO_SCALE)
      switch style.alignment {
      case .center: x += (bounds.width - textWidth) / 2
      case .right: x += bounds.width - textWidth
      case .natural, .left, .justified: break
      }
    }
    return (layout, Point(x: x, y: bounds.minY))
  }
}

/// What decides a text layer's measured extents.
struct TextExtentsKey: Hashable {
  var style: TextStyle
  var bounds: Rect
}
