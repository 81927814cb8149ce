import Foundation
import Testing

/// Names and texts that hold format characters (Unicode's Cf: U+202E RIGHT-TO-LEFT OVERRIDE,
/// isolates, zero-width spaces) or line separators are printed escaped, so a message shows the
/// name as it is rather than reordered or hidden (issue 39).
@Suite("Messages show format characters escaped, never raw")
struct VisibleEscapeTests {
  private var presets: String { BinaryRunner.repository.appendingPathComponent("presets").path }

  /// `scalar` as splashvid shows it: `\u{202E}`.
  private func shown(_ scalar: Unicode.Scalar) -> String { "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}" }

  private let hidden: [Unicode.Scalar] = ["\u{202E}", "\u{2066}", "\u{200B}", "\u{FEFF}", "\u{061C}", "\u{2028}"]

  @Test("a `wrote` line and an error quoting a path show U+202E and its kind as \\u{…}")
  func wroteLineAndErrors() throws {
    let folder = try BinaryRunner.temporaryFolder()
    let outcome = try BinaryRunner.run(
      ["--preset", "fuber", "--presets-dir", presets, "--fps", "5", "--size", "64x64", "-o", "clip\u{202E}4pm.mp4"], in: folder)
    #expect(outcome.exitCode == 0, "\(outcome.standardError)")
    #expect(outcome.standardError == "wrote clip\\u{202E}4pm.mp4: 15 frames, 64x64, 5 fps, 3.00 s\n")
    #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("clip\u{202E}4pm.mp4").path))
    for scalar in hidden {
      let missing = try BinaryRunner.run(
        ["still", "--file", "x\(Character(scalar))y.json5", "--time", "0", "-o", "s.png"], in: folder)
      #expect(missing.exitCode != 0)
      #expect(missing.standardError.contains("x\(shown(scalar))y.json5"), "\(missing.standardError)")
      #expect(!missing.standardError.unicodeScalars.contains(scalar), "U+\(String(scalar.value, radix: 16)) printed raw")
    }
  }

  @Test("a batch's progress, summary and report show an output named with U+202E escaped; the report reads back the name")
  func batch() throws {
    let folder = try BinaryRunner.temporaryFolder()
    try Data("preset,output\nfuber,r\u{202E}4pm.mp4\n".utf8).write(to: folder.appendingPathComponent("clips.csv"))
    let outcome = try BinaryRunner.run(
      ["batch", presets, "-o", "out", "--manifest", "clips.csv", "--size", "64x64", "--fps", "5", "--report", "report.json"],
      in: folder)
    #expect(outcome.exitCode == 0, "\(outcome.standardError)")
    for text in [outcome.standardOutput, outcome.standardError] {
      #expect(text.contains("r\\u{202E}4pm.mp4"), "\(text)")
      #expect(!text.unicodeScalars.contains("\u{202E}"))
    }
    let report = try Data(contentsOf: folder.appendingPathComponent("report.json"))
    let text = String(decoding: report, as: UTF8.self)
    #expect(!text.unicodeScalars.contains("\u{202E}") && text.contains("r\\u202e4pm.mp4"), "\(text)")
    let object = try #require(try JSONSerialization.jsonObject(with: report) as? [String: Any])
    let clips = try #require(object["clips"] as? [[String: Any]])
    #expect(clips.first?["output"] as? String == "out/r\u{202E}4pm.mp4")
  }

  @Test("inspect's JSON escapes a layer's text that holds U+202E; it reads back the same")
  func inspectJSON() throws {
    let folder = try BinaryRunner.temporaryFolder()
    let outcome = try BinaryRunner.run(
      ["inspect", "--preset", "fuber", "--presets-dir", presets, "--time", "1", "--param", "labelLeft=a\u{202E}b"], in: folder)
    #expect(outcome.exitCode == 0, "\(outcome.standardError)")
    #expect(!outcome.standardOutput.unicodeScalars.contains("\u{202E}"))
    #expect(outcome.standardOutput.contains("a\\u202eb"))
    _ = try #require(try JSONSerialization.jsonObject(with: Data(outcome.standardOutput.utf8)) as? [String: Any])
  }
}
