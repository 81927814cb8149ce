/// A character of the file's `chars`: its outline as shape items and how far it advances,
/// both for a font size of 100, so a document of size s scales them by s / 100.
///
/// Outlines are in a space whose origin is the glyph's on the baseline, y down: a capital's
/// top is at about y = −70. Exporters write the paths in a group without a fill; the text
/// layer's fill and stroke paint them.
struct LottieGlyph {
  var character: String
  var family: String
  var style: String
  /// The advance width (`w`) at size 100.
  var advance: Double
  /// `data.shapes`, read when the glyph is first drawn; `nil` for a glyph that draws nothing
  /// (a space).
  var shapes: LottieCursor?
  /// Whether the glyph is a precomposition (`data.refId`, an animated character), which is
  /// not drawn.
  var isPrecomposition: Bool
  /// Where the glyph is in the file, for messages.
  var jsonPath: String

  /// An entry of `chars`, or `nil` when it names no character.
  init?(_ cursor: LottieCursor) {
    guard let character = try? cursor["ch"]?.string() else { return nil }
    self.character = character
    family = (try? cursor["fFamily"]?.string()) ?? ""
    style = (try? cursor["style"]?.string()) ?? ""
    advance = (try? cursor["w"]?.number()) ?? 0
    shapes = cursor["data"]?["shapes"]
    isPrecomposition = cursor["data"]?["refId"] != nil
    jsonPath = cursor.jsonPath
  }
}
