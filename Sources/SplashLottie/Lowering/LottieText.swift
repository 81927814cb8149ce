import SplashCore
import SplashModel

/// A text layer's content (`ty: 5`) as Core Animation layers, drawn one of the two ways
/// players draw Lottie text.
///
/// - When the file has glyphs (`chars`) for the document's font, as lottie-web draws it: each
///   character is its glyph's shapes (read as a shape layer's items), scaled by size / 100 and
///   placed by `LottieTextLayout`, filled with `fc` and stroked with `sc` and `sw` through the
///   shape layers' own code (the stroke under the fill unless `of` puts it over).
/// - Otherwise, as Apple's player draws it, with the font: each line is a text layer of the
///   model (family, weight and slant from `fonts.list`, size, colours, tracking), its first
///   baseline on the line's. The layer's origin is the first line's baseline at its left
///   edge, centre or right edge as the justification says; lines are `lh` apart. Paragraph
///   text is one text layer wrapped in its box. A font that is not installed falls back with
///   the renderer's warning.
///
/// Text documents do not interpolate: each keyframe's document is a layer that lives from its
/// frame until the next keyframe's. Animators, text on a path and the anchor grouping that
/// animators use are warned about (`LottieTextContent`) and not applied: the static text is
/// drawn.
struct LottieText {
  let context: LottieLowering
  /// The text layer's own frames.
  let timeline: LottieTimeline

  /// When the first document's layer is added: before any frame a file shows, and finite,
  /// since a lifetime measures time from its start (from −∞, nothing would be inside it).
  static let beforeEverything = -1e9

  /// The content of a text layer whose id is `id`.
  func layers(_ text: LottieTextContent, id: String) throws -> [Layer] {
    let keyframes = text.documents
    guard keyframes.count > 1 else { return try layers(keyframes[0].document, id: id) }
    var result: [Layer] = []
    for (index, keyframe) in keyframes.enumerated() {
      let documentID = "\(id)/document \(index + 1)"
      var holder = Layer(id: documentID, sublayers: try layers(keyframe.document, id: documentID))
      let added = index == 0 ? Self.beforeEverything : timeline.seconds(keyframe.frame)
      let removed = index + 1 < keyframes.count ? timeline.seconds(keyframes[index + 1].frame) : .infinity
      holder.lifetime = LayerLifetime(addedAt: added, removedAt: removed)
      result.append(holder)
    }
    return result
  }

  /// One document's layers.
  private func layers(_ document: LottieTextDocument, id: String) throws -> [Layer] {
    guard document.fontSize > 0, !document.text.isEmpty else { return [] }
    let fonts = context.document.fonts
    let font = fonts.font(named: document.fontName)
    if fonts.hasGlyphs(for: font) { return try glyphLayers(document, font: font, id: id) }
    return try textLayers(document, font: font, id: id)
  }

  /// The document drawn from the file's glyphs: one layer per character, at its origin,
  /// scaled from size 100 to the document's.
  private func glyphLayers(_ document: LottieTextDocument, font: LottieFont, id: String) throws -> [Layer] {
    let fonts = context.document.fonts
    let scale = document.fontSize / 100
    // Items listed first are on top: the stroke goes before the fill to be drawn over it.
    var styles: [LottieShapeItem] = []
    if let fill = document.fillColor { styles.append(.fill(LottieFill(color: fill))) }
    if let color = document.strokeColor, document.strokeWidth > 0 {
      // In the glyph's space, which is scaled by `scale`: the stroke comes out `sw` wide.
      let stroke = LottieShapeItem.stroke(LottieStroke(color: color, width: document.strokeWidth / scale))
      if document.strokesOverFill { styles.insert(stroke, at: 0) } else { styles.append(stroke) }
    }
    guard !styles.isEmpty else { return [] }
    let layout = LottieTextLayout(document: document, ascent: font.ascent) { fonts.glyph($0, in: font)?.advance ?? 0 }
    var layers: [Layer] = []
    for (index, placement) in layout.placements.enumerated() {
      guard let glyph = fonts.glyph(placement.character, in: font) else {
        if placement.character != " " {
          context.warnings.note(
            "characters without a glyph in the file's chars are not drawn", at: (document.cursor["t"] ?? document.cursor).jsonPath)
        }
        continue
      }
      if glyph.isPrecomposition {
        context.warnings.note("animated characters (chars drawn by a precomposition) are not drawn", at: glyph.jsonPath)
        continue
      }
      let items = fonts.shapes(of: glyph)
      guard !items.isEmpty else { continue }
      // Each drawn character counts as a shape item: a long text repeats its glyphs' layers.
      try context.countShapeItems(1, at: document.cursor.jsonPath)
      let glyphID = "\(id)/\(placement.character) \(index + 1)"
      var builder = LottieShapeBuilder(timeline: timeline, idPrefix: glyphID, context: context)
      let sampled = LottieShapeItem.sampled(items, sampler: context.sampler, limits: context.limits)
      // A glyph filled or stroked alone is one shape in the glyph's space: that shape is the
      // glyph's layer, placed and scaled itself (as a group's lone shape carries the group's
      // transform, `LottieShapeBuilder.container`).
      var layer = LottieShapeBuilder.holder(id: glyphID, of: builder.layers(sampled + styles)).layer
      LayerPropertyRegistry.position.set(placement.origin, in: &layer.properties)
      LayerPropertyRegistry.transform.set(Transform3D(scaleX: scale, y: scale), in: &layer.properties)
      layers.append(layer)
    }
    return layers
  }

