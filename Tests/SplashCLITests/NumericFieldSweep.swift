import Foundation
import SplashDocument

/// A document's numeric fields, each replaced in turn by a hostile number, and the document
/// written back as JSON5 (which can say `NaN` and `Infinity`, as JSON cannot).
enum NumericFieldSweep {
  /// One step of a JSON path: a member's name or an element's index.
  enum Step: Hashable, CustomStringConvertible {
    case member(String)
    case element(Int)

    var description: String {
      switch self {
      case .member(let name): ".\(name)"
      case .element(let index): "[\(index)]"
      }
    }
  }

  /// The numbers each field is given: past any sensible size both ways, not a number, and the
  /// zero that divides into −∞.
  static let hostileNumbers: [Double] = [1e308, -1e308, .nan, -0.0]

  /// The path of each numeric field of `document`, once per field: the elements of an array of
  /// numbers or of arrays (a vector, a list of points, a gradient's stops) count as one field,
  /// the first standing for the rest, while each object of an array (a layer, a shape) has its
  /// own fields.
  static func numericFields(of document: JSONValue) -> [[Step]] {
    var seen: Set<String> = []
    var fields: [[Step]] = []
    func walk(_ value: JSONValue, path: [Step], key: String) {
      switch value {
      case .number:
        if seen.insert(key).inserted { fields.append(path) }
      case .array(let elements):
        let isVector = elements.allSatisfy { if case .object = $0 { false } else { true } }
        for (index, element) in elements.enumerated() {
          walk(element, path: path + [.element(index)], key: key + (isVector ? "[]" : "[\(index)]"))
        }
      case .object(let members):
        for name in members.keys.sorted() { walk(members[name]!, path: path + [.member(name)], key: key + "." + name) }
      case .null, .bool, .string:
        break
      }
    }
    walk(document, path: [], key: "")
    return fields
  }

  /// `document` with the number at `path` replaced by `number`.
  static func replacing(_ document: JSONValue, at path: ArraySlice<Step>, with number: Double) -> JSONValue {
    guard let step = path.first else { return .number(number) }
    switch (step, document) {
    case (.member(let name), .object(var members)):
      members[name] = replacing(members[name] ?? .null, at: path.dropFirst(), with: number)
      return .object(members)
    case (.element(let index), .array(var elements)):
      elements[index] = replacing(elements[index], at: path.dropFirst(), with: number)
      return .array(elements)
    default:
      return document
    }
  }

  /// `value` as JSON5 text.
  static func json5(_ value: JSONValue) -> String {
    switch value {
    case .null: return "null"
    case .bool(let value): return String(value)
    case .number(let number):
      if number.isNaN { return "NaN" }
      if number.isInfinite { return number < 0 ? "-Infinity" : "Infinity" }
      if number == 0 && number.sign == .minus { return "-0" }
      return "\(number)"
    case .string(let text):
      var quoted = "\""
      for scalar in text.unicodeScalars {
        switch scalar {
        case "\"": quoted += "\\\""
        case "\\": quoted += "\\\\"
        case _ where scalar.value < 0x20: quoted += String(format: "\\u%04x", scalar.value)
        default: quoted.unicodeScalars.append(scalar)
        }
      }
      return quoted + "\""
    case .array(let elements): return "[" + elements.map(json5).joined(separator: ",") + "]"
    case .object(let members):
      return "{" + members.keys.sorted().map { json5(.string($0)) + ":" + json5(members[$0]!) }.joined(separator: ",") + "}"
    }
  }
}
