import Testing

@testable import SplashRaster

/// `ColorSink` lays a run of cells two pixels at a time; each pixel must come out as pixman's
/// `over` with an 8-bit mask makes it one at a time (`CoverageCompositor.over`).
@Suite("Cells laid two at a time equal cells laid one at a time")
struct ColorSinkTests {
  /// A reproducible sequence of numbers (a linear congruential generator).
  struct Numbers {
    var state: UInt64
    mutating func next() -> UInt64 {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return state >> 33
    }
  }

  @Test(
    "opaque and translucent colours over every kind of pixel, odd and even runs",
    arguments: [0xFF20_80C0 as UInt32, 0x8040_1020, 0x0101_0001, 0xFFFF_FFFF])
  func sameAsOneAtATime(color: UInt32) {
    var numbers = Numbers(state: UInt64(color))
    for count in [1, 2, 7, 64, 255] {
      // Shares 0 and 255 often, as edges have them, the rest anywhere between.
      let coverage = (0..<count).map { _ -> UInt8 in
        switch numbers.next() % 4 {
        case 0: 0
        case 1: 255
        default: UInt8(truncatingIfNeeded: numbers.next())
        }
      }
      // Premultiplied pixels below: each channel at most the alpha.
      let below = (0..<count).map { _ -> UInt32 in
        let alpha = UInt32(truncatingIfNeeded: numbers.next()) & 0xFF
        let channels = (0..<3).map { _ in alpha == 0 ? 0 : UInt32(truncatingIfNeeded: numbers.next()) % (alpha + 1) }
        return alpha << 24 | channels[0] << 16 | channels[1] << 8 | channels[2]
      }
      var laid = below
      laid.withUnsafeMutableBufferPointer { pixels in
        coverage.withUnsafeBufferPointer { shares in
          var sink = ColorSink(pixels: pixels.baseAddress!, pixelsPerRow: count, color: color)
          sink.cells(row: 0, column: 0, coverage: shares.baseAddress!, count: count)
        }
      }
      let spread = CoverageCompositor.spread(color)
      let expected = zip(coverage, below).map { share, pixel -> UInt32 in
        if share == 0 { return pixel }
        if share == 255 && color >> 24 == 0xFF { return color }
        return CoverageCompositor.over(CoverageCompositor.multiply(spread, by: UInt64(share)), onto: pixel)
      }
      #expect(laid == expected, "\(count) cells")
    }
  }
}
