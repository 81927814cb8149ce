import Foundation
import SplashCore
import SplashModel
import SplashPresets
import SplashRender
import Testing

@testable import SplashCairo

/// Shapes whose path, style and place hold still are laid from the coverage kept from an
/// earlier frame (`ShapeCoverageCache`), and every frame is byte for byte the frame drawn
/// without keeping any.
@Suite("Shape coverage kept from frame to frame draws the same frames")
struct ShapeCoverageCacheTests {
  /// A still star (filled and stroked), a disc sliding the whole time, a ring whose stroke
  /// grows for half a second and then rests, a dashed square turning for a second, and
  /// shapes inside a mask (drawn onto alpha-only pictures).
  static let layers = ##"""
    { id: "still", type: "shape", position: [30, 30], fillColor: "#0F4E65", strokeColor: "#F0D020", lineWidth: 3,
      path: { polygon: [[0, -20], [6, -6], [20, -6], [9, 3], [13, 18], [0, 9], [-13, 18], [-9, 3], [-20, -6], [-6, -6]] } },
    { id: "sliding", type: "shape", position: [10, 80], fillColor: "#FF8000AA", path: { oval: [-8, -8, 16, 16] },
      animations: [{ type: "basic", keyPath: "position.x", fromValue: 10, toValue: 110, duration: 2 }] },
    { id: "ring", type: "shape", position: [85, 30], fillColor: "clear", strokeColor: "#DA70D6", lineWidth: 6, lineCap: "round",
      path: { oval: [-18, -18, 36, 36] },
      animations: [{ type: "basic", keyPath: "strokeEnd", fromValue: 0.1, toValue: 0.8, duration: 0.5, fillMode: "forwards", removedOnCompletion: false }] },
    { id: "turning", type: "shape", position: [60, 60], fillColor: "clear", strokeColor: "#40E0B0", lineWidth: 2,
      lineDashPattern: [5, 3], path: { rect: [-10, -10, 20, 20] },
      animations: [{ type: "basic", keyPath: "transform.rotation.z", fromValue: "0deg", toValue: "3rad", duration: 1 }] },
    { id: "square", position: [60, 100], bounds: [0, 0, 40, 30], backgroundColor: "#F58A1F",
      mask: { id: "m", position: [20, 15], bounds: [0, 0, 40, 30], sublayers: [
        { id: "dot", type: "shape", fillColor: "#000000AA", path: { oval: [5, 5, 20, 20] } },
        { id: "bar", type: "shape", fillColor: "clear", strokeColor: "#000000", lineWidth: 4, path: "M 0 25 L 40 5",
          animations: [{ type: "basic", keyPath: "position.y", fromValue: 15, toValue: 20, duration: 0.4 }] } ] } }
    """##

  static func scene(_ layers: String) throws -> Scene {
    let preset = """
      { schemaVersion: 1, canvas: { size: [120, 120], background: "#202020" }, clip: { start: 0, cycle: 2 }, layers: [\(layers)] }
      """
    return try PresetCompiler.compile(Data(preset.utf8), file: "shapes.json5")
  }

  /// Draws `scene` at `time` with `backend` into a new 180x180 frame.
  static func frame(_ scene: Scene, at time: Double, with backend: CairoBackend) throws -> PixelBuffer {
    let buffer = try #require(PixelBuffer(width: 180, height: 180))
    try backend.render(
      scene.presentation(at: time), viewport: Viewport(canvasSize: scene.canvasSize, pixelWidth: 180, pixelHeight: 180), into: buffer)
    return buffer
  }

  @Test("45 frames with coverage kept equal the frames drawn without it, and still shapes are laid")
  func sameFrames() throws {
    let scene = try Self.scene(Self.layers)
    let keeping = CairoBackend(counters: RenderCounters())
    let drawing = CairoBackend(fastPaths: FastPaths(keepsShapeCoverage: false), counters: RenderCounters())
    for index in 0..<45 {
      let time = Double(index) / 30
      let kept = try Self.frame(scene, at: time, with: keeping)
      let drawn = try Self.frame(scene, at: time, with: drawing)
      #expect(memcmp(kept.bytes, drawn.bytes, kept.byteCount) == 0, "t = \(time) s")
    }
    #expect(keeping.counted.shapesRasterized == drawing.counted.shapesRasterized)
    #expect(keeping.counted.shapeCoveragesLaid > 0)
    #expect(drawing.counted.shapeCoveragesLaid == 0)
    #expect(keeping.shapeCoverage.outlinesReused > 0)
    #expect(drawing.shapeCoverage.outlinesReused == 0)
  }

  @Test("a shape that slides or turns is outlined once and mapped in every later frame; one whose path grows is outlined each frame")
  func outlinesKept() throws {
    let scene = try Self.scene(
      ##"""
      { id: "sliding", type: "shape", position: [10, 80], fillColor: "#FF8000", path: { oval: [-8, -8, 16, 16] },
        animations: [{ type: "basic", keyPath: "position.x", fromValue: 10, toValue: 110, duration: 2 }] },
      { id: "turning", type: "shape", position: [60, 60], fillColor: "clear", strokeColor: "#40E0B0", lineWidth: 2,
        lineCap: "round", path: { rect: [-10, -10, 20, 20] },
        animations: [{ type: "basic", keyPath: "transform.rotation.z", fromValue: "0deg", toValue: "3rad", duration: 1 }] },
      { id: "growing", type: "shape", position: [85, 30], fillColor: "clear", strokeColor: "#DA70D6", lineWidth: 6,
        path: { oval: [-18, -18, 36, 36] },
        animations: [{ type: "basic", keyPath: "strokeEnd", fromValue: 0.1, toValue: 0.8, duration: 2 }] }
      """##)
    let keeping = CairoBackend(counters: RenderCounters())
    let drawing = CairoBackend(fastPaths: FastPaths(keepsShapeCoverage: false), counters: RenderCounters())
    for index in 0..<10 {
      let time = 0.1 + Double(index) / 30
      let kept = try Self.frame(scene, at: time, with: keeping)
      let drawn = try Self.frame(scene, at: time, with: drawing)
      #expect(memcmp(kept.bytes, drawn.bytes, kept.byteCount) == 0, "t = \(time) s")
    }
    #expect(keeping.counted.shapeCoveragesLaid == 0, "every shape moves")
    #expect(keeping.shapeCoverage.outlinesReused == 18, "the sliding fill and the turning stroke, from the second frame on")
    #expect(keeping.shapeCoverage.outlineCount == 3)
    #expect(keeping.shapeCoverage.outlineBytes <= keeping.shapeCoverage.byteLimit)
  }

  @Test("a still shape is recorded in its first frame and laid in every later one; a moving one never is")
  func stillAndMoving() throws {
    let scene = try Self.scene(
      ##"""
      { id: "still", type: "shape", position: [30, 30], fillColor: "#0F4E65", strokeColor: "#F0D020", lineWidth: 3, path: { oval: [-20, -20, 40, 40] } },
      { id: "sliding", type: "shape", position: [10, 80], fillColor: "#FF8000", path: { oval: [-8, -8, 16, 16] },
        animations: [{ type: "basic", keyPath: "position.x", fromValue: 10, toValue: 110, duration: 2 }] }
      """##)
    let backend = CairoBackend(counters: RenderCounters())
    for index in 0..<10 { _ = try Self.frame(scene, at: Double(index) / 30, with: backend) }
    #expect(backend.counted.shapesRasterized == 30, "three paints a frame")
    #expect(backend.counted.shapeCoveragesLaid == 18, "the fill and the stroke of the still shape, from the second frame on")
    #expect(backend.shapeCoverage.recordingCount == 2)
    #expect(backend.shapeCoverage.recordedBytes <= backend.shapeCoverage.byteLimit)
    #expect(backend.shapeCoverage.byteLimit == 180 * 180 * 2)
    #expect(backend.shapeCoverage.outlinesReused == 9, "the sliding fill's; the still shape is laid, not outlined")
  }

  @Test("a shape's flattening tolerance holds while it only turns or moves, and changes with its size")
  func toleranceOfTurnedShapes() throws {
    let scaled = AffineTransform(scaleX: 2.75, y: 2.75)
    let base = try #require(CairoBackend.flatteningTolerance(mapping: scaled))
    for step in 0..<360 {
      let turned = scaled.concatenating(AffineTransform(rotationAngle: Double(step) * 0.0174533))
        .concatenating(AffineTransform(translationX: Double(step) * 0.37, y: -1.5))
      #expect(CairoBackend.flatteningTolerance(mapping: turned) == base, "turned \(step)°")
    }
    #expect(base == CairoBackend.flatteningTolerance / 2.75)
    #expect(CairoBackend.flatteningTolerance(mapping: AffineTransform(scaleX: 2.76, y: 2.76))! < base)
    #expect(CairoBackend.flatteningTolerance(mapping: AffineTransform(scaleX: 0, y: 3)) != nil, "a map squeezed flat one way")
    #expect(CairoBackend.flatteningTolerance(mapping: AffineTransform(scaleX: 0, y: 0)) == nil)
    #expect(CairoBackend.flatteningTolerance(mapping: AffineTransform(scaleX: .nan, y: 1)) == nil)
  }

  @Test("rounding to a number of significant bits")
  func rounding() {
    #expect(CairoBackend.rounded(1, significantBits: 36) == 1)
    #expect(CairoBackend.rounded(1 + 0x1p-40, significantBits: 36) == 1)
    #expect(CairoBackend.rounded(1 - 0x1p-45, significantBits: 36) == 1)
    #expect(CairoBackend.rounded(1 + 0x1p-36 + 0x1p-50, significantBits: 36) == 1 + 0x1p-35)
    #expect(CairoBackend.rounded(3 + 0x1p-50, significantBits: 36) == 3)
    #expect(CairoBackend.rounded(2.0.nextDown, significantBits: 36) == 2)
    #expect(CairoBackend.rounded(0.75, significantBits: 2) == 0.75)
    #expect(CairoBackend.rounded(0.9, significantBits: 2) == 1)
  }
}
