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
    guard !style.string.isEmpty, style.foregroundColor.alpha > 0 else { return }
    let font = fonts.resolve(family: style.fontFamily, weight: style.fontWeight)
    if let warning = font.warning { warnOnce(warning) }

    guard let layout = pango_cairo_create_layout(cairo) else { return }
    defer { splash_layout_unref(layout) }
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
    setSource(cairo, style.foregroundColor)
    cairo_move_to(cairo, x, bounds.minY)
    pango_cairo_show_layout(cairo, layout)
  }
}
