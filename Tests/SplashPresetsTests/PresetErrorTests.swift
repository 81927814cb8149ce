import Foundation
import Testing

@testable import SplashPresets

@Suite("Bad presets are reported with file, JSON path, expected and found")
struct PresetErrorTests {
  private static let valid = """
    { schemaVersion: 1, canvas: { size: [100, 100], background: "#000000" }, clip: { cycle: 1 },
      layers: [ { id: "a", type: "shape", animations: [ { type: "basic", keyPath: "strokeEnd", fromValue: 0, toValue: 1 } ] } ] }
    """

  private func message(_ text: String) -> String {
    do {
      _ = try PresetCompiler.compile(Data(text.utf8), file: "broken.json5")
      return "no error"
    } catch {
      return "\(error)"
    }
  }

  @Test("a valid document compiles")
  func validCompiles() throws {
    let scene = try PresetCompiler.compile(Data(Self.valid.utf8), file: "ok.json5")
    #expect(scene.layers.count == 1)
  }

  static let cases: [(String, String, String)] = [
    (
      "syntax error", "{ schemaVersion: 1, ",
      "broken.json5: not valid JSON5"
    ),
    (
      "wrong schema version", valid.replacingOccurrences(of: "schemaVersion: 1", with: "schemaVersion: 7"),
      "broken.json5: schemaVersion: expected 1 (the schema this splashvid reads), found 7"
    ),
    (
      "unknown top-level key", valid.replacingOccurrences(of: "clip:", with: "clips:"),
      "broken.json5: clips: expected one of the keys canvas, clip, define, description, layers, parameters, schemaVersion, sequence, found unknown key \"clips\""
    ),
    (
      "missing clip", valid.replacingOccurrences(of: "clip: { cycle: 1 },", with: ""),
      "broken.json5: missing \"clip\""
    ),
    (
      "bad colour", valid.replacingOccurrences(of: "\"#000000\"", with: "\"#00000\""),
      "broken.json5: canvas.background: expected a colour such as \"#0F4E65\", \"#0F4E6580\", \"rgb(15, 78, 101)\", \"rgba(15, 78, 101, 0.5)\" or a UIKit name like \"white\", found \"#00000\""
    ),
    (
      "unknown key path", valid.replacingOccurrences(of: "\"strokeEnd\"", with: "\"strokeEnds\""),
      #"broken.json5: layers[0].animations[0].keyPath: expected a key path of a "shape" layer; did you mean "strokeEnd"? found "strokeEnds""#
    ),
    (
      "value of the wrong kind", valid.replacingOccurrences(of: "toValue: 1", with: "toValue: [1, 2]"),
      "broken.json5: layers[0].animations[0].toValue: expected a number, found an array of 2"
    ),
    (
      "shape key path on a plain layer", valid.replacingOccurrences(of: "type: \"shape\", ", with: ""),
      "broken.json5: layers[0].animations[0].keyPath: expected a key path that layers of type \"layer\" have (\"strokeEnd\" needs type \"shape\"), found \"strokeEnd\""
    ),
    (
      "angle without unit",
      valid.replacingOccurrences(
        of: "keyPath: \"strokeEnd\", fromValue: 0, toValue: 1", with: "keyPath: \"transform.rotation.z\", fromValue: 1.57, toValue: 6.28"),
      "broken.json5: layers[0].animations[0].fromValue: expected an angle with a unit"
    ),
    (
      "duplicate layer id",
      valid.replacingOccurrences(of: "layers: [ {", with: "layers: [ { id: \"a\" }, {"),
      "broken.json5: layers[1].id: expected a layer id not used elsewhere in the preset, found \"a\""
    ),
    (
      "keyTimes count",
      valid.replacingOccurrences(
        of: "type: \"basic\", keyPath: \"strokeEnd\", fromValue: 0, toValue: 1",
        with: "type: \"keyframe\", keyPath: \"strokeEnd\", values: [0, 1], keyTimes: [0, 0.5, 1]"),
      "broken.json5: layers[0].animations[0].keyTimes: expected 2 key times (one per value), found an array of 3"
    ),
  ]

  @Test("each problem names its JSON path", arguments: cases)
  func messages(rule: String, text: String, expectedPrefix: String) {
    let actual = message(text)
    #expect(actual.hasPrefix(expectedPrefix), "\(rule): \(actual)")
    #expect(!actual.contains("\n"), "\(rule): one line")
  }

  /// Found by ci/fuzz.sh: an unquoted key holding 0xFF bytes made Foundation's JSON5 scanner trap.
  @Test("fuzz regression: invalid UTF-8 is refused before the JSON5 scanner sees it")
  func invalidUTF8() throws {
    let crash = try #require(
      Data(
        base64Encoded:
          "Ly8gZXhwZWN0OiBzY2hlbWFWZXJzaW9uOiBleHBlY3RlZCAxICh0aGUgc2NoZW1hIHRoaXMgc3BsYXNodmlkIHJlYWRzKSwgZm8qdW5kIDIKeyBzY2hlbWFWZXJzaf////8yLCBjYW52YXM6IHsgc2l6ZTogWzEwMCwgMTAwXSB9LCBjbGlwOiB7IGN5Y2xlOiAyIH0sIGxheWVyczogW10gfQo="
      ))
    #expect {
      try PresetCompiler.compile(crash, file: "crash.json5")
    } throws: { error in
      "\(error)" == "crash.json5: not valid UTF-8 text"
    }
    #expect(PresetCompiler.problems(crash, file: "crash.json5").map(\.description) == ["crash.json5: not valid UTF-8 text"])
  }
}
