import Foundation

/// Numbers as messages and summaries show them.
public enum DecimalText {
  /// `value` as a user would write it: `12` rather than `12.0`, and never rounded (`3.0000001`
  /// must not read as 3).
  public static func shortest(_ value: Double) -> String {
    let shortest = String(format: "%.15g", value)
    return Double(shortest) == value ? shortest : String(value)
  }
}
