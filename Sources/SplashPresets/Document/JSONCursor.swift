import SplashDocument

/// A JSON value together with its JSON path in the document, with typed readers that throw
/// `PresetError`s naming that path.
struct JSONCursor {
  let value: JSONValue
  let jsonPath: String
  let file: String

  func error(expected: String) -> PresetError {
    PresetError(file: file, path: jsonPath, expected: expected, found: value.summary)
  }

  func error(_ message: String) -> PresetError {
    PresetError(file: file, path: jsonPath, expected: message, found: nil)
  }

  // MARK: Structure

  /// The object's members, after checking that every key is one of `allowed` (any key with
  /// `nil`: an object whose keys are names the author chose).
  func object(allowedKeys allowed: Set<String>?) throws -> [String: JSONCursor] {
    guard case .object(let members) = value else { throw error(expected: "an object") }
    for key in members.keys.sorted() where allowed?.contains(key) == false {
      throw PresetError(
        file: file, path: child(key).jsonPath,
        expected: "one of the keys \((allowed ?? []).sorted().joined(separator: ", "))",
        found: "unknown key \"\(key)\"")
    }
    var cursors: [String: JSONCursor] = [:]
    for (key, member) in members {
      cursors[key] = JSONCursor(value: member, jsonPath: child(key).jsonPath, file: file)
    }
    return cursors
  }

  func array() throws -> [JSONCursor] {
    guard case .array(let elements) = value else { throw error(expected: "an array") }
    return elements.enumerated().map { index, element in
      JSONCursor(value: element, jsonPath: "\(jsonPath)[\(index)]", file: file)
    }
  }

  private func child(_ key: String) -> JSONCursor {
    JSONCursor(value: .null, jsonPath: jsonPath.isEmpty ? key : "\(jsonPath).\(key)", file: file)
  }

  // MARK: Scalars

  /// A number: a JSON number, or a string holding an arithmetic expression (`"(40 - 4) / 3"`,
  /// `"2 * pi"`, `"$size / 9"`: see `NumberExpression`), evaluated here.
  func number() throws -> Double {
    if case .string = value {
      return try evaluatedExpression(expected: "a number or an arithmetic expression (\"(40 - 4) / 3\")")
    }
    guard case .number(let number) = value, number.isFinite else { throw error(expected: "a number") }
    return number
  }

  /// A number in `range`; an expression is checked by the value it evaluates to.
  func number(in range: ClosedRange<Double>, expected: String) throws -> Double {
    switch value {
    case .number(let number):
      guard range.contains(number) else { throw error(expected: expected) }
      return number
    case .string:
      let number = try evaluatedExpression(expected: expected)
      guard range.contains(number) else { throw error(expected: expected, evaluatedTo: number) }
      return number
    default:
      throw error(expected: expected)
    }
  }

  func integer(in range: ClosedRange<Int>) throws -> Int {
    let expected = "a whole number from \(range.lowerBound) to \(range.upperBound)"
    let number: Double
    switch value {
    case .number(let literal): number = literal
    case .string: number = try evaluatedExpression(expected: expected)
    default: throw error(expected: expected)
    }
    guard number == number.rounded(), number >= Double(range.lowerBound), number <= Double(range.upperBound) else {
      throw error(expected: expected, evaluatedTo: number)
    }
    return Int(number)
  }

  func bool() throws -> Bool {
    guard case .bool(let flag) = value else { throw error(expected: "true or false") }
    return flag
  }

  func string() throws -> String {
    guard case .string(let text) = value else { throw error(expected: "a string") }
    return text
  }

  /// One of a fixed set of names (an enum's raw values).
  func choice<Choice: RawRepresentable & CaseIterable>(_ type: Choice.Type) throws -> Choice
  where Choice.RawValue == String {
    let text = try choice(among: Choice.allCases.map(\.rawValue))
    guard let choice = Choice(rawValue: text) else { throw error(expected: "one of \(Self.quoted(Choice.allCases.map(\.rawValue)))") }
    return choice
  }

  /// A string that is one of `names`.
  func choice(among names: [String]) throws -> String {
    guard case .string(let text) = value, names.contains(text) else {
      throw error(expected: "one of \(Self.quoted(names))")
    }
    return text
  }

  private static func quoted(_ names: [String]) -> String { names.map { "\"\($0)\"" }.joined(separator: ", ") }

  /// A fixed-length array of numbers, e.g. a point `[x, y]`.
  func numbers(count: Int, expected: String) throws -> [Double] {
    guard case .array(let elements) = value, elements.count == count else {
      throw error(expected: expected)
    }
    return try elements.enumerated().map { index, element in
      try JSONCursor(value: element, jsonPath: "\(jsonPath)[\(index)]", file: file).number()
    }
  }
}
