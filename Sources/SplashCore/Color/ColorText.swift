/// A colour written as text, as presets and the command line write one: `#RRGGBB`,
/// `#RRGGBBAA`, `rgb(15, 78, 101)`, `rgba(15, 78, 101, 0.5)` (0–255 components, alpha 0–1, as
/// iOS code's `UIColor(red: 15/255, …)`), or a UIKit colour name (`clear`, `white`, `orange`, …).
public enum ColorText {
  /// What a colour looks like, for messages.
  public static let expected =
    "a colour such as \"#0F4E65\", \"#0F4E6580\", \"rgb(15, 78, 101)\", \"rgba(15, 78, 101, 0.5)\" or a UIKit name like \"white\""

  /// The colour `text` names, or `nil` when it names none.
  public static func color(_ text: String) -> Color? {
    if let named = uiKitColors[text] { return named }
    if text.hasPrefix("rgb") { return functionalColor(text) }
    guard text.hasPrefix("#"), text.count == 7 || text.count == 9, text.dropFirst().allSatisfy(\.isHexDigit),
      let bits = UInt32(text.dropFirst(), radix: 16)
    else { return nil }
    let hasAlpha = text.count == 9
    let rgb = hasAlpha ? bits >> 8 : bits
    return Color(
      red8: UInt8((rgb >> 16) & 0xFF), green8: UInt8((rgb >> 8) & 0xFF), blue8: UInt8(rgb & 0xFF),
      alpha8: hasAlpha ? UInt8(bits & 0xFF) : 255)
  }

  /// `rgb(r, g, b)` or `rgba(r, g, b, a)`: components 0–255, alpha 0–1.
  static func functionalColor(_ text: String) -> Color? {
    let isAlpha = text.hasPrefix("rgba(")
    guard text.hasSuffix(")"), isAlpha || text.hasPrefix("rgb(") else { return nil }
    let inner = text.dropFirst(isAlpha ? 5 : 4).dropLast()
    let numbers = inner.split(separator: ",").compactMap { Double(trimmed($0)) }
    guard numbers.count == (isAlpha ? 4 : 3), numbers.prefix(3).allSatisfy({ (0...255).contains($0) }) else { return nil }
    let alpha = isAlpha ? numbers[3] : 1
    guard (0...1).contains(alpha) else { return nil }
    return Color(red: numbers[0] / 255, green: numbers[1] / 255, blue: numbers[2] / 255, alpha: alpha)
  }

  /// `text` without blanks at either end (`rgb( 15, 78 ,101)` is written with them).
  private static func trimmed(_ text: Substring) -> Substring {
    guard let first = text.firstIndex(where: { !$0.isWhitespace }), let last = text.lastIndex(where: { !$0.isWhitespace }) else {
      return ""
    }
    return text[first...last]
  }

  /// UIKit's named colours, with the component values UIKit documents.
  static let uiKitColors: [String: Color] = [
    "clear": .clear, "black": .black, "white": .white,
    "darkGray": Color(red: 1.0 / 3, green: 1.0 / 3, blue: 1.0 / 3),
    "lightGray": Color(red: 2.0 / 3, green: 2.0 / 3, blue: 2.0 / 3),
    "gray": Color(red: 0.5, green: 0.5, blue: 0.5),
    "red": Color(red: 1, green: 0, blue: 0), "green": Color(red: 0, green: 1, blue: 0),
    "blue": Color(red: 0, green: 0, blue: 1), "cyan": Color(red: 0, green: 1, blue: 1),
    "yellow": Color(red: 1, green: 1, blue: 0), "magenta": Color(red: 1, green: 0, blue: 1),
    "orange": Color(red: 1, green: 0.5, blue: 0), "purple": Color(red: 0.5, green: 0, blue: 0.5),
    "brown": Color(red: 0.6, green: 0.4, blue: 0.2),
  ]
}
