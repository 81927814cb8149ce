import Foundation
import SplashCore
import SplashModel
import SplashRender
import Testing

@testable import SplashCairo

@Suite("Shadow blur approximates a Gaussian of σ = shadowRadius")
struct AlphaBlurTests {
  @Test("an impulse spreads with variance σ² and keeps its mass", arguments: [2.0, 4.0, 8.0])
  func impulse(sigma: Double) {
    let size = 101
    var alpha = [Float](repeating: 0, count: size * size)
    alpha[50 * size + 50] = 1000
    AlphaBlur.blur(&alpha, width: size, height: size, sigma: sigma)
    let total = alpha.reduce(0, +)
    #expect(abs(total - 1000) < 1)
    var variance = 0.0
    for column in 0..<size { variance += Double(alpha[50 * size + column]) * Double((column - 50) * (column - 50)) }
    variance /= Double(alpha[(50 * size)..<(51 * size)].reduce(0, +))
    #expect(abs(variance.squareRoot() - sigma) / sigma < 0.1, "measured σ \(variance.squareRoot())")
  }

  @Test(
    "a σ far past the picture's size (a layer scaled by 1e19) spreads it to next to nothing, and traps nothing",
    arguments: [1e6, 1e19, Double.infinity])
  func hugeSigma(sigma: Double) {
    let size = 21
    var alpha = [Float](repeating: 0, count: size * size)
    alpha[10 * size + 10] = 255
    AlphaBlur.blur(&alpha, width: size, height: size, sigma: sigma)
    #expect(alpha.allSatisfy { $0.isFinite && $0 >= 0 && $0 < 2.55 })
  }
}
