/// A font of the file's `fonts.list`, which a text document names by its `fName` in `f`.
///
/// After Effects writes the family (`fFamily`, "Lato") and the style (`fStyle`, "Bold
/// Italic") apart; the model names a font by family and OpenType weight, and says italic on
/// its own, so the style's words become a weight and a slant, as lottie-web's
/// `getFontProperties` reads them (with every CSS weight name, not only its few).
struct LottieFont: Equatable {
  var family: String
  var style: String
  /// OpenType weight, 100…900.
  var weight: Double
  var isItalic: Bool
  /// How far the first line's baseline sits below the top of a paragraph box (`ascent`), for
  /// a font size of 100; `nil` when the file does not say.
  var ascent: Double?

  /// Style words and the weight each names, longest first so "ExtraBold" is not read as
  /// "Bold".
  static let weightWords: [(word: String, weight: Double)] = [
    ("extralight", 200), ("ultralight", 200), ("extrabold", 800), ("ultrabold", 800), ("semibold", 600),
    ("demibold", 600), ("hairline", 100), ("regular", 400), ("medium", 500), ("normal", 400), ("light", 300),
    ("heavy", 800), ("black", 900), ("roman", 400), ("thin", 100), ("bold", 700), ("book", 400), ("demi", 600),
  ]

  init(family: String, style: String, weightName: String? = nil, ascent: Double? = nil) {
    self.family = family
    self.style = style
    self.ascent = ascent
    let words = style.lowercased().filter { $0.isLetter }
    isItalic = words.contains("italic") || words.contains("oblique")
    if let weightName, let number = Double(weightName), (1...1000).contains(number) {
      weight = number
    } else {
      weight = Self.weightWords.first { words.contains($0.word) }?.weight ?? 400
    }
  }

  /// An entry of `fonts.list`, or `nil` when it names no font (no `fName`).
  init?(_ cursor: LottieCursor) {
    guard let name = try? cursor["fName"]?.string() else { return nil }
    self.init(
      family: (try? cursor["fFamily"]?.string()) ?? name, style: (try? cursor["fStyle"]?.string()) ?? "",
      weightName: try? cursor["fWeight"]?.string(), ascent: try? cursor["ascent"]?.number())
  }

  /// The font a document names that the list lacks: its name stands for the family, as a
  /// PostScript name ("Lato-Bold") does for Apple's player; the font resolver reads a weight
  /// suffix off it.
  init(unlisted name: String) {
    self.init(family: name, style: "")
  }
}
