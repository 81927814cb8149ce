import Foundation
import SplashCore
import SplashModel
import SplashRender
import Testing

@testable import SplashCairo

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
