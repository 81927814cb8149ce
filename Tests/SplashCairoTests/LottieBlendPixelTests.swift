import Foundation
import SplashCairo
import SplashCore
import SplashDocument
import SplashLottie
import SplashModel
import SplashRender
import Testing

/// Blend modes: a layer's picture combined with what is below it as After Effects does.
@Suite("Lottie blend modes composite through Cairo's blend operators")
struct LottieBlendPixelTests {
  @Test("a 50 % grey square multiplied over orange darkens it to half; screened, lightens it; add (bm 16), as players, covers it")
  func modes() throws {
    func pixel(mode: Int) throws -> (red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8) {
      let grey = ##"{"ty":1,"nm":"grey","ip":0,"op":60,"ks":{},"sw":100,"sh":100,"sc":"#808080","bm":\##(mode)}"##
      let orange = ##"{"ty":1,"nm":"orange","ip":0,"op":60,"ks":{},"sw":200,"sh":200,"sc":"#ff8000"}"##
      let text = #"{"v":"5.7.4","fr":30,"ip":0,"op":60,"w":200,"h":200,"assets":[],"layers":[\#(grey),\#(orange)]}"#
      let scene = try LottieCompiler.compile(Data(text.utf8), file: "test.json")
      let buffer = try #require(PixelBuffer(width: 200, height: 200))
      try CairoBackend().render(
        scene.presentation(at: 0), viewport: Viewport(canvasSize: scene.canvasSize, pixelWidth: 200, pixelHeight: 200), into: buffer)
      return buffer.rgba(x: 50, y: 50)
    }
    let grey = 128.0 / 255
    let multiplied = try pixel(mode: 1)
    #expect(abs(Int(multiplied.red) - Int((255 * grey).rounded())) <= 2 && abs(Int(multiplied.green) - Int((128 * grey).rounded())) <= 2)
    let screened = try pixel(mode: 2)  // 1 − (1 − a)(1 − b)
    #expect(screened.red == 255 && abs(Int(screened.green) - Int((255 * (1 - (1 - grey) * (1 - 128.0 / 255))).rounded())) <= 2)
    let added = try pixel(mode: 16)
    #expect(added.red == 128 && added.green == 128 && added.blue == 128, "drawn as normal, as every player draws it: \(added)")
    let normal = try pixel(mode: 0)
    #expect(normal.red == 128 && normal.green == 128 && normal.blue == 128)
  }

  @Test("the model's addition compositing (compositingFilter additionCompositing) adds colours, clamped at white")
  func additionCompositing() throws {
    func solid(_ id: String, _ color: Color, size: Double, blend: BlendMode = .normal) -> PresentationLayer {
      var properties = LayerProperties()
      properties.bounds = Rect(x: 0, y: 0, width: size, height: size)
      properties.position = Point(x: size / 2, y: size / 2)
      properties.backgroundColor = color
      properties.blendMode = blend
      return PresentationLayer(id: id, kind: .layer, properties: properties, sublayers: [])
    }
    let tree = PresentationTree(
      canvasSize: Size(width: 100, height: 100), backgroundColor: .white,
      layers: [
        solid("orange", Color(red8: 255, green8: 128, blue8: 0), size: 100),
        solid("grey", Color(red8: 128, green8: 128, blue8: 128), size: 50, blend: .add),
      ])
    let buffer = try #require(PixelBuffer(width: 100, height: 100))
    try CairoBackend().render(tree, viewport: Viewport(canvasSize: tree.canvasSize, pixelWidth: 100, pixelHeight: 100), into: buffer)
    let added = buffer.rgba(x: 25, y: 25)  // (255 + 128, 128 + 128, 0 + 128), clamped
    #expect(added.red == 255 && added.green == 255 && added.blue == 128, "\(added)")
    let beside = buffer.rgba(x: 75, y: 75)
    #expect(beside.red == 255 && beside.green == 128 && beside.blue == 0, "\(beside)")
  }
}
