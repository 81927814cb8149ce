import Foundation
import SplashCore
import SplashLottie
import SplashModel
import SplashPresets
import SplashRender
import Testing

@testable import SplashCairo

/// The canvas colour set straight into a frame's pixels (`paintCanvasColour`) is the colour
/// Cairo paints, on the very pixels it paints.
@Suite("The canvas colour set straight into the frame is Cairo's")
struct CanvasColourFillTests {
  /// Canvas colours: the four equal bytes `memset` sets (transparent, opaque white), an opaque
  /// and a translucent colour, and two out of range, which Cairo clamps before it multiplies
  /// them by their alpha.
  static let colours: [(String, Color)] = [
    ("clear", .clear), ("white", .white), ("navy", Color(red8: 0x0F, green8: 0x4E, blue8: 0x65)),
    ("translucent teal", Color(red: 0.25, green: 0.88, blue: 0.69, alpha: 0.55)),
    ("out of range", Color(red: 1.4, green: -0.2, blue: 0.5, alpha: 0.6)),
    ("alpha out of range", Color(red: 0.3, green: 0.6, blue: 0.9, alpha: 1.3)),
    ("faint", Color(red: 0.9, green: 0.1, blue: 0.33, alpha: 0.3)),
  ]

  /// A disc on the canvas, and beneath it, when `cover` is given, a first layer painting the
  /// canvas's points `cover` opaque.
  static func tree(background: Color, cover: Rect?) -> PresentationTree {
    var disc = LayerProperties()
    disc.position = Point(x: 50, y: 50)
    var oval = Path()
    oval.addEllipse(in: Rect(x: -20, y: -20, width: 40, height: 40))
    disc.shape.path = oval
    disc.shape.fillColor = Color(red: 1, green: 0.5, blue: 0, alpha: 0.8)
    var layers = [PresentationLayer(id: "disc", kind: .shape, properties: disc, sublayers: [])]
    if let cover {
      var properties = LayerProperties()
      properties.position = Point(x: cover.minX + cover.width / 2, y: cover.minY + cover.height / 2)
      properties.bounds = Rect(x: 0, y: 0, width: cover.width, height: cover.height)
      properties.backgroundColor = Color(red8: 0xDA, green8: 0x70, blue8: 0xD6)
      layers.insert(PresentationLayer(id: "cover", kind: .layer, properties: properties, sublayers: []), at: 0)
    }
    return PresentationTree(canvasSize: Size(width: 100, height: 100), backgroundColor: background, layers: layers)
  }

  /// `tree` drawn through a `width`×`height` viewport over a buffer full of magenta, by a
  /// backend with `fastPaths`, and what it counted.
  static func draw(_ tree: PresentationTree, width: Int, height: Int, fastPaths: FastPaths) throws -> (PixelBuffer, RenderCounters) {
    let buffer = try #require(PixelBuffer(width: width, height: height))
    buffer.fill(with: Color(red: 1, green: 0, blue: 1))
    let backend = CairoBackend(fastPaths: fastPaths, counters: RenderCounters())
    try backend.render(tree, viewport: Viewport(canvasSize: tree.canvasSize, pixelWidth: width, pixelHeight: height), into: buffer)
    return (buffer, backend.counted)
  }

