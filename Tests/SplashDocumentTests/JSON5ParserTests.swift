import Dispatch
import Foundation
import SplashDocument
import Testing

/// splashvid's JSON5 reader: the language of spec.json5.org, and mistakes reported by line and
/// column.
@Suite("JSON5: every form presets use, and mistakes by line and column")
struct JSON5ParserTests {
  private func parse(_ text: String) throws -> JSONValue { try JSON5Parser.parse(Array(text.utf8)) }

  @Test("the conveniences JSON5 adds to JSON")
  func language() throws {
    let text = """
      \u{FEFF}// a comment
      {
        unquoted: 'single',  /* a block
        comment */ "quoted": "double",
        $dollar_1: [1, +2, -3, .5, 5., 0x1F, -0xA, 1e3, 2.5E-1, 5.e1, Infinity, -Infinity,],
        escapes: 'it\\'s \\"q\\" \\\\ \\/ \\b\\f\\n\\r\\t\\v\\0 \\x41 \\u00e9 \\ud83d\\ude00 \\q',
        continued: "one \\
      two",
        ünïcode: true, no: false, nothing: null,
        nested: { deeper: [[], {}], },
      }
      """
    let value = try parse(text)
    guard case .object(let members) = value else {
      Issue.record("not an object: \(value)")
      return
    }
    #expect(members["unquoted"] == .string("single"))
    #expect(members["quoted"] == .string("double"))
    #expect(
      members["$dollar_1"]
        == .array([1, 2, -3, 0.5, 5, 31, -10, 1000, 0.25, 50, .infinity, -.infinity].map(JSONValue.number)))
    #expect(members["escapes"] == .string("it's \"q\" \\ / \u{8}\u{C}\n\r\t\u{B}\u{0} A é 😀 q"))
    #expect(members["continued"] == .string("one two"))
    #expect(members["ünïcode"] == .bool(true))
    #expect(members["no"] == .bool(false))
    #expect(members["nothing"] == .null)
    #expect(members["nested"] == .object(["deeper": .array([.array([]), .object([:])])]))
    guard case .number(let notANumber) = try parse("NaN") else { return }
    #expect(notANumber.isNaN)
  }

  /// (text, line, column, words the message must hold)
  static let mistakes: [(String, Int, Int, String)] = [
    ("{ a: 1,\n  b: [1, 2 }", 2, 12, "expected ',' or ']'"),
    ("{ schemaVersion: 1,\n canvas: { size: [100, 100] ],\n}", 2, 29, "expected ',' or '}' after the value of \"size\", found ']'"),
    ("{ a: \"x\ny\" }", 1, 8, "line break inside a string"),
    ("{ a: 'open", 1, 6, "the string that starts here"),
    ("{ a: 1 /* open", 1, 8, "the comment that starts here"),
    ("{ a: 01 }", 1, 6, "without leading zeros"),
    ("{ a: tru }", 1, 6, "expected a value"),
    ("{ a: 1 } x", 1, 10, "the end of the document"),
    ("{ 'a' 1 }", 1, 7, "expected ':' after the key \"a\""),
    ("{ a: \"\\1\" }", 1, 8, "other than a digit"),
    ("{ a: 1e }", 1, 8, "exponent"),
    ("{ a: 1,\n  b: 2, 'a': 3 }", 2, 9, "\"a\" is given again here"),
    ("{ a: 12abc }", 1, 8, "after the number"),
    ("", 1, 1, "expected a value, found the end of the file"),
    ("{ é: 1,\n  ö: ] }", 2, 6, "expected a value"),
  ]

  @Test("a mistake is reported at its line and column", arguments: mistakes)
  func mistakeIsLocated(text: String, line: Int, column: Int, words: String) {
    do {
      _ = try JSON5Parser.parse(Array(text.utf8))
      Issue.record("accepted \(text)")
    } catch {
      #expect(error.line == line && error.column == column, "\(error)")
      #expect(error.description.contains(words), "\(error)")
    }
  }

  @Test("nesting up to the limit parses on a worker thread; one more level is a mistake, not a crash")
  func depth() throws {
    let limit = JSON5Parser.maximumDepth
    let atLimit = String(repeating: "[{a:", count: limit / 2) + "1" + String(repeating: "}]", count: limit / 2)
    var parsed = false
    DispatchQueue.global().sync { parsed = (try? JSON5Parser.parse(Array(atLimit.utf8))) != nil }
    #expect(parsed)
    let beyond = String(repeating: "[", count: limit + 1) + String(repeating: "]", count: limit + 1)
    #expect(throws: JSON5Parser.SyntaxError.self) { try JSON5Parser.parse(Array(beyond.utf8)) }
    let hostile = String(repeating: "[", count: 1_000_000)
    #expect(throws: JSON5Parser.SyntaxError.self) { try JSON5Parser.parse(Array(hostile.utf8)) }
  }

  @Test("the shipped presets and every kept fuzz input read as Foundation's JSON5 reader reads them")
  func agreesWithFoundation() throws {
    let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    var files = try FileManager.default.contentsOfDirectory(atPath: repository.appendingPathComponent("presets").path)
      .filter { $0.hasSuffix(".json5") }.map { repository.appendingPathComponent("presets/\($0)") }
    files += try FileManager.default.contentsOfDirectory(atPath: repository.appendingPathComponent("Fuzz/corpus").path)
      .map { repository.appendingPathComponent("Fuzz/corpus/\($0)") }
    var compared = 0
    for file in files {
      let data = try Data(contentsOf: file)
      // Foundation's reader traps on some invalid UTF-8; presets are checked for it first.
      guard String(validating: data, as: UTF8.self) != nil else { continue }
      let decoder = JSONDecoder()
      decoder.allowsJSON5 = true
      guard let expected = try? decoder.decode(JSONValue.self, from: data) else { continue }
      do {
        let ours = try JSON5Parser.parse(Array(data))
        #expect(same(ours, expected), "\(file.lastPathComponent)")
        compared += 1
      } catch {
        // Foundation keeps the first of a repeated key silently; splashvid refuses it.
        #expect(error.message.contains("is given again here"), "\(file.lastPathComponent): \(error)")
      }
    }
    #expect(compared >= 3)
  }

  @Test("one pass notes the first repeated key where refusing would stop, and keeps each key's last value")
  func notedRepeats() throws {
    let text = Array("{\n  a: 1,\n  b: { c: 2, c: 3 },\n  a: 4,\n}".utf8)
    let parsed = try JSON5Parser.parseNotingRepeatedKeys(text)
    #expect(parsed.value == .object(["a": .number(4), "b": .object(["c": .number(3)])]))
    let refused = #expect(throws: JSON5Parser.SyntaxError.self) { try JSON5Parser.parse(text) }
    let noted = try #require(parsed.firstRepeatedKey)
    #expect(noted.description == refused?.description)
    #expect(noted.description == "line 3, column 14: expected each key once in an object; \"c\" is given again here, found 'c'")
    #expect(noted.excerpt == refused?.excerpt && !noted.excerpt.isEmpty)
    #expect(try JSON5Parser.parseNotingRepeatedKeys(Array("{a: 1, b: 2}".utf8)).firstRepeatedKey == nil)
  }

  @Test("a syntax error after a repeated key reports the repetition, the first mistake, as refusing does")
  func firstMistakeFirst() {
    let repeatedThenBroken = Array("{a: 1, a: 2, b: }".utf8)
    let refused = #expect(throws: JSON5Parser.SyntaxError.self) { try JSON5Parser.parse(repeatedThenBroken) }
    let noted = #expect(throws: JSON5Parser.SyntaxError.self) { try JSON5Parser.parseNotingRepeatedKeys(repeatedThenBroken) }
    #expect(noted?.description == refused?.description)
    #expect(noted?.message.contains("\"a\" is given again") == true)
    let broken = #expect(throws: JSON5Parser.SyntaxError.self) { try JSON5Parser.parseNotingRepeatedKeys(Array("{b: }".utf8)) }
    #expect(broken?.message.hasPrefix("expected a value") == true)
  }

  /// Equal, counting NaN equal to NaN.
  private func same(_ first: JSONValue, _ second: JSONValue) -> Bool {
    switch (first, second) {
    case (.number(let a), .number(let b)): return a == b || (a.isNaN && b.isNaN)
    case (.array(let a), .array(let b)): return a.count == b.count && zip(a, b).allSatisfy(same)
    case (.object(let a), .object(let b)):
      return a.count == b.count && a.allSatisfy { key, value in b[key].map { same(value, $0) } ?? false }
    default: return first == second
    }
  }
}
