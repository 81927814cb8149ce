import Foundation
import SplashCore
import SplashModel
import Testing

@testable import SplashPresets

/// `frame: [x, y, width, height]` as `layer.frame = CGRect(…)` sets it.
@Suite("frame sets bounds and position as CALayer's frame setter does")
struct LayerFrameTests {
  private func layers(_ layers: String) throws -> [Layer] {
    let text = "{ schemaVersion: 1, canvas: { size: [375, 667] }, clip: { cycle: 1 }, layers: [ \(layers) ] }"
    return try PresetCompiler.compile(Data(text.utf8), file: "frame.json5").layers
  }

  @Test("with the default anchor point the position is the frame's centre; the bounds' origin stays 0")
  func defaultAnchor() throws {
    let layer = try #require(try layers(#"{ id: "a", frame: [10, 20, 40, 30] }"#).first)
    #expect(layer.properties.bounds == Rect(x: 0, y: 0, width: 40, height: 30))
    #expect(layer.properties.position == Point(x: 30, y: 35))
    #expect(layer.properties.anchorPoint == Point(x: 0.5, y: 0.5))
  }

  @Test("with another anchor point the position is that point of the frame, wherever anchorPoint is written")
  func customAnchor() throws {
    let found = try layers(
      #"""
      { id: "a", frame: [10, 20, 40, 30], anchorPoint: [0, 1] },
      { id: "b", anchorPoint: [0.25, 0.5], frame: ["(40 - 4) / 3", 0, "400 / 10", "2 * 15"] }
      """#)
    #expect(found[0].properties.position == Point(x: 10, y: 50))
    #expect(found[1].properties.bounds == Rect(x: 0, y: 0, width: 40, height: 30))
    #expect(found[1].properties.position == Point(x: 22, y: 15))
    // The frame is where the layer draws: its top-left corner in the parent is the frame's origin.
    let presentation = try PresetCompiler.compile(
      Data(
        #"{ schemaVersion: 1, canvas: { size: [100, 100] }, clip: { cycle: 1 }, layers: [ { id: "a", frame: [10, 20, 40, 30], anchorPoint: [0.2, 0.7] } ] }"#
          .utf8),
      file: "frame.json5"
    ).presentation(at: 0).layer(withID: "a")
    let layer = try #require(presentation)
    let topLeft = Point(
      x: layer.properties.position.x - layer.properties.anchorPoint.x * layer.properties.bounds.size.width,
      y: layer.properties.position.y - layer.properties.anchorPoint.y * layer.properties.bounds.size.height)
    #expect(abs(topLeft.x - 10) < 1e-12 && abs(topLeft.y - 20) < 1e-12)
  }

  @Test("frame with position or bounds is refused: frame sets both")
  func conflict() {
    for (other, key) in [("position: [1, 2]", "position"), ("bounds: [0, 0, 5, 5]", "bounds")] {
      let issues = PresetCompiler.problems(
        Data(
          #"{ schemaVersion: 1, canvas: { size: [100, 100] }, clip: { cycle: 1 }, layers: [ { id: "a", frame: [0, 0, 1, 1], \#(other) } ] }"#
            .utf8),
        file: "frame.json5")
      #expect(
        issues.map(\.description)
          == [
            #"frame.json5: layers[0].frame: "frame" sets both position and bounds (CALayer's frame setter), so "\#(key)" cannot be given too"#
          ])
    }
  }

  @Test("a frame is a rect: four numbers, no negative size")
  func malformed() {
    let issues = PresetCompiler.problems(
      Data(
        #"{ schemaVersion: 1, canvas: { size: [100, 100] }, clip: { cycle: 1 }, layers: [ { id: "a", frame: [0, 0, -1, 1] }, { id: "b", frame: [0, 0] } ] }"#
          .utf8),
      file: "frame.json5")
    #expect(
      issues.map(\.description) == [
        "frame.json5: layers[0].frame: expected a rect with no negative width or height, found an array of 4",
        "frame.json5: layers[1].frame: expected a rect [x, y, width, height], found an array of 2",
      ])
  }
}
