import Foundation
import SplashCore
import SplashModel
import SplashRender
import Testing

@testable import SplashCairo

/// Faded fills and strokes inside masks that Cairo draws: drawn through a group of their own
/// (Cairo's straight path is slow there), with the coverage they would have had. Shape layers
/// are rasterized by splashvid itself where it can (see `ShapeRasterizingTests`); these tests
/// turn that off to reach the path Cairo still takes under clips the rasterizer leaves to it.
@Suite("Translucent paints in a mask are drawn through a group, to the same coverage")
struct TranslucentMaskPaintTests {
  /// An orange square masked by a star of faded strokes and a faded fill, turned off the
  /// pixel grid, as a Lottie repeater's fading copies draw their masks.
  private func tree(strokeAlpha: Double, fillAlpha: Double) -> PresentationTree {
    var star = Path()
    for index in 0..<5 {
      let angle = Double(index) * 4 * Double.pi / 5 - Double.pi / 2
      let point = Point(x: 50 + 38 * cos(angle), y: 50 + 38 * sin(angle))
      if index == 0 { star.move(to: point) } else { star.addLine(to: point) }
    }
    star.closeSubpath()
    var stroke = LayerProperties()
    stroke.shape.path = star
    stroke.shape.fillColor = .clear
    stroke.shape.strokeColor = Color(red: 0, green: 0, blue: 0, alpha: strokeAlpha)
    stroke.shape.lineWidth = 7
    var fill = LayerProperties()
    var dot = Path()
    dot.addEllipse(in: Rect(x: 35, y: 35, width: 30, height: 30))
    fill.shape.path = dot
    fill.shape.fillColor = Color(red: 0, green: 0, blue: 0, alpha: fillAlpha)
    var mask = LayerProperties()
    mask.bounds = Rect(x: 0, y: 0, width: 100, height: 100)
    mask.anchorPoint = .zero
    mask.transform = Transform3D(rotationAngle: 0.31, x: 0, y: 0, z: 1)
    var square = LayerProperties()
    square.position = Point(x: 50, y: 50)
    square.bounds = Rect(x: 0, y: 0, width: 100, height: 100)
    square.backgroundColor = Color(red8: 0xF5, green8: 0x8A, blue8: 0x1F)
    var layer = PresentationLayer(id: "square", kind: .layer, properties: square, sublayers: [])
    layer.mask = PresentationLayer(
      id: "mask", kind: .layer, properties: mask,
      sublayers: [
        PresentationLayer(id: "star", kind: .shape, properties: stroke, sublayers: []),
        PresentationLayer(id: "dot", kind: .shape, properties: fill, sublayers: []),
      ])
    return PresentationTree(canvasSize: Size(width: 100, height: 100), backgroundColor: .white, layers: [layer])
  }

  /// A backend that leaves shape layers to Cairo, with `fastPaths` otherwise.
  static func cairoDrawn(_ fastPaths: FastPaths = .all) -> CairoBackend {
    var shapesByCairo = fastPaths
    shapesByCairo.rasterizesShapes = false
    return CairoBackend(fastPaths: shapesByCairo, counters: RenderCounters())
  }

  private func render(_ tree: PresentationTree, with backend: CairoBackend) throws -> PixelBuffer {
    let buffer = try #require(PixelBuffer(width: 300, height: 300))
    try backend.render(tree, viewport: Viewport(canvasSize: tree.canvasSize, pixelWidth: 300, pixelHeight: 300), into: buffer)
    return buffer
  }

  @Test("faded strokes and fills in a mask: every channel within a level of drawing them straight", arguments: [0.35, 0.8])
  func sameCoverage(alpha: Double) throws {
    let grouped = Self.cairoDrawn()
    let straight = Self.cairoDrawn(FastPaths(groupsTranslucentPaints: false))
    let ours = try render(tree(strokeAlpha: alpha, fillAlpha: alpha / 2), with: grouped)
    let reference = try render(tree(strokeAlpha: alpha, fillAlpha: alpha / 2), with: straight)
    #expect(grouped.counted.translucentPaintsGrouped == 2)
    #expect(straight.counted.translucentPaintsGrouped == 0)
    var worst = 0
    var painted = 0
    for y in 0..<300 {
      for x in 0..<300 {
        let a = ours.rgba(x: x, y: y)
        let b = reference.rgba(x: x, y: y)
        worst = max(worst, abs(Int(a.red) - Int(b.red)), abs(Int(a.green) - Int(b.green)), abs(Int(a.blue) - Int(b.blue)))
        if b.blue < 0xF0 { painted += 1 }
      }
    }
    #expect(worst <= 1, "worst channel difference \(worst)")
    #expect(painted > 3000, "only \(painted) pixels show the square")
  }

  @Test(
    "the grouped paints are laid onto the mask by the coverage compositor, to the byte Cairo lays them",
    arguments: [0.35, 0.8, 0.999])
  func groupsLaidAsCairoLaysThem(alpha: Double) throws {
    let ours = Self.cairoDrawn()
    let cairo = Self.cairoDrawn(FastPaths(laysCoverageGroups: false))
    // A second frame with the star turned further: groups of other sizes and offsets.
    for turn in [0.31, 1.07] {
      var turned = tree(strokeAlpha: alpha, fillAlpha: alpha / 2)
      turned.layers[0].mask?.properties.transform = Transform3D(rotationAngle: turn, x: 0, y: 0, z: 1)
      let byOurs = try render(turned, with: ours)
      let byCairo = try render(turned, with: cairo)
      #expect(memcmp(byOurs.bytes, byCairo.bytes, byOurs.byteCount) == 0, "turned \(turn)")
    }
    #expect(ours.counted.coverageGroupsLaid == 4)
    #expect(cairo.counted.coverageGroupsLaid == 0 && cairo.counted.translucentPaintsGrouped == 4)
  }

  @Test("opaque paints in a mask, and faded paints in a colour picture, are drawn straight")
  func onlyTranslucentIntoAlpha() throws {
    let backend = Self.cairoDrawn()
    _ = try render(tree(strokeAlpha: 1, fillAlpha: 1), with: backend)
    #expect(backend.counted.translucentPaintsGrouped == 0)
    var unmasked = tree(strokeAlpha: 0.5, fillAlpha: 0.5)
    unmasked.layers[0].sublayers = unmasked.layers[0].mask.map { [$0] } ?? []
    unmasked.layers[0].mask = nil
    _ = try render(unmasked, with: backend)
    #expect(backend.counted.translucentPaintsGrouped == 0)
  }
}
