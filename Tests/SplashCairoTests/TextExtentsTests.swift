import Foundation
import SplashCore
import SplashModel
import SplashRender
import Testing

@testable import SplashCairo

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
