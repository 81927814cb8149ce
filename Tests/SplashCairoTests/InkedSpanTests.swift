import SplashTestSupport
import Testing

@testable import SplashCairo

/// The span of a row between its first and last pixels with ink, found eight pixels (or bytes)
/// at a time, against a pixel-by-pixel search.
@Suite("A row's inked span is the one a pixel-by-pixel search finds")
struct InkedSpanTests {
  /// The span pixel by pixel: from the first element of `columns` that is not zero to the last.
  static func expected<Element: BinaryInteger>(_ row: [Element], within columns: Range<Int>) -> Range<Int>? {
    guard let first = columns.first(where: { row[$0] != 0 }), let last = columns.last(where: { row[$0] != 0 }) else { return nil }
    return first..<(last + 1)
  }

  @Test("pixels and coverage bytes: rows clear, rows with ink at either end, alone, or only inside the columns asked")
  func sameAsPixelByPixel() {
    var numbers = SeededGenerator(seed: 42)
    for width in [1, 7, 8, 9, 16, 31, 64, 131] {
      for _ in 0..<60 {
        // Mostly clear, with a few inked pixels anywhere, or none at all.
        var pixels = [UInt32](repeating: 0, count: width)
        for _ in 0..<(numbers.next() % 4) { pixels[Int(numbers.next() % UInt64(width))] = UInt32(truncatingIfNeeded: numbers.next() | 1) }
        // A pixel of one byte: a clear pixel whose neighbours are not would be missed if the
        // words were compared in the wrong places.
        if numbers.next() % 3 == 0 { pixels[Int(numbers.next() % UInt64(width))] = 0x0000_0100 }
        let bytes = pixels.map { UInt8(truncatingIfNeeded: $0 | $0 >> 8 | $0 >> 16 | $0 >> 24) }
        let start = Int(numbers.next() % UInt64(width))
        let end = start + Int(numbers.next() % UInt64(width - start + 1))
        for columns in [0..<width, start..<end] {
          let found = pixels.withUnsafeBufferPointer { CairoBackend.inkedSpan($0.baseAddress!, within: columns) }
          #expect(found == Self.expected(pixels, within: columns), "\(pixels) in \(columns)")
          let foundBytes = bytes.withUnsafeBufferPointer { CairoBackend.inkedSpan($0.baseAddress!, within: columns) }
          #expect(foundBytes == Self.expected(bytes, within: columns), "\(bytes) in \(columns)")
        }
      }
    }
  }
}
