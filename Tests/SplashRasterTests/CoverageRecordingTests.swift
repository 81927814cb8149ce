import SplashCore
import Testing

@testable import SplashRaster

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A recorded coverage, laid later, is exactly what rasterizing the same polygons lays: over
/// premultiplied pixels and over 8-bit coverage, in any colour, as often as asked.
@Suite("Coverage recorded once and laid again equals rasterizing again")
struct CoverageRecordingTests {
  /// A five-pointed star through `centre`, its points `radius` out, turned by `turn` radians.
  static func star(centre: Point, radius: Double, turn: Double) -> [Point] {
    (0..<5).map { index in
      let angle = turn + Double(index * 2) * 2 * Double.pi / 5
      return Point(x: centre.x + radius * cos(angle), y: centre.y + radius * sin(angle))
    }
  }

  struct Shape: CustomStringConvertible, Sendable {
    var description: String
    var polygons: [[Point]]
    var rule: CoverageRasterizer.FillRule
    var cut: DeviceBox?
  }

  static let shapes = [
    Shape(
      description: "a star under the non-zero rule, over the target's edges",
      polygons: [star(centre: Point(x: 12.3, y: 30.7), radius: 33.1, turn: 0.2)], rule: .nonZero),
    Shape(
      description: "the same star under even-odd, with a hole of its own",
      polygons: [
        star(centre: Point(x: 40.5, y: 35.25), radius: 28, turn: 1.1),
        [Point(x: 35, y: 30), Point(x: 45, y: 30), Point(x: 45, y: 41), Point(x: 35, y: 41)],
      ], rule: .evenOdd),
    Shape(
      description: "a sliver thinner than a pixel, cut to a box at fractions of a pixel",
      polygons: [[Point(x: 2.2, y: 3.9), Point(x: 70.1, y: 61.3), Point(x: 70.4, y: 61.0)]], rule: .nonZero,
      cut: DeviceBox(left: 10.25, top: 8.5, right: 50.75, bottom: 47.125)),
  ]

  static let width = 64
  static let height = 56

  /// Adds `shape`'s polygons to `rasterizer`.
  static func add(_ shape: Shape, to rasterizer: CoverageRasterizer) {
    rasterizer.reset()
    rasterizer.cut = shape.cut.map { .box($0) }
    for polygon in shape.polygons { rasterizer.addPolygon(polygon) }
    rasterizer.cut = nil
  }

  @Test("over premultiplied pixels, in two colours, twice over", arguments: shapes)
  func colourPixels(shape: Shape) {
    let rasterizer = CoverageRasterizer()
    // A background that is not flat, so that every blend is exercised.
    let background = (0..<(Self.width * Self.height)).map {
      UInt32(0xFF00_0000) | UInt32(truncatingIfNeeded: $0 &* 2_654_435_761) & 0x00FF_FFFF
    }
    var direct = background
    var laid = background
    Self.add(shape, to: rasterizer)
    let recording = rasterizer.record(rule: shape.rule, columns: 0..<Self.width, rows: 0..<Self.height)
    #expect(!recording.isEmpty)
    #expect(rasterizer.isEmpty, "recording forgets the polygons, as filling does")
    // Opaque, then translucent (premultiplied): both branches of the colour sink.
    for color: UInt32 in [0xFF20_80C0, 0x8040_1020] {
      Self.add(shape, to: rasterizer)
      direct.withUnsafeMutableBufferPointer {
        rasterizer.fill(
          rule: shape.rule, color: color, onto: $0.baseAddress!, pixelsPerRow: Self.width, columns: 0..<Self.width,
          rows: 0..<Self.height)
      }
      laid.withUnsafeMutableBufferPointer { recording.fill(color: color, onto: $0.baseAddress!, pixelsPerRow: Self.width) }
    }
    #expect(laid == direct)
    #expect(laid != background, "the shape drew something")
  }

  @Test("over 8-bit coverage at a share", arguments: shapes)
  func coverageBytes(shape: Shape) {
    let rasterizer = CoverageRasterizer()
    var direct = CoveragePicture(width: Self.width, height: Self.height, filledWith: 40)
    var laid = direct
    Self.add(shape, to: rasterizer)
    let recording = rasterizer.record(rule: shape.rule, columns: 0..<Self.width, rows: 0..<Self.height)
    Self.add(shape, to: rasterizer)
    direct.fill(rasterizer, rule: shape.rule, share: 200)
    laid.bytes.withUnsafeMutableBufferPointer { recording.fill(share: 200, onto: $0.baseAddress!, bytesPerRow: Self.width) }
    #expect(laid.bytes == direct.bytes)
  }

  @Test("laid in some rows, a recording of all of them lays what rasterizing those rows alone lays", arguments: shapes)
  func someRows(shape: Shape) {
    let rasterizer = CoverageRasterizer()
    let background = (0..<(Self.width * Self.height)).map {
      UInt32(0xFF00_0000) | UInt32(truncatingIfNeeded: $0 &* 2_654_435_761) & 0x00FF_FFFF
    }
    Self.add(shape, to: rasterizer)
    let recording = rasterizer.record(rule: shape.rule, columns: 0..<Self.width, rows: 0..<Self.height)
    for rows in [0..<Self.height, 7..<23, 30..<31, 40..<Self.height, 20..<20] {
      var direct = background
      var laid = background
      Self.add(shape, to: rasterizer)
      direct.withUnsafeMutableBufferPointer {
        rasterizer.fill(
          rule: shape.rule, color: 0x8040_1020, onto: $0.baseAddress!, pixelsPerRow: Self.width, columns: 0..<Self.width,
          rows: rows)
      }
      laid.withUnsafeMutableBufferPointer {
        recording.fill(color: 0x8040_1020, onto: $0.baseAddress!, pixelsPerRow: Self.width, rows: rows)
      }
      #expect(laid == direct, "rows \(rows)")
    }
  }

  @Test("a recording holds the runs and cell bytes it lays, and nothing for a shape off the target")
  func size() {
    let rasterizer = CoverageRasterizer()
    Self.add(Self.shapes[0], to: rasterizer)
    let recording = rasterizer.record(rule: .nonZero, columns: 0..<Self.width, rows: 0..<Self.height)
    #expect(recording.byteCount == recording.runs.count * MemoryLayout<CoverageRecording.Run>.stride + recording.cellBytes.count)
    #expect(recording.cellBytes.count < Self.width * Self.height, "edges only, not the inside")
    rasterizer.addPolygon([Point(x: 100, y: 100), Point(x: 120, y: 100), Point(x: 110, y: 130)])
    let offTarget = rasterizer.record(rule: .nonZero, columns: 0..<Self.width, rows: 0..<Self.height)
    #expect(offTarget.isEmpty && offTarget.byteCount == 0)
  }
}
