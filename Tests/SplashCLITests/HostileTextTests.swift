import Foundation
import Testing

/// Text that overflowed Pango's 32-bit units crashed the binary (`arithmetic overflow`, exit
/// 132) or let Pango's warnings through; now a long text is refused at the preset, and huge
/// text draws with splashvid's own warning only.
@Suite("Hostile text: long strings and huge sizes end in one line, never a crash")
struct HostileTextTests {
  static let longText = String(repeating: "W", count: 60_000)

  @Test(
    "--param with 60 000 characters is refused by render, still and sheet, naming the layer and the limit",
    arguments: [
      ["-o", "o.mp4", "--size", "64x64", "--fps", "5"], ["still", "--time", "2", "--size", "64x64", "-o", "s.png"],
      ["sheet", "--frames", "2", "-o", "sheet.png"],
    ])
  func longParameter(command: [String]) throws {
    let folder = try BinaryRunner.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let arguments =
      (command.first == "-o" ? [] : [command[0]])
      + ["--file", HostileFileInputTests.fuber, "--param", "labelLeft=\(Self.longText)"]
      + (command.first == "-o" ? command : Array(command.dropFirst()))
    let outcome = try BinaryRunner.runGuarded(arguments, in: folder)
    try HostileFileInputTests.expectRefused(
      outcome, containing: ["sublayers[0].string: expected a text of at most 1000 characters, found 60000 characters"],
      exitCode: 1, in: folder, leaving: [])
  }

  @Test("a 1000-point label scaled 1000 times draws with one warning of splashvid's, no Pango noise")
  func hugeLabel() throws {
    let folder = try BinaryRunner.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let preset = try String(contentsOfFile: HostileFileInputTests.fuber, encoding: .utf8)
      .replacingOccurrences(of: "fontSize: 50", with: "fontSize: 1000")
      .replacingOccurrences(
        of: "id: \"label-left\",\n                  type: \"text\",",
        with: "id: \"label-left\",\n                  type: \"text\",\n                  transform: { scale: 1000 },")
    try #require(preset.contains("scale: 1000 }"))
    try Data(preset.utf8).write(to: folder.appendingPathComponent("huge.json5"))
    let outcome = try BinaryRunner.runGuarded(
      ["still", "--file", "huge.json5", "--time", "2", "--size", "64x64", "-o", "h.png"], in: folder)
    #expect(outcome.exitCode == 0, "\(outcome.standardError)")
    #expect(
      outcome.standardError
        == "splashvid: warning: text \"F\" is larger than 65535 pixels at some frames; drawn at that size there (FreeType's largest)\n"
        + "wrote h.png: t = 2.0 s, 64x64\n")
  }
}
