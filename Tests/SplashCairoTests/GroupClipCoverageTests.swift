import Foundation
import SplashCore
import SplashModel
import SplashPresets
import SplashRender
import Testing

@testable import SplashCairo

/// A layer drawn as a picture (faded, masked) under a clip whose edge crosses pixels gets the
/// clip's coverage once, as the same layer drawn straight does.
@Suite("Pictures under a turned clip are clipped once")
struct GroupClipCoverageTests {
  /// The white layer `inner` inside a turned `masksToBounds` parent on black, at 100x100.
  static func draw(_ inner: String) throws -> PixelBuffer {
    let preset = """
      { schemaVersion: 1, canvas: { size: [100, 100], background: "#000000" }, clip: { start: 0, cycle: 1 },
        layers: [{ id: "clip", position: [50, 50], bounds: [0, 0, 30, 60], masksToBounds: true, transform: { rotate: "20deg" },
          sublayers: [\(inner)] }] }
      """
    let scene = try PresetCompiler.compile(Data(preset.utf8), file: "clip.json5")
    let buffer = try #require(PixelBuffer(width: 100, height: 100))
    try CairoBackend().render(
      scene.presentation(at: 0), viewport: Viewport(canvasSize: scene.canvasSize, pixelWidth: 100, pixelHeight: 100), into: buffer)
    return buffer
  }

  static let plain = ##"{ id: "paint", position: [15, 30], bounds: [0, 0, 80, 120], backgroundColor: "#FFFFFF" }"##

  @Test(
    "a faded, a masked, a faded masked and a shadowed picture match the layer drawn straight at the clip's edges",
    arguments: [
      ##"{ id: "paint", opacity: 0.999, position: [15, 30], bounds: [0, 0, 80, 120], backgroundColor: "#FFFFFF", borderWidth: 1, borderColor: "#FFFFFF" }"##,
      ##"{ id: "paint", position: [15, 30], bounds: [0, 0, 80, 120], backgroundColor: "#FFFFFF", mask: { id: "m", position: [40, 60], bounds: [0, 0, 80, 120], backgroundColor: "#FFFFFF" } }"##,
      ##"{ id: "paint", opacity: 0.999, position: [15, 30], bounds: [0, 0, 80, 120], backgroundColor: "#FFFFFF", mask: { id: "m", position: [40, 60], bounds: [0, 0, 80, 120], backgroundColor: "#FFFFFF" } }"##,
      // A shadow cast far outside the clip: only the content's picture shows.
      ##"{ id: "paint", position: [15, 30], bounds: [0, 0, 80, 120], backgroundColor: "#FFFFFF", shadowOpacity: 1, shadowRadius: 0, shadowOffset: [400, 400] }"##,
    ])
  func clippedOnce(_ picture: String) throws {
    let expected = try Self.draw(Self.plain)
    let actual = try Self.draw(picture)
    var worst = 0
    var edgePixels = 0
    for y in 0..<100 {
      for x in 0..<100 {
        let want = Int(expected.rgba(x: x, y: y).red)
        if want > 10 && want < 245 { edgePixels += 1 }
        worst = max(worst, abs(Int(actual.rgba(x: x, y: y).red) - want))
      }
    }
    #expect(edgePixels > 100, "the turned clip's edges cross pixels")
    #expect(worst <= 1, "worst difference \(worst)")
  }
}
