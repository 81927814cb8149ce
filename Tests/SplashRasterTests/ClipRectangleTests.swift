import Foundation
import SplashCore
import Testing

@testable import SplashRaster

/// Shapes cut to a rectangle at fractions of a pixel before they are rasterized: an edge
/// pixel's coverage is the area of the shape inside the rectangle, and fill rules hold.
@Suite("Polygons cut to a clip rectangle")
struct ClipRectangleTests {
  /// The 8-bit coverage of `polygons` filled under `rule`, cut to `clip`, on a 10x4 plane.
  private func coverage(_ polygons: [[Point]], rule: CoverageRasterizer.FillRule, clip: DeviceBox?) -> [[UInt8]] {
    var bytes = [UInt8](repeating: 0, count: 40)
    let rasterizer = CoverageRasterizer()
    rasterizer.cut = clip.map { .box($0) }
    for polygon in polygons { rasterizer.addPolygon(polygon) }
    bytes.withUnsafeMutableBufferPointer {
      rasterizer.fill(rule: rule, share: 255, onto: $0.baseAddress!, bytesPerRow: 10, columns: 0..<10, rows: 0..<4)
    }
    return (0..<4).map { Array(bytes[$0 * 10..<$0 * 10 + 10]) }
  }

  private func square(_ left: Double, _ top: Double, _ right: Double, _ bottom: Double) -> [Point] {
    [Point(x: left, y: top), Point(x: right, y: top), Point(x: right, y: bottom), Point(x: left, y: bottom)]
  }

  @Test("a square cut at 2.25 and 7.5 covers three quarters and half of its edge columns")
  func fractionalEdges() {
    let rows = coverage([square(0, 0, 10, 4)], rule: .nonZero, clip: DeviceBox(left: 2.25, top: 1, right: 7.5, bottom: 4))
    #expect(rows[0] == [UInt8](repeating: 0, count: 10))
    for row in rows[1...] { #expect(row == [0, 0, 191, 255, 255, 255, 255, 128, 0, 0], "\(row)") }
  }

  @Test("a clip of whole pixels cuts to the same bytes as filling only those pixels")
  func wholePixels() {
    let disk = (0..<64).map { step in
      let angle = Double(step) / 64 * 2 * Double.pi
      return Point(x: 5 + 4.3 * cos(angle), y: 2 + 1.9 * sin(angle))
    }
    let cut = coverage([disk], rule: .nonZero, clip: DeviceBox(left: 3, top: 0, right: 7, bottom: 4))
    var bytes = [UInt8](repeating: 0, count: 40)
    let rasterizer = CoverageRasterizer()
    rasterizer.addPolygon(disk)
    bytes.withUnsafeMutableBufferPointer {
      rasterizer.fill(rule: .nonZero, share: 255, onto: $0.baseAddress!, bytesPerRow: 10, columns: 3..<7, rows: 0..<4)
    }
    for row in 0..<4 {
      for column in 0..<10 {
        #expect(abs(Int(cut[row][column]) - Int(bytes[row * 10 + column])) <= 1, "(\(column), \(row))")
      }
    }
  }

  @Test("a hole stays a hole under even-odd and non-zero, the clip cutting through it")
  func holes() {
    let outer = square(0, 0, 10, 4)
    let hole = square(4, 1, 6, 3).reversed().map { $0 }
    let clip = DeviceBox(left: 5, top: 0, right: 10, bottom: 4)
    for rule in [CoverageRasterizer.FillRule.evenOdd, .nonZero] {
      let rows = coverage([outer, rule == .evenOdd ? square(4, 1, 6, 3) : hole], rule: rule, clip: clip)
      #expect(rows[0] == [0, 0, 0, 0, 0, 255, 255, 255, 255, 255], "\(rule)")
      #expect(rows[1] == [0, 0, 0, 0, 0, 0, 255, 255, 255, 255], "\(rule)")
    }
  }

  @Test("a polygon wholly inside, its sides touching the box's, is its own clip and is not cut")
  func wholeInside() {
    let clip = DeviceBox(left: 1.5, top: 0.25, right: 8.75, bottom: 4)
    let star = [
      Point(x: 1.5, y: 2), Point(x: 4, y: 1.5), Point(x: 5, y: 0.25), Point(x: 6, y: 1.5), Point(x: 8.75, y: 2),
      Point(x: 6, y: 2.5), Point(x: 5, y: 4), Point(x: 4, y: 2.5),
    ]
    let turned = AffineTransform(a: 0.8, b: 0.1, c: -0.1, d: 0.8, tx: 1.2, ty: 0.3)
    for transform in [AffineTransform.identity, turned] {
      let mapped = star.map { transform.apply(to: $0) }
      #expect(mapped.withUnsafeBufferPointer { clip.contains($0, mappedBy: .identity) })
      #expect(star.withUnsafeBufferPointer { clip.contains($0, mappedBy: transform) })
      #expect(clip.clip(mapped) == mapped)
    }
    #expect(coverage([star], rule: .nonZero, clip: clip) == coverage([star], rule: .nonZero, clip: nil))
    // A point past a side, or one that is not a number, is not inside: the polygon is cut.
    for stray in [Point(x: 8.76, y: 2), Point(x: 5, y: 0.2), Point(x: .nan, y: 1), Point(x: 3, y: .infinity)] {
      #expect(!(star + [stray]).withUnsafeBufferPointer { clip.contains($0, mappedBy: .identity) }, "\(stray)")
    }
  }

  @Test("a polygon wholly outside, and points that are not numbers, leave nothing")
  func nothingLeft() {
    let clip = DeviceBox(left: 2, top: 0, right: 3, bottom: 4)
    #expect(clip.clip(square(5, 0, 9, 4)).isEmpty)
    #expect(coverage([square(5, 0, 9, 4)], rule: .nonZero, clip: clip).allSatisfy { $0.allSatisfy { $0 == 0 } })
    let broken = [Point(x: .nan, y: 1), Point(x: 2.5, y: 0), Point(x: 2.5, y: 4), Point(x: .infinity, y: 2)]
    #expect(clip.clip(broken).allSatisfy { $0.x.isFinite && $0.y.isFinite })
  }
}
