import CCairo
import CPangoCairo
import SplashCore
import SplashModel

/// Drawing text layers with Pango.
extension CairoBackend {
  /// Lays out and draws a text layer's string in its bounds, from the top (or from the first
  /// baseline, for Lottie text), aligned horizontally as `alignmentMode` says (a `CATextLayer`
  /// draws from the top of its bounds); its outline under or over the fill.
  func drawText(_ properties: LayerProperties, in cairo: OpaquePointer) {
    var properties = properties
    let fills = properties.text.foregroundColor.alpha > 0
    let strokes = properties.text.strokeColor.alpha > 0 && properties.text.strokeWidth > 0
    guard fills || strokes else { return }
    let deviceScale = Self.largestScale(of: cairo)
    if properties.text.fontSize * deviceScale > TextLimits.largestDrawnFontSize {
      let reduction = TextLimits.largestDrawnFontSize / deviceScale / properties.text.fontSize
      properties.text.fontSize *= reduction
      properties.text.tracking *= reduction
      properties.text.lineHeight = properties.text.lineHeight.map { $0 * reduction }
      properties.text.strokeWidth *= reduction
      warnOnce(
        "text \"\(properties.text.string.prefix(20))\" is larger than \(Int(TextLimits.largestDrawnFontSize)) pixels "
          + "at some frames; drawn at that size there (FreeType's largest)")
    }
    let style = properties.text
    // Pango makes its fonts at the device size (font size × the context's scale), an `int` of
    // Pango units: past `largestDeviceFontSize` the layout is made on the measuring context,
    // at layout size, and Cairo scales the outlines to the device itself.
    let deviceFontSize = style.fontSize * deviceScale
    let layoutContext = deviceFontSize > TextLimits.largestDeviceFontSize ? measuringContext : cairo
    guard let text = layOut(properties, on: layoutContext) else { return }
    defer { splash_layout_unref(text.layout) }
    cairo_save(cairo)
    cairo_translate(cairo, text.origin.x, text.origin.y)
    cairo_scale(cairo, text.scale, text.scale)
    func fill() {
      guard fills else { return }
      setSource(cairo, style.foregroundColor)
      cairo_move_to(cairo, 0, 0)
      pango_cairo_show_layout(cairo, text.layout)
    }
    func stroke() {
      guard strokes else { return }
      setSource(cairo, style.strokeColor)
      cairo_new_path(cairo)
      cairo_move_to(cairo, 0, 0)
      pango_cairo_layout_path(cairo, text.layout)
      // The width is in layer points; the layout is drawn `scale` times larger.
      cairo_set_line_width(cairo, style.strokeWidth / text.scale)
      cairo_set_line_join(cairo, CAIRO_LINE_JOIN_ROUND)
      cairo_set_line_cap(cairo, CAIRO_LINE_CAP_BUTT)
      cairo_stroke(cairo)
    }
    if style.strokesOverFill {
      fill()
      stroke()
    } else {
      stroke()
      fill()
    }
    cairo_restore(cairo)
  }

  /// The most the current matrix stretches a unit of user space on the device: its largest
  /// singular value, √((S + √(S² − 4 det²)) / 2) for S the sum of its squared entries.
  private static func largestScale(of cairo: OpaquePointer) -> Double {
    var matrix = cairo_matrix_t()
    cairo_get_matrix(cairo, &matrix)
    let sum = matrix.xx * matrix.xx + matrix.yx * matrix.yx + matrix.xy * matrix.xy + matrix.yy * matrix.yy
    let determinant = matrix.xx * matrix.yy - matrix.xy * matrix.yx
    return ((sum + max(sum * sum - 4 * determinant * determinant, 0).squareRoot()) / 2).squareRoot()
  }

  /// Where a text layer's glyphs can draw, in its own space: the laid-out ink and a point of
  /// antialiasing around it, or `nil` for no text.
  ///
  /// Measured on a context of the backend's own: outlines are unhinted and metrics unhinted
  /// (see `layOut`), so the layout has the same size at every scale the frame is drawn at.
  public func textExtents(_ properties: LayerProperties) -> Rect? {
    // Measured once per text and box: the display list asks for every text layer on every
    // frame.
    let key = TextExtentsKey(style: properties.text, bounds: properties.bounds)
    if let known = measuredText[key] { return known }
    let measured = measureText(properties)
    if measuredText.count >= 256 { measuredText.removeAll(keepingCapacity: true) }
    measuredText[key] = measured
    return measured
  }

