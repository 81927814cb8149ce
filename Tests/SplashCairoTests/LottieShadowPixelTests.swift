import Foundation
import SplashCairo
import SplashCore
import SplashDocument
import SplashLottie
import SplashModel
import SplashRender
import Testing

/// Drop shadows, from the effect and from the layer style, as the layer's shadow.
@Suite("Lottie drop shadows draw as the layer's shadow: offset along the angle, opacity and colour")
struct LottieShadowPixelTests {
  private func frame(_ extra: String) throws -> PixelBuffer {
    // A 40-point black square at (80, 80) with a hard red shadow.
    let layer =
      #"{"ty":4,"nm":"box","ip":0,"op":60,"ks":{"p":{"a":0,"k":[100,100]}},\#(extra),"shapes":[{"ty":"rc","p":{"a":0,"k":[0,0]},"s":{"a":0,"k":[40,40]},"r":{"a":0,"k":0}},{"ty":"fl","c":{"a":0,"k":[0,0,0,1]},"o":{"a":0,"k":100}}]}"#
    let text = #"{"v":"5.7.4","fr":30,"ip":0,"op":60,"w":200,"h":200,"assets":[],"layers":[\#(layer)]}"#
    let scene = try LottieCompiler.compile(Data(text.utf8), file: "test.json")
    let buffer = try #require(PixelBuffer(width: 200, height: 200))
    try CairoBackend().render(
      scene.presentation(at: 0), viewport: Viewport(canvasSize: scene.canvasSize, pixelWidth: 200, pixelHeight: 200), into: buffer)
    return buffer
  }

  private func value(_ name: String, _ type: Int, _ k: String) -> String {
    #"{"ty":\#(type),"nm":"\#(name)","v":{"a":0,"k":\#(k)}}"#
  }

  @Test("the effect: direction 180° (down in After Effects), distance 30, opacity 255, softness 0: the square's copy 30 points below, red")
  func effect() throws {
    let values = [
      value("Shadow Color", 2, "[1,0,0,1]"), value("Opacity", 0, "255"), value("Direction", 1, "180"),
      value("Distance", 0, "30"), value("Softness", 0, "0"),
    ].joined(separator: ",")
    let buffer = try frame(#""ef":[{"ty":25,"nm":"Drop Shadow","ef":[\#(values)]}]"#)
    let below = buffer.rgba(x: 100, y: 135)
    #expect(below.red > 240 && below.green < 15, "shadow 30 points below: \(below)")
    #expect(buffer.rgba(x: 100, y: 100).red < 15, "the square itself is black")
    #expect(buffer.rgba(x: 130, y: 100).green > 240, "nothing to the right")
  }

  @Test("the layer style: angle 0°, distance 30, opacity 50 %: a half-red copy 30 points to the right")
  func style() throws {
    let buffer = try frame(
      #""sy":[{"ty":1,"c":{"a":0,"k":[1,0,0,1]},"o":{"a":0,"k":50},"a":{"a":0,"k":0},"d":{"a":0,"k":30},"s":{"a":0,"k":0}}]"#)
    let right = buffer.rgba(x: 135, y: 100)
    #expect(right.red > 240 && abs(Int(right.green) - 128) <= 3, "half-opaque red over white: \(right)")
    #expect(buffer.rgba(x: 100, y: 135).green > 240, "nothing below")
  }
}
