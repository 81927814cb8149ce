import SplashCore

/// Where each character of a document goes when the file draws it from its own glyphs
/// (`chars`), as lottie-web sets such text (`TextProperty.completeTextData`,
/// `ITextElement.applyTextPropertiesToMatrix`).
///
/// Each character's origin is on its line's baseline. Along a line, a character advances by
/// its glyph's `w` × size / 100 plus the tracking; a line's width runs to the end of its last
/// character that is not a space, and justification places it: left from x = 0, right ending
/// at 0, centred on 0. Lines are `lineAdvance` apart, the first on y = 0, all raised by the
/// baseline shift. Paragraph text is wrapped at its box's width (before the word that would
/// cross it, or before the character when the word alone is wider), justified in the box, and
/// its first baseline is the font's ascent below the box's top:
///
///     point text, centred:          paragraph text, right:  ps ┌──────────────┐
///        "ab"  ·──a──·─b─·                                      │ ascent   line│
///              −w/2  0  +w/2                                    │          2nd │
///                                                               └──────── sz ──┘
struct LottieTextLayout {
  /// A character and where its glyph's origin goes, in the layer's space.
  struct Placement: Equatable {
    var character: String
    var origin: Point
    var line: Int
  }

  private(set) var placements: [Placement] = []
  /// Each line's width, as justification measures it.
  private(set) var lineWidths: [Double] = []

  /// The ascent used when the file's font does not give one: about what After Effects writes
  /// for common faces, at size 100.
  static let defaultAscent = 75.0

  /// Lays `document` out; `advance` is a character's advance at size 100 (0 for one the file
  /// has no glyph for); `ascent` the font's, at size 100, for paragraph text.
  init(document: LottieTextDocument, ascent: Double?, advance: (String) -> Double) {
    let scale = document.fontSize / 100
    let tracking = document.trackingPoints
    func width(_ character: String) -> Double { advance(character) * scale }

    var lines = document.lines.map { $0.map(String.init) }
    if let box = document.boxSize {
      lines = lines.flatMap { Self.wrapped($0, width: box.width, tracking: tracking, advance: width) }
    }
    var originY = -document.baselineShift
    var originX = 0.0
    if document.boxSize != nil {
      let position = document.boxPosition ?? .zero
      originX = position.x
      originY += position.y + (ascent ?? Self.defaultAscent) * scale
    }
    for (index, line) in lines.enumerated() {
      var x = 0.0
      var xs: [Double] = []
      var lineWidth = 0.0
      for character in line {
        xs.append(x)
        let end = x + width(character)
        if character != " " { lineWidth = end }
        x = end + tracking
      }
      lineWidths.append(lineWidth)
      let offset: Double
      if let box = document.boxSize {
        switch document.justification {
        case .left: offset = 0
        case .right: offset = box.width - lineWidth
        case .center: offset = (box.width - lineWidth) / 2
        }
      } else {
        switch document.justification {
        case .left: offset = 0
        case .right: offset = -lineWidth
        case .center: offset = -lineWidth / 2
        }
      }
      let y = originY + Double(index) * document.lineAdvance
      for (character, characterX) in zip(line, xs) {
        placements.append(Placement(character: character, origin: Point(x: originX + offset + characterX, y: y), line: index))
      }
    }
  }

  /// `line` broken into lines no wider than `width`: before the word that would cross it
  /// (the space before that word is dropped), or before the character that would, when one
  /// word is wider than the box.
  static func wrapped(_ line: [String], width: Double, tracking: Double, advance: (String) -> Double) -> [[String]] {
    var lines: [[String]] = []
    var current: [String] = []
    var currentWidth = 0.0
    var lastSpace: Int?
    for character in line {
      let characterWidth = advance(character)
      if character != " ", !current.isEmpty, currentWidth + characterWidth > width {
        if let space = lastSpace {
          lines.append(Array(current[..<space]))
          current = Array(current[(space + 1)...])
        } else {
          lines.append(current)
          current = []
        }
        currentWidth = current.reduce(0) { $0 + advance($1) + tracking }
        lastSpace = nil
      }
      if character == " " { lastSpace = current.count }
      current.append(character)
      currentWidth += characterWidth + tracking
    }
    lines.append(current)
    return lines
  }
}
