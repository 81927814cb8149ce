import Foundation
import SplashCairo
import SplashCore
import SplashDocument
import SplashLottie
import SplashModel
import SplashRender
import Testing

/// Paths painted by one style stay one path while they move: a hole wound the other way stays
/// a hole.
@Suite("Lottie paths of one fill are one path, animated or not")
struct LottieCombinedPathPixelTests {
  @Test("an animated inner square wound the other way cuts a hole in the outer one as it moves")
  func animatedHole() throws {
    func square(_ x: Double, _ y: Double, _ side: Double, clockwise: Bool) -> String {
      let points =
        clockwise
        ? [[x, y], [x + side, y], [x + side, y + side], [x, y + side]] : [[x, y], [x, y + side], [x + side, y + side], [x + side, y]]
      let vertices = points.map { "[\(Int($0[0])),\(Int($0[1]))]" }.joined(separator: ",")
      return #"{"c":true,"v":[\#(vertices)],"i":[[0,0],[0,0],[0,0],[0,0]],"o":[[0,0],[0,0],[0,0],[0,0]]}"#
    }
    let outer = #"{"ty":"sh","ks":{"a":0,"k":\#(square(50, 50, 100, clockwise: true))}}"#
    let inner =
      #"{"ty":"sh","ks":{"a":1,"k":[{"t":0,"s":[\#(square(60, 80, 40, clockwise: false))],"o":{"x":0,"y":0},"i":{"x":1,"y":1}},{"t":30,"s":[\#(square(100, 80, 40, clockwise: false))]}]}}"#
    let fill = #"{"ty":"fl","c":{"a":0,"k":[0,0,1,1]},"o":{"a":0,"k":100},"r":1}"#
    let layer = #"{"ty":4,"nm":"icon","ip":0,"op":60,"ks":{},"shapes":[\#(outer),\#(inner),\#(fill)]}"#
    let text = #"{"v":"5.7.4","fr":30,"ip":0,"op":60,"w":200,"h":200,"assets":[],"layers":[\#(layer)]}"#
    let scene = try LottieCompiler.compile(Data(text.utf8), file: "test.json")
    let buffer = try #require(PixelBuffer(width: 200, height: 200))
    try CairoBackend().render(
      scene.presentation(at: 0.5), viewport: Viewport(canvasSize: scene.canvasSize, pixelWidth: 200, pixelHeight: 200), into: buffer)
    // At frame 15 the hole spans x 80…120, y 80…120.
    #expect(buffer.rgba(x: 100, y: 100).red == 255, "the hole shows the white canvas")
    #expect(buffer.rgba(x: 65, y: 100).blue == 255 && buffer.rgba(x: 65, y: 100).red == 0, "the outer square beside it")
  }
}
