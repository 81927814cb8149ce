import Foundation
import SplashDocument
import Testing

@testable import SplashPresets

/// A JSON5 syntax error shows its line with a caret under the column, and hints at what JSON5
/// cannot say: arithmetic and bare words, which belong in strings.
@Suite("Syntax errors: the line with a caret under the column, and hints for arithmetic and words")
struct SyntaxErrorDisplayTests {
  /// The error compiling `text` throws.
  private func error(_ text: String) throws -> PresetError {
    do {
      _ = try PresetCompiler.compile(Data(text.utf8), file: "a.json5")
    } catch let error as PresetError {
      return error
    }
    Issue.record("compiled: \(text)")
    throw CancellationError()
  }

  @Test("the offending line is shown under the message, with a caret under the column")
  func caret() throws {
    let text = """
      {
        schemaVersion: 1,
        canvas: { size: [100, 100] },
        clip: { cycle: 1 },
        layers: [
          { id: "a" },
          { id: "b" },
          { id: "c" }
          // the comma above is missing
          { id: "d" },
        ],
      }
      """
    let found = try error(text)
    #expect(
      found.description == "a.json5: not valid JSON5: line 10, column 5: expected ',' or ']' after an element of the array, found '{'")
    #expect(found.excerpt == ["   10 |     { id: \"d\" },", "      |     ^"])
    // validate reports the same, and nothing else.
    #expect(PresetCompiler.problems(Data(text.utf8), file: "a.json5") == [found])
  }

  /// (the text, its excerpt)
  static let excerpts: [(String, [String])] = [
    // Tabs are expanded alike in the line and under it (to every fourth column).
    ("{\n\tsize:\t[1, 2 3],\n}", ["    2 |     size:   [1, 2 3],", "      |                   ^"]),
    // A control character is shown escaped, and the caret moves with it.
    ("{ a: \"x\u{1}y\" b: 1 }", ["    1 | { a: \"x\\x01y\" b: 1 }", "      |               ^"]),
    // An invisible character on its own is shown, not drawn.
    ("{ a: 1,\u{200B} }", ["    1 | { a: 1,\\u200b }", "      |        ^"]),
    // Wide characters take two columns on a terminal.
    ("{ \"ようこそ\": 1 2 }", ["    1 | { \"ようこそ\": 1 2 }", "      |                 ^"]),
    // At the end of the file the caret follows the last character.
    ("{ a: 1", ["    1 | { a: 1", "      |       ^"]),
    // Windows line ends count one line each.
    ("{\r\n  a: 1,\r\n  b: ]\r\n}", ["    3 |   b: ]", "      |      ^"]),
  ]

  @Test("tabs, control characters, wide characters, the end of the file and CRLF keep the caret in place", arguments: excerpts)
  func excerpt(text: String, expected: [String]) throws {
    #expect(try error(text).excerpt == expected)
  }

  @Test("a long line is cut around the column, with the caret still under the offending character")
  func longLine() throws {
    let before = (0..<60).map { "a\($0): \($0)" }.joined(separator: ", ")
    let after = (60..<120).map { "a\($0): \($0)" }.joined(separator: ", ")
    let found = try error("{ \(before), oops: ] , \(after) }")
    let lines = found.excerpt
    #expect(lines.count == 2)
    let text = Array(lines[0])
    let caret = try #require(Array(lines[1]).firstIndex(of: "^"))
    #expect(text[caret] == "]", "\(lines)")
    #expect(lines[0].hasPrefix("    1 | …") && lines[0].hasSuffix("…"), "\(lines)")
    #expect(text.count <= "    1 | ".count + SourceExcerpt.width + 2, "\(lines[0].count)")
  }

  /// (the value as written, words the message ends with)
  static let hints: [(String, String)] = [
    ("[0, 0, 40/9, 10]", #"found '/'; write arithmetic as a string, e.g. "40/9""#),
    ("2 * pi", #"found '*'; write arithmetic as a string, e.g. "2 * pi""#),
    ("(40 - 4) / 3", #"found '('; write arithmetic as a string, e.g. "(40 - 4) / 3""#),
    ("min(1, 2) / 3", #"found 'm'; write arithmetic as a string, e.g. "min(1, 2) / 3""#),
    ("HUGE", #"found 'H'; write it as a string: "HUGE""#),
    (".infinity", #"found '.'; write it as a string: ".infinity""#),
    ("Float.greatestFiniteMagnitude", #"found 'F'; write it as a string: "Float.greatestFiniteMagnitude""#),
    ("-90deg", #"found 'd'; write it as a string: "-90deg""#),
    ("forwards", #"found 'f'; write it as a string: "forwards""#),
    ("True", "found 'T'; write true"),
    ("tru", "found 't'"),
    ("1 2", "found '2'"),
    // An invisible character is named by its code.
    ("1,\u{200B}", "found U+200B"),
  ]

  @Test("arithmetic and words where a value goes get a hint to quote them", arguments: hints)
  func hint(value: String, ending: String) throws {
    let found = try error("{ schemaVersion: 1,\n  x: \(value),\n}")
    #expect(found.description.hasSuffix(ending), "\(found)")
    #expect(!found.description.contains("\n"))
  }
}
