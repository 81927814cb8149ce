import Foundation
import Testing

/// `validate` shows a JSON5 syntax error's line with a caret under the column; the commands
/// and reports scripts read keep the one-line message.
@Suite("Syntax errors: validate shows the line and a caret, other commands one line")
struct SyntaxErrorCaretTests {
  /// A preset whose tenth line starts an element after a missing comma.
  static let missingComma = """
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

  private func folder(with files: [String: String]) throws -> URL {
    let folder = try BinaryRunner.temporaryFolder()
    for (name, text) in files { try Data(text.utf8).write(to: folder.appendingPathComponent(name)) }
    return folder
  }

  @Test("validate prints the message, then the line and a caret under the column")
  func validateShowsTheLine() throws {
    let folder = try folder(with: ["a.json5": Self.missingComma])
    let outcome = try BinaryRunner.runGuarded(["validate", "a.json5"], in: folder)
    #expect(outcome.exitCode == 1)
    #expect(
      outcome.standardOutput == """
        a.json5: not valid JSON5: line 10, column 5: expected ',' or ']' after an element of the array, found '{'
           10 |     { id: "d" },
              |     ^
        1 problem in 1 of 1 file

        """)
  }

  @Test("the line is shown escaped and the hint for arithmetic follows the message")
  func escapedLineAndHint() throws {
    let text =
      "{ schemaVersion: 1, canvas: { size: [100, 100] }, clip: { cycle: 1 },\n  layers: [ { id: \"x\u{1B}[31m\", bounds: [0, 0, 40/9, 10] } ] }"
    let folder = try folder(with: ["b.json5": text])
    let outcome = try BinaryRunner.runGuarded(["validate", "b.json5"], in: folder)
    #expect(outcome.exitCode == 1)
    let lines = outcome.standardOutput.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    #expect(
      lines == [
        #"b.json5: not valid JSON5: line 2, column 46: expected ',' or ']' after an element of the array, found '/'; write arithmetic as a string, e.g. "40/9""#,
        #"    2 |   layers: [ { id: "x\x1b[31m", bounds: [0, 0, 40/9, 10] } ] }"#,
        "      | " + String(repeating: " ", count: 48) + "^",
        "1 problem in 1 of 1 file", "",
      ], "\(outcome.standardOutput.debugDescription)")
    #expect(!outcome.standardOutput.contains("\u{1B}"))
  }

  @Test("still and batch keep the one-line message")
  func oneLineElsewhere() throws {
    let folder = try folder(with: ["a.json5": Self.missingComma])
    let still = try BinaryRunner.runGuarded(["still", "--file", "a.json5", "--time", "0", "-o", "a.png"], in: folder)
    #expect(still.exitCode == 1)
    #expect(
      still.standardError
        == "splashvid: a.json5: not valid JSON5: line 10, column 5: expected ',' or ']' after an element of the array, found '{'\n")

    try FileManager.default.createDirectory(at: folder.appendingPathComponent("in"), withIntermediateDirectories: true)
    try Data(Self.missingComma.utf8).write(to: folder.appendingPathComponent("in/a.json5"))
    let batch = try BinaryRunner.runGuarded(["batch", "in", "-o", "out"], in: folder)
    #expect(batch.exitCode == 1)
    let text = batch.standardOutput + batch.standardError
    #expect(text.contains("line 10, column 5: expected ',' or ']'"), "\(text)")
    #expect(!text.contains("    ^") && !text.contains("   10 |"), "\(text)")
  }
}