  /// The document drawn with its font: a text layer per line, or one wrapped in the box of
  /// paragraph text.
  private func textLayers(_ document: LottieTextDocument, font: LottieFont, id: String) throws -> [Layer] {
    var style = TextStyle()
    style.fontFamily = font.family
    style.fontWeight = font.weight
    style.isItalic = font.isItalic
    style.fontSize = document.fontSize
    style.foregroundColor = document.fillColor ?? .clear
    if let color = document.strokeColor, document.strokeWidth > 0 {
      style.strokeColor = color
      style.strokeWidth = document.strokeWidth
    }
    guard style.foregroundColor.alpha > 0 || style.strokeColor.alpha > 0 else { return [] }
    style.strokesOverFill = document.strokesOverFill
    style.tracking = document.trackingPoints
    style.verticalPlacement = .firstBaseline
    switch document.justification {
    case .left: style.alignment = .left
    case .right: style.alignment = .right
    case .center: style.alignment = .center
    }

    if let box = document.boxSize {
      try context.countShapeItems(1, at: document.cursor.jsonPath)
      var layer = Layer(id: "\(id)/paragraph", kind: .text)
      style.string = document.lines.joined(separator: "\n")
      style.isWrapped = true
      style.lineHeight = document.lineAdvance
      let position = document.boxPosition ?? .zero
      var top = position.y - document.baselineShift
      if let ascent = font.ascent {
        top += ascent * document.fontSize / 100
      } else {
        // Without the file's ascent, the font's own places the first line below the top.
        style.verticalPlacement = .top
      }
      Self.set(style, on: &layer)
      LayerPropertyRegistry.bounds.set(Rect(x: 0, y: 0, width: box.width, height: box.height), in: &layer.properties)
      LayerPropertyRegistry.anchorPoint.set(.zero, in: &layer.properties)
      LayerPropertyRegistry.position.set(Point(x: position.x, y: top), in: &layer.properties)
      return [layer]
    }

    var layers: [Layer] = []
    for (index, line) in document.lines.enumerated() {
      // Justification measures a line without its trailing spaces, which draw nothing.
      var string = line
      while string.last == " " { string.removeLast() }
      guard !string.isEmpty else { continue }
      try context.countShapeItems(1, at: document.cursor.jsonPath)
      var layer = Layer(id: "\(id)/line \(index + 1)", kind: .text)
      style.string = string
      Self.set(style, on: &layer)
      // A zero-wide box at the origin: the renderer places a line's left edge, centre or right
      // edge there, as the alignment says.
      LayerPropertyRegistry.anchorPoint.set(.zero, in: &layer.properties)
      LayerPropertyRegistry.position.set(
        Point(x: 0, y: Double(index) * document.lineAdvance - document.baselineShift), in: &layer.properties)
      layers.append(layer)
    }
    return layers
  }

  /// Sets every field of `style` on the text layer `layer`, through the property registry.
  static func set(_ style: TextStyle, on layer: inout Layer) {
    typealias R = LayerPropertyRegistry
    R.string.set(style.string, in: &layer.properties)
    R.fontFamily.set(style.fontFamily, in: &layer.properties)
    R.fontWeight.set(style.fontWeight, in: &layer.properties)
    R.fontSize.set(style.fontSize, in: &layer.properties)
    R.foregroundColor.set(style.foregroundColor, in: &layer.properties)
    R.alignmentMode.set(style.alignment, in: &layer.properties)
    R.wrapped.set(style.isWrapped, in: &layer.properties)
    R.verticalPlacement.set(style.verticalPlacement, in: &layer.properties)
    R.italic.set(style.isItalic, in: &layer.properties)
    R.tracking.set(style.tracking, in: &layer.properties)
    R.lineHeight.set(style.lineHeight, in: &layer.properties)
    R.outlineColor.set(style.strokeColor, in: &layer.properties)
    R.outlineWidth.set(style.strokeWidth, in: &layer.properties)
    R.outlineOverFill.set(style.strokesOverFill, in: &layer.properties)
  }
}
