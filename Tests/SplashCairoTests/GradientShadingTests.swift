import Foundation
import SplashCore
import SplashLottie
import SplashModel
import SplashPresets
import SplashRaster
import SplashRender
import Testing

@testable import SplashCairo

/// Gradient layers shaded by `GradientShader`, checked against Cairo's own gradient patterns
/// drawing the same frame, where the layer is turned, faded into a group, clipped, masked and
/// larger than one band, and shaded band by band or straight into its group.
@Suite("Gradients shaded band by band draw what Cairo's patterns draw")
struct GradientShadingTests {
  struct Case: CustomStringConvertible, Sendable {
    var description: String
    var layers: String
    var size = 120
    /// Whether the layer's group is shaded straight into (its bounds cover the group), not
    /// drawn band by band.
    var shadesGroup = false
  }

  static let cases = [
    Case(
      description: "axial, turned and scaled",
      layers:
        ##"{ id: "g", type: "gradient", position: [60, 60], bounds: [0, 0, 70, 40], transform: { rotate: "33deg", scale: [1.3, 0.9] }, colors: ["#0F4E65", "#FFFFFF80", "#FF8000"], locations: [0, 0.4, 1], startPoint: [0.1, 0.2], endPoint: [0.9, 0.7] }"##
    ),
    Case(
      description: "radial in non-square bounds, faded (drawn into a group)",
      layers:
        ##"{ id: "g", type: "gradient", gradientType: "radial", opacity: 0.6, position: [60, 60], bounds: [0, 0, 90, 50], colors: ["#FFFFFF", "#DA70D6", "#0F4E65"], startPoint: [0.4, 0.5], endPoint: [0.9, 1] }"##
    ),
    Case(
      description: "clipped by a parent's bounds and masked by a circle",
      layers:
        ##"{ id: "clip", position: [50, 60], bounds: [0, 0, 70, 90], masksToBounds: true, sublayers: [{ id: "g", type: "gradient", position: [45, 45], bounds: [0, 0, 100, 100], colors: ["#40E0B0", "#FF8000"], startPoint: [0, 0.5], endPoint: [1, 0.5], mask: { id: "m", type: "shape", position: [50, 50], path: { oval: [-40, -40, 80, 80] }, fillColor: "white" } }] }"##,
      shadesGroup: true),
    Case(
      description: "turned, faded and masked, its bounds far larger than the mask (a Lottie gradient fill)",
      layers:
        ##"{ id: "g", type: "gradient", gradientType: "radial", opacity: 0.7, position: [60, 60], bounds: [-400, -400, 800, 800], transform: { rotate: "21deg" }, colors: ["#FFFFFF", "#0F4E65"], startPoint: [0.5, 0.5], endPoint: [0.53, 0.53], mask: { id: "m", type: "shape", path: { subpaths: [{ rect: [-30, -20, 60, 45] }] }, fillColor: "black" } }"##,
      shadesGroup: true),
    Case(
      description: "a whole frame larger than a band, on fractional pixels",
      layers:
        ##"{ id: "g", type: "gradient", position: [150.3, 149.6], bounds: [0, 0, 290.5, 291.25], colors: ["#DA70D6", "#40E0B0"], startPoint: [0.2, 0], endPoint: [0.7, 1] }"##,
      size: 300),
  ]

  /// The frame drawn with the shader on or off, and how many bands and groups were shaded (a
  /// masked group shaded only under its mask's ink counts as one).
  static func draw(_ testCase: Case, shading: Bool) throws -> (PixelBuffer, bands: Int, groups: Int) {
    let preset = """
      { schemaVersion: 1, canvas: { size: [\(testCase.size), \(testCase.size)], background: "#202020" }, clip: { start: 0, cycle: 1 }, layers: [\(testCase.layers)] }
      """
    let scene = try PresetCompiler.compile(Data(preset.utf8), file: "gradient.json5")
    let backend = CairoBackend(fastPaths: FastPaths(shadesGradients: shading), counters: RenderCounters())
    let buffer = try #require(PixelBuffer(width: testCase.size, height: testCase.size))
    let viewport = Viewport(canvasSize: scene.canvasSize, pixelWidth: testCase.size, pixelHeight: testCase.size)
    try backend.render(scene.presentation(at: 0), viewport: viewport, into: buffer)
    return (buffer, backend.counted.gradientBandsShaded, backend.counted.gradientGroupsShaded + backend.counted.gradientsShadedThroughMasks)
  }

  @Test("each pixel within two levels of Cairo's pattern, most the same", arguments: cases)
  func matchesCairo(_ testCase: Case) throws {
    let (shaded, bands, groups) = try Self.draw(testCase, shading: true)
    let (reference, referenceBands, referenceGroups) = try Self.draw(testCase, shading: false)
    #expect(referenceBands == 0 && referenceGroups == 0)
    #expect(testCase.shadesGroup ? groups == 1 && bands == 0 : groups == 0 && bands >= 1)
    var worst = 0
    var total = 0
    var distinctColours = Set<UInt32>()
    for y in 0..<testCase.size {
      let a = shaded.bytes.advanced(by: y * shaded.bytesPerRow).assumingMemoryBound(to: UInt8.self)
      let b = reference.bytes.advanced(by: y * reference.bytesPerRow).assumingMemoryBound(to: UInt8.self)
      for byte in 0..<(testCase.size * 4) {
        let difference = abs(Int(a[byte]) - Int(b[byte]))
        worst = max(worst, difference)
        total += difference
      }
      for x in stride(from: 0, to: testCase.size, by: 7) {
        distinctColours.insert(UnsafeRawPointer(a + x * 4).loadUnaligned(as: UInt32.self))
      }
    }
    // Both round twice (the gradient's colour, then laying it over the frame), pixman from
    // 16-bit stops with a per-pixel interpolation, the shader from its table.
    let mean = Double(total) / Double(testCase.size * testCase.size * 4)
    #expect(worst <= 2 && mean < 0.05, "worst channel difference \(worst), mean \(mean)")
    #expect(distinctColours.count > 20, "the gradient is drawn, not a flat colour")
    if testCase.size * testCase.size > CairoBackend.gradientBandPixels {
      #expect(bands > 1, "a frame larger than a band is shaded in several")
    }
  }
}
