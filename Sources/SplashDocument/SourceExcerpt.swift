/// The line of a file where a mistake is, with a caret under its column, as compilers show it:
///
///        10 |     { id: "d" }
///           |     ^
///
/// The lines are safe to print as they are: tabs are expanded to spaces (every fourth column, in
/// the text and under it alike), control characters are shown escaped (`\x1b`, as
/// `StandardStream` shows them; an invisible character on its own as `\u200b`), and a long
/// line is cut to `width` columns around the mistake, with "…" where it was cut. Characters
/// that East Asian scripts and emoji draw two columns wide count two, so the caret stays under
/// the character on a terminal.
public enum SourceExcerpt {
  /// Columns of the line shown at most.
  public static let width = 100
  public static let tabWidth = 4
  /// Bytes read either side of the mistake: enough for `width` columns of any script.
  private static let reach = 4 * width

  /// The two lines for the character at byte `offset` of `bytes` (UTF-8), which is on line
  /// `line` (from 1). At the end of a line or of the file the caret follows the last character.
  public static func lines(_ bytes: [UInt8], offset: Int, line: Int) -> [String] {
    let offset = min(max(offset, 0), bytes.count)
    func isBreak(_ byte: UInt8) -> Bool { byte == 0x0A || byte == 0x0D }
    var start = offset
    while start > 0, offset - start < reach, !isBreak(bytes[start - 1]) { start -= 1 }
    var end = offset
    while end < bytes.count, end - offset < reach, !isBreak(bytes[end]) { end += 1 }
    // A cut must not split a character's bytes.
    while start < offset, bytes[start] & 0xC0 == 0x80 { start += 1 }
    while end > offset, end < bytes.count, bytes[end] & 0xC0 == 0x80 { end -= 1 }
    let cutBefore = start > 0 && !isBreak(bytes[start - 1])
    let cutAfter = end < bytes.count && !isBreak(bytes[end])

    var before = Array(String(decoding: bytes[start..<offset], as: UTF8.self))
    var after = Array(String(decoding: bytes[offset..<end], as: UTF8.self))
    // Keep the mistake in view: at most half the width before it, the rest after.
    var shownBefore = cutBefore
    while columns(before) > width / 2 {
      before.removeFirst()
      shownBefore = true
    }
    var shownAfter = cutAfter
    while columns(before) + columns(after) > width {
      after.removeLast()
      shownAfter = true
    }

    var text = shownBefore ? "…" : ""
    var column = text.count
    for character in before { append(character, to: &text, column: &column) }
    let caretColumn = column
    for character in after { append(character, to: &text, column: &column) }
    if shownAfter { text += "…" }

    let number = String(line)
    let gutter = max(5, number.count)
    return [
      String(repeating: " ", count: gutter - number.count) + number + " | " + text,
      String(repeating: " ", count: gutter) + " | " + String(repeating: " ", count: caretColumn) + "^",
    ]
  }

  /// Columns `characters` take, counting each tab as a full tab stop (an upper bound).
  private static func columns(_ characters: [Character]) -> Int {
    characters.reduce(0) { total, character in total + (character == "\t" ? tabWidth : shown(character).columns) }
  }

  /// Appends `character` as shown, advancing `column`.
  private static func append(_ character: Character, to text: inout String, column: inout Int) {
    if character == "\t" {
      let spaces = tabWidth - column % tabWidth
      text += String(repeating: " ", count: spaces)
      column += spaces
      return
    }
    let (shown, columns) = shown(character)
    text += shown
    column += columns
  }

  /// How `character` is printed, and how many columns it takes.
  private static func shown(_ character: Character) -> (text: String, columns: Int) {
    let scalars = character.unicodeScalars
    var escaped = ""
    for scalar in scalars {
      if scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) {
        for byte in String(scalar).utf8 { escaped += "\\x" + (byte < 0x10 ? "0" : "") + String(byte, radix: 16) }
      } else if scalar == "\u{2028}" || scalar == "\u{2029}" || (scalars.count == 1 && scalar.properties.generalCategory == .format) {
        // Line separators would end the line on some terminals; an invisible character on its
        // own (a zero-width space, a byte order mark, a direction override) is often the very
        // mistake, so it is shown rather than drawn.
        escaped += "\\u" + String(scalar.value, radix: 16)
      }
    }
    if !escaped.isEmpty { return (escaped, escaped.count) }
    guard let first = scalars.first else { return ("", 0) }
    let isWide = isWide(first) || scalars.contains { $0.properties.isEmojiPresentation || $0 == "\u{FE0F}" }
    return (String(character), isWide ? 2 : 1)
  }

  /// Whether a terminal draws `scalar` two columns wide: the East Asian Wide and Fullwidth
  /// blocks (Unicode's EastAsianWidth.txt, in broad ranges).
  private static func isWide(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF,
      0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x20000...0x3FFFD:
      true
    default:
      false
    }
  }
}
