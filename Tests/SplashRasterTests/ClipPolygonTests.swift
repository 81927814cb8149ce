import Foundation
import SplashCore
import SplashTestSupport
import Testing

@testable import SplashRaster

/// Shapes cut to a convex polygon (a clip turned or skewed off the axes) before they are
/// rasterized: an edge pixel's coverage is the area of the shape inside the polygon, fill rules
/// hold, and the polygon's own arithmetic (turning order, intersections) is sound.
@Suite("Polygons cut to a turned clip")
struct ClipPolygonTests {
  /// The 8-bit coverage of `polygons` filled under `rule`, cut to `clip`, on a 12x12 plane.
  private func coverage(_ polygons: [[Point]], rule: CoverageRasterizer.FillRule, clip: ConvexPolygon?) -> [UInt8] {
    var bytes = [UInt8](repeating: 0, count: 144)
    let rasterizer = CoverageRasterizer()
    rasterizer.cut = clip.map { .polygon($0) }
    for polygon in polygons { rasterizer.addPolygon(polygon) }
    bytes.withUnsafeMutableBufferPointer {
      rasterizer.fill(rule: rule, share: 255, onto: $0.baseAddress!, bytesPerRow: 12, columns: 0..<12, rows: 0..<12)
    }
    return bytes
  }

  private func square(_ left: Double, _ top: Double, _ right: Double, _ bottom: Double) -> [Point] {
    [Point(x: left, y: top), Point(x: right, y: top), Point(x: right, y: bottom), Point(x: left, y: bottom)]
  }

  /// A diamond: the square of side 5√2 centred on (6, 6), turned by 45°.
  private let diamond = [Point(x: 6, y: 1), Point(x: 11, y: 6), Point(x: 6, y: 11), Point(x: 1, y: 6)]

  @Test("a square larger than the plane, cut to a diamond, covers what the diamond covers filled itself")
  func coversTheClip() throws {
    let clip = try #require(ConvexPolygon(corners: diamond))
    let cut = coverage([square(-3, -3, 15, 15)], rule: .nonZero, clip: clip)
    let filled = coverage([diamond], rule: .nonZero, clip: nil)
    for index in cut.indices {
      #expect(abs(Int(cut[index]) - Int(filled[index])) <= 1, "(\(index % 12), \(index / 12)): \(cut[index]) \(filled[index])")
    }
    // Half of each pixel the diamond's sides cross diagonally; its area is 50 pixels.
    #expect((127...128).contains(cut[1 * 12 + 5]) && cut[6 * 12 + 6] == 255 && cut[0] == 0, "\(cut[1 * 12 + 5])")
    let area = Double(cut.reduce(0) { $0 + Int($1) }) / 255
    #expect(abs(area - 50) < 0.05, "\(area)")
  }

  @Test("either turning order of the corners is the same clip")
  func turningOrder() throws {
    let forwards = try #require(ConvexPolygon(corners: diamond))
    let backwards = try #require(ConvexPolygon(corners: diamond.reversed()))
    #expect(forwards == backwards)
    let disk = (0..<48).map { step in
      let angle = Double(step) / 48 * 2 * Double.pi
      return Point(x: 8 + 4.5 * cos(angle), y: 5 + 4.5 * sin(angle))
    }
    #expect(coverage([disk], rule: .nonZero, clip: forwards) == coverage([disk], rule: .nonZero, clip: backwards))
  }

  @Test("a hole stays a hole under even-odd and non-zero, the clip cutting through it")
  func holes() throws {
    let clip = try #require(ConvexPolygon(corners: diamond))
    let outer = square(0, 0, 12, 12)
    for rule in [CoverageRasterizer.FillRule.evenOdd, .nonZero] {
      let hole = rule == .evenOdd ? square(4, 4, 8, 8) : square(4, 4, 8, 8).reversed()
      let rows = coverage([outer, hole], rule: rule, clip: clip)
      // Inside the hole nothing; between the hole and the diamond's sides, the fill.
      #expect(rows[6 * 12 + 6] == 0, "\(rule)")
      #expect(rows[6 * 12 + 2] == 255 && rows[2 * 12 + 6] == 255, "\(rule)")
      // Outside the diamond nothing, though the square covers it.
      #expect(rows[1 * 12 + 1] == 0 && rows[10 * 12 + 10] == 0, "\(rule)")
    }
  }

