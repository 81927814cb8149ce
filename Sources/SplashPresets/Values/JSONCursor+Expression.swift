import Foundation

/// Reading numbers written as arithmetic expressions (`NumberExpression`).
extension JSONCursor {
  /// The number the string here evaluates to, reading `$name` from the compile under way.
  ///
  /// - Parameter expected: What the reader wanted, for the message when the text is no
  ///   expression; it names the column and what is wrong there.
  func evaluatedExpression(expected: String) throws -> Double {
    try expression(units: [], expected: expected).number
  }

  /// The string here evaluated as an expression, optionally followed by one of `units`.
  func expression(units: Set<String>, expected: String) throws -> NumberExpression.Value {
    guard case .string(let text) = value else { throw error(expected: expected) }
    do {
      return try NumberExpression.evaluate(text, units: units, parameters: ExpressionParameters.current)
    } catch {
      throw PresetError(
        file: file, path: jsonPath, expected: expected,
        found: "\(Self.quoted(text, around: error.column)): column \(error.column): \(error.message)")
    }
  }

  /// Whether the value is a number or a string a number reader would evaluate.
  var isNumberOrExpression: Bool {
    switch value {
    case .number, .string: true
    default: false
    }
  }

  /// The error for a value that is not what `expected` says: an expression is shown with the
  /// number it evaluated to, which is what was out of range.
  func error(expected: String, evaluatedTo number: Double) -> PresetError {
    guard case .string(let text) = value, Double(text.trimmingCharacters(in: .whitespaces)) == nil else {
      return error(expected: expected)
    }
    return PresetError(file: file, path: jsonPath, expected: expected, found: "\(value.summary) (= \(NumberExpression.shown(number)))")
  }

  /// `text` in quotes for a message about its `column`: whole when short, else the stretch
  /// around the column, cut with "…" (the column still counts from the start of `text`).
  static func quoted(_ text: String, around column: Int) -> String {
    let shown = 60
    let characters = Array(text)
    guard characters.count > shown else { return "\"\(text)\"" }
    let start = max(0, min(column - 1 - shown / 2, characters.count - shown))
    let end = min(characters.count, start + shown)
    return "\"" + (start > 0 ? "…" : "") + String(characters[start..<end]) + (end < characters.count ? "…" : "") + "\""
  }
}
