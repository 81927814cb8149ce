import Foundation
import Testing

@testable import SplashPresets

/// `validate` warns about shape layers that compile but draw nothing, so that a blank video is
/// never the first sign of a mistake.
@Suite("Shapes that draw nothing are warned about, with their JSON path")
struct ShapeWarningTests {
  private func check(_ layers: String) -> PresetCheck {
    let text = """
      { schemaVersion: 1, canvas: { size: [100, 100] }, clip: { start: 0, cycle: 1 },
        layers: [ \(layers) ] }
      """
    return PresetCompiler.check(Data(text.utf8), file: "w.json5")
  }

  @Test("an arc whose angles are equal has no length: a warning at its path, and the preset stays valid")
  func equalAnglesArc() {
    let result = check(
      #"{ id: "ring", type: "shape", path: { arc: { center: [50, 50], radius: 20, startAngle: "90deg", endAngle: "90deg", clockwise: false } } }"#
    )
    #expect(result.problems.isEmpty)
    #expect(
      result.warnings.map(\.description) == [
        "w.json5: layers[0].path: warning: this path has no length, so the layer draws nothing (an arc whose start and end angles are equal sweeps nothing)"
      ])
  }

  @Test("a full circle written 0…2π counter-clockwise draws, so nothing is said")
  func fullCircleIsFine() {
    let result = check(
      #"{ id: "dot", type: "shape", path: { arc: { center: [50, 50], radius: 20, startAngle: "0rad", endAngle: "2pi", clockwise: false } } }"#
    )
    #expect(result.problems.isEmpty)
    #expect(result.warnings.isEmpty)
  }

  @Test("a shape layer without a path is warned about; one whose path is animated in is not")
  func missingPath() {
    let result = check(
      """
      { id: "bare", type: "shape" },
      { id: "morph", type: "shape", sublayers: [],
        animations: [ { type: "basic", keyPath: "path", toValue: { rect: [0, 0, 10, 10] }, duration: 1 } ] }
      """)
    #expect(result.warnings.map(\.path) == ["layers[0]"])
  }

  @Test("a path that is itself a problem is reported once, as a problem")
  func badPathIsNotAlsoAWarning() {
    let result = check(#"{ id: "bad", type: "shape", path: { arc: { center: [0, 0] } } }"#)
    #expect(result.problems.count == 1)
    #expect(result.warnings.isEmpty)
  }
}
