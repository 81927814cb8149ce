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

  @Test("a precomposition clipped to its bounds is a group as large as what it holds, not as its bounds, inverted matte and all")
  func precompositionGroupHoldsItsContent() throws {
    // A 400-point precomposition, as a Lottie file's, holding one red dot (100…140 both
    // ways), its left half taken out by an inverted matte: the groups need the dot's box.
    var dot = LayerProperties()
    dot.anchorPoint = .zero
    var circle = Path()
    circle.addEllipse(in: Rect(x: 100, y: 100, width: 40, height: 40))
    dot.shape.path = circle
    dot.shape.fillColor = Color(red: 1, green: 0, blue: 0)
    var matte = LayerProperties()
    matte.anchorPoint = .zero
    var leftHalf = Path()
    leftHalf.addRect(Rect(x: 90, y: 90, width: 30, height: 60))
    matte.shape.path = leftHalf
    matte.shape.fillColor = .white
    var precomposition = LayerProperties()
    precomposition.bounds = Rect(x: 0, y: 0, width: 400, height: 400)
    precomposition.position = Point(x: 200, y: 200)
    precomposition.masksToBounds = true
    precomposition.invertsMask = true
    let layer = PresentationLayer(
      id: "precomposition", kind: .layer, properties: precomposition,
      sublayers: [PresentationLayer(id: "dot", kind: .shape, properties: dot, sublayers: [])],
      mask: PresentationLayer(id: "matte", kind: .shape, properties: matte, sublayers: []))
    let background = Color(red8: 0x0F, green8: 0x4E, blue8: 0x65)
    let tree = PresentationTree(canvasSize: Size(width: 400, height: 400), backgroundColor: background, layers: [layer])
    let buffer = try #require(PixelBuffer(width: 400, height: 400))
    let counters = RenderCounters()
    try CairoBackend(counters: counters).render(
      tree, viewport: Viewport(canvasSize: Size(width: 400, height: 400), pixelWidth: 400, pixelHeight: 400), into: buffer)
    // The picture and the matte's: each about 42 × 42 pixels (the dot's box, whole pixels and
    // one around), where the precomposition's bounds would make each the whole frame.
    #expect(counters.groupsPushed == 2)
    #expect(counters.groupPixels <= 2 * 44 * 44, "\(counters.groupPixels) pixels of groups")
    #expect(buffer.rgba(x: 135, y: 120).red == 255, "the dot's right half shows: \(buffer.rgba(x: 135, y: 120))")
    for (x, y) in [(105, 120), (115, 120), (200, 200), (10, 10), (390, 390)] {
      #expect(buffer.rgba(x: x, y: y).red == 0x0F, "the background at (\(x), \(y)): \(buffer.rgba(x: x, y: y))")
    }
  }
}
