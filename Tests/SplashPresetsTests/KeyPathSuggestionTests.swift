import Foundation
import Testing

@testable import SplashPresets

@Suite("An unknown key path suggests the closest ones the layer has, once per preset")
struct KeyPathSuggestionTests {
  private func preset(_ layers: String) -> Data {
    Data("{ schemaVersion: 1, canvas: { size: [100, 100] }, clip: { cycle: 1 }, layers: [ \(layers) ] }".utf8)
  }

  private func message(_ layers: String) -> String {
    do {
      _ = try PresetCompiler.compile(preset(layers), file: "typo.json5")
      return "no error"
    } catch {
      return "\(error)"
    }
  }

  private func animated(_ keyPath: String, type: String = "shape", id: String = "a") -> String {
    #"{ id: "\#(id)", type: "\#(type)", animations: [ { type: "basic", keyPath: "\#(keyPath)", toValue: 1 } ] }"#
  }

  @Test("a typo on a shape layer names the shape key path it meant, not every key path of every kind")
  func typoOnShape() {
    #expect(
      message(animated("strokeEndd"))
        == #"typo.json5: layers[0].animations[0].keyPath: expected a key path of a "shape" layer; did you mean "strokeEnd"? found "strokeEndd""#
    )
  }

  @Test("suggestions: the closest first, at most three, case ignored, whole components added or dropped")
  func closest() {
    let all = [
      "position", "position.x", "opacity", "transform", "transform.rotation", "transform.rotation.x",
      "transform.rotation.y", "transform.rotation.z", "transform.scale", "strokeEnd", "strokeStart",
    ]
    #expect(KeyPathSuggestion.closest(to: "opacty", among: all) == ["opacity"])
    #expect(KeyPathSuggestion.closest(to: "Opacity", among: all) == ["opacity"])
    #expect(
      KeyPathSuggestion.closest(to: "transform.rot", among: all) == ["transform.rotation", "transform.rotation.x", "transform.rotation.y"])
    #expect(KeyPathSuggestion.closest(to: "rotation", among: all) == ["transform.rotation"])
    #expect(KeyPathSuggestion.closest(to: "opacity.value", among: all) == ["opacity"])
    #expect(KeyPathSuggestion.closest(to: "xyz", among: all).isEmpty)
    #expect(KeyPathSuggestion.closest(to: "nothing-like-it", among: all).isEmpty)
  }

  @Test("edit distance counts insertions, deletions and replacements")
  func editDistance() {
    #expect(KeyPathSuggestion.editDistance("strokeendd", "strokeend") == 1)
    #expect(KeyPathSuggestion.editDistance("kitten", "sitting") == 3)
    #expect(KeyPathSuggestion.editDistance("", "abc") == 3)
    #expect(KeyPathSuggestion.editDistance("same", "same") == 0)
  }

  @Test("another kind's key path is named with the type it needs; nothing close lists the layer's own")
  func otherKinds() {
    #expect(
      message(animated("fontSze"))
        == #"typo.json5: layers[0].animations[0].keyPath: expected a key path of a "shape" layer ("fontSize" needs type "text"), found "fontSze""#
    )
    let unknown = message(animated("wobble", type: "text"))
    #expect(unknown.hasPrefix(#"typo.json5: layers[0].animations[0].keyPath: expected a key path of a "text" layer: one of CALayer's"#))
    #expect(unknown.contains(#"one of its own: "fontSize" or "foregroundColor""#), "\(unknown)")
    #expect(!unknown.contains("strokeEnd"), "no other kind's key paths: \(unknown)")
  }

  @Test("validate reports the same unknown key path once per preset, other problems still apiece")
  func oncePerPreset() {
    let layers = (0..<6).map { animated("strokeEndd", id: "dot\($0)") } + [animated("strokeStrat", id: "other")]
    let problems = PresetCompiler.problems(preset(layers.joined(separator: ", ")), file: "typo.json5").map(\.description)
    #expect(
      problems == [
        #"typo.json5: layers[0].animations[0].keyPath: expected a key path of a "shape" layer; did you mean "strokeEnd"? found "strokeEndd""#,
        #"typo.json5: layers[6].animations[0].keyPath: expected a key path of a "shape" layer; did you mean "strokeStart"? found "strokeStrat""#,
      ])
  }
}
