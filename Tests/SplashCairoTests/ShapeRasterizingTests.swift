import Foundation
import SplashCore
import SplashModel
import SplashPresets
import SplashRaster
import SplashRender
import Testing

@testable import SplashCairo

/// Shape layers drawn by splashvid's own rasterizer and stroker, held to Cairo drawing the
/// same frames: the same pixels inside shapes, edges within a few levels (the rasterizer
/// computes each edge pixel's exact area where Cairo samples fifteen rows), and Cairo still
/// drawing what the rasterizer does not take.
@Suite("Shape layers rasterized by CoverageRasterizer draw what Cairo draws")
struct ShapeRasterizingTests {
  struct Case: CustomStringConvertible, Sendable {
    var description: String
    var layers: String
  }

  static let cases = [
    Case(
      description: "fills under both rules, turned and scaled",
      layers:
        ##"{ id: "a", type: "shape", position: [60, 60], transform: { rotate: "17deg", scale: [1.4, 0.8] }, fillRule: "evenOdd", fillColor: "#0F4E65", path: { subpaths: [ { oval: [-40, -40, 80, 80] }, { rect: [-15, -15, 30, 30] } ] } }, { id: "b", type: "shape", position: [30, 90], fillColor: "#FF800099", path: { polygon: [[0, 0], [50, -30], [20, 25]] } }"##
    ),
    Case(
      description: "strokes with every cap and join, a miter limit and dashes",
      layers:
        ##"{ id: "caps", type: "shape", position: [10, 10], fillColor: "clear", strokeColor: "#DA70D6", lineWidth: 9, lineCap: "round", lineJoin: "round", path: { polygon: [[5, 5], [60, 15], [20, 40]] } }, { id: "miter", type: "shape", position: [10, 60], fillColor: "clear", strokeColor: "#40E0B0", lineWidth: 7, lineJoin: "miter", miterLimit: 3, path: { polygon: [[0, 0], [45, 8], [0, 16], [40, 40]] } }, { id: "square", type: "shape", position: [70, 70], fillColor: "clear", strokeColor: "#0F4E65", lineWidth: 5, lineCap: "square", lineJoin: "bevel", path: { polygon: [[0, 0], [30, 30], [40, 0]] } }, { id: "dashes", type: "shape", position: [60, 10], fillColor: "clear", strokeColor: "#FF8000", lineWidth: 3, lineCap: "round", lineDashPattern: [8, 5, 2, 5], lineDashPhase: 3, path: { oval: [0, 0, 50, 45] } }"##
    ),
    Case(
      description: "a trimmed arc wider than its radius, and a closed path that doubles back on itself",
      layers:
        ##"{ id: "wipe", type: "shape", position: [60, 60], fillColor: "clear", strokeColor: "#FFFFFF", lineWidth: 44, strokeStart: 0.1, strokeEnd: 0.7, path: { oval: [-20, -20, 40, 40] } }, { id: "outline", type: "shape", position: [20, 20], fillColor: "clear", strokeColor: "#40E0B0", lineWidth: 5, path: "M 0 80 L 0 -4 L 80 -4 L 80 80 L -2.5 80 Z" }"##
    ),
    Case(
      description: "faded strokes and fills inside a turned mask (alpha-only pictures)",
      layers:
        ##"{ id: "square", position: [60, 60], bounds: [0, 0, 100, 100], backgroundColor: "#F58A1F", mask: { id: "m", position: [50, 50], bounds: [0, 0, 100, 100], transform: { rotate: "31deg" }, sublayers: [ { id: "ring", type: "shape", fillColor: "clear", strokeColor: "#00000088", lineWidth: 9, path: { oval: [20, 20, 60, 60] } }, { id: "dot", type: "shape", fillColor: "#00000055", path: { oval: [38, 38, 24, 24] } } ] } }"##
    ),
  ]

