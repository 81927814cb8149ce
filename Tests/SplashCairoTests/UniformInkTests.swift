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

@Suite("A faded group holding text is bounded by the text's ink, even where it overflows its bounds")
struct TextExtentsTests {
  @Test("right-aligned text overflowing to the left is drawn whole inside a faded group")
  func overflowingTextInGroup() throws {
    var text = LayerProperties()
    text.position = Point(x: 30, y: 0)
    text.bounds = Rect(x: 0, y: 0, width: 10, height: 30)
    text.text.string = "WWWWW"
    text.text.fontFamily = "DejaVu Sans"
    text.text.fontSize = 20
    text.text.alignment = .right
    text.text.foregroundColor = .white
    // A group with no area of its own (like fuber's label): only its content bounds it.
    var group = LayerProperties()
    group.position = Point(x: 50, y: 50)
    group.bounds = .zero
    group.opacity = 0.8
    let tree = PresentationTree(
      canvasSize: Size(width: 100, height: 100), backgroundColor: Color(red8: 0x0F, green8: 0x4E, blue8: 0x65),
      layers: [
        PresentationLayer(
          id: "group", kind: .layer, properties: group,
          sublayers: [PresentationLayer(id: "label", kind: .text, properties: text, sublayers: [])])
      ])
    let buffer = try #require(PixelBuffer(width: 100, height: 100))
    let backend = CairoBackend()
    try backend.render(tree, viewport: Viewport(canvasSize: Size(width: 100, height: 100), pixelWidth: 100, pixelHeight: 100), into: buffer)
    // The bounds span x 75…85; five W's at 20 pt reach some 90 pt to the left of their right edge.
    var litLeftOfBounds = 0
    for y in 35..<65 {
      for x in 0..<70 where buffer.rgba(x: x, y: y).red > 0x40 { litLeftOfBounds += 1 }
    }
    #expect(litLeftOfBounds > 100, "glyph pixels left of the bounds: \(litLeftOfBounds)")
    let extents = try #require(backend.textExtents(text))
    #expect(extents.minX < -50 && extents.maxX >= 10, "\(extents)")
  }
}

@Suite("A masked layer's group is bounded by its mask, placed as the mask is drawn")
struct MaskExtentsTests {
  @Test("content shows exactly through a mask far from the layer's centre, with a sublayerTransform that masks ignore")
  func maskBoundsTheGroup() throws {
    var maskProperties = LayerProperties()
    maskProperties.position = Point(x: 75, y: 75)
    maskProperties.bounds = Rect(x: 0, y: 0, width: 20, height: 20)
    maskProperties.backgroundColor = .white
    var square = LayerProperties()
    square.position = Point(x: 50, y: 50)
    square.bounds = Rect(x: 0, y: 0, width: 100, height: 100)
    square.backgroundColor = .white
    var layer = LayerProperties()
    layer.position = Point(x: 50, y: 50)
    layer.bounds = Rect(x: 0, y: 0, width: 100, height: 100)
    layer.backgroundColor = Color(red8: 0xDA, green8: 0x70, blue8: 0xD6)
    // Applies to sublayers only; the mask must not shrink with it.
    layer.sublayerTransform = Transform3D(scaleX: 0.5, y: 0.5, z: 1)
    let masked = PresentationLayer(
      id: "masked", kind: .layer, properties: layer,
      sublayers: [PresentationLayer(id: "square", kind: .layer, properties: square, sublayers: [])],
      mask: PresentationLayer(id: "mask", kind: .layer, properties: maskProperties, sublayers: []))
    let tree = PresentationTree(
      canvasSize: Size(width: 100, height: 100), backgroundColor: Color(red8: 0x0F, green8: 0x4E, blue8: 0x65), layers: [masked])
    let buffer = try #require(PixelBuffer(width: 100, height: 100))
    try CairoBackend().render(
      tree, viewport: Viewport(canvasSize: Size(width: 100, height: 100), pixelWidth: 100, pixelHeight: 100), into: buffer)
    // The mask covers 65…85 in both directions; there the orchid background shows, and the
    // white square (shrunk about the centre by the sublayerTransform to 25…75) where it reaches.
    for (x, y) in [(84, 84), (66, 84), (84, 66), (80, 80)] {
      #expect(buffer.rgba(x: x, y: y).red == 0xDA, "inside the mask at (\(x), \(y)): \(buffer.rgba(x: x, y: y))")
    }
    #expect(buffer.rgba(x: 70, y: 70).blue == 255, "the square through the mask: \(buffer.rgba(x: 70, y: 70))")
    for (x, y) in [(60, 60), (90, 90), (50, 50), (20, 80)] {
      #expect(buffer.rgba(x: x, y: y).red == 0x0F, "outside the mask at (\(x), \(y)): \(buffer.rgba(x: x, y: y))")
    }
  }
}
