import Foundation
import Testing

@testable import SplashPresets

/// The whole presets that docs/presets.md shows compile as shown: a reader who copies one gets
/// no problem and no warning.
@Suite("docs/presets.md: every whole preset it shows compiles cleanly")
struct DocumentationExampleTests {
  static let page = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("docs/presets.md")

  /// The page's `json5` blocks that are whole presets (fragments are left out).
  static func wholePresets() throws -> [String] {
    let text = try String(contentsOf: page, encoding: .utf8)
    return text.components(separatedBy: "```json5\n").dropFirst().compactMap { block in
      guard let end = block.range(of: "\n```") else { return nil }
      let body = String(block[..<end.lowerBound])
      return body.hasPrefix("{") && body.contains("schemaVersion") ? body : nil
    }
  }

  @Test("the worked example and the Swift transcription are among them, and each checks clean")
  func examplesCompile() throws {
    let presets = try Self.wholePresets()
    #expect(presets.count >= 2, "found \(presets.count) whole presets")
    #expect(presets.contains { $0.contains("Three dots squeezing in turn") })
    for (index, preset) in presets.enumerated() {
      // Files a preset names are the examples' (the sequence shown is examples/launch.json5).
      let examples = Self.page.deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("examples")
      let check = PresetCompiler.check(Data(preset.utf8), file: "presets.md example \(index)", baseDirectory: examples)
      #expect(check.problems.isEmpty && check.warnings.isEmpty, "\(check.problems + check.warnings)")
    }
  }
}
