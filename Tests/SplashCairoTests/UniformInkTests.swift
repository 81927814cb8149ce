import Foundation
import SplashCore
import SplashModel
import SplashRender
import Testing

@testable import SplashCairo

@Suite("Groups painted in one colour are drawn as alpha only, with the same pixels")
struct UniformInkTests {
  private let blue = Color(red8: 0x4D, green8: 0xB5, blue8: 0xD9)

  /// A line from `start` to `end`, stroked `width` wide in `color`.
  private func line(_ id: String, _ start: Point, _ end: Point, width: Double, color: Color) -> PresentationLayer {
    var properties = LayerProperties()
    var path = Path()
    path.move(to: start)
    path.addLine(to: end)
    properties.shape.path = path
    properties.shape.fillColor = .clear
    properties.shape.strokeColor = color
    properties.shape.lineWidth = width
    return PresentationLayer(id: id, kind: .shape, properties: properties, sublayers: [])
  }

  /// A lattice-like tile: two crossing strokes faded together, off the pixel grid.
  private func tile(second: Color, opacity: Double = 0.6) -> PresentationLayer {
    var properties = LayerProperties()
    properties.position = Point(x: 50.3, y: 49.7)
    properties.bounds = Rect(x: 0, y: 0, width: 80, height: 80)
    properties.opacity = opacity
    properties.transform = Transform3D(scaleX: 0.87, y: 0.87, z: 1)
    return PresentationLayer(
      id: "tile", kind: .layer, properties: properties,
      sublayers: [
        line("lattice", Point(x: 0, y: 0), Point(x: 80, y: 80), width: 6, color: blue),
        line("lattice-thin", Point(x: 80, y: 0), Point(x: 0, y: 80), width: 3, color: second),
      ])
  }

  /// The one colour the display list finds `layer`'s subtree painting with.
  private func uniformInk(_ layer: PresentationLayer) -> Color? {
    DisplayList.node(for: layer, measuring: CairoBackend()).uniformInk
  }

  private func render(_ layer: PresentationLayer) throws -> PixelBuffer {
    let canvas = Size(width: 100, height: 100)
    let buffer = try #require(PixelBuffer(width: 250, height: 250))
    let tree = PresentationTree(canvasSize: canvas, backgroundColor: Color(red8: 0x0F, green8: 0x4E, blue8: 0x65), layers: [layer])
    try CairoBackend().render(tree, viewport: Viewport(canvasSize: canvas, pixelWidth: 250, pixelHeight: 250), into: buffer)
    return buffer
  }

  @Test("one colour (any alpha) is uniform; a second colour, text or an image is not; hidden layers do not count")
  func analysis() {
    #expect(uniformInk(tile(second: blue)) == blue)
    #expect(uniformInk(tile(second: Color(red: blue.red, green: blue.green, blue: blue.blue, alpha: 0.3))) == blue)
    #expect(uniformInk(tile(second: Color(red8: 0x4D, green8: 0xB5, blue8: 0xDA))) == nil)

    var withText = tile(second: blue)
    withText.sublayers.append(PresentationLayer(id: "label", kind: .text, properties: LayerProperties(), sublayers: []))
    #expect(uniformInk(withText) == nil)

    var withImage = tile(second: blue)
    withImage.sublayers[0].properties.contents = LayerContents(imagePath: "mascot.png")
    #expect(uniformInk(withImage) == nil)

    var withHidden = tile(second: blue)
    var hidden = line("hidden", .zero, Point(x: 10, y: 10), width: 2, color: .white)
    hidden.properties.isHidden = true
    withHidden.sublayers.append(hidden)
    #expect(uniformInk(withHidden) == blue)

    var withBackground = tile(second: blue)
    withBackground.properties.backgroundColor = .white
    #expect(uniformInk(withBackground) == nil)
  }

  @Test("an alpha-only group composites like a colour group: every pixel within 2, the crossing not doubled")
  func samePixelsAsColourGroup() throws {
    // One blue level apart, the second tile cannot take the alpha-only path; the pictures
    // must still agree to rounding.
    let alphaOnly = try render(tile(second: blue))
    let colour = try render(tile(second: Color(red8: 0x4D, green8: 0xB5, blue8: 0xDA)))
    var worst = 0
    var painted = 0
    for y in 0..<250 {
      for x in 0..<250 {
        let a = alphaOnly.rgba(x: x, y: y)
        let b = colour.rgba(x: x, y: y)
        worst = max(worst, abs(Int(a.red) - Int(b.red)), abs(Int(a.green) - Int(b.green)), abs(Int(a.blue) - Int(b.blue)))
        if a.red != 0x0F { painted += 1 }
      }
    }
    #expect(worst <= 2, "worst channel difference \(worst)")
    #expect(painted > 1000)
    // Where the strokes cross (the tile's centre) the group holds alpha 1 once: the same
    // colour as a stretch of the wide stroke alone, not darker or brighter.
    let centre = alphaOnly.rgba(x: 126, y: 124)
    let alongWide = alphaOnly.rgba(x: 100, y: 98)
    #expect(centre == alongWide, "crossing \(centre) vs single stroke \(alongWide)")
  }

  @Test("a faded alpha-only group is faded by its opacity")
  func opacityApplies() throws {
    let faint = try render(tile(second: blue, opacity: 0.2)).rgba(x: 100, y: 98)
    let strong = try render(tile(second: blue, opacity: 0.9)).rgba(x: 100, y: 98)
    // Blue over navy: 0x0F + (0x4D − 0x0F) · opacity in red.
    #expect(abs(Int(faint.red) - (0x0F + Int((Double(0x4D - 0x0F) * 0.2).rounded()))) <= 1)
    #expect(abs(Int(strong.red) - (0x0F + Int((Double(0x4D - 0x0F) * 0.9).rounded()))) <= 1)
  }
}