  /// The frame at 180x180 drawn with the rasterizer on or off, and how many shapes it drew.
  static func draw(
    _ layers: String, rasterizing: Bool, with reused: CairoBackend? = nil
  ) throws -> (PixelBuffer, rasterized: Int) {
    let preset = """
      { schemaVersion: 1, canvas: { size: [120, 120], background: "#202020" }, clip: { start: 0, cycle: 1 }, layers: [\(layers)] }
      """
    let scene = try PresetCompiler.compile(Data(preset.utf8), file: "shapes.json5")
    let backend = reused ?? CairoBackend(fastPaths: FastPaths(rasterizesShapes: rasterizing), counters: RenderCounters())
    let buffer = try #require(PixelBuffer(width: 180, height: 180))
    try backend.render(
      scene.presentation(at: 0), viewport: Viewport(canvasSize: scene.canvasSize, pixelWidth: 180, pixelHeight: 180), into: buffer)
    return (buffer, backend.counted.shapesRasterized)
  }

  /// The largest channel difference between two frames, and how many pixels differ by more
  /// than `level`.
  static func compare(_ a: PixelBuffer, _ b: PixelBuffer, level: Int) -> (worst: Int, beyond: Int, painted: Int) {
    var worst = 0
    var beyond = 0
    var painted = 0
    for y in 0..<a.height {
      for x in 0..<a.width {
        let p = a.rgba(x: x, y: y)
        let q = b.rgba(x: x, y: y)
        let difference = max(
          abs(Int(p.red) - Int(q.red)), abs(Int(p.green) - Int(q.green)), abs(Int(p.blue) - Int(q.blue)),
          abs(Int(p.alpha) - Int(q.alpha)))
        worst = max(worst, difference)
        if difference > level { beyond += 1 }
        if (q.red, q.green, q.blue) != (0x20, 0x20, 0x20) { painted += 1 }
      }
    }
    return (worst, beyond, painted)
  }

  @Test("every pixel within 24 levels of Cairo, and under 2 % of the painted ones more than 8 apart", arguments: cases)
  func matchesCairo(_ testCase: Case) throws {
    let (ours, rasterized) = try Self.draw(testCase.layers, rasterizing: true)
    let (cairo, cairoRasterized) = try Self.draw(testCase.layers, rasterizing: false)
    #expect(rasterized >= 2 && cairoRasterized == 0)
    // Edge pixels differ: Cairo samples each pixel row at 15 heights and flattens curves
    // more coarsely (0.1 pixel; here 0.05 for fills), and the two round each pixel
    // differently. Inside shapes both lay the same colour with the same arithmetic.
    let (worst, beyond, painted) = Self.compare(ours, cairo, level: 8)
    #expect(worst <= 24, "worst channel difference \(worst)")
    #expect(painted > 1500, "only \(painted) pixels painted")
    #expect(beyond * 100 < painted * 2, "\(beyond) of \(painted) painted pixels more than 8 levels apart")
  }

  @Test("a stroke that doubles back on itself covers its edge pixels once, as Cairo does")
  func doubledBackPathIsNotCountedTwice() throws {
    // The closed path ends 2.5 past its start and turns back: the band there is covered
    // three times over, and its edge pixel at x = 194.4 (scaled) only by 60 %.
    let outline =
      ##"{ id: "outline", type: "shape", position: [20, 20], fillColor: "clear", strokeColor: "#FFFFFF", lineWidth: 5, path: "M 0 80 L 0 -4 L 80 -4 L 80 80 L -2.5 80 Z" }"##
    let (ours, _) = try Self.draw(outline, rasterizing: true)
    let (cairo, _) = try Self.draw(outline, rasterizing: false)
    let (worst, _, _) = Self.compare(ours, cairo, level: 4)
    #expect(worst <= 12, "worst channel difference \(worst)")
    // The stroke's left edge lies at 20 − 2.5 = 17.5 points, 26.25 pixels: column 26 is
    // three quarters covered (199 of white over #202020), all the way down and through the
    // band covered three times over at rows 146–153.
    for y in [60, 140, 148, 151] {
      let pixel = ours.rgba(x: 26, y: y)
      #expect(pixel.red > 0x90 && pixel.red < 0xF0, "row \(y): \(pixel.red)")
    }
  }

