import CPangoCairo
import SplashModel

extension RenderLibraryVersions {
  /// The font files a scene's text is drawn with, one line each in a fixed order: the family
  /// and weight asked for, the family chosen (`FontResolver`), and the file and revision
  /// fontconfig finds for it. Installing or upgrading a font changes a line.
  public static func fontFiles(of scene: Scene) -> [String] {
    var requests: Set<FontRequest> = []
    scene.forEachLayer { layer in
      if layer.kind == .text, !layer.properties.text.string.isEmpty {
        let style = layer.properties.text
        requests.insert(FontRequest(family: style.fontFamily, weight: style.fontWeight, isItalic: style.isItalic))
      }
    }
    guard !requests.isEmpty else { return [] }
    let resolver = FontResolver()
    let fontMap = pango_cairo_font_map_get_default()
    guard let context = pango_font_map_create_context(fontMap) else { return [] }
    defer { g_object_unref(UnsafeMutableRawPointer(context)) }
    return requests.sorted().map { request in
      let font = resolver.resolve(family: request.family, weight: request.weight)
      let description = pango_font_description_new()
      defer { pango_font_description_free(description) }
      pango_font_description_set_family(description, font.family)
      pango_font_description_set_weight(description, PangoWeight(rawValue: UInt32(min(max(font.weight, 100), 1000))))
      if request.isItalic { pango_font_description_set_style(description, PANGO_STYLE_ITALIC) }
      var revision: Int32 = 0
      let file = splash_font_file(fontMap, context, description, &revision)
      defer { free(file) }
      let found = file.map { "\(String(cString: $0)) revision \(revision)" } ?? "no font file"
      return "font \(request.family) \(Int(request.weight))\(request.isItalic ? " italic" : ""): \(font.family), \(found)"
    }
  }
}

/// A text style's font, as the scene asks for it.
private struct FontRequest: Hashable, Comparable {
  var family: String
  var weight: Double
  var isItalic: Bool

  static func < (lhs: FontRequest, rhs: FontRequest) -> Bool {
    (lhs.family, lhs.weight, lhs.isItalic ? 1 : 0) < (rhs.family, rhs.weight, rhs.isItalic ? 1 : 0)
  }
}
