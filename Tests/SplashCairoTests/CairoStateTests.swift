import Foundation
import SplashCore
import SplashModel
import SplashPresets
import SplashRender
import Testing

@testable import SplashCairo

/// A layer's drawing puts back only Cairo's matrix when it ends (a save and restore of the
/// whole state cost a tenth of drawing a Lottie file): whatever else it sets must not reach the
/// layers drawn after it.
@Suite("What one layer sets in Cairo stays with it")
struct CairoStateTests {
  static func draw(_ layers: String, size: Int = 100) throws -> PixelBuffer {
    let preset = """
      { schemaVersion: 1, canvas: { size: [\(size), \(size)], background: "#000000" }, clip: { start: 0, cycle: 1 }, layers: [\(layers)] }
      """
    let scene = try PresetCompiler.compile(Data(preset.utf8), file: "state.json5")
    let buffer = try #require(PixelBuffer(width: size, height: size))
    try CairoBackend().render(
      scene.presentation(at: 0), viewport: Viewport(canvasSize: scene.canvasSize, pixelWidth: size, pixelHeight: size),
      into: buffer)
    return buffer
  }

  /// A turned clip (which the coverage rasterizer leaves to Cairo) holding `sublayers`.
  static func turned(_ sublayers: String) -> String {
    ##"{ id: "turned", position: [50, 50], bounds: [0, 0, 90, 90], transform: { rotate: "30deg" }, masksToBounds: true, sublayers: [\##(sublayers)] }"##
  }

  /// A zigzag stroked by Cairo with miter joins limited to one width, so its corners are
  /// bevelled, dashed, with round caps.
  static let bevelledZigzag = ##"""
    { id: "zigzag", type: "shape", fillColor: "clear", strokeColor: "#40E0B0", lineWidth: 4, lineJoin: "miter",
      miterLimit: 1, lineCap: "round", lineDashPattern: [6, 3], path: { polygon: [[5, 30], [12, 5], [19, 30], [26, 5]] } }
    """##

  /// A square border 8 points wide, drawn by Cairo under the same clip.
  static let framed = ##"""
    { id: "framed", position: [60, 60], bounds: [0, 0, 40, 40], borderWidth: 8, borderColor: "#FFFFFF" }
    """##

  @Test("a border drawn after a shape stroked with a miter limit of 1 keeps its square corners")
  func borderAfterBevelledStroke() throws {
    let alone = try Self.draw(Self.turned(Self.framed))
    let after = try Self.draw(Self.turned(Self.bevelledZigzag + ", " + Self.framed))
    // The zigzag lies in the clip's top left quarter, the frame in its bottom right.
    var differing = 0
    for y in 50..<100 {
      for x in 40..<100 where after.rgba(x: x, y: y) != alone.rgba(x: x, y: y) { differing += 1 }
    }
    #expect(differing == 0, "the border took the stroke's miter limit: \(differing) pixels differ")
  }

  @Test("a layer after a clipped, turned, faded and masked one draws as it draws alone")
  func siblingsAfterEverySave() throws {
    let busy = ##"""
      { id: "busy", position: [30, 30], bounds: [0, 0, 40, 40], transform: { rotate: "20deg" }, masksToBounds: true, cornerRadius: 6,
        opacity: 0.6, mask: { id: "m", position: [20, 20], bounds: [0, 0, 30, 30], backgroundColor: "#FFFFFF" },
        sublayers: [{ id: "g", type: "gradient", position: [20, 20], bounds: [0, 0, 40, 40], colors: ["#FF0000", "#0000FF"] },
          { id: "s", type: "shape", fillColor: "#FFFF00", fillRule: "evenOdd", strokeColor: "#00FF00", lineWidth: 3, lineJoin: "round",
            path: { oval: [5, 5, 25, 25] } }] }
      """##
    let plain = ##"""
      { id: "plain", position: [75, 75], bounds: [0, 0, 40, 40], backgroundColor: "#DA70D6", borderWidth: 3, borderColor: "#0F4E65",
        sublayers: [{ id: "star", type: "shape", fillColor: "#FF8000", path: { polygon: [[20, 2], [26, 38], [2, 14], [38, 14], [14, 38]] } }] }
      """##
    let alone = try Self.draw(plain)
    let after = try Self.draw(busy + ", " + plain)
    var differing = 0
    for y in 55..<96 {
      for x in 55..<96 where after.rgba(x: x, y: y) != alone.rgba(x: x, y: y) { differing += 1 }
    }
    #expect(differing == 0)
  }
}
