import Foundation
import Testing

@testable import SplashPresets

/// Every file in `Broken/` is a preset with deliberate mistakes; its `// expect:` lines give
/// the problems `validate` must report (file, JSON path, expected, found), in any order.
@Suite("Deliberately broken presets are reported at the right JSON path, and none crashes")
struct BrokenPresetTests {
  static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Broken")

  static var files: [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).filter { $0.hasSuffix(".json5") }.sorted()
  }

  @Test("there are at least 20 broken presets")
  func enough() {
    #expect(Self.files.count >= 20)
  }

  @Test("each problem is reported with its JSON path", arguments: files)
  func reported(file: String) throws {
    let url = Self.folder.appendingPathComponent(file)
    let text = try String(contentsOf: url, encoding: .utf8)
    let expectations = text.split(separator: "\n").filter { $0.hasPrefix("// expect: ") }.map { String($0.dropFirst(11)) }
    #expect(!expectations.isEmpty, "\(file) names its expected problems")
    let problems = PresetCompiler.problems(Data(text.utf8), file: file, baseDirectory: Self.folder).map(\.description)
    #expect(problems.count == expectations.count, "\(file): \(problems)")
    for expectation in expectations {
      #expect(problems.contains { $0.hasPrefix("\(file): \(expectation)") }, "\(file) should report \(expectation); got \(problems)")
    }
    // Rendering stops at the first of them, with the same message.
    #expect(throws: PresetError.self) { try PresetCompiler.compile(Data(text.utf8), file: file, baseDirectory: Self.folder) }
  }
}
