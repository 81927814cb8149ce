import SplashDocument

/// A value of a Lottie document with its JSON path, and readers that throw `DocumentError`s
/// naming that path.
///
/// Unlike a preset, a Lottie file is written by an exporter, not by hand, and every exporter
/// adds keys of its own (`nm`, `mn`, `cl`, `ix`, …): unknown keys are ignored, never refused.
/// What splashvid does not draw is warned about by the builders, by feature.
struct LottieCursor {
  let value: JSONValue
  let jsonPath: String
  let file: String

  func error(expected: String) -> DocumentError {
    DocumentError(file: file, path: jsonPath, expected: expected, found: value.summary)
  }

  /// The member `key` of an object, or `nil` when the value is no object, has no such key, or
  /// holds `null` there: exporters write `"i": null` for "none", and players (JavaScript's,
  /// and Codable's `decodeIfPresent`) read it as absent.
  subscript(_ key: String) -> LottieCursor? {
    guard case .object(let members) = value, let member = members[key] else { return nil }
    if case .null = member { return nil }
    return LottieCursor(value: member, jsonPath: jsonPath.isEmpty ? key : "\(jsonPath).\(key)", file: file)
  }

  /// The member `key`, which must be present.
  func required(_ key: String) throws -> LottieCursor {
    guard let member = self[key] else {
      throw DocumentError(file: file, path: jsonPath, expected: "missing \"\(key)\"", found: nil)
    }
    return member
  }

  var isObject: Bool {
    if case .object = value { true } else { false }
  }

  func array() throws -> [LottieCursor] {
    guard case .array(let elements) = value else { throw error(expected: "an array") }
    return elements.enumerated().map { LottieCursor(value: $1, jsonPath: "\(jsonPath)[\($0)]", file: file) }
  }

  /// A finite number (booleans count as 0 and 1, as exporters write flags either way).
  func number() throws -> Double {
    switch value {
    case .number(let number) where number.isFinite: return number
    case .bool(let flag): return flag ? 1 : 0
    default: throw error(expected: "a finite number")
    }
  }

  /// A finite number in `range`.
  func number(in range: ClosedRange<Double>, expected: String) throws -> Double {
    guard case .number(let number) = value, range.contains(number) else { throw error(expected: expected) }
    return number
  }

  /// A number, or the first element of an array of numbers (a one-dimensional property's
  /// keyframe values are written `[v]`).
  func scalar() throws -> Double {
    if case .array(let elements) = value, let first = elements.first {
      return try LottieCursor(value: first, jsonPath: "\(jsonPath)[0]", file: file).number()
    }
    return try number()
  }

  /// An array of numbers (a point, a size, a colour), or one number as an array of one.
  func numbers() throws -> [Double] {
    switch value {
    case .number: return [try number()]
    case .array: return try array().map { try $0.number() }
    default: throw error(expected: "a number or an array of numbers")
    }
  }

  func string() throws -> String {
    guard case .string(let text) = value else { throw error(expected: "a string") }
    return text
  }

  /// A flag written as a boolean or as 0/1.
  var flag: Bool {
    switch value {
    case .bool(let flag): flag
    case .number(let number): number != 0
    default: false
    }
  }
}

extension Double {
  /// The value as an `Int` when it is finite and within a million either way (a count, a
  /// type or a mode number), else `nil`: converting 1e300 to `Int` would stop the program.
  var boundedWholeNumber: Int? {
    guard isFinite, abs(self) <= 1_000_000 else { return nil }
    return Int(rounded())
  }
}
