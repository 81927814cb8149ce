import Foundation
import SplashCore
import SplashLottie
import SplashModel
import SplashPresets
import SplashRender
import Testing

@testable import SplashCairo

@Suite("The canvas colour is skipped only where a first layer paints whole pixels opaque")
struct CanvasPaintTests {
  private let navy = Color(red8: 0x0F, green8: 0x4E, blue8: 0x65)

  /// Renders `tree` over a buffer full of magenta left from an earlier frame, and into a
  /// fresh one; returns both.
  private func renderOverGarbage(_ tree: PresentationTree, width: Int, height: Int) throws -> (PixelBuffer, PixelBuffer) {
    let viewport = Viewport(canvasSize: tree.canvasSize, pixelWidth: width, pixelHeight: height)
    let used = try #require(PixelBuffer(width: width, height: height))
    used.fill(with: Color(red: 1, green: 0, blue: 1))
    let fresh = try #require(PixelBuffer(width: width, height: height))
    try CairoBackend().render(tree, viewport: viewport, into: used)
    try CairoBackend().render(tree, viewport: viewport, into: fresh)
    return (used, fresh)
  }

  /// The whole frame of `buffer`, in pixels.
  private static func frame(of buffer: PixelBuffer) -> Rect {
    Rect(x: 0, y: 0, width: Double(buffer.width), height: Double(buffer.height))
  }

  private func cover(inset: Double) -> PresentationLayer {
    var properties = LayerProperties()
    properties.position = Point(x: 50, y: 50)
    properties.bounds = Rect(x: 0, y: 0, width: 100 - 2 * inset, height: 100 - 2 * inset)
    properties.backgroundColor = Color(red8: 0xDA, green8: 0x70, blue8: 0xD6)
    return PresentationLayer(id: "cover", kind: .layer, properties: properties, sublayers: [])
  }

