import Foundation

/// Reading `repeatCount` and `repeatDuration`, which may say "for ever".
extension JSONCursor {
  /// The ways iOS code says "repeat for ever", as a preset may copy them: JSON5's `Infinity`
  /// is a number; these are strings. Apple's documentation of `CAMediaTiming.repeatCount`
  /// (https://developer.apple.com/documentation/quartzcore/camediatiming/repeatcount):
  /// "Setting this property to greatestFiniteMagnitude will cause the animation to repeat
  /// forever"; Swift code also writes `.infinity`, Objective-C code `HUGE_VALF` or `HUGE`.
  static let foreverSpellings: Set<String> = [
    "infinity", "Infinity", ".infinity", "Float.infinity", "Double.infinity", "HUGE", "HUGE_VALF",
    "greatestFiniteMagnitude", ".greatestFiniteMagnitude", "Float.greatestFiniteMagnitude",
    "Double.greatestFiniteMagnitude",
  ]

  /// A repeat count or duration in `range`, or `.infinity` for one of `foreverSpellings` or
  /// JSON5's `Infinity`.
  func repetition(in range: ClosedRange<Double>, expected: String) throws -> Double {
    switch value {
    case .number(let number) where number == .infinity:
      return .infinity
    case .string(let text) where Self.foreverSpellings.contains(text.trimmingCharacters(in: .whitespaces)):
      return .infinity
    default:
      return try number(in: range, expected: expected)
    }
  }
}