  @Test("a dash of length zero with round caps is a dot, as on iOS (Cairo drew none along a curve)")
  func zeroLengthDashesAreDots() throws {
    let dotted =
      ##"{ id: "dots", type: "shape", position: [60, 60], fillColor: "clear", strokeColor: "#FFFFFF", lineWidth: 6, lineCap: "round", lineDashPattern: [0, 12], path: { oval: [-40, -40, 80, 80] } }"##
    let (ours, _) = try Self.draw(dotted, rasterizing: true)
    // The first dot sits where the oval starts, on its right at (100, 60) points; the gap
    // after it leaves the point 6 along the curve bare.
    #expect(ours.rgba(x: 150, y: 90).red == 0xFF)
    #expect(ours.rgba(x: 150, y: 90 + 9).red == 0x20)
  }

  @Test("a shape under a turned clip is rasterized cut to the clip's polygon, and draws what Cairo draws under the clip")
  func turnedClipIsCut() throws {
    let clipped =
      ##"{ id: "clip", position: [60, 60], bounds: [0, 0, 60, 70], masksToBounds: true, transform: { rotate: "20deg" }, sublayers: [ { id: "s", type: "shape", position: [30, 35], fillColor: "#40E0B0", path: { oval: [-40, -40, 80, 80] } } ] }"##
    let (ours, rasterized) = try Self.draw(clipped, rasterizing: true)
    let (cairo, _) = try Self.draw(clipped, rasterizing: false)
    #expect(rasterized == 1)
    // Only the rims differ: the clip's sides (each engine's coverage of the cut) and the
    // oval's, where it lies inside the clip.
    let (worst, beyond, painted) = Self.compare(ours, cairo, level: 8)
    #expect(worst <= 24, "worst channel difference \(worst)")
    #expect(Double(beyond) < 0.02 * Double(painted), "\(beyond) of \(painted) painted pixels more than 8 levels apart")
  }

  @Test("a rasterizer that drew other shapes first (its buffers reused, grown) draws the same bytes as a new one")
  func reusedBuffersDrawTheSame() throws {
    let layers = Self.cases.prefix(3).map(\.layers).joined(separator: ", ")
    let (fresh, _) = try Self.draw(layers, rasterizing: true)
    let backend = CairoBackend(counters: RenderCounters())
    // A big shape first grows every buffer; the small ones after must not see its leftovers.
    _ = try Self.draw(
      ##"{ id: "big", type: "shape", position: [60, 60], fillColor: "#FFFFFF", strokeColor: "#000000", lineWidth: 30, path: { oval: [-58, -58, 116, 116] } }"##,
      rasterizing: true, with: backend)
    let (reused, _) = try Self.draw(layers, rasterizing: true, with: backend)
    #expect(memcmp(fresh.bytes, reused.bytes, fresh.byteCount) == 0)
  }

  @Test("a colour eased past its keyframes (components outside 0…1) fills as Cairo fills it: clamped, then faded")
  func colourOutOfRange() throws {
    var square = LayerProperties()
    square.position = Point(x: 60, y: 60)
    var path = Path()
    path.addRect(Rect(x: -30, y: -30, width: 60, height: 60))
    square.shape.path = path
    // An overshooting timing function takes a colour past its keyframes; translucent, so that
    // clamping before or after the fade differ (1.3 × 0.6 against 1 × 0.6).
    square.shape.fillColor = Color(red: 1.3, green: -0.2, blue: 0.45, alpha: 0.6)
    let tree = PresentationTree(
      canvasSize: Size(width: 120, height: 120), backgroundColor: Color(red8: 0x20, green8: 0x20, blue8: 0x20),
      layers: [PresentationLayer(id: "square", kind: .shape, properties: square, sublayers: [])])
    var drawn: [(red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8)] = []
    for rasterizing in [true, false] {
      let backend = CairoBackend(fastPaths: FastPaths(rasterizesShapes: rasterizing), counters: RenderCounters())
      let buffer = try #require(PixelBuffer(width: 180, height: 180))
      try backend.render(tree, viewport: Viewport(canvasSize: tree.canvasSize, pixelWidth: 180, pixelHeight: 180), into: buffer)
      #expect((backend.counted.shapesRasterized > 0) == rasterizing)
      drawn.append(buffer.rgba(x: 90, y: 90))
    }
    #expect(drawn[0] == drawn[1], "rasterized \(drawn[0]), Cairo \(drawn[1])")
  }
}
