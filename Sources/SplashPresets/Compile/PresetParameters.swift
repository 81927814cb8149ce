import Foundation
import SplashCore
import SplashDocument

/// A preset's parameters: named, typed values that users override with `--param name=value`.
///
///     parameters: {
///       labelText: { type: "text", default: "Welcome", description: "the word that springs in" },
///       brand:     { type: "color", default: "#40E0B0" },
///     },
///     … anywhere a value goes: "$labelText", "$brand"
///
/// A string that is exactly `$name` is replaced by the parameter's value before the preset is
/// compiled, so a parameter can stand for any value of its type; `$$` starts a literal `$`.
/// Inside an arithmetic expression (`"$size / 9"`, `"$angle deg"`) `$name` reads a number
/// parameter's value as the expression is evaluated (`ExpressionParameters`).
/// Types: `color`, `text`, `number` (its default and `--param` may be expressions without
/// parameters: `"375 / 3"`), `image` (a file path, relative to the preset) and `font` (a
/// family name).
public struct PresetParameter: Sendable, Hashable {
  public enum Kind: String, Sendable, Hashable, CaseIterable {
    case color, text, number, image, font
  }

  public var name: String
  public var kind: Kind
  public var defaultValue: JSONValue
  public var description: String?

  public init(name: String, kind: Kind, defaultValue: JSONValue, description: String? = nil) {
    self.name = name
    self.kind = kind
    self.defaultValue = defaultValue
    self.description = description
  }
}

enum PresetParameters {
  /// Reads the `parameters` object.
  static func declarations(_ cursor: JSONCursor?) throws -> [PresetParameter] {
    guard let cursor else { return [] }
    guard case .object(let members) = cursor.value else { throw cursor.error(expected: "an object of parameters") }
    var parameters: [PresetParameter] = []
    let entries = try cursor.object(allowedKeys: Set(members.keys))
    for name in members.keys.sorted() {
      guard let entry = entries[name] else { continue }
      guard name.range(of: "^[A-Za-z][A-Za-z0-9_]*$", options: .regularExpression) != nil else {
        throw entry.error(expected: "a parameter name of letters, digits and _ starting with a letter")
      }
      let fields = try entry.object(allowedKeys: ["type", "default", "description"])
      guard let typeCursor = fields["type"] else { throw entry.error("missing \"type\"") }
      let kind = try typeCursor.choice(PresetParameter.Kind.self)
      guard let defaultCursor = fields["default"] else { throw entry.error("missing \"default\"") }
      try check(defaultCursor, kind: kind)
      // A number's default may be an expression ("375 / 3"); expressions elsewhere read its value.
      let defaultValue = kind == .number ? JSONValue.number(try defaultCursor.number()) : defaultCursor.value
      parameters.append(
        PresetParameter(name: name, kind: kind, defaultValue: defaultValue, description: try fields["description"]?.string()))
    }
    return parameters
  }

  /// Checks that a value fits its parameter's type.
  static func check(_ cursor: JSONCursor, kind: PresetParameter.Kind) throws {
    switch kind {
    case .color: _ = try cursor.color()
    case .number: _ = try cursor.number()
    case .text, .image, .font: _ = try cursor.string()
    }
  }

  /// The value of a `--param name=value` (or a manifest row's `name=value`) for a parameter, from its text.
  static func value(
    from text: String, origin: ParameterOrigin, for parameter: PresetParameter, file: String
  ) throws -> JSONValue {
    let value: JSONValue
    if parameter.kind == .number {
      // As in the preset, a number may be written as an expression: --param size="(375 - 20) / 3".
      let cursor = JSONCursor(value: .string(text), jsonPath: "parameters.\(parameter.name)", file: file)
      value = .number(try cursor.evaluatedExpression(expected: "a number for --param \(parameter.name)"))
    } else if parameter.kind == .image && origin == .commandLine && !text.hasPrefix("/") {
      // A path typed on the command line is relative to where the user is, not to the preset;
      // a manifest's path stays as written and resolves against the preset's folder, as the
      // preset's own image paths do.
      value = .string(FileManager.default.currentDirectoryPath + "/" + text)
    } else {
      value = .string(text)
    }
    try check(JSONCursor(value: value, jsonPath: "--param \(parameter.name)", file: file), kind: parameter.kind)
    return value
  }

  /// Whether `text`, which starts with `$`, is an expression that starts with a parameter
  /// (`"$size / 9"`, `"$angle deg"`): a name, then a space or an operator. It stays as it is,
  /// for the number or angle reader to evaluate with the parameters' values.
  static func isExpression(_ text: String) -> Bool {
    let name = text.dropFirst()
    guard let first = name.first, first.isASCII, first.isLetter else { return false }
    guard let next = name.drop(while: { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") }).first else { return false }
    return " \t+-*/".contains(next)
  }

  /// `document` with every `"$name"` string replaced by its parameter's value.
  static func substitute(_ document: JSONValue, values: [String: JSONValue], path: String, file: String) throws -> JSONValue {
    switch document {
    case .string(let text) where text.hasPrefix("$$"):
      return .string(String(text.dropFirst()))
    case .string(let text) where text.hasPrefix("$") && !isExpression(text):
      let name = String(text.dropFirst())
      guard let value = values[name] else {
        let known = values.keys.sorted().map { "$" + $0 }.joined(separator: ", ")
        throw PresetError(
          file: file, path: path, expected: known.isEmpty ? "no parameter reference (the preset declares none)" : "one of \(known)",
          found: "\"\(text)\"")
      }
      return value
    case .array(let elements):
      return .array(try elements.enumerated().map { try substitute($1, values: values, path: "\(path)[\($0)]", file: file) })
    case .object(let members):
      var result: [String: JSONValue] = [:]
      for (key, member) in members {
        result[key] = try substitute(member, values: values, path: path.isEmpty ? key : "\(path).\(key)", file: file)
      }
      return .object(result)
    default:
      return document
    }
  }
}
