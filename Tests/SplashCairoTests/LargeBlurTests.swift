import Foundation
import SplashCore
import Testing

@testable import SplashCairo

/// Wide shadows: the picture is the Gaussian's, and the work is bounded by the frame.
@Suite("Shadows with a large shadowRadius: right picture, bounded work")
struct LargeBlurTests {
  /// The shadow alpha (0–1) of a black shadow on white: how much darker than white a pixel is.
  static func shadowAlpha(_ buffer: PixelBuffer, x: Int, y: Int) -> Double {
    Double(255 - Int(buffer.rgba(x: x, y: y).red)) / 255
  }

  /// The exact Gaussian blur (σ pixels) of a unit square's alpha from `low` to `high` on one
  /// axis, at the centre of pixel `pixel`.
  static func gaussianCoverage(_ pixel: Int, low: Double, high: Double, sigma: Double) -> Double {
    let centre = Double(pixel) + 0.5
    return 0.5 * (erf((high - centre) / (sigma * 2.0.squareRoot())) - erf((low - centre) / (sigma * 2.0.squareRoot())))
  }

  /// A 100-point square at (150, 100)–(250, 200) on a 400 × 1000 canvas drawn at 1 pixel per
  /// point, its shadow moved 500 points down so that it lies clear of the layer.
  static func renderSeparatedShadow(radius: Double) throws -> PixelBuffer {
    try RenderGoldenTests.render(
      GoldenCase(
        name: "separated-shadow",
        layers: """
          { id: "a", position: [200, 150], bounds: [0, 0, 100, 100], backgroundColor: "#0F4E65",
            shadowOpacity: 1, shadowRadius: \(radius), shadowOffset: [0, 500], shadowColor: "black" }
          """,
        canvas: (400, 1000), pixels: (400, 1000)))
  }

  @Test("σ of 48 and 100 px (blurred at 1/6 and 1/12 resolution) match the full-resolution blur", arguments: [48.0, 100.0])
  func matchesFullResolutionBlur(radius: Double) throws {
    #expect(Int(radius / ShadowBlurPlan.reducedTargetSigma) > 1, "the case takes the reduced path")
    let frame = try Self.renderSeparatedShadow(radius: radius)
    // The reference: the square's alpha where the shadow lands, blurred at full resolution.
    var exact = [Float](repeating: 0, count: 400 * 1000)
    for y in 600..<700 {
      for x in 150..<250 { exact[y * 400 + x] = 1 }
    }
    AlphaBlur.blur(&exact, width: 400, height: 1000, sigma: radius)
    var worst = 0.0
    var peak = 0.0
    for y in 300..<1000 {
      for x in 0..<400 {
        worst = max(worst, abs(Self.shadowAlpha(frame, x: x, y: y) - Double(exact[y * 400 + x])))
        peak = max(peak, Self.shadowAlpha(frame, x: x, y: y))
      }
    }
    #expect(peak > 0.1, "the shadow is there")
    // 8-bit rounding of the mask and of the composite give up to a level each, and three
    // boxes at σ/k are not exactly three boxes at σ; a block-wise picture would be off by 10.
    #expect(worst * 255 <= 3, "worst difference \(worst * 255) levels")
  }

  @Test("σ = 48 px is the Gaussian's picture within 4 levels of the exact (erf) shadow")
  func matchesGaussian() throws {
    let radius = 48.0
    let frame = try Self.renderSeparatedShadow(radius: radius)
    var worst = 0.0
    for y in 300..<1000 {
      for x in 0..<400 {
        let expected =
          Self.gaussianCoverage(x, low: 150, high: 250, sigma: radius)
          * Self.gaussianCoverage(y, low: 600, high: 700, sigma: radius)
        worst = max(worst, abs(Self.shadowAlpha(frame, x: x, y: y) - expected))
      }
    }
    // Three boxes come within about 2 % of the Gaussian's peak (here 125 levels); 8-bit
    // rounding adds a level or two.
    #expect(worst * 255 <= 4, "worst difference \(worst * 255) levels")
  }

