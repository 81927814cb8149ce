import Foundation
import SplashModel
import Testing

/// `inspect` prints what the property registry lists for the layer's kind, so a property added
/// to the registry is inspected without more code.
@Suite("inspect prints the property registry's entries for each layer kind")
struct InspectRegistryTests {
  static let preset = """
    { schemaVersion: 1, canvas: { size: [100, 100] }, clip: { start: 0, cycle: 1 },
      layers: [
        { id: "plain" },
        { id: "outline", type: "shape", path: { oval: [0, 0, 20, 20] } },
        { id: "words", type: "text", string: "Hi" },
        { id: "ramp", type: "gradient", colors: ["red", "blue"] },
        { id: "copies", type: "replicator", instanceCount: 2 },
      ] }
    """

  /// The keys of the top-level object `inspect --layer` prints, in order (its members are
  /// indented by two spaces, nested ones by more).
  static func topLevelKeys(_ output: String) -> [String] {
    output.split(separator: "\n").compactMap { line in
      guard line.hasPrefix("  \""), !line.hasPrefix("   ") else { return nil }
      return line.dropFirst(3).split(separator: "\"").first.map(String.init)
    }
  }

  @Test("id, type, then each registry entry of the kind in registry order")
  func keysFollowTheRegistry() throws {
    let folder = try BinaryRunner.temporaryFolder()
    let file = folder.appendingPathComponent("kinds.json5")
    try Self.preset.write(to: file, atomically: true, encoding: .utf8)
    let layers: [(String, LayerKind)] = [
      ("plain", .layer), ("outline", .shape), ("words", .text), ("ramp", .gradient), ("copies", .replicator),
    ]
    for (id, kind) in layers {
      let outcome = try BinaryRunner.run(["inspect", "--file", file.path, "--time", "0", "--layer", id], in: folder)
      #expect(outcome.exitCode == 0, "\(outcome.standardError)")
      let expected = ["id", "type"] + LayerPropertyRegistry.entries(of: kind).map(\.name)
      #expect(Self.topLevelKeys(outcome.standardOutput) == expected, "the keys of a \(kind.rawValue) layer")
    }
  }
}
