import Foundation
import Testing

@testable import SplashPresets

/// Manifest rows checked against a preset parsed once: which parameters need no compile.
@Suite("Prepared presets: colour parameters a row may change without a compile")
struct PreparedPresetTests {
  private let presets = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("presets")

  @Test("every colour parameter of the shipped presets qualifies, grid cells included")
  func shippedPresets() throws {
    for (name, colours) in [
      ("fuber", ["backgroundColor", "labelColor", "logoColor", "tileLineColor"]),
      ("logo-reveal", ["primaryColor", "secondaryColor"]),
    ] {
      let file = presets.appendingPathComponent("\(name).json5")
      let prepared = try PreparedPreset(Data(contentsOf: file), file: file.path, baseDirectory: presets, assetsRoot: nil)
      #expect(prepared.colourOnlyParameters == Set(colours), "\(name)")
    }
  }

  @Test("a colour parameter also read another way does not qualify, and its rows are compiled")
  func mixedUse() throws {
    let text = """
      { schemaVersion: 1, canvas: { size: [100, 100] }, clip: { cycle: 1 },
        parameters: { tint: { type: "color", default: "#FF0000" }, plain: { type: "color", default: "#00FF00" } },
        layers: [ { id: "a", backgroundColor: "$tint" }, { id: "$tint" }, { id: "#0000FF" }, { id: "b", borderColor: "$plain" } ] }
      """
    let prepared = try PreparedPreset(Data(text.utf8), file: "p.json5", baseDirectory: presets, assetsRoot: nil)
    #expect(prepared.colourOnlyParameters == ["plain"])
    // As an id, this colour repeats another layer's: only a compile can tell.
    #expect(throws: PresetError.self) { try prepared.check(["tint": "#0000FF", "plain": "#0000FF"]) }
    try prepared.check(["tint": "#00FFFF", "plain": "#0000FF"])
  }

  @Test("text and font parameters read only as a text's string or a font family need only their value checked")
  func freeText() throws {
    let file = presets.appendingPathComponent("fuber.json5")
    let prepared = try PreparedPreset(Data(contentsOf: file), file: file.path, baseDirectory: presets, assetsRoot: nil)
    #expect(Set(prepared.freeTextParameters.keys) == ["labelLeft", "labelRight", "labelFont"])
    #expect(prepared.freeTextParameters["labelLeft"]??.hasSuffix(".string") == true)
    #expect(prepared.freeTextParameters["labelFont"] == .some(nil))
    try prepared.check(["labelLeft": "ÜBER", "labelFont": "No Such Font"])
    // The one check a text's string has, applied without a compile.
    #expect(throws: PresetError.self) { try prepared.check(["labelLeft": String(repeating: "W", count: 1001)]) }

    let text = """
      { schemaVersion: 1, canvas: { size: [100, 100] }, clip: { cycle: 1 },
        parameters: { word: { type: "text", default: "a" } },
        layers: [ { id: "x", type: "text", string: "$word" }, { id: "$word" }, { id: "b" } ] }
      """
    let mixed = try PreparedPreset(Data(text.utf8), file: "p.json5", baseDirectory: presets, assetsRoot: nil)
    #expect(mixed.freeTextParameters.isEmpty, "also an id: only a compile can tell")
    #expect(throws: PresetError.self) { try mixed.check(["word": "b"]) }
  }

  @Test("grid cell subscripts are removed from a path, nothing else")
  func cellSubscripts() {
    #expect(
      PreparedPreset.withoutCellSubscripts("layers[0].grid.cell[cell 3,5].sublayers[2].fillColor")
        == "layers[0].grid.cell.sublayers[2].fillColor")
    #expect(PreparedPreset.withoutCellSubscripts("layers[10].sublayers[1]") == "layers[10].sublayers[1]")
  }
}