  @Test("a shadow cast into the frame's corner by its offset is whole, up to the frame's edges", arguments: [10.0, 40.0])
  func shadowAtTheFrameEdge(radius: Double) throws {
    // The layer covers (300, 300)–(360, 360); its shadow lands on (0, 0)–(60, 60), and half of
    // its blur spreads beyond the frame's top and left edges, where the alpha must still be
    // blurred for the pixels inside (cutting the blur there lightens them).
    let frame = try RenderGoldenTests.render(
      GoldenCase(
        name: "corner-shadow",
        layers: """
          { id: "a", position: [330, 330], bounds: [0, 0, 60, 60], backgroundColor: "#0F4E65",
            shadowOpacity: 1, shadowRadius: \(radius), shadowOffset: [-300, -300], shadowColor: "black" }
          """,
        canvas: (400, 400), pixels: (400, 400)))
    // The same square blurred at full resolution on a plane large enough to lose nothing
    // (frame pixel (x, y) is its (x + 300, y + 300)), and the Gaussian itself.
    var reference = [Float](repeating: 0, count: 1000 * 1000)
    for y in 300..<360 {
      for x in 300..<360 { reference[y * 1000 + x] = 1 }
    }
    AlphaBlur.blur(&reference, width: 1000, height: 1000, sigma: radius)
    var worstAgainstBlur = 0.0
    var worstAgainstGaussian = 0.0
    for y in 0..<250 {
      for x in 0..<250 {
        let alpha = Self.shadowAlpha(frame, x: x, y: y)
        worstAgainstBlur = max(worstAgainstBlur, abs(alpha - Double(reference[(y + 300) * 1000 + x + 300])))
        let gaussian =
          Self.gaussianCoverage(x, low: 0, high: 60, sigma: radius)
          * Self.gaussianCoverage(y, low: 0, high: 60, sigma: radius)
        worstAgainstGaussian = max(worstAgainstGaussian, abs(alpha - gaussian))
      }
    }
    #expect(Self.shadowAlpha(frame, x: 0, y: 0) > 0.1, "the shadow reaches the corner")
    #expect(worstAgainstBlur * 255 <= 3, "worst difference from the full-resolution blur \(worstAgainstBlur * 255) levels")
    // Three boxes are within about 2 % of the Gaussian's peak (here 76 levels) on their own.
    #expect(worstAgainstGaussian * 255 <= 5, "worst difference from the Gaussian \(worstAgainstGaussian * 255) levels")
  }

  @Test("a wide shadow keeps the layer's alpha, is symmetric and falls off smoothly")
  func physicalProperties() throws {
    let radius = 40.0
    let frame = try Self.renderSeparatedShadow(radius: radius)
    // Mass: the blurred alpha adds up to the square's area (within what the frame cuts off
    // and what 8-bit rounding loses in the faint tails).
    var total = 0.0
    for y in 300..<1000 {
      for x in 0..<400 { total += Self.shadowAlpha(frame, x: x, y: y) }
    }
    // The square's 10 000 pixels of alpha, less the Gaussian's tails beyond the frame's sides.
    let inFrame =
      (0..<400).reduce(0.0) { $0 + Self.gaussianCoverage($1, low: 150, high: 250, sigma: radius) }
      * (300..<1000).reduce(0.0) { $0 + Self.gaussianCoverage($1, low: 600, high: 700, sigma: radius) }
    #expect(inFrame > 9_900)
    #expect(abs(total - inFrame) / inFrame < 0.02, "total alpha \(total), expected \(inFrame)")
    // Symmetry about the shadow's centre (200, 650).
    var asymmetry = 0
    for y in 500..<800 {
      for x in 0..<200 {
        let here = Int(frame.rgba(x: x, y: y).red)
        asymmetry = max(asymmetry, abs(here - Int(frame.rgba(x: 399 - x, y: y).red)))
        asymmetry = max(asymmetry, abs(here - Int(frame.rgba(x: x, y: 1299 - y).red)))
      }
    }
    // The blocks are not centred on the shadow; rounding the mask and the composite allows 2.
    #expect(asymmetry <= 2)
    // Along the centre row the shadow falls off monotonically from its middle, in steps no
    // larger than the Gaussian's own slope (255 × φ(0) / σ ≈ 2.5 levels per pixel) allows: a
    // block-wise (nearest) scaling of the reduced blur would jump by up to 12.
    var previous = Int(frame.rgba(x: 200, y: 650).red)
    for x in 201..<400 {
      let value = Int(frame.rgba(x: x, y: 650).red)
      #expect(value >= previous && value - previous <= 4, "column \(x): \(previous) → \(value)")
      previous = value
    }
  }