  private func measureText(_ properties: LayerProperties) -> Rect? {
    guard let text = layOut(properties, on: measuringContext) else { return nil }
    defer { splash_layout_unref(text.layout) }
    var ink = PangoRectangle()
    var logical = PangoRectangle()
    pango_layout_get_extents(text.layout, &ink, &logical)
    // In Double: an edge (x + width) of two Int32s can pass Int32.max.
    let scale = text.scale / Double(PANGO_SCALE)
    let minX = Double(min(ink.x, logical.x)) * scale
    let minY = Double(min(ink.y, logical.y)) * scale
    let maxX = max(Double(ink.x) + Double(ink.width), Double(logical.x) + Double(logical.width)) * scale
    let maxY = max(Double(ink.y) + Double(ink.height), Double(logical.y) + Double(logical.height)) * scale
    // An outline reaches half its width beyond the glyphs (round joins go no further).
    let style = properties.text
    let outline = style.strokeColor.alpha > 0 ? max(style.strokeWidth, 0) / 2 : 0
    let margin = 1 + outline
    return Rect(
      x: text.origin.x + minX - margin, y: text.origin.y + minY - margin, width: maxX - minX + 2 * margin,
      height: maxY - minY + 2 * margin)
  }

  /// The layout of a text layer's string and where it goes, or `nil` when there is nothing to
  /// lay out. The caller releases the layout.
  ///
  /// Text larger than `TextLimits.largestLayoutFontSize` is laid out at that size (its wrap
  /// width shrunk alike) and scaled up, so Pango's `int` positions stay far from overflowing.
  private func layOut(_ properties: LayerProperties, on cairo: OpaquePointer) -> LaidOutText? {
    let style = properties.text
    guard !style.string.isEmpty, style.fontSize.isFinite, style.fontSize > 0 else { return nil }
    let font = fonts.resolve(family: style.fontFamily, weight: style.fontWeight)
    if let warning = font.warning { warnOnce(warning) }
    let layoutFontSize = min(style.fontSize, TextLimits.largestLayoutFontSize)
    let scale = style.fontSize / layoutFontSize

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
    if scale > 1 && cairo != measuringContext {
      // The layout is drawn scaled by `scale`: Pango makes its fonts for the context's matrix,
      // so that matrix must include the scale too. (Metrics are unhinted, so measuring needs
      // no device matrix, and leaving it out keeps Pango's font sizes small.)
      var matrix = cairo_matrix_t()
      cairo_get_matrix(cairo, &matrix)
      cairo_matrix_scale(&matrix, scale, scale)
      cairo_save(cairo)
      cairo_set_matrix(cairo, &matrix)
      pango_cairo_update_layout(cairo, layout)
      cairo_restore(cairo)
    }
    let description = pango_font_description_new()
    defer { pango_font_description_free(description) }
    pango_font_description_set_family(description, font.family)
    pango_font_description_set_weight(description, PangoWeight(rawValue: UInt32(min(max(font.weight, 100), 1000))))
    pango_font_description_set_absolute_size(description, layoutFontSize * Double(PANGO_SCALE))
    if style.isItalic { pango_font_description_set_style(description, PANGO_STYLE_ITALIC) }
    pango_layout_set_font_description(layout, description)
    pango_layout_set_text(layout, style.string, -1)
    if style.tracking != 0 || style.lineHeight != nil, let attributes = pango_attr_list_new() {
      // Sizes in layout units: the layout is drawn `scale` times larger.
      if style.tracking != 0 {
        pango_attr_list_insert(attributes, pango_attr_letter_spacing_new(TextLimits.pangoUnits(style.tracking / scale)))
      }
      if let lineHeight = style.lineHeight {
        pango_attr_list_insert(
          attributes, pango_attr_line_height_new_absolute(TextLimits.pangoUnits(max(lineHeight, 0) / scale)))
      }
      pango_layout_set_attributes(layout, attributes)
      pango_attr_list_unref(attributes)
    }

    let bounds = properties.bounds
    var x = bounds.minX
    if style.isWrapped && bounds.width > 0 {
      // Wrapped: Pango breaks lines at the bounds' width and aligns each line in it.
      pango_layout_set_width(layout, max(TextLimits.pangoUnits(bounds.width / scale), 1))
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
      let textWidth = Double(width) / Double(PANGO_SCALE) * scale
      switch style.alignment {
      case .center: x += (bounds.width - textWidth) / 2
      case .right: x += bounds.width - textWidth
      case .natural, .left, .justified: break
      }
    }
    var y = bounds.minY
    if style.verticalPlacement == .firstBaseline {
      // Lottie's origin is on the first baseline: the layout's top is that far above it.
      y -= Double(pango_layout_get_baseline(layout)) / Double(PANGO_SCALE) * scale
    }
    return LaidOutText(layout: layout, origin: Point(x: x, y: y), scale: scale)
  }
}

/// What decides a text layer's measured extents.
struct TextExtentsKey: Hashable {
  var style: TextStyle
  var bounds: Rect
}
