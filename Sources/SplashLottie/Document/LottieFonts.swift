/// The fonts (`fonts.list`) and glyphs (`chars`) a file defines for its text layers.
///
/// Both are read leniently: an entry without a name or a character is one no document can
/// use, so it is skipped rather than refused. A glyph's shapes are read strictly, once, with
/// the rest of the document.
struct LottieFonts {
  private struct GlyphKey: Hashable {
    var character: String
    var family: String
    var style: String
  }

  private var fontsByName: [String: LottieFont] = [:]
  private var glyphs: [GlyphKey: LottieGlyph] = [:]
  /// The family and style pairs that have glyphs: a text in one of them is drawn from them.
  private var glyphFonts: Set<[String]> = []
  private var shapeItems: [GlyphKey: [LottieShapeItem]] = [:]

  init(root: LottieCursor, context: LottieContext) throws {
    for entry in (try? root["fonts"]?["list"]?.array()) ?? [] {
      guard let name = try? entry["fName"]?.string(), let font = LottieFont(entry) else { continue }
      if fontsByName[name] == nil { fontsByName[name] = font }
    }
    for entry in (try? root["chars"]?.array()) ?? [] {
      guard let glyph = LottieGlyph(entry) else { continue }
      let key = GlyphKey(character: glyph.character, family: glyph.family, style: glyph.style)
      // The first of two definitions wins, as players look glyphs up front to back.
      if glyphs[key] == nil {
        glyphs[key] = glyph
        shapeItems[key] = try glyph.shapes.map { try LottieShapeItem.items($0, context: context) } ?? []
      }
      glyphFonts.insert([glyph.family, glyph.style])
    }
  }

  /// The font a document's `f` names: its `fonts.list` entry, or the name itself.
  func font(named name: String) -> LottieFont {
    fontsByName[name] ?? LottieFont(unlisted: name)
  }

  /// Whether the file draws text in `font` from its own glyphs.
  func hasGlyphs(for font: LottieFont) -> Bool {
    glyphFonts.contains([font.family, font.style])
  }

  /// The glyph for `character` in `font`, matched by character, family and style as players
  /// match them.
  func glyph(_ character: String, in font: LottieFont) -> LottieGlyph? {
    glyphs[GlyphKey(character: character, family: font.family, style: font.style)]
  }

  /// The shape items of `glyph`'s outline.
  func shapes(of glyph: LottieGlyph) -> [LottieShapeItem] {
    shapeItems[GlyphKey(character: glyph.character, family: glyph.family, style: glyph.style)] ?? []
  }
}