  @Test("shadowRadius 10000 at 2048 × 2048 renders the nearly flat, faint shadow the Gaussian predicts")
  func hugeRadius() throws {
    // 512 points drawn at 4 pixels per point: σ = 40 000 pixels, the square 1600 pixels wide.
    let frame = try RenderGoldenTests.render(
      GoldenCase(
        name: "huge-shadow",
        layers: """
          { id: "a", position: [256, 256], bounds: [0, 0, 400, 400], backgroundColor: "#FFFFFF",
            shadowOpacity: 1, shadowRadius: 10000, shadowOffset: [0, 0], shadowColor: "black" }
          """,
        canvas: (512, 512), pixels: (2048, 2048)))
    // The exact peak is (erf(1600 / (2√2 · 40000)))² ≈ 0.0003 of full alpha: under half a level.
    let peak = Self.gaussianCoverage(0, low: -800, high: 800, sigma: 40_000)
    #expect(peak * peak * 255 < 0.5)
    for (x, y) in [(10, 10), (2037, 10), (10, 2037), (2037, 2037), (100, 1024)] {
      #expect(frame.rgba(x: x, y: y).red == 255, "pixel (\(x), \(y))")
    }
  }

  /// Frames of several sizes, content anywhere in or around them, σ from a fraction of a pixel
  /// to far beyond the frame: what the plan blurs.
  static let frames = [(64, 64), (750, 1334), (4096, 4096), (8192, 8192)]
  static let sigmas: [Double] = [0.5, 2, 8, 15.9, 16, 48, 300, 4096, 40_000, 1e6]

  @Test("the pixels blurred are at most the frame plus a fixed margin, whatever σ and the layer's size")
  func blurredPixelsAreBounded() {
    for (width, height) in Self.frames {
      let frame = ShadowBlurPlan.Region(x: 0, y: 0, width: width, height: height)
      let contents = [
        frame, ShadowBlurPlan.Region(x: width / 3, y: height / 3, width: 10, height: 10),
        ShadowBlurPlan.Region(x: 0, y: 0, width: 1, height: height),
      ]
      // The visible area: the frame itself, or moved far by a shadow offset.
      let visibles = [frame, ShadowBlurPlan.Region(x: -3 * width, y: height / 2, width: width, height: height)]
      for sigma in Self.sigmas {
        for content in contents {
          for visible in visibles {
            guard let plan = ShadowBlurPlan(content: content, visible: visible, sigma: sigma) else { continue }
            // Below the reduced resolution's threshold the reach is at most 3 × 16 + 1 a side.
            #expect(plan.blurredPixelCount <= (width + 2 * 50) * (height + 2 * 50), "σ \(sigma), \(width)x\(height)")
            #expect(plan.output.width <= visible.width && plan.output.height <= visible.height)
            if sigma >= 300 {
              // Reduced by k ≥ 37: the frame over k plus about 3 × 8 + 3 blocks of margin a side.
              #expect(plan.reducedWidth <= width / plan.factor + 60 && plan.reducedHeight <= height / plan.factor + 60)
            }
          }
        }
      }
    }
  }

  @Test("a small σ is blurred exactly, over the layer's alpha and 3σ + 1 of reach")
  func smallSigmaIsExact() throws {
    let content = ShadowBlurPlan.Region(x: 40, y: 50, width: 20, height: 10)
    let plan = try #require(ShadowBlurPlan(content: content, visible: .init(x: 0, y: 0, width: 200, height: 200), sigma: 4))
    #expect(plan.factor == 1 && plan.reducedSigma == 4)
    #expect(plan.domain == content.expanded(by: 13))
    #expect(plan.source == content)
  }

  @Test("a shadow that lands outside the visible area, or spreads beyond any level, is not blurred at all")
  func invisibleShadow() {
    let content = ShadowBlurPlan.Region(x: 0, y: 0, width: 100, height: 100)
    // A layer scaled up a billionfold spreads its shadow to nothing (and 3σ past Int's range).
    #expect(ShadowBlurPlan(content: content, visible: content, sigma: 1e300) == nil)
    #expect(ShadowBlurPlan(content: content, visible: content, sigma: .infinity) == nil)
    #expect(ShadowBlurPlan(content: content, visible: .init(x: 500, y: 0, width: 100, height: 100), sigma: 10) == nil)
    #expect(ShadowBlurPlan(content: content, visible: .init(x: 500, y: 0, width: 100, height: 100), sigma: 200) != nil)
  }
}
