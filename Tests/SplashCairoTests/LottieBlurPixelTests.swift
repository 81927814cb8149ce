import Foundation
import SplashCairo
import SplashCore
import SplashDocument
import SplashLottie
import SplashModel
import SplashRender
import Testing

/// The Gaussian Blur effect: a layer's picture blurred with σ = 0.3 × Blurriness, checked
/// against the error function a Gaussian blur of a straight edge makes.
@Suite("Lottie's Gaussian blur effect blurs the layer's picture, after its masks")
struct LottieBlurPixelTests {
  private func frame(_ layer: String) throws -> PixelBuffer {
    try LottieFrame.render(LottieFrame.document(layer))
  }

  /// How much red covers pixel (x, y) over the white canvas: 1 − green ÷ 255.
  private func coverage(_ buffer: PixelBuffer, _ x: Int, _ y: Int) -> Double {
    1 - Double(buffer.rgba(x: x, y: y).green) / 255
  }

  /// A Gaussian-blurred straight edge at distance d (positive inside): ½(1 + erf(d / (σ√2))).
  private func edge(_ distance: Double, sigma: Double) -> Double {
    0.5 * (1 + erf(distance / (sigma * 2.0.squareRoot())))
  }

  private func square(effect: String, masks: String = "") -> String {
    ##"{"ty":1,"nm":"red","ip":0,"op":60,"ks":{"p":{"a":0,"k":[50,0]},"a":{"a":0,"k":[0,0]}},"sw":100,"sh":200,"sc":"#ff0000","ef":[\##(effect)]\##(masks)}"##
  }

  private func blur(_ blurriness: Double) -> String {
    #"{"ty":29,"nm":"Gaussian Blur","ef":[{"nm":"Blurriness","v":{"a":0,"k":\#(blurriness)}},{"nm":"Blur Dimensions","v":{"a":0,"k":1}}]}"#
  }

  @Test("Blurriness 33⅓ blurs a vertical edge with σ = 10: half at the edge, the error function either side")
  func edgeProfile() throws {
    // The red band spans x 50…150 over the full height: its left edge is at x = 50.
    let buffer = try frame(square(effect: blur(100.0 / 3)))
    for (x, distance) in [(50, 0.5), (40, -9.5), (60, 10.5), (30, -19.5), (100, 50.5)] {
      let expected = edge(distance, sigma: 10) - (1 - edge(100 - distance, sigma: 10))
      let found = coverage(buffer, x, 100)
      #expect(abs(found - expected) < 0.04, "x = \(x): coverage \(found), expected \(expected)")
    }
    let sharp = try frame(square(effect: blur(0)))
    #expect(coverage(sharp, 49, 100) < 0.01 && coverage(sharp, 50, 100) > 0.99, "Blurriness 0 draws the edge sharp")
  }

  @Test("a masked layer is masked first, then blurred: the mask's edge softens too")
  func maskedThenBlurred() throws {
    // A mask keeps the band's top half (y < 100): its bottom edge at y = 100 blurs like the
    // side edges.
    let mask =
      #","masksProperties":[{"mode":"a","pt":{"a":0,"k":{"c":true,"v":[[-100,-100],[300,-100],[300,100],[-100,100]],"i":[[0,0],[0,0],[0,0],[0,0]],"o":[[0,0],[0,0],[0,0],[0,0]]}},"o":{"a":0,"k":100}}]"#
    let buffer = try frame(square(effect: blur(100.0 / 3), masks: mask))
    let atEdge = coverage(buffer, 100, 100)
    #expect(abs(atEdge - 0.5) < 0.05, "half at the mask's edge: \(atEdge)")
    let below = coverage(buffer, 100, 110)
    #expect(abs(below - edge(-10.5, sigma: 10)) < 0.04, "a σ below the mask's edge: \(below)")
  }
}
