import Foundation
import Testing

@testable import SplashPresets

/// The schema's account of expressions, angles and "for ever" agrees with the compiler's.
@Suite("presets/schema.json takes expressions wherever the compiler takes a number")
struct SchemaExpressionTests {
  private func schema() throws -> [String: Any] {
    let data = try Data(contentsOf: SchemaTests.schemaFile)
    return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
  }

  private func definition(_ name: String) throws -> [String: Any] {
    try #require((try schema()["$defs"] as? [String: Any])?[name] as? [String: Any], "$defs.\(name)")
  }

  /// The JSON pointers of every `anyOf` with a number branch, and whether it also takes an expression.
  private func numberChoices(in node: Any, at path: String) -> [(path: String, takesExpressions: Bool)] {
    if let list = node as? [Any] {
      return list.enumerated().flatMap { numberChoices(in: $1, at: "\(path)/\($0)") }
    }
    guard let object = node as? [String: Any] else { return [] }
    var found: [(String, Bool)] = []
    if let choices = object["anyOf"] as? [[String: Any]],
      choices.contains(where: { ["number", "integer"].contains($0["type"] as? String ?? "") })
    {
      found.append((path, choices.contains { $0["$ref"] as? String == "#/$defs/numberExpression" }))
    }
    return found + object.flatMap { numberChoices(in: $1, at: "\(path)/\($0)") }
  }

  @Test("every number the schema takes may also be an arithmetic expression")
  func numbersTakeExpressions() throws {
    let choices = numberChoices(in: try schema(), at: "")
    #expect(choices.count > 40)
    // A font weight's strings are UIKit's names; a cell value's factor is multiplied by the grid
    // before expressions are evaluated.
    let numbersOnly = ["/fontWeight", "/cellFactor"]
    for choice in choices where !numbersOnly.contains(where: { choice.path.hasSuffix($0) }) {
      #expect(choice.takesExpressions, "\(choice.path)")
    }
  }

  @Test("repeatForever lists the compiler's spellings of for ever")
  func forever() throws {
    let spellings = try #require(try definition("repeatForever")["enum"] as? [String])
    #expect(Set(spellings) == JSONCursor.foreverSpellings)
    #expect(spellings.count == JSONCursor.foreverSpellings.count)
  }

  private func matches(_ definition: [String: Any], _ text: String) throws -> Bool {
    let patterns = ((definition["anyOf"] as? [[String: Any]]) ?? [definition]).compactMap { $0["pattern"] as? String }
    return try patterns.contains { pattern in
      let expression = try NSRegularExpression(pattern: pattern)
      return expression.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil
    }
  }

  @Test("the expression and angle patterns take what the compiler takes and refuse a bare number angle")
  func patterns() throws {
    let expression = try definition("numberExpression")
    for text in ["(40 - 4) / 3", "2 * pi", "$size / 9", "min($w, $h) / 2", "-.5e3", "π / 2", "sqrt(2)"] {
      #expect(try matches(expression, text), "\(text)")
    }
    for text in ["#FF0000", "", "1; rm", "\"1\""] {
      #expect(try !matches(expression, text), "\(text)")
    }
    let angle = try definition("angle")
    for text in [
      "-90deg", "1.5pi", "0.25turn", "0.5rad", "pi", "pi / 4 rad", "360 / 8 deg", "-(pi / 2) rad", "2 * pi", "-pi / 2", "0", "$a deg",
    ] {
      #expect(try matches(angle, text), "\(text)")
    }
    for text in ["45", "90 / 2", "90grad", "$pivot / 2"] {
      #expect(try !matches(angle, text), "\(text)")
    }
  }
}
