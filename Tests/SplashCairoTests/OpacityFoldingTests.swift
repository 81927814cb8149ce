import Foundation
import SplashCore
import SplashModel
import SplashPresets
import SplashRender
import Testing

@testable import SplashCairo

/// Faded layers that paint one thing, painted faded: the pixels a picture of them composited
/// at their opacity would give, and none of the pixels where a picture is needed.
@Suite("Opacity folded into a layer's one paint draws what the faded picture draws")
struct OpacityFoldingTests {
  static func draw(_ layers: String, background: String = "#204060") throws -> (PixelBuffer, CairoBackend) {
    let preset = """
      { schemaVersion: 1, canvas: { size: [100, 100], background: "\(background)" }, clip: { start: 0, cycle: 1 }, layers: [\(layers)] }
      """
    let scene = try PresetCompiler.compile(Data(preset.utf8), file: "fold.json5")
    let backend = CairoBackend(counters: RenderCounters())
    let buffer = try #require(PixelBuffer(width: 100, height: 100))
    try backend.render(
      scene.presentation(at: 0), viewport: Viewport(canvasSize: scene.canvasSize, pixelWidth: 100, pixelHeight: 100), into: buffer)
    return (buffer, backend)
  }

  /// `over` laid on `under` at `alpha`, per channel.
  static func blend(_ over: (Int, Int, Int), on under: (Int, Int, Int), alpha: Double) -> (Double, Double, Double) {
    func mix(_ a: Int, _ b: Int) -> Double { Double(a) * alpha + Double(b) * (1 - alpha) }
    return (mix(over.0, under.0), mix(over.1, under.1), mix(over.2, under.2))
  }

  static func expectClose(_ pixel: (red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8), _ expected: (Double, Double, Double)) {
    #expect(
      abs(Double(pixel.red) - expected.0) <= 1.5 && abs(Double(pixel.green) - expected.1) <= 1.5
        && abs(Double(pixel.blue) - expected.2) <= 1.5,
      "pixel \(pixel), expected \(expected)")
  }

  @Test("a fill inside three faded layers (0.38 × 0.43 × 0.5) blends at their product, without a group")
  func nestedFades() throws {
    let (frame, backend) = try Self.draw(
      ##"{ id: "a", opacity: 0.38, sublayers: [{ id: "b", opacity: 0.43, sublayers: [{ id: "c", type: "shape", opacity: 0.5, path: { oval: [10, 10, 80, 80] }, fillColor: "#FF8000" }] }] }"##
    )
    #expect(backend.counted.opacitiesFolded == 3)
    Self.expectClose(frame.rgba(x: 50, y: 50), Self.blend((255, 128, 0), on: (0x20, 0x40, 0x60), alpha: 0.38 * 0.43 * 0.5))
    Self.expectClose(frame.rgba(x: 3, y: 3), (0x20, 0x40, 0x60))
  }

  @Test("a stroke that crosses itself is painted once where it crosses, as the faded picture of it is")
  func selfCrossingStroke() throws {
    let (frame, backend) = try Self.draw(
      ##"{ id: "a", type: "shape", opacity: 0.5, path: "M 10 10 L 90 90 M 90 10 L 10 90", fillColor: "clear", strokeColor: "white", lineWidth: 12 }"##
    )
    #expect(backend.counted.opacitiesFolded == 1)
    let crossing = frame.rgba(x: 50, y: 50)
    let alongOneLine = frame.rgba(x: 25, y: 25)
    #expect(crossing == alongOneLine)
    Self.expectClose(crossing, Self.blend((255, 255, 255), on: (0x20, 0x40, 0x60), alpha: 0.5))
  }

  @Test("two overlapping fills in one faded layer keep its picture: where they overlap, only the top one shows at the opacity")
  func overlappingPaintsKeepThePicture() throws {
    let (frame, backend) = try Self.draw(
      ##"{ id: "a", opacity: 0.5, sublayers: [{ id: "b", position: [40, 50], bounds: [0, 0, 60, 60], backgroundColor: "#FF0000" }, { id: "c", position: [60, 50], bounds: [0, 0, 60, 60], backgroundColor: "#0000FF" }] }"##
    )
    #expect(backend.counted.opacitiesFolded == 0)
    // In the overlap the picture holds blue alone; painting each fill faded would let red through.
    Self.expectClose(frame.rgba(x: 50, y: 50), Self.blend((0, 0, 255), on: (0x20, 0x40, 0x60), alpha: 0.5))
  }
}
