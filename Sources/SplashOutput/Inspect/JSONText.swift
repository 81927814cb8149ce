import Foundation
import SplashCore

/// A JSON value that keeps its keys in the order given, written with stable number formatting.
///
/// `inspect` output is read by people and diffed by scripts: keys follow Core Animation's
/// property order rather than the alphabet, and numbers are rounded to 6 decimals so that
/// 0.30000000000000004 prints as 0.3 on every machine.
public indirect enum JSONText: Equatable {
  case number(Double)
  case string(String)
  case bool(Bool)
  case null
  case array([JSONText])
  case object([(String, JSONText)])

  public static func == (lhs: JSONText, rhs: JSONText) -> Bool { lhs.rendered() == rhs.rendered() }

  /// The value as indented JSON text.
  func rendered(indent: String = "") -> String {
    let inner = indent + "  "
    switch self {
    case .number(let value): return Self.format(value)
    case .string(let text): return Self.quote(text)
    case .bool(let flag): return flag ? "true" : "false"
    case .null: return "null"
    case .array(let elements):
      if elements.isEmpty { return "[]" }
      if elements.allSatisfy({ if case .number = $0 { return true } else { return false } }) {
        return "[" + elements.map { $0.rendered() }.joined(separator: ", ") + "]"
      }
      return "[\n" + elements.map { inner + $0.rendered(indent: inner) }.joined(separator: ",\n") + "\n" + indent + "]"
    case .object(let members):
      if members.isEmpty { return "{}" }
      return "{\n" + members.map { inner + Self.quote($0.0) + ": " + $0.1.rendered(indent: inner) }.joined(separator: ",\n")
        + "\n" + indent + "}"
    }
  }

  static func format(_ value: Double) -> String {
    guard value.isFinite else { return "null" }
    var rounded = (value * 1_000_000).rounded() / 1_000_000
    if rounded == 0 { rounded = 0 }  // no "-0"
    if rounded == rounded.rounded() && abs(rounded) < 1e15 { return String(Int(rounded)) }
    var text = String(format: "%.6f", rounded)
    while text.hasSuffix("0") { text.removeLast() }
    return text
  }

  /// `text` as a JSON string literal, escaped.
  public static func quote(_ text: String) -> String {
    var result = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": result += "\\\""
      case "\\": result += "\\\\"
      case "\n": result += "\\n"
      case "\r": result += "\\r"
      case "\t": result += "\\t"
      // Controls, and the format characters that would reorder or hide text on a terminal
      // (U+202E), as escapes: the same string to a JSON reader, visible to a person.
      case let hidden where hidden.needsVisibleEscape: result += escaped(hidden)
      default: result.unicodeScalars.append(scalar)
      }
    }
    return result + "\""
  }

  /// `scalar` as JSON's `\uXXXX` escape: a pair of them, UTF-16's surrogates, above U+FFFF.
  public static func escaped(_ scalar: Unicode.Scalar) -> String {
    String(scalar).utf16.map { String(format: "\\u%04x", $0) }.joined()
  }
}
