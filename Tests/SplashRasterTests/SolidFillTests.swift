import Testing

@testable import SplashRaster

/// `SolidFill` sets the pixels of its rectangle, and no others.
@Suite("Filling rectangles of a plane with one pixel")
struct SolidFillTests {
  /// A plane of `pixelsPerRow` × `height` pixels, each its own index plus one.
  private static func plane(pixelsPerRow: Int, height: Int) -> [UInt32] {
    (0..<pixelsPerRow * height).map { UInt32($0 + 1) }
  }

  @Test(
    "rows in part and whole, for four equal bytes and for any pixel",
    arguments: [
      // Columns inside a row with room past its end; whole rows (one stretch); one pixel; a
      // rectangle at the plane's corner.
      (3..<17, 2..<9), (0..<24, 1..<6), (5..<6, 7..<8), (0..<20, 0..<12), (20..<24, 10..<12),
    ] as [(Range<Int>, Range<Int>)])
  func setsOnlyItsRectangle(columns: Range<Int>, rows: Range<Int>) {
    // 24 pixels a row, of which the plane's last 4 are room past its pictures' width.
    let pixelsPerRow = 24
    for pixel: UInt32 in [0, 0xFFFF_FFFF, 0x7F7F_7F7F, 0xFF0F_4E65, 0x8020_7058, 0x0000_00FF] {
      var plane = Self.plane(pixelsPerRow: pixelsPerRow, height: 12)
      plane.withUnsafeMutableBufferPointer {
        SolidFill.fill(pixel, into: $0.baseAddress!, pixelsPerRow: pixelsPerRow, columns: columns, rows: rows)
      }
      for row in 0..<12 {
        for column in 0..<pixelsPerRow {
          let expected = columns.contains(column) && rows.contains(row) ? pixel : UInt32(row * pixelsPerRow + column + 1)
          #expect(plane[row * pixelsPerRow + column] == expected, "\(String(pixel, radix: 16)) at (\(column), \(row))")
        }
      }
    }
  }

  @Test("an empty rectangle sets nothing")
  func emptyRectangle() {
    var plane = Self.plane(pixelsPerRow: 8, height: 4)
    let before = plane
    plane.withUnsafeMutableBufferPointer {
      SolidFill.fill(0xFF00_0000, into: $0.baseAddress!, pixelsPerRow: 8, columns: 3..<3, rows: 0..<4)
      SolidFill.fill(0, into: $0.baseAddress!, pixelsPerRow: 8, columns: 0..<8, rows: 2..<2)
    }
    #expect(plane == before)
  }
}
