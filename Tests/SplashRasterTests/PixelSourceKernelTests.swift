import Testing

@testable import SplashRaster

/// `CoverageCompositor.compositeOver(pixels:through:opacity:onto:count:)` lays two pixels at a
/// time; each must come out as pixman makes it one pixel at a time: the source times the
/// coverage, times the opacity, laid over (`CoverageCompositor.multiply` and `over`).
@Suite("Pictures laid through coverage two pixels at a time equal pixels laid one at a time")
struct PixelSourceKernelTests {
  /// `below` with `source` laid over it through `coverage` at `opacity`, by the kernel.
  static func laid(_ source: [UInt32], through coverage: [UInt8], opacity: UInt8, onto below: [UInt32]) -> [UInt32] {
    var laid = below
    laid.withUnsafeMutableBufferPointer { destination in
      source.withUnsafeBufferPointer { pixels in
        coverage.withUnsafeBufferPointer { shares in
          CoverageCompositor.compositeOver(
            pixels: pixels.baseAddress!, through: shares.baseAddress!, opacity: opacity, onto: destination.baseAddress!,
            count: below.count)
        }
      }
    }
    return laid
  }

  /// A premultiplied pixel: each channel at most the alpha, opaque one time in three.
  static func pixel(_ numbers: inout ColorSinkTests.Numbers) -> UInt32 {
    let alpha = numbers.next() % 3 == 0 ? 255 : UInt32(truncatingIfNeeded: numbers.next()) & 0xFF
    let channels = (0..<3).map { _ in alpha == 0 ? 0 : UInt32(truncatingIfNeeded: numbers.next()) % (alpha + 1) }
    return alpha << 24 | channels[0] << 16 | channels[1] << 8 | channels[2]
  }

  @Test(
    "whole, partial and no coverage, opaque and translucent pictures, at every kind of opacity",
    arguments: [255, 254, 128, 7, 1] as [UInt8])
  func sameAsOneAtATime(opacity: UInt8) {
    var numbers = ColorSinkTests.Numbers(state: UInt64(opacity) &+ 17)
    for count in [1, 2, 3, 8, 63, 256] {
      // Runs of whole coverage (a shape's inside), of none, and edges between.
      let coverage = (0..<count).map { index -> UInt8 in
        switch (index / 4 + Int(numbers.next() % 2)) % 3 {
        case 0: 255
        case 1: numbers.next() % 4 == 0 ? 0 : 255
        default: UInt8(truncatingIfNeeded: numbers.next())
        }
      }
      let source = (0..<count).map { _ in Self.pixel(&numbers) }
      let below = (0..<count).map { _ in Self.pixel(&numbers) }
      let laid = Self.laid(source, through: coverage, opacity: opacity, onto: below)
      for index in 0..<count {
        var expected = below[index]
        if coverage[index] != 0 {
          let masked = CoverageCompositor.multiply(CoverageCompositor.spread(source[index]), by: UInt64(coverage[index]))
          expected = CoverageCompositor.over(CoverageCompositor.multiply(masked, by: UInt64(opacity)), onto: below[index])
        }
        #expect(laid[index] == expected, "pixel \(index) of \(count)")
      }
    }
  }

  @Test(
    "clear runs of a picture (a masked group around what it draws) leave what is below as it is",
    arguments: [255, 128, 1] as [UInt8])
  func clearRunsLeaveBelow(opacity: UInt8) {
    var numbers = ColorSinkTests.Numbers(state: UInt64(opacity) &+ 91)
    // Counts that end in a group of four, a pair and a single pixel.
    for count in [2, 3, 6, 7, 300, 301, 302, 303] {
      Self.layClearRuns(count: count, opacity: opacity, numbers: &numbers)
    }
  }

  private static func layClearRuns(count: Int, opacity: UInt8, numbers: inout ColorSinkTests.Numbers) {
    // Clear runs of 1 to 9 pixels, starting anywhere in a group of four, between runs of paint.
    var source: [UInt32] = []
    while source.count < count {
      let clear = Int(numbers.next() % 9) + 1
      source += Array(repeating: 0, count: clear)
      source += (0..<Int(numbers.next() % 3)).map { _ in pixel(&numbers) | 0x0100_0000 }
    }
    source = Array(source.prefix(count))
    let coverage = (0..<count).map { _ in numbers.next() % 3 == 0 ? 255 : UInt8(truncatingIfNeeded: numbers.next()) | 1 }
    let below = (0..<count).map { _ in pixel(&numbers) }
    let laid = laid(source, through: coverage, opacity: opacity, onto: below)
    for index in 0..<count {
      let masked = CoverageCompositor.multiply(CoverageCompositor.spread(source[index]), by: UInt64(coverage[index]))
      let expected = CoverageCompositor.over(CoverageCompositor.multiply(masked, by: UInt64(opacity)), onto: below[index])
      #expect(laid[index] == expected, "pixel \(index) of \(count)")
      if source[index] == 0 { #expect(laid[index] == below[index], "clear pixel \(index) of \(count)") }
    }
  }
}
