import Foundation

/// A parsed JSON5 value, kept generic so every problem can be reported with its JSON path.
///
/// Decoding straight into Codable structs would lose the path and the found value of a bad
/// entry; walking this tree keeps both.
public enum JSONValue: Sendable, Hashable, Decodable {
  case null
  case bool(Bool)
  case number(Double)
  case string(String)
  case array([JSONValue])
  case object([String: JSONValue])

  public init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    if container.decodeNil() {
      self = .null
    } else if let value = try? container.decode(Bool.self) {
      self = .bool(value)
    } else if let value = try? container.decode(Double.self) {
      self = .number(value)
    } else if let value = try? container.decode(String.self) {
      self = .string(value)
    } else if let value = try? container.decode([JSONValue].self) {
      self = .array(value)
    } else {
      self = .object(try container.decode([String: JSONValue].self))
    }
  }

  /// Parses JSON5 text (comments, trailing commas, unquoted keys, single quotes all allowed).
  ///
  /// - Throws: `JSON5Parser.SyntaxError` with the line and column of the first mistake.
  public static func parseJSON5(_ data: Data, duplicateKeys: JSON5Parser.DuplicateKeys = .refused) throws -> JSONValue {
    try JSON5Parser.parse(Array(data), duplicateKeys: duplicateKeys)
  }

  /// A short rendering of the value for "found …" in messages.
  public var summary: String {
    switch self {
    case .null: return "null"
    case .bool(let value): return String(value)
    case .number(let value):
      return value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    case .string(let value):
      let shown = value.count > 40 ? String(value.prefix(40)) + "…" : value
      return "\"\(shown)\""
    case .array(let values): return "an array of \(values.count)"
    case .object: return "an object"
    }
  }
}
