import Foundation
import Testing

/// What an author transcribing an iOS loader is told: warnings about shapes that draw nothing,
/// and each preset's description where presets are listed.
@Suite("Authoring messages: silent blanks are warned about, descriptions are listed")
struct AuthoringMessagesTests {
  @Test("validate warns about an arc of equal angles with its JSON path, and still exits 0")
  func validateWarnsAboutAnEmptyArc() throws {
    let folder = try BinaryRunner.temporaryFolder()
    try """
    { schemaVersion: 1, canvas: { size: [100, 100] }, clip: { start: 0, cycle: 1 },
      layers: [ { id: "ring", type: "shape", strokeColor: "red", lineWidth: 2,
                  path: { arc: { center: [50, 50], radius: 20, startAngle: "0deg", endAngle: "0deg" } } } ] }
    """.write(to: folder.appendingPathComponent("ring.json5"), atomically: false, encoding: .utf8)
    let outcome = try BinaryRunner.run(["validate", "ring.json5"], in: folder)
    #expect(outcome.exitCode == 0, "\(outcome.standardError)")
    let lines = outcome.standardOutput.split(separator: "\n").map(String.init)
    #expect(lines.first?.hasPrefix("ring.json5: layers[0].path: warning: this path has no length") == true)
    #expect(lines.last == "ok ring.json5 (1 warning)")
  }

  @Test("still and render say the same warning on stderr, and still write their output")
  func renderingWarnsToo() throws {
    let folder = try BinaryRunner.temporaryFolder()
    try """
    { schemaVersion: 1, canvas: { size: [100, 100] }, clip: { start: 0, cycle: 1 },
      layers: [ { id: "ring", type: "shape", strokeColor: "red", lineWidth: 2,
                  path: { arc: { center: [50, 50], radius: 20, startAngle: "90deg", endAngle: "90deg" } } } ] }
    """.write(to: folder.appendingPathComponent("ring.json5"), atomically: false, encoding: .utf8)
    let warning = "splashvid: ring.json5: layers[0].path: warning: this path has no length"
    for arguments in [["still", "--file", "ring.json5", "--time", "0", "-o", "ring.png"], ["--file", "ring.json5", "-o", "ring.mp4"]] {
      let outcome = try BinaryRunner.run(arguments, in: folder)
      #expect(outcome.exitCode == 0, "\(arguments): \(outcome.standardError)")
      let lines = outcome.standardError.split(separator: "\n").map(String.init)
      #expect(lines.filter { $0.hasPrefix(warning) }.count == 1, "\(arguments): \(outcome.standardError)")
      #expect(!outcome.standardOutput.contains("warning"), "\(arguments)")
    }
    #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("ring.png").path))
    #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("ring.mp4").path))
  }

  @Test("presets prints each preset's description under its name")
  func presetsListsDescriptions() throws {
    let presets = BinaryRunner.repository.appendingPathComponent("presets").path
    let outcome = try BinaryRunner.run(["presets", "--presets-dir", presets], in: try BinaryRunner.temporaryFolder())
    #expect(outcome.exitCode == 0, "\(outcome.standardError)")
    let lines = outcome.standardOutput.split(separator: "\n").map(String.init)
    let fuber = try #require(lines.firstIndex { $0.hasPrefix("fuber ") })
    #expect(lines[fuber + 1].hasPrefix("    Uber-style splash: rippling lattice tiles"))
  }
}