  @Test("fuber at its container pulse, over an old frame: the same pixels as a fresh render")
  func fuberOverOldFrame() throws {
    let presets = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().appendingPathComponent("presets")
    let scene = try PresetLoader.load(presets.appendingPathComponent("fuber.json5"))
    for time in [0.9, 1.5, 2.2] {
      let tree = scene.presentation(at: time)
      let backend = CairoBackend()
      let viewport = Viewport(canvasSize: scene.canvasSize, pixelWidth: 188, pixelHeight: 334)
      let buffer = try #require(PixelBuffer(width: 188, height: 334))
      #expect(
        backend.firstLayerPixels(of: tree, viewport: viewport)?.intersection(Self.frame(of: buffer)) == Self.frame(of: buffer),
        "t = \(time)")
      let (used, fresh) = try renderOverGarbage(tree, width: 188, height: 334)
      #expect(memcmp(used.bytes, fresh.bytes, fresh.byteCount) == 0, "t = \(time)")
    }
  }

  @Test("a first layer a little short of an edge, or faded, still gets the canvas painted beneath it")
  func nearlyCovering() throws {
    var faded = cover(inset: -5)
    faded.properties.opacity = 0.9
    for (name, layer) in [("short by 0.3 points", cover(inset: 0.3)), ("faded", faded), ("covering", cover(inset: -5))] {
      let tree = PresentationTree(canvasSize: Size(width: 100, height: 100), backgroundColor: navy, layers: [layer])
      let (used, fresh) = try renderOverGarbage(tree, width: 100, height: 100)
      #expect(memcmp(used.bytes, fresh.bytes, fresh.byteCount) == 0, "\(name)")
      #expect(used.rgba(x: 0, y: 0).green != 0 || used.rgba(x: 0, y: 0).red != 255, "\(name): no magenta left")
    }
  }

  @Test("a rectangle exactly the frame's size, inside a plain container, covers it; multiplied, it does not")
  func exactCoverInsideContainer() throws {
    var container = LayerProperties()
    container.position = Point(x: 50, y: 50)
    container.bounds = Rect(x: 0, y: 0, width: 100, height: 100)
    for (name, blendMode, covers) in [("normal", BlendMode.normal, true), ("multiplied", .multiply, false)] {
      var solid = cover(inset: 0)
      solid.properties.blendMode = blendMode
      let tree = PresentationTree(
        canvasSize: Size(width: 100, height: 100), backgroundColor: navy,
        layers: [PresentationLayer(id: "container", kind: .layer, properties: container, sublayers: [solid])])
      // 100 points onto 130 pixels: the edges land on the frame's edges, not on a pixel grid of
      // the canvas.
      let viewport = Viewport(canvasSize: tree.canvasSize, pixelWidth: 130, pixelHeight: 130)
      let buffer = try #require(PixelBuffer(width: 130, height: 130))
      #expect((CairoBackend().firstLayerPixels(of: tree, viewport: viewport) == Self.frame(of: buffer)) == covers, "\(name)")
      let (used, fresh) = try renderOverGarbage(tree, width: 130, height: 130)
      #expect(memcmp(used.bytes, fresh.bytes, fresh.byteCount) == 0, "\(name)")
    }
  }

  @Test("under a first layer covering the canvas, only the bands of a contain fit get the canvas colour")
  func bandsBesideCoveredCanvas() throws {
    let magenta = (red: UInt8(255), green: UInt8(0), blue: UInt8(255))
    for (width, height) in [(130, 100), (100, 160), (334, 500)] {
      let tree = PresentationTree(canvasSize: Size(width: 100, height: 100), backgroundColor: navy, layers: [cover(inset: 0)])
      let viewport = Viewport(canvasSize: tree.canvasSize, pixelWidth: width, pixelHeight: height)
      let canvas = try #require(CairoBackend.canvasPixels(viewport), "\(width)x\(height) has bands")
      #expect(CairoBackend().firstLayerPixels(of: tree, viewport: viewport)?.intersection(canvas) == canvas, "\(width)x\(height)")
      let (used, fresh) = try renderOverGarbage(tree, width: width, height: height)
      #expect(memcmp(used.bytes, fresh.bytes, fresh.byteCount) == 0, "\(width)x\(height)")
      // A band's pixel is the canvas colour; the canvas's middle is the cover's.
      let band = canvas.minX > 0 ? used.rgba(x: 0, y: height / 2) : used.rgba(x: width / 2, y: 0)
      #expect(band.red == 0x0F && band.green == 0x4E && band.blue == 0x65, "\(width)x\(height): \(band)")
      let middle = used.rgba(x: width / 2, y: height / 2)
      #expect(middle.red == 0xDA && middle.green == 0x70 && middle.blue == 0xD6, "\(width)x\(height): \(middle)")
      #expect((band.red, band.green, band.blue) != magenta)
    }
    // A cover short of the canvas's edge by a fraction of a pixel does not cover it.
    let short = PresentationTree(canvasSize: Size(width: 100, height: 100), backgroundColor: navy, layers: [cover(inset: 0.3)])
    let viewport = Viewport(canvasSize: short.canvasSize, pixelWidth: 130, pixelHeight: 100)
    let canvas = try #require(CairoBackend.canvasPixels(viewport))
    #expect(CairoBackend().firstLayerPixels(of: short, viewport: viewport)?.intersection(canvas) != canvas)
  }

  @Test("a Lottie solid under the other layers covers the frame at any size")
  func lottieSolidBackground() throws {
    let text = #"""
      {"v":"5.7.4","fr":30,"ip":0,"op":60,"w":200,"h":200,"assets":[],"layers":[
       {"ty":4,"nm":"disc","ip":0,"op":60,"ks":{"p":{"a":0,"k":[100,100]}},"shapes":[{"ty":"el","p":{"a":0,"k":[0,0]},"s":{"a":0,"k":[80,80]}},{"ty":"fl","c":{"a":0,"k":[1,0.5,0,1]},"o":{"a":0,"k":100}}]},
       {"ty":1,"nm":"background","ip":0,"op":60,"ks":{},"sw":200,"sh":200,"sc":"#202830"}]}
      """#
    let scene = try LottieCompiler.compile(Data(text.utf8), file: "solid.json")
    for side in [200, 333, 512] {
      let tree = scene.presentation(at: 0)
      let viewport = Viewport(canvasSize: scene.canvasSize, pixelWidth: side, pixelHeight: side)
      let buffer = try #require(PixelBuffer(width: side, height: side))
      #expect(
        CairoBackend().firstLayerPixels(of: tree, viewport: viewport)?.intersection(Self.frame(of: buffer)) == Self.frame(of: buffer),
        "\(side)")
      let (used, fresh) = try renderOverGarbage(tree, width: side, height: side)
      #expect(memcmp(used.bytes, fresh.bytes, fresh.byteCount) == 0, "\(side)")
    }
  }

  /// A Lottie file whose bottom layer is a background rectangle (a shape layer's opaque fill)
  /// the size of the composition, under a disc.
  static let backgroundRectangle = #"""
    {"v":"5.7.4","fr":30,"ip":0,"op":60,"w":375,"h":667,"assets":[],"layers":[
     {"ty":4,"nm":"disc","ip":0,"op":60,"ks":{"p":{"a":0,"k":[187,300]}},"shapes":[{"ty":"el","p":{"a":0,"k":[0,0]},"s":{"a":0,"k":[120,120]}},{"ty":"fl","c":{"a":0,"k":[1,0.5,0,1]},"o":{"a":0,"k":100}}]},
     {"ty":4,"nm":"BG","ip":0,"op":60,"ks":{"p":{"a":0,"k":[187.5,333.5]}},"shapes":[{"ty":"gr","it":[
       {"ty":"rc","p":{"a":0,"k":[0,0]},"s":{"a":0,"k":[375,667]},"r":{"a":0,"k":0}},
       {"ty":"fl","c":{"a":0,"k":[0,0.82,0.76,1]},"o":{"a":0,"k":100}},{"ty":"tr"}]}]}]}
    """#

  @Test("a Lottie background rectangle keeps the canvas colour to the bands and the columns its edges cross")
  func lottieBackgroundRectangle() throws {
    let scene = try LottieCompiler.compile(Data(Self.backgroundRectangle.utf8), file: "background.json")
    let tree = scene.presentation(at: 0)
    // 375x667 onto 512x512: the rectangle's sides land at x = 112.07 and 399.93.
    for (width, height) in [(512, 512), (375, 667), (300, 300), (750, 1334)] {
      let viewport = Viewport(canvasSize: scene.canvasSize, pixelWidth: width, pixelHeight: height)
      let covered = try #require(CairoBackend().firstLayerPixels(of: tree, viewport: viewport), "\(width)x\(height)")
      let frame = Rect(x: 0, y: 0, width: Double(width), height: Double(height))
      #expect(covered.intersection(frame) != nil)
      let (used, fresh) = try renderOverGarbage(tree, width: width, height: height)
      #expect(memcmp(used.bytes, fresh.bytes, fresh.byteCount) == 0, "\(width)x\(height)")
      let corner = used.rgba(x: Int(covered.minX), y: Int(covered.minY))
      #expect(corner.red == 0 && corner.green == 209 && corner.blue == 194, "\(width)x\(height): \(corner)")
    }
    let viewport = Viewport(canvasSize: scene.canvasSize, pixelWidth: 512, pixelHeight: 512)
    #expect(CairoBackend().firstLayerPixels(of: tree, viewport: viewport) == Rect(x: 113, y: 0, width: 286, height: 512))
  }

  @Test("only a rectangle on the axes, traced round its corners, counts as one")
  func rectangles() {
    func path(_ points: [(Double, Double)], closed: Bool = true) -> Path {
      var path = Path()
      for (index, point) in points.enumerated() {
        if index == 0 { path.move(to: Point(x: point.0, y: point.1)) } else { path.addLine(to: Point(x: point.0, y: point.1)) }
      }
      if closed { path.closeSubpath() }
      return path
    }
    let square = Rect(x: -2, y: 1, width: 5, height: 3)
    #expect(CairoBackend.rectangle(of: path([(-2, 1), (3, 1), (3, 4), (-2, 4)])) == square)
    #expect(CairoBackend.rectangle(of: path([(3, 4), (3, 1), (-2, 1), (-2, 4), (3, 4)], closed: false)) == square)
    #expect(CairoBackend.rectangle(of: path([(-2, 1), (3, 4), (3, 1), (-2, 4)])) == nil, "a bow tie")
    #expect(CairoBackend.rectangle(of: path([(-2, 1), (3, 1), (4, 4), (-2, 4)])) == nil, "a trapezium")
    #expect(CairoBackend.rectangle(of: path([(-2, 1), (3, 1), (3, 4)])) == nil, "a triangle")
    #expect(CairoBackend.rectangle(of: path([(-2, 1), (3, 1), (3, 1), (3, 4), (-2, 4)])) == nil, "a doubled corner")
    var curved = path([(-2, 1), (3, 1), (3, 4)], closed: false)
    curved.addCurve(to: Point(x: -2, y: 4), control1: Point(x: 2, y: 6), control2: Point(x: -1, y: 6))
    curved.closeSubpath()
    #expect(CairoBackend.rectangle(of: curved) == nil, "a curve")
    var twice = path([(-2, 1), (3, 1), (3, 4), (-2, 4)])
    twice.move(to: Point(x: 0, y: 0))
    #expect(CairoBackend.rectangle(of: twice) == nil, "a second subpath")
  }

  @Test("a background rectangle faded, translucent, clipped or in a replica's colour leaves the canvas painted beneath it")
  func rectanglesThatDoNotCover() throws {
    let scene = try LottieCompiler.compile(Data(Self.backgroundRectangle.utf8), file: "background.json")
    let viewport = Viewport(canvasSize: scene.canvasSize, pixelWidth: 375, pixelHeight: 667)
    let tree = scene.presentation(at: 0)
    #expect(CairoBackend().firstLayerPixels(of: tree, viewport: viewport) == Rect(x: 0, y: 0, width: 375, height: 667))
    let changes: [(String, (inout PresentationLayer) -> Void)] = [
      ("translucent", { $0.properties.shape.fillColor = Color(red: 0, green: 0.8, blue: 0.7, alpha: 0.9) }),
      ("faded", { $0.properties.opacity = 0.99 }),
      ("clipped", { $0.properties.masksToBounds = true }),
      ("tinted", { $0.tint = Color(red: 1, green: 1, blue: 1, alpha: 0.5) }),
    ]
    for (name, change) in changes {
      var changed = tree
      try Self.changeFirstShape(in: &changed.layers[0], change)
      #expect(CairoBackend().firstLayerPixels(of: changed, viewport: viewport) == nil, "\(name)")
      let (used, fresh) = try renderOverGarbage(changed, width: 375, height: 667)
      #expect(memcmp(used.bytes, fresh.bytes, fresh.byteCount) == 0, "\(name)")
    }
  }

  /// Applies `change` to the first shape layer down the first sublayers from `layer`.
  private static func changeFirstShape(in layer: inout PresentationLayer, _ change: (inout PresentationLayer) -> Void) throws {
    if layer.kind == .shape {
      change(&layer)
      return
    }
    try #require(!layer.sublayers.isEmpty)
    try changeFirstShape(in: &layer.sublayers[0], change)
  }
}
