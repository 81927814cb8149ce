import Foundation
import SplashCore

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

  /// `text` as a whole number when it is plain digits (`isPlainWholeNumber`) that fit an
  /// `Int`; `nil` otherwise.
  public static func plainWholeNumber(_ text: some StringProtocol) -> Int? {
    isPlainWholeNumber(text) ? Int(text) : nil
  }

  /// Whether `text` is ASCII digits with at most one `.` among them, and at least one digit
  /// (no sign: `PlainDecimal`).
  public static func isPlainDecimal(_ text: some StringProtocol) -> Bool { PlainDecimal.matches(text) }
}
