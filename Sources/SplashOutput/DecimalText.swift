import Foundation

/// Numbers as messages and summaries show them.
public enum DecimalText {
  /// `value` as a user would write it: `12` rather than `12.0`, and never rounded (`3.0000001`
  /// must not read as 3).
  public static func shortest(_ value: Double) -> String {
    let shortest = String(format: "%.15g", value)
    return Double(shortest) == value ? shortest : String(value)
  }

  /// Whether `text` is ASCII digits only, at least one: a count as people write it.
  ///
  /// `Int(_:)` alone would also take `+30` (and `-0` as 0): a sign no one writes in a count, so
  /// a stray character must not pass as part of the number.
  public static func isPlainWholeNumber(_ text: some StringProtocol) -> Bool {
    !text.isEmpty && text.utf8.allSatisfy { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }
  }

  /// Whether `text` is ASCII digits with at most one `.` among them, and at least one digit.
  ///
  /// `Double(_:)` alone would also take `0x10` (16), `1e1`, `+1`, `nan` and `inf`: forms no one
  /// means as a time or a scale, so a typo there must not become a valid, different number.
  public static func isPlainDecimal(_ text: some StringProtocol) -> Bool {
    let bytes = Array(text.utf8)
    let digits = bytes.filter { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }.count
    let points = bytes.filter { $0 == UInt8(ascii: ".") }.count
    return digits > 0 && points <= 1 && digits + points == bytes.count
  }
}