  @Test(
    "the whole frame, the bands of a contain fit, and the frame around a cover, in every colour",
    arguments: [
      ("the whole frame", nil, 100, 100), ("the whole frame, with bands", nil, 130, 97),
      ("bands beside a cover", Rect(x: 0, y: 0, width: 100, height: 100), 130, 100),
      ("bands above and below a cover", Rect(x: 0, y: 0, width: 100, height: 100), 100, 161),
      ("around a cover inside the canvas", Rect(x: 10, y: 20, width: 70, height: 50), 100, 100),
    ] as [(String, Rect?, Int, Int)])
  func sameAsCairo(_ layout: String, cover: Rect?, width: Int, height: Int) throws {
    for (name, colour) in Self.colours {
      let tree = Self.tree(background: colour, cover: cover)
      let (filled, counted) = try Self.draw(tree, width: width, height: height, fastPaths: .all)
      let (painted, cairoCounted) = try Self.draw(tree, width: width, height: height, fastPaths: FastPaths(fillsCanvasColour: false))
      #expect(memcmp(filled.bytes, painted.bytes, filled.byteCount) == 0, "\(layout), \(name)")
      #expect(counted.canvasColourFills == 1, "\(layout), \(name)")
      #expect(cairoCounted.canvasColourFills == 0)
    }
    // The canvas colour did land: a corner shows it, not the magenta beneath.
    let (filled, _) = try Self.draw(Self.tree(background: Self.colours[2].1, cover: cover), width: width, height: height, fastPaths: .all)
    let corner = filled.rgba(x: width - 1, y: height - 1)
    #expect((corner.red, corner.green, corner.blue) == (0x0F, 0x4E, 0x65), "\(layout): \(corner)")
  }

  @Test("a Lottie background rectangle whose edges cross columns: the columns beside it are Cairo's")
  func besideLottieBackground() throws {
    let scene = try LottieCompiler.compile(Data(CanvasPaintTests.backgroundRectangle.utf8), file: "background.json")
    for (width, height) in [(512, 512), (300, 300)] {
      var tree = scene.presentation(at: 0)
      tree.backgroundColor = Color(red: 0.2, green: 0.3, blue: 0.4, alpha: 0.7)
      let (filled, counted) = try Self.draw(tree, width: width, height: height, fastPaths: .all)
      let (painted, _) = try Self.draw(tree, width: width, height: height, fastPaths: FastPaths(fillsCanvasColour: false))
      #expect(memcmp(filled.bytes, painted.bytes, filled.byteCount) == 0, "\(width)x\(height)")
      #expect(counted.canvasColourFills == 1)
    }
  }

  /// A disc sliding along the rows of a still post at the right, in one container: while the
  /// region redrawn lies left of the post, the post is left out, and the canvas colour must leave it be.
  @Test("a frame redrawn in part gets the canvas colour only within its region, as Cairo paints it there")
  func redrawnInPart() throws {
    let preset = ##"""
      { schemaVersion: 1, canvas: { size: [120, 120], background: "#40E0B080" }, clip: { start: 0, cycle: 1 }, layers: [
        { id: "container", position: [60, 60], bounds: [0, 0, 120, 120], sublayers: [
          { id: "still", type: "shape", position: [30, 30], fillColor: "#FFFFFF", path: { oval: [-20, -20, 40, 40] } },
          { id: "sliding", type: "shape", position: [10, 80], fillColor: "#FF8000AA", path: { oval: [-8, -8, 16, 16] },
            animations: [{ type: "basic", keyPath: "position.x", fromValue: 10, toValue: 110, duration: 1 }] },
          { id: "post", type: "shape", position: [112, 80], fillColor: "#DA70D6", path: { rect: [-4, -12, 8, 24] } } ] } ] }
      """##
    let scene = try PresetCompiler.compile(Data(preset.utf8), file: "sliding.json5")
    let redrawing = CairoBackend(counters: RenderCounters())
    let whole = CairoBackend(fastPaths: FastPaths(redrawsChangedRegion: false, fillsCanvasColour: false))
    let kept = try #require(PixelBuffer(width: 180, height: 180))
    try ChangedRegionDrawingTests.draw(
      scene, at: (0..<12).map { Double($0) / 12 }, with: redrawing, into: { _ in kept },
      check: ChangedRegionDrawingTests.expectDrawnAlike(by: whole, scene: scene))
    #expect(redrawing.counted.framesRedrawnInPart == 11)
    #expect(redrawing.counted.canvasColourFills == 12)
    // Not the whole frame: the still disc's rows were not redrawn, and the post was left out.
    #expect(redrawing.counted.rowsRedrawn < 11 * 180)
    #expect(redrawing.counted.layersOutsideRedrawnRegion > 0)
  }
}
