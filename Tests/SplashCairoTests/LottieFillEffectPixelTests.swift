import Foundation
import SplashCairo
import SplashCore
import SplashDocument
import SplashLottie
import SplashModel
import SplashRender
import Testing

/// The Fill effect: a layer's picture painted one colour, its alpha times the opacity, as
/// lottie-web and Skottie draw it.
@Suite("Lottie's Fill effect paints the layer's picture one colour at the effect's opacity")
struct LottieFillEffectPixelTests {
  private func frame(_ effect: String) throws -> PixelBuffer {
    let black = ##"{"ty":1,"nm":"black","ip":0,"op":60,"ks":{},"sw":200,"sh":200,"sc":"#000000"}"##
    // A blue disc of radius 40 at (100, 100), filled by the effect.
    let disc = #"""
      {"ty":4,"nm":"disc","ip":0,"op":60,"ks":{"p":{"a":0,"k":[100,100]}},"ef":[\#(effect)],
       "shapes":[{"ty":"el","p":{"a":0,"k":[0,0]},"s":{"a":0,"k":[80,80]}},{"ty":"fl","c":{"a":0,"k":[0,0,1,1]},"o":{"a":0,"k":100}}]}
      """#
    return try LottieFrame.render(LottieFrame.document(disc + "," + black))
  }

  private func fill(color: String, opacity: Double) -> String {
    #"{"ty":21,"nm":"Fill","ef":[{"nm":"Fill Mask","v":{"a":0,"k":0}},{"nm":"All Masks","v":{"a":0,"k":0}},{"nm":"Color","v":{"a":0,"k":\#(color)}},{"nm":"Invert","v":{"a":0,"k":0}},{"nm":"Horizontal Feather","v":{"a":0,"k":0}},{"nm":"Vertical Feather","v":{"a":0,"k":0}},{"nm":"Opacity","v":{"a":0,"k":\#(opacity)}}]}"#
  }

  @Test("a blue disc filled white at opacity 1 is white; at 0.5, half-white over black; the black around it untouched")
  func filled() throws {
    let white = try frame(fill(color: "[1,1,1,1]", opacity: 1))
    let centre = white.rgba(x: 100, y: 100)
    #expect(centre.red == 255 && centre.green == 255 && centre.blue == 255, "\(centre)")
    let outside = white.rgba(x: 20, y: 20)
    #expect(outside.red == 0 && outside.green == 0 && outside.blue == 0, "\(outside)")
    let half = try frame(fill(color: "[1,1,1,1]", opacity: 0.5)).rgba(x: 100, y: 100)
    #expect(abs(Int(half.red) - 128) <= 1 && abs(Int(half.blue) - 128) <= 1, "the disc's blue is gone, its alpha halved: \(half)")
    // At 45° the disc's edge crosses pixel (128, 71) part way: (128.3, 71.7) is on the circle.
    let edge = try frame(fill(color: "[1,0,0,1]", opacity: 1)).rgba(x: 128, y: 71)
    #expect(edge.green == 0 && edge.blue == 0 && edge.red > 10 && edge.red < 245, "the disc's antialiased edge keeps its alpha: \(edge)")
  }
}
