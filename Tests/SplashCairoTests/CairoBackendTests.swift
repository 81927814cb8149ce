import Foundation
import SplashCore
import SplashModel
import SplashRender
import SplashTestSupport
import Testing

@testable import SplashCairo

@Suite("The Cairo backend draws layers as Core Animation composites them")
struct CairoBackendTests {
  private let navy = Color(red8: 0x0F, green8: 0x4E, blue8: 0x65)

  private func render(_ layers: [PresentationLayer], canvas: Size = Size(width: 100, height: 100), scale: Int = 1)
    throws -> PixelBuffer
  {
    let width = Int(canvas.width) * scale
    let height = Int(canvas.height) * scale
    let buffer = try #require(PixelBuffer(width: width, height: height))
    let tree = PresentationTree(canvasSize: canvas, backgroundColor: navy, layers: layers)
    try CairoBackend().render(tree, viewport: Viewport(canvasSize: canvas, pixelWidth: width, pixelHeight: height), into: buffer)
    return buffer
  }

  private func isWhite(_ buffer: PixelBuffer, _ x: Int, _ y: Int) -> Bool {
    let pixel = buffer.rgba(x: x, y: y)
    return pixel.red == 255 && pixel.green == 255 && pixel.blue == 255
  }

  private func isBackground(_ buffer: PixelBuffer, _ x: Int, _ y: Int) -> Bool {
    let pixel = buffer.rgba(x: x, y: y)
    return pixel.red == 0x0F && pixel.green == 0x4E && pixel.blue == 0x65 && pixel.alpha == 255
  }

  /// The fuber circle at the centre of a 100×100 canvas: radius 20 stroked 40 wide from 12 o'clock.
  private func pie(strokeEnd: Double) -> PresentationLayer {
    var properties = LayerProperties()
    properties.position = Point(x: 50, y: 50)
    var path = Path()
    path.addArc(center: .zero, radius: 20, startAngle: -.pi / 2, endAngle: 3 * .pi / 2, clockwise: true)
    properties.shape.path = path
    properties.shape.lineWidth = 40
    properties.shape.strokeColor = .white
    properties.shape.fillColor = .clear
    properties.shape.strokeEnd = strokeEnd
    return PresentationLayer(id: "circle", kind: .shape, properties: properties, sublayers: [])
  }

  @Test("strokeEnd 0.5 on a circle from 12 o'clock clockwise covers exactly the right half")
  func halfPie() throws {
    let buffer = try render([pie(strokeEnd: 0.5)])
    for y in stride(from: 12, through: 88, by: 4) {
      for x in stride(from: 12, through: 88, by: 4) {
        let distance = ((Double(x) + 0.5 - 50) * (Double(x) + 0.5 - 50) + (Double(y) + 0.5 - 50) * (Double(y) + 0.5 - 50)).squareRoot()
        guard distance < 38, abs(Double(x) + 0.5 - 50) > 1.5 else { continue }
        if x >= 51 {
          #expect(isWhite(buffer, x, y), "(\(x), \(y)) should be inside the right half")
        } else {
          #expect(isBackground(buffer, x, y), "(\(x), \(y)) should be outside the right half")
        }
      }
    }
  }

  @Test("strokeEnd 0.25 covers exactly the top-right quarter")
  func quarterPie() throws {
    let buffer = try render([pie(strokeEnd: 0.25)])
    #expect(isWhite(buffer, 65, 35))
    #expect(isBackground(buffer, 65, 65))
    #expect(isBackground(buffer, 35, 35))
    #expect(isBackground(buffer, 35, 65))
  }

  @Test("the anchor point is where position puts a layer and where its transform pivots")
  func anchorAndTransform() throws {
    var properties = LayerProperties()
    properties.position = Point(x: 50, y: 50)
    properties.bounds = Rect(x: 0, y: 0, width: 40, height: 20)
    properties.anchorPoint = Point(x: 0, y: 0)
    properties.backgroundColor = .white
    let topLeftAnchored = try render([PresentationLayer(id: "box", kind: .layer, properties: properties, sublayers: [])])
    #expect(isWhite(topLeftAnchored, 85, 55))
    #expect(isBackground(topLeftAnchored, 45, 55))

    properties.transform = Transform3D(rotationAngle: .pi / 2, x: 0, y: 0, z: 1)
    let turned = try render([PresentationLayer(id: "box", kind: .layer, properties: properties, sublayers: [])])
    // A quarter turn clockwise about the top-left corner swings the box down and to the left.
    #expect(isWhite(turned, 45, 85))
    #expect(isBackground(turned, 85, 55))
  }

  @Test("opacity fades a layer and its sublayers as one picture")
  func groupOpacity() throws {
    var parent = LayerProperties()
    parent.position = Point(x: 50, y: 50)
    parent.bounds = Rect(x: 0, y: 0, width: 40, height: 40)
    parent.backgroundColor = .white
    parent.opacity = 0.5
    var child = LayerProperties()
    child.position = Point(x: 20, y: 20)
    child.bounds = Rect(x: 0, y: 0, width: 20, height: 20)
    child.backgroundColor = .white
    let tree = PresentationLayer(
      id: "parent", kind: .layer, properties: parent,
      sublayers: [PresentationLayer(id: "child", kind: .layer, properties: child, sublayers: [])])
    let buffer = try render([tree])
    // Drawn per layer, the overlap would be brighter than the rest; as a group it is the same.
    #expect(buffer.rgba(x: 50, y: 50) == buffer.rgba(x: 35, y: 35))
    #expect(buffer.rgba(x: 50, y: 50).red > 0x0F && buffer.rgba(x: 50, y: 50).red < 255)
  }

  @Test("the canvas maps into the frame at scale, centred with background bands")
  func viewportScaling() throws {
    let buffer = try render([pie(strokeEnd: 1)], scale: 2)
    #expect(buffer.width == 200)
    #expect(isWhite(buffer, 100, 60))
    let viewport = Viewport(canvasSize: Size(width: 100, height: 100), pixelWidth: 300, pixelHeight: 200)
    #expect(viewport.scale == 2)
    #expect(viewport.offset == Point(x: 50, y: 0))
  }

  @Test("a still written as PNG is a PNG that appears atomically")
  func pngStill() throws {
    let folder = try ScratchFolder.make("splashvid-png").path
    let path = folder + "/frame.png"
    try PNGWriter.write(try render([pie(strokeEnd: 1)]), to: path)
    let data = try Data(contentsOf: URL(fileURLWithPath: path))
    #expect(Array(data.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["frame.png"])
  }
}