  @Test("a polygon wholly inside is its own clip and is not cut")
  func wholeInside() throws {
    let clip = try #require(ConvexPolygon(corners: diamond))
    let small = square(4.5, 4.25, 7.5, 7.75)
    #expect(small.withUnsafeBufferPointer { clip.contains($0, mappedBy: .identity) })
    #expect(clip.cut(small) == small)
    #expect(coverage([small], rule: .nonZero, clip: clip) == coverage([small], rule: .nonZero, clip: nil))
    // A corner of the square on a side of the diamond is inside; a hair beyond it is not.
    #expect([Point(x: 3.5, y: 3.5)].withUnsafeBufferPointer { clip.contains($0, mappedBy: .identity) })
    #expect(![Point(x: 3.5, y: 3.4)].withUnsafeBufferPointer { clip.contains($0, mappedBy: .identity) })
    #expect(![Point(x: .nan, y: 6)].withUnsafeBufferPointer { clip.contains($0, mappedBy: .identity) })
  }

  @Test("asked of many points at once, the answer is the one each point alone gives: inside, on a side, a hair out, not a number")
  func containsAsEachPoint() throws {
    let clip = try #require(ConvexPolygon(corners: diamond))
    let turn = AffineTransform(rotationAngle: 0.2).concatenating(AffineTransform(translationX: 0.3, y: -0.1))
    /// Point by point, as the polygon's sides see them.
    func eachInside(_ points: [Point]) -> Bool {
      points.allSatisfy { point in
        let mapped = turn.apply(to: point)
        return zip(clip.corners, clip.corners.dropFirst() + [clip.corners[0]]).allSatisfy { start, end in
          ConvexPolygon.inside(mapped, side: start, end) >= 0
        }
      }
    }
    let unturned = try #require(turn.inverted())
    var generator = SeededGenerator(seed: 7)
    func unit() -> Double { Double.random(in: 0..<1, using: &generator) }
    var answers = (inside: 0, outside: 0)
    for round in 0..<400 {
      // A cluster about the diamond's centre, small or reaching past its sides.
      let spread = [0.5, 2, 3.9, 4.3][round % 4]
      var points = (0..<(1 + round % 9)).map { _ in Point(x: 6 + (unit() - 0.5) * 2 * spread, y: 6 + (unit() - 0.5) * 2 * spread) }
        .map { unturned.apply(to: $0) }
      if round % 10 == 3 { points.append(unturned.apply(to: Point(x: 3.5, y: 3.5))) }
      if round % 10 == 7 { points.insert(Point(x: .nan, y: 6), at: points.count / 2) }
      if round % 10 == 9 { points.append(Point(x: .infinity, y: 6)) }
      let asked = points.withUnsafeBufferPointer { clip.contains($0, mappedBy: turn) }
      #expect(asked == eachInside(points), "\(points)")
      if asked { answers.inside += 1 } else { answers.outside += 1 }
    }
    #expect(answers.inside > 50 && answers.outside > 50, "\(answers)")
  }

  @Test("intersections: a diamond and a box, two diamonds apart, a collapsed rectangle")
  func intersections() throws {
    let clip = try #require(ConvexPolygon(corners: diamond))
    // The box takes the diamond's left half: a triangle of 25 pixels.
    let left = clip.intersection(DeviceBox(left: 0, top: 0, right: 6, bottom: 12))
    #expect(left.bounds == DeviceBox(left: 1, top: 1, right: 6, bottom: 11))
    let area = Double(coverage([square(0, 0, 12, 12)], rule: .nonZero, clip: left).reduce(0) { $0 + Int($1) }) / 255
    #expect(abs(area - 25) < 0.05, "\(area)")
    // Two diamonds that do not meet let nothing through, and an empty one cuts everything away.
    let far = try #require(ConvexPolygon(corners: diamond.map { Point(x: $0.x + 20, y: $0.y) }))
    let nothing = clip.intersection(far)
    #expect(nothing.isEmpty)
    #expect(nothing.cut(square(0, 0, 12, 12)).isEmpty)
    #expect(coverage([square(0, 0, 12, 12)], rule: .nonZero, clip: nothing).allSatisfy { $0 == 0 })
    // A rectangle collapsed to a line encloses nothing; a corner not finite is no polygon.
    #expect(try #require(ConvexPolygon(corners: [Point(x: 0, y: 0), Point(x: 4, y: 4), Point(x: 4, y: 4), Point(x: 0, y: 0)])).isEmpty)
    #expect(ConvexPolygon(corners: [Point(x: 0, y: 0), Point(x: .infinity, y: 4), Point(x: 4, y: 0)]) == nil)
    // Moved into a surface's pixels, the polygon and its bounds move alike.
    #expect(clip.offsetBy(x: 2, y: -1).bounds == DeviceBox(left: 3, top: 0, right: 13, bottom: 10))
  }
}
