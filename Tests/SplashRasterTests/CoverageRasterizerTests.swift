import SplashCore
import SplashTestSupport
import Testing

@testable import SplashRaster

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// An 8-bit coverage picture (Cairo's A8) that shapes are drawn into and read back from, so
/// that each test states its shapes and what it expects rather than buffer handling.
struct CoveragePicture {
  let width: Int
  let height: Int
  var bytes: [UInt8]

  init(width: Int, height: Int, filledWith value: UInt8 = 0) {
    self.width = width
    self.height = height
    bytes = Array(repeating: value, count: width * height)
  }

  /// The byte of pixel (`column`, `row`).
  subscript(column: Int, row: Int) -> UInt8 {
    get { bytes[row * width + column] }
    set { bytes[row * width + column] = newValue }
  }

  /// Lays the polygons `rasterizer` holds over the picture at `share`, within `columns` ×
  /// `rows` (the whole picture unless told).
  mutating func fill(
    _ rasterizer: CoverageRasterizer, rule: CoverageRasterizer.FillRule, share: UInt8 = 255, columns: Range<Int>? = nil,
    rows: Range<Int>? = nil
  ) {
    let bytesPerRow = width
    let columns = columns ?? 0..<width
    let rows = rows ?? 0..<height
    bytes.withUnsafeMutableBufferPointer {
      rasterizer.fill(rule: rule, share: share, onto: $0.baseAddress!, bytesPerRow: bytesPerRow, columns: columns, rows: rows)
    }
  }

  /// The largest difference, in levels, between a pixel's byte and `expected` (a share, 0–1,
  /// of that pixel), over `columns` × `rows`, and the pixel where it is: one number to hold
  /// against a tolerance, and a place to look when it is too large.
  func worstDifference(
    columns: Range<Int>? = nil, rows: Range<Int>? = nil, expected: (_ column: Int, _ row: Int) -> Double
  ) -> (levels: Double, column: Int, row: Int) {
    var worst = (levels: 0.0, column: -1, row: -1)
    for row in rows ?? 0..<height {
      for column in columns ?? 0..<width {
        let difference = abs(Double(self[column, row]) - expected(column, row) * 255)
        if difference > worst.levels { worst = (difference, column, row) }
      }
    }
    return worst
  }
}

/// Coverage worked out without the rasterizer, to hold its bytes against: exact areas where
/// they are easy, and counts of sample points inside the ideal shape elsewhere.
enum CoverageReference {
  /// `polygons` with every point moved to the nearest 1/32 of a pixel, where the reference's
  /// samples split a level edge exactly.
  static func snapped(_ polygons: [[Point]]) -> [[Point]] {
    polygons.map { $0.map { Point(x: ($0.x * 32).rounded() / 32, y: ($0.y * 32).rounded() / 32) } }
  }

  /// The largest difference, in levels, between two pictures of one size, and the first byte
  /// where it is.
  static func levelsApart(_ first: CoveragePicture, _ second: CoveragePicture) -> (levels: Int, byte: Int) {
    zip(first.bytes, second.bytes).enumerated().reduce((levels: 0, byte: 0)) { worst, pair in
      let levels = abs(Int(pair.element.0) - Int(pair.element.1))
      return levels > worst.levels ? (levels, pair.offset) : worst
    }
  }

  /// The exact share (0–1) of pixel (`column`, `row`) inside `rectangle`.
  static func share(ofPixel column: Int, _ row: Int, inside rectangle: Rect) -> Double {
    let width = min(Double(column + 1), rectangle.maxX) - max(Double(column), rectangle.minX)
    let height = min(Double(row + 1), rectangle.maxY) - max(Double(row), rectangle.minY)
    return max(width, 0) * max(height, 0)
  }

  /// How many times the closed `polygons` wind around `point`: edges crossing the point's row
  /// to its right, counted +1 one way and −1 the other.
  static func winding(of point: Point, around polygons: [[Point]]) -> Int {
    var winding = 0
    for polygon in polygons {
      for index in polygon.indices {
        let start = polygon[index]
        let end = polygon[(index + 1) % polygon.count]
        // Which side of the edge the point lies on (positive: left of an upward edge, y down).
        let side = (end.x - start.x) * (point.y - start.y) - (point.x - start.x) * (end.y - start.y)
        if start.y <= point.y, end.y > point.y, side > 0 {
          winding += 1
        } else if start.y > point.y, end.y <= point.y, side < 0 {
          winding -= 1
        }
      }
    }
    return winding
  }

  /// Whether `point` is inside `polygons` under `rule`.
  static func isInside(_ point: Point, _ polygons: [[Point]], rule: CoverageRasterizer.FillRule) -> Bool {
    let winding = winding(of: point, around: polygons)
    return rule == .nonZero ? winding != 0 : winding % 2 != 0
  }

  /// The distance from `point` to the segment from `start` to `end`.
  static func distance(from point: Point, toSegmentFrom start: Point, to end: Point) -> Double {
    let along = end - start
    let lengthSquared = along.x * along.x + along.y * along.y
    let t = lengthSquared > 0 ? min(max(((point.x - start.x) * along.x + (point.y - start.y) * along.y) / lengthSquared, 0), 1) : 0
    return point.distance(to: start + along * t)
  }

  /// The rectangle from (`left`, `top`) to (`right`, `bottom`) as a polygon, clockwise on
  /// screen.
  static func rectangle(left: Double, top: Double, right: Double, bottom: Double) -> [Point] {
    [Point(x: left, y: top), Point(x: right, y: top), Point(x: right, y: bottom), Point(x: left, y: bottom)]
  }
}

/// An ideal shape to sample a reference coverage from: which points it holds, and how far a
/// point at least lies from its edge, so that a pixel wholly inside or outside it costs one
/// sample and only pixels an edge may cross cost 1,024 (which keeps a debug build's tests to
/// seconds, not minutes).
struct SampledShape {
  /// Whether the shape holds `point`.
  var contains: (Point) -> Bool
  /// No more than the distance from a point to the shape's edge.
  var edgeDistance: (Point) -> Double

  /// `polygons` filled under `rule`.
  static func polygons(_ polygons: [[Point]], rule: CoverageRasterizer.FillRule = .nonZero) -> SampledShape {
    SampledShape(
      contains: { CoverageReference.isInside($0, polygons, rule: rule) },
      edgeDistance: { point in
        polygons.reduce(Double.infinity) { nearest, polygon in
          polygon.indices.reduce(nearest) {
            min($0, CoverageReference.distance(from: point, toSegmentFrom: polygon[$1], to: polygon[($1 + 1) % polygon.count]))
          }
        }
      })
  }

  /// The points within `radius` of the segment from `start` to `end` (a disc where they are
  /// the same point): a round pen drawn along it.
  static func capsule(from start: Point, to end: Point, radius: Double) -> SampledShape {
    SampledShape(
      contains: { CoverageReference.distance(from: $0, toSegmentFrom: start, to: end) <= radius },
      edgeDistance: { abs(CoverageReference.distance(from: $0, toSegmentFrom: start, to: end) - radius) })
  }

  /// The points within `radius` of `centre`.
  static func disc(centre: Point, radius: Double) -> SampledShape { capsule(from: centre, to: centre, radius: radius) }

  /// The points any of `shapes` holds; its edge lies on theirs, so it is no nearer than the
  /// nearest of theirs.
  static func union(_ shapes: [SampledShape]) -> SampledShape {
    SampledShape(
      contains: { point in shapes.contains { $0.contains(point) } },
      edgeDistance: { point in shapes.reduce(Double.infinity) { min($0, $1.edgeDistance(point)) } })
  }

  /// The share (0–1) of pixel (`column`, `row`) the shape covers, from 32 × 32 sample points
  /// where its edge may cross the pixel.
  ///
  /// The samples sit on rows at odd multiples of 1/64 of a pixel, and along each row at the
  /// same spacing shifted by under half a step, by a different amount on each row. An
  /// axis-aligned edge at a multiple of 1/32 of a pixel therefore splits them exactly; a
  /// slanted edge carries a fraction of a level of sampling error, and the shifts keep a 45°
  /// edge from running through a whole diagonal of samples at once (on a plain grid, a
  /// bevel's edge counted 32 samples on its boundary as inside: 3 levels too many).
  func share(ofPixel column: Int, _ row: Int) -> Double {
    let centre = Point(x: Double(column) + 0.5, y: Double(row) + 0.5)
    // No point of a pixel is further than half its diagonal from its centre.
    if edgeDistance(centre) > 0.7072 { return contains(centre) ? 1 : 0 }
    let samplesPerSide = 32
    var inside = 0
    let step = 1 / Double(samplesPerSide)
    for sampleRow in 0..<samplesPerSide {
      let y = Double(row) + (Double(sampleRow) + 0.5) * step
      // The golden ratio's fractional multiples: evenly spread, never repeating.
      let golden = Double(sampleRow) * 0.618_033_988_75
      let shift = 0.8 * (golden - golden.rounded(.down) - 0.5)
      for sampleColumn in 0..<samplesPerSide
      where contains(Point(x: Double(column) + (Double(sampleColumn) + 0.5 + shift) * step, y: y)) {
        inside += 1
      }
    }
    return Double(inside) / Double(samplesPerSide * samplesPerSide)
  }
}

/// The coverage rasterizer against exact areas and supersampled references, its clipping,
/// and its two sinks against the compositor whose arithmetic they copy.
@Suite("Rasterizing polygons into exact pixel coverage")
struct CoverageRasterizerTests {
  /// A sample reference is off by a fraction of a level on a slanted edge; the rasterizer
  /// rounds to the nearest level and accumulates in single precision, and round caps and
  /// joins are flattened. Measured: at most 2.1 levels on the shapes of these tests (the
  /// pentagram's tips; an elliptical pen and a disc 1.9), so 3 leaves room without hiding a
  /// misplaced edge (a pixel column off is tens of levels).
  static let sampledTolerance = 3.0

  /// A five-pointed star drawn in one stroke, each edge crossing two others: the middle
  /// pentagon is wound twice, the points once.
  static func pentagram(centre: Point, radius: Double) -> [Point] {
    (0..<5).map { index in
      let angle = -Double.pi / 2 + Double(index) * 4 * .pi / 5
      return centre + Point(x: cos(angle), y: sin(angle)) * radius
    }
  }

  /// Rasterizes `polygons` under `rule` into a zeroed picture at full share, and returns the
  /// largest difference from the supersampled ideal shape over the whole picture.
  static func worstAgainstSampledReference(
    _ polygons: [[Point]], rule: CoverageRasterizer.FillRule, width: Int, height: Int
  ) -> (levels: Double, column: Int, row: Int) {
    let rasterizer = CoverageRasterizer()
    for polygon in polygons { rasterizer.addPolygon(polygon) }
    var picture = CoveragePicture(width: width, height: height)
    picture.fill(rasterizer, rule: rule)
    let shape = SampledShape.polygons(polygons, rule: rule)
    return picture.worstDifference { column, row in shape.share(ofPixel: column, row) }
  }

  @Test(
    "an axis-aligned rectangle with fractional edges covers each pixel by its exact area, to a level",
    arguments: [
      // Widths from under a pixel to past a 64-pixel word, odd and even, so that spans of every
      // length modulo 8 between the edge cells are laid.
      Rect(x: 3.3, y: 2.6, width: 0.4, height: 5.3), Rect(x: 4, y: 1, width: 1, height: 7),
      Rect(x: 2.75, y: 3.25, width: 2.5, height: 9.5), Rect(x: 1.1, y: 0.2, width: 3, height: 17.3),
      Rect(x: 5.5, y: 4.5, width: 7.75, height: 3), Rect(x: 0.9, y: 1.9, width: 8, height: 20.2),
      Rect(x: 2.2, y: 2.7, width: 9.3, height: 6.6), Rect(x: 6, y: 3, width: 15, height: 15),
      Rect(x: 0.5, y: 5.9, width: 17.6, height: 2.2), Rect(x: 1.05, y: 0.95, width: 33.5, height: 31.1),
      Rect(x: 3.4, y: 1.6, width: 70.3, height: 4.8),
    ])
  func rectangleHasExactArea(rectangle: Rect) {
    let rasterizer = CoverageRasterizer()
    rasterizer.addPolygon(
      CoverageReference.rectangle(left: rectangle.minX, top: rectangle.minY, right: rectangle.maxX, bottom: rectangle.maxY))
    var picture = CoveragePicture(width: 80, height: 36)
    picture.fill(rasterizer, rule: .nonZero)
    var mismatches: [String] = []
    for row in 0..<picture.height {
      for column in 0..<picture.width {
        let expected = (CoverageReference.share(ofPixel: column, row, inside: rectangle) * 255).rounded()
        if abs(Double(picture[column, row]) - expected) > 1 {
          mismatches.append("(\(column), \(row)): \(picture[column, row]), exact \(expected)")
        }
      }
    }
    #expect(mismatches.isEmpty, "\(mismatches.prefix(5))")
  }

  @Test("a shape reaching a trillion pixels past the clip on every side covers exactly the clip's part of it")
  func farOutsideShape() {
    // A quadrilateral from far left and above to far right and below, its edges crossing the
    // clip at x = 10.5 and x = 30.25: its parts outside must be neither walked pixel by
    // pixel nor turned into an integer that overflows.
    let rasterizer = CoverageRasterizer()
    rasterizer.addPolygon([
      Point(x: 10.5, y: -1e12), Point(x: 30.25, y: -1e12), Point(x: 30.25, y: 1e12), Point(x: 10.5, y: 1e12),
    ])
    rasterizer.addPolygon([Point(x: -1e12, y: 5), Point(x: 1e12, y: 5), Point(x: 1e12, y: 6), Point(x: -1e12, y: 6)])
    var picture = CoveragePicture(width: 40, height: 12)
    picture.fill(rasterizer, rule: .nonZero)
    for row in 0..<12 {
      for column in 0..<40 {
        let band = row == 5 ? 1.0 : 0.0
        let inside = column >= 11 && column < 30 ? 1.0 : column == 10 ? 0.5 : column == 30 ? 0.25 : 0
        let expected = UInt8((max(band, inside) * 255).rounded())
        #expect(picture[column, row] == expected, "(\(column), \(row))")
      }
    }
  }

  @Test("a triangle's edge pixels match a 32×32-sample reference")
  func triangleMatchesSampledReference() {
    let triangle = [Point(x: 3.2, y: 4.7), Point(x: 36.9, y: 11.3), Point(x: 14.4, y: 37.8)]
    let worst = Self.worstAgainstSampledReference([triangle], rule: .nonZero, width: 42, height: 42)
    #expect(worst.levels <= Self.sampledTolerance, "at (\(worst.column), \(worst.row))")
  }

  @Test("polygons added one after another keep their edges as the room for them grows: the order they come in does not matter")
  func edgesKeptAsRoomGrows() {
    // A square's four edges first, then a polygon of 400 points: its edges need more room
    // than the first polygons had, and the square's must come along.
    let square = CoverageReference.rectangle(left: 3.25, top: 4.5, right: 12.75, bottom: 15.5)
    let many = (0..<400).map { step in
      let angle = 2 * Double.pi * Double(step) / 400
      return Point(x: 27.3 + 11.2 * cos(angle), y: 24.6 + 13.9 * sin(angle))
    }
    var pictures: [CoveragePicture] = []
    for order in [[square, many], [many, square]] {
      let rasterizer = CoverageRasterizer()
      for polygon in order { rasterizer.addPolygon(polygon) }
      var picture = CoveragePicture(width: 42, height: 42)
      picture.fill(rasterizer, rule: .nonZero)
      pictures.append(picture)
    }
    #expect(pictures[0].bytes == pictures[1].bytes)
    #expect(pictures[0][8, 10] == 255, "the square is drawn")
    #expect(pictures[0][27, 24] == 255, "the polygon is drawn")
  }

  @Test("the winding sense does not matter to either rule: a triangle traced backwards covers the same pixels")
  func windingSenseDoesNotMatter() {
    let triangle = [Point(x: 3.2, y: 4.7), Point(x: 36.9, y: 11.3), Point(x: 14.4, y: 37.8)]
    for rule in [CoverageRasterizer.FillRule.nonZero, .evenOdd] {
      let rasterizer = CoverageRasterizer()
      var forwards = CoveragePicture(width: 42, height: 42)
      rasterizer.addPolygon(triangle)
      forwards.fill(rasterizer, rule: rule)
      var backwards = CoveragePicture(width: 42, height: 42)
      rasterizer.addPolygon(triangle.reversed())
      backwards.fill(rasterizer, rule: rule)
      #expect(forwards.bytes == backwards.bytes)
      #expect(forwards.bytes.contains(255))
    }
  }

  /// Which side of the clip a clipping test's shape reaches past.
  enum ClipSide: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case left, right, top, bottom, allFour

    var testDescription: String { rawValue }

    /// A quadrilateral with slanted edges that crosses this side of `clippedShape`'s clip, some of
    /// its edges crossing the clip's edge partway through a pixel row.
    var shape: [Point] {
      switch self {
      case .left: [Point(x: 2.3, y: 12.7), Point(x: 20.6, y: 9.2), Point(x: 17.9, y: 24.4), Point(x: 4.1, y: 21.8)]
      case .right: [Point(x: 22.4, y: 10.3), Point(x: 37.2, y: 13.6), Point(x: 35.8, y: 23.9), Point(x: 20.1, y: 21.5)]
      case .top: [Point(x: 12.2, y: 1.4), Point(x: 25.7, y: 3.1), Point(x: 27.3, y: 17.8), Point(x: 10.6, y: 15.2)]
      case .bottom: [Point(x: 11.3, y: 20.6), Point(x: 26.1, y: 22.4), Point(x: 24.8, y: 34.7), Point(x: 13.5, y: 33.1)]
      case .allFour: [Point(x: 3.2, y: 2.1), Point(x: 37.4, y: 4.3), Point(x: 35.6, y: 33.8), Point(x: 1.9, y: 31.2)]
      }
    }
  }

  @Test(
    "a shape past the clip's edge matches the reference inside the clip and leaves every pixel outside it alone",
    arguments: ClipSide.allCases)
  func clippedShape(side: ClipSide) {
    let (width, height) = (40, 36)
    let columns = 8..<31
    let rows = 6..<29
    let sentinel: UInt8 = 0x5A
    // Outside the clip a sentinel, inside zero: the fill composites over what is there, so a
    // pixel inside reads as plain coverage and a stray write outside shows.
    var picture = CoveragePicture(width: width, height: height, filledWith: sentinel)
    for row in rows { for column in columns { picture[column, row] = 0 } }
    let rasterizer = CoverageRasterizer()
    rasterizer.addPolygon(side.shape)
    picture.fill(rasterizer, rule: .nonZero, columns: columns, rows: rows)

    var touchedOutside: [String] = []
    for row in 0..<height {
      for column in 0..<width where !(columns.contains(column) && rows.contains(row)) && picture[column, row] != sentinel {
        touchedOutside.append("(\(column), \(row))")
      }
    }
    #expect(touchedOutside.isEmpty, "\(touchedOutside.prefix(5))")
    let reference = SampledShape.polygons([side.shape])
    let worst = picture.worstDifference(columns: columns, rows: rows) { column, row in reference.share(ofPixel: column, row) }
    #expect(worst.levels <= Self.sampledTolerance, "at (\(worst.column), \(worst.row))")
  }

  @Test("the last row of a clip gets every shape reaching into it, whatever starts below the clip first")
  func lastRowOfClipGetsEveryShape() {
    // The first shape lies wholly below the clip's last row; the second starts halfway down
    // that row and reaches past it. Their chains, starting below the clip and in its last
    // row, were sorted into one bucket, the first shape's first, and the sweep stopped taking
    // chains in at the first one starting below the clip: the second shape went missing.
    let below = CoverageReference.rectangle(left: 4, top: 31.25, right: 30, bottom: 36)
    let reaching = CoverageReference.rectangle(left: 8, top: 29.5, right: 20, bottom: 34)
    for (rows, height) in [(0..<30, 30), (0..<40, 40)] {
      let rasterizer = CoverageRasterizer()
      rasterizer.addPolygon(below)
      rasterizer.addPolygon(reaching)
      var picture = CoveragePicture(width: 40, height: height)
      picture.fill(rasterizer, rule: .nonZero, rows: rows)
      let lastRow = (0..<40).map { Int(picture[$0, 29]) }
      #expect(lastRow == (0..<40).map { (8..<20).contains($0) ? 128 : 0 }, "rows \(rows): \(lastRow)")
    }
  }

  @Test("a shape wholly outside the clip, on any side, touches no pixel", arguments: ClipSide.allCases.filter { $0 != .allFour })
  func shapeOutsideClip(side: ClipSide) {
    let columns = 10..<30
    let rows = 10..<30
    // Inside the picture but past the clip, so only the clip keeps it off the pixels.
    let shape: [Point] =
      switch side {
      case .left: [Point(x: 1.5, y: 12.2), Point(x: 9.9, y: 15.1), Point(x: 3.3, y: 27.4)]
      case .right: [Point(x: 30.01, y: 12.2), Point(x: 38.5, y: 15.1), Point(x: 33.3, y: 27.4)]
      case .top: [Point(x: 12.2, y: 1.5), Point(x: 15.1, y: 9.9), Point(x: 27.4, y: 3.3)]
      default: [Point(x: 12.2, y: 30.01), Point(x: 15.1, y: 38.5), Point(x: 27.4, y: 33.3)]
      }
    let rasterizer = CoverageRasterizer()
    rasterizer.addPolygon(shape)
    var picture = CoveragePicture(width: 40, height: 40, filledWith: 0x5A)
    picture.fill(rasterizer, rule: .nonZero, columns: columns, rows: rows)
    #expect(picture.bytes.allSatisfy { $0 == 0x5A })
    #expect(rasterizer.isEmpty, "a fill forgets its polygons even when it draws nothing")
  }

  @Test("a rasterizer with no edges, or only horizontal ones, draws nothing")
  func emptyRasterizer() {
    let rasterizer = CoverageRasterizer()
    #expect(rasterizer.isEmpty)
    #expect(rasterizer.pixelBounds(columns: 0..<20, rows: 0..<20) == nil)
    var picture = CoveragePicture(width: 20, height: 20, filledWith: 0x5A)
    picture.fill(rasterizer, rule: .nonZero)
    #expect(picture.bytes.allSatisfy { $0 == 0x5A })

    // A polygon flat on one row has only horizontal edges, which cover nothing.
    rasterizer.addPolygon([Point(x: 2, y: 5.5), Point(x: 17, y: 5.5), Point(x: 9, y: 5.5)])
    rasterizer.addPolygon([Point(x: 4, y: 4)])
    #expect(rasterizer.isEmpty)
    picture.fill(rasterizer, rule: .evenOdd)
    #expect(picture.bytes.allSatisfy { $0 == 0x5A })
  }

  @Test("a fill forgets its polygons, and a rasterizer reused after a wider, taller shape draws what a new one draws")
  func reuseMatchesFreshRasterizer() {
    let reused = CoverageRasterizer()
    var first = CoveragePicture(width: 90, height: 50)
    reused.addPolygon([Point(x: 0.5, y: 0.5), Point(x: 88.7, y: 3.2), Point(x: 61.1, y: 49.4)])
    first.fill(reused, rule: .nonZero)
    #expect(reused.isEmpty)

    // Drawing nothing after the fill: the first shape is gone.
    var nothing = CoveragePicture(width: 90, height: 50)
    nothing.fill(reused, rule: .nonZero)
    #expect(nothing.bytes.allSatisfy { $0 == 0 })

    let star = Self.pentagram(centre: Point(x: 20.3, y: 19.6), radius: 13.7)
    var byReused = CoveragePicture(width: 40, height: 40)
    reused.addPolygon(star)
    byReused.fill(reused, rule: .evenOdd)
    let fresh = CoverageRasterizer()
    var byFresh = CoveragePicture(width: 40, height: 40)
    fresh.addPolygon(star)
    byFresh.fill(fresh, rule: .evenOdd)
    #expect(byReused.bytes == byFresh.bytes)
  }

  @Test("two nested squares wound the same way: solid under nonzero, a hole under even-odd, each pixel its exact area")
  func nestedSquaresUnderBothRules() {
    let outer = Rect(x: 4.25, y: 3.6, width: 31.5, height: 30.7)
    // Two pixels clear of the outer square: no pixel holds an edge of each.
    let inner = Rect(x: 11.3, y: 10.8, width: 17.4, height: 15.9)
    for rule in [CoverageRasterizer.FillRule.nonZero, .evenOdd] {
      let rasterizer = CoverageRasterizer()
      for square in [outer, inner] {
        rasterizer.addPolygon(CoverageReference.rectangle(left: square.minX, top: square.minY, right: square.maxX, bottom: square.maxY))
      }
      var picture = CoveragePicture(width: 40, height: 38)
      picture.fill(rasterizer, rule: rule)
      let worst = picture.worstDifference { column, row in
        let outerShare = CoverageReference.share(ofPixel: column, row, inside: outer)
        return rule == .nonZero ? outerShare : outerShare - CoverageReference.share(ofPixel: column, row, inside: inner)
      }
      // Half a level of rounding and single-precision sums.
      #expect(worst.levels <= 1, "\(rule) at (\(worst.column), \(worst.row))")
      #expect(picture[20, 18] == (rule == .nonZero ? 255 : 0), "\(rule): the middle")
    }
  }

  @Test(
    "overlapping squares whose edges share pixels: each edge pixel covered by the area the rule fills, not the sum of both",
    arguments: [
      (CoverageRasterizer.FillRule.nonZero, false), (.evenOdd, false), (.nonZero, true),
    ])
  func overlappingEdgesInOnePixel(rule: CoverageRasterizer.FillRule, innerReversed: Bool) {
    // Each inner edge lies in the same pixel as the outer one, under half a pixel inside it.
    let outer = Rect(x: 6.2, y: 5.7, width: 25.5, height: 24.6)
    let inner = Rect(x: 6.6, y: 5.9, width: 24.7, height: 24.2)
    let rasterizer = CoverageRasterizer()
    rasterizer.addPolygon(CoverageReference.rectangle(left: outer.minX, top: outer.minY, right: outer.maxX, bottom: outer.maxY))
    let innerPolygon = CoverageReference.rectangle(left: inner.minX, top: inner.minY, right: inner.maxX, bottom: inner.maxY)
    rasterizer.addPolygon(innerReversed ? innerPolygon.reversed() : innerPolygon)
    var picture = CoveragePicture(width: 36, height: 34)
    picture.fill(rasterizer, rule: rule)
    // Wound the same way and filled nonzero, the inner square adds nothing; otherwise it is a
    // hole leaving a frame under half a pixel wide.
    let isHole = rule == .evenOdd || innerReversed
    let worst = picture.worstDifference { column, row in
      CoverageReference.share(ofPixel: column, row, inside: outer)
        - (isHole ? CoverageReference.share(ofPixel: column, row, inside: inner) : 0)
    }
    #expect(worst.levels <= 1, "at (\(worst.column), \(worst.row))")
    #expect(picture[18, 18] == (isHole ? 0 : 255))
  }

  /// Whether any part of the segment from `start` to `end` lies in pixel (`column`, `row`):
  /// the segment clipped to the pixel's square (Liang and Barsky's clipping) is not empty.
  static func segment(from start: Point, to end: Point, touchesPixel column: Int, _ row: Int) -> Bool {
    var (enter, leave) = (0.0, 1.0)
    let delta = end - start
    for (origin, change, low, high) in [
      (start.x, delta.x, Double(column), Double(column + 1)), (start.y, delta.y, Double(row), Double(row + 1)),
    ] {
      if change == 0 {
        if origin < low || origin > high { return false }
        continue
      }
      let (first, second) = ((low - origin) / change, (high - origin) / change)
      enter = max(enter, min(first, second))
      leave = min(leave, max(first, second))
    }
    return enter <= leave
  }

  @Test("a pentagram under both rules: its middle filled under nonzero and empty under even-odd, each pixel as the reference")
  func pentagramUnderBothRules() {
    let star = Self.pentagram(centre: Point(x: 20.3, y: 20.6), radius: 17.2)
    let edges = star.indices.map { (star[$0], star[($0 + 1) % star.count]) }
    // Pixels holding two edges that cross (each edge of a pentagram crosses the two it does
    // not meet): there a pixel mixes the middle (wound twice), the points and the outside.
    // Ordering a row's edges by where they lie halfway down it alone, which two edges
    // crossing inside the row swap, was 30 levels off there under nonzero and 59 under
    // even-odd; the row is now cut where they cross.
    var twiceCrossed = Set<[Int]>()
    for row in 0..<42 {
      for column in 0..<42 {
        let touching = edges.indices.filter { Self.segment(from: edges[$0].0, to: edges[$0].1, touchesPixel: column, row) }
        let crossing = touching.contains { first in touching.contains { [2, 3].contains(($0 - first + 5) % 5) } }
        if crossing { twiceCrossed.insert([column, row]) }
      }
    }
    #expect(twiceCrossed.count >= 5, "each of the star's five crossings lies in a pixel")
    for rule in [CoverageRasterizer.FillRule.nonZero, .evenOdd] {
      let rasterizer = CoverageRasterizer()
      rasterizer.addPolygon(star)
      var picture = CoveragePicture(width: 42, height: 42)
      picture.fill(rasterizer, rule: rule)
      let shape = SampledShape.polygons([star], rule: rule)
      let reference = { (column: Int, row: Int) in shape.share(ofPixel: column, row) }
      let worst = picture.worstDifference(expected: reference)
      #expect(worst.levels <= Self.sampledTolerance, "\(rule) at (\(worst.column), \(worst.row))")
      let atCrossings = picture.worstDifference { column, row in
        twiceCrossed.contains([column, row]) ? reference(column, row) : Double(picture[column, row]) / 255
      }
      #expect(atCrossings.levels <= Self.sampledTolerance, "\(rule) where edges cross, at (\(atCrossings.column), \(atCrossings.row))")
      #expect(picture[20, 21] == (rule == .nonZero ? 255 : 0), "\(rule): the middle")
    }
  }

  @Test(
    "two edges crossing inside one row: the part above the crossing and the part below each count their own winding",
    arguments: [CoverageRasterizer.FillRule.nonZero, .evenOdd])
  func edgesCrossingInsideARow(rule: CoverageRasterizer.FillRule) {
    // A bow tie lying on its side, its two halves wound opposite ways, whose crossing is at
    // y = 10.3: in row 10, the left half's edges swap places with the right half's. Counted
    // in the order halfway down the row alone, the stretch above the crossing took the
    // winding of the one below.
    let bowTie = [Point(x: 2, y: 2.3), Point(x: 30, y: 18.3), Point(x: 30, y: 2.3), Point(x: 2, y: 18.3)]
    let worst = Self.worstAgainstSampledReference([bowTie], rule: rule, width: 34, height: 22)
    #expect(worst.levels <= Self.sampledTolerance, "at (\(worst.column), \(worst.row))")
  }

  @Test(
    "a chain that bends back inside a row, crossing another edge twice there, is cut where it bends",
    arguments: [CoverageRasterizer.FillRule.nonZero, .evenOdd])
  func chainBendingBackAcrossAnEdge(rule: CoverageRasterizer.FillRule) {
    // The spike's two edges both run down, one chain, and its tip (25, 8.95) lies past the
    // bar's left edge inside row 8: the chain crosses that edge and back within the row, so
    // the two are in the same order at the row's top and bottom. Counted over the row as
    // one stretch, pixel (24, 8) was 16 levels off under nonzero and 9 under even-odd.
    let spike = [Point(x: 4, y: 7.7), Point(x: 25, y: 8.95), Point(x: 4, y: 9.7)]
    let bar = [Point(x: 26, y: 2), Point(x: 27, y: 2), Point(x: 23.5, y: 16), Point(x: 22.5, y: 16)]
    let worst = Self.worstAgainstSampledReference([spike, bar], rule: rule, width: 30, height: 18)
    #expect(worst.levels <= Self.sampledTolerance, "at (\(worst.column), \(worst.row))")
  }

  @Test(
    "a curve running level past an edge above the middle of its row, then dropping behind it, is cut where they cross",
    arguments: [CoverageRasterizer.FillRule.nonZero, .evenOdd])
  func curveOutOfOrderFromTheTop(rule: CoverageRasterizer.FillRule) {
    // The shape's top is a curve of 20 chords falling from (60, 10) to (22, 10.45), then
    // dropping to (20, 10.9): halfway down row 10 it lies left of the bar's edge at x = 25,
    // at the row's top far right of it, and they cross at y ≈ 10.41, eighteen chords down.
    // Cut where the two were first out of order, halving took a chord off a stretch at a
    // time and gave up after eight, and the rest of the row was counted in the wrong order:
    // 11 levels off here (a file's envelope drew a line 110 levels too dark).
    let chords = 20
    let curve = (0...chords).map { step in
      Point(x: 60 - 38 * Double(step) / Double(chords), y: 10 + 0.45 * Double(step) / Double(chords))
    }
    let shape = [Point(x: 70, y: 20), Point(x: 70, y: 10)] + curve + [Point(x: 20, y: 10.9), Point(x: 20, y: 20)]
    let bar = CoverageReference.rectangle(left: 25, top: 5, right: 26, bottom: 15)
    let worst = Self.worstAgainstSampledReference([shape, bar], rule: rule, width: 74, height: 22)
    #expect(worst.levels <= Self.sampledTolerance, "at (\(worst.column), \(worst.row))")
  }

  @Test(
    "random polygons crossing themselves many times: every pixel as the reference, under both rules",
    arguments: [CoverageRasterizer.FillRule.nonZero, .evenOdd])
  func randomSelfCrossingPolygons(rule: CoverageRasterizer.FillRule) {
    // Edges of every slope crossing at every height, several in a row, some meeting at a
    // vertex inside a row, chains of two edges and more: what the cutting of rows at turning
    // points and crossings has to get right, drawn from a seeded generator.
    var generator = SeededGenerator(seed: 17)
    for polygonIndex in 0..<24 {
      let polygon = (0..<9).map { _ in
        Point(x: Double.random(in: 1...39, using: &generator), y: Double.random(in: 1...39, using: &generator))
      }
      let worst = Self.worstAgainstSampledReference([polygon], rule: rule, width: 40, height: 40)
      #expect(worst.levels <= Self.sampledTolerance, "polygon \(polygonIndex) at (\(worst.column), \(worst.row))")
    }
  }

  /// A premultiplied background, every channel at most its alpha, from a seeded generator.
  static func premultipliedBackground(count: Int, seed: UInt64) -> [UInt32] {
    var generator = SeededGenerator(seed: seed)
    return (0..<count).map { _ in
      let alpha = UInt32.random(in: 0...255, using: &generator)
      let channels = (0..<3).map { _ in UInt32.random(in: 0...alpha, using: &generator) }
      return alpha << 24 | channels[0] << 16 | channels[1] << 8 | channels[2]
    }
  }

  /// Shapes that give a sink every kind of run: a pentagram (spans of each parity between
  /// cells, a middle wound twice), a quadrilateral running past the clip's right edge (a span
  /// to the clip's edge after the last cell) and a sliver under a pixel wide.
  static func addSinkShapes(to rasterizer: CoverageRasterizer) {
    rasterizer.addPolygon(pentagram(centre: Point(x: 19.7, y: 18.4), radius: 16.3))
    rasterizer.addPolygon([Point(x: 25.2, y: 21.3), Point(x: 52.8, y: 24.9), Point(x: 50.1, y: 35.6), Point(x: 29.9, y: 33.2)])
    rasterizer.addPolygon([Point(x: 3.1, y: 26.2), Point(x: 3.6, y: 26.2), Point(x: 12.4, y: 36.3), Point(x: 11.6, y: 36.3)])
  }

  @Test(
    "a colour laid by the rasterizer equals its coverage laid by CoverageCompositor, bit for bit",
    arguments: [0xFF33_66CC, 0xFFFF_FFFF, 0x8040_2010, 0xC0C0_0060, 0x1A0D_0A05] as [UInt32],
    [CoverageRasterizer.FillRule.nonZero, .evenOdd])
  func colorMatchesCompositor(color: UInt32, rule: CoverageRasterizer.FillRule) {
    // Rows longer than the picture, and a clip inside it, so that neither writes where it
    // should not without the other doing the same.
    let (width, height, pixelsPerRow) = (43, 39, 46)
    let columns = 2..<41
    let rows = 1..<37
    let background = Self.premultipliedBackground(count: pixelsPerRow * height, seed: 11)

    var direct = background
    let rasterizer = CoverageRasterizer()
    Self.addSinkShapes(to: rasterizer)
    direct.withUnsafeMutableBufferPointer {
      rasterizer.fill(rule: rule, color: color, onto: $0.baseAddress!, pixelsPerRow: pixelsPerRow, columns: columns, rows: rows)
    }

    var coverage = CoveragePicture(width: width, height: height)
    Self.addSinkShapes(to: rasterizer)
    coverage.fill(rasterizer, rule: rule, columns: columns, rows: rows)
    let ink = coverage.bytes.withUnsafeBufferPointer {
      InkRuns(coverage: $0.baseAddress!, width: width, height: height, bytesPerRow: width)
    }
    var composited = background
    coverage.bytes.withUnsafeBufferPointer { bytes in
      composited.withUnsafeMutableBufferPointer { pixels in
        CoverageCompositor.compositeOver(
          color: color, through: CoverageCompositor.Mask(bytes: bytes.baseAddress!, bytesPerRow: width, ink: ink), maskLeft: 0,
          maskTop: 0, onto: pixels.baseAddress!, pixelsPerRow: pixelsPerRow, columns: columns, rows: rows)
      }
    }

    let differing = direct.indices.filter { direct[$0] != composited[$0] }
    #expect(
      differing.isEmpty,
      "\(differing.count) pixels differ, first \(differing.prefix(3).map { "(\($0 % pixelsPerRow), \($0 / pixelsPerRow))" })")
    // The shapes drew: a comparison of two untouched backgrounds would prove nothing.
    #expect(coverage.bytes.filter { $0 != 0 }.count > 400)
  }

  @Test(
    "a share of coverage laid over coverage equals CoverageCompositor laying the full coverage at that share, bit for bit",
    arguments: [1, 77, 128, 200, 254] as [UInt8])
  func shareMatchesLayCoverage(share: UInt8) {
    let (width, height) = (61, 39)
    let columns = 2..<57
    let rows = 1..<37
    var generator = SeededGenerator(seed: 5)
    // Coverage below of every value, with runs of empty and full among it.
    let background = (0..<(width * height)).map { index -> UInt8 in
      switch index % 7 {
      case 0: 0
      case 1: 255
      default: UInt8.random(in: 0...255, using: &generator)
      }
    }

    var direct = CoveragePicture(width: width, height: height)
    direct.bytes = background
    let rasterizer = CoverageRasterizer()
    Self.addSinkShapes(to: rasterizer)
    direct.fill(rasterizer, rule: .nonZero, share: share, columns: columns, rows: rows)

    var full = CoveragePicture(width: width, height: height)
    Self.addSinkShapes(to: rasterizer)
    full.fill(rasterizer, rule: .nonZero, columns: columns, rows: rows)
    var laid = background
    full.bytes.withUnsafeBufferPointer { source in
      laid.withUnsafeMutableBufferPointer { destination in
        CoverageCompositor.layCoverage(
          PixelPlane(base: source.baseAddress!, elementsPerRow: width, left: 0, top: 0, width: width, height: height), share: share,
          onto: destination.baseAddress!, bytesPerRow: width, columns: columns, rows: rows)
      }
    }

    let differing = direct.bytes.indices.filter { direct.bytes[$0] != laid[$0] }
    #expect(differing.isEmpty, "\(differing.count) bytes differ, first \(differing.prefix(3).map { "(\($0 % width), \($0 / width))" })")
    // The shapes drew: a comparison of two untouched backgrounds would prove nothing.
    #expect(full.bytes.filter { $0 != 0 }.count > 400)
  }

  @Test("many pieces in a row are ordered as insertion orders few: by x halfway down, equal ones as they came")
  func manyPiecesSortStably() {
    var state: UInt64 = 12345
    var pieces: [CoverageRasterizer.Piece] = (0..<700).map { index in
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      // Few distinct x, so most pieces tie with others.
      let x = Double(state >> 58)
      return CoverageRasterizer.Piece(
        top: 0, bottom: 1, topX: x, middleX: x, bottomX: x, leftmostX: x, rightmostX: x, firstEdge: Int32(index),
        endEdge: Int32(index + 1), direction: 1)
    }
    #expect(pieces.count > RowCrossings.largestInsertionSort)
    var expected = pieces
    for index in 1..<expected.count {
      var slot = index
      while slot > 0, expected[slot - 1].middleX > expected[slot].middleX {
        expected.swapAt(slot, slot - 1)
        slot -= 1
      }
    }
    pieces.withUnsafeMutableBufferPointer { RowCrossings.sort($0.baseAddress!, count: $0.count) }
    #expect(pieces.map(\.firstEdge) == expected.map(\.firstEdge))
  }

  @Test(
    "a scribble of 3 000 crossing segments, within and past a row's work budget: each pixel near a 16×16-sample reference",
    arguments: [CoverageRasterizer.FillRule.nonZero, .evenOdd])
  func scribblePastTheBudget(rule: CoverageRasterizer.FillRule) {
    var state: UInt64 = 99
    let scribble: [Point] = (0..<3000).map { _ in
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      let x = Double(state >> 40 & 0xFFFF) / 65536 * 44 + 2
      let y = Double(state >> 20 & 0xFFFF) / 65536 * 44 + 2
      return Point(x: x, y: y)
    }
    let size = 48
    let samples = 16
    // The reference: each sample row's crossings with every edge, ordered, and each sample's
    // winding counted from them (a polygon this busy is too slow to sample point by point).
    var reference = [Double](repeating: 0, count: size * size)
    for sampleRow in 0..<size * samples {
      let y = (Double(sampleRow) + 0.5) / Double(samples)
      var crossings: [(x: Double, direction: Int)] = []
      for index in scribble.indices {
        let (a, b) = (scribble[index], scribble[(index + 1) % scribble.count])
        guard (a.y <= y) != (b.y <= y) else { continue }
        crossings.append((a.x + (y - a.y) / (b.y - a.y) * (b.x - a.x), b.y > a.y ? 1 : -1))
      }
      crossings.sort { $0.x < $1.x }
      var next = 0
      var winding = 0
      for sampleColumn in 0..<size * samples {
        let x = (Double(sampleColumn) + 0.5) / Double(samples)
        while next < crossings.count, crossings[next].x < x {
          winding += crossings[next].direction
          next += 1
        }
        let inside = rule == .nonZero ? winding != 0 : winding & 1 != 0
        if inside { reference[sampleRow / samples * size + sampleColumn / samples] += 1 / Double(samples * samples) }
      }
    }
    func picture(workPerRow: Int) -> CoveragePicture {
      let rasterizer = CoverageRasterizer()
      rasterizer.workPerRow = workPerRow
      rasterizer.addPolygon(scribble)
      var picture = CoveragePicture(width: size, height: size)
      picture.fill(rasterizer, rule: rule)
      return picture
    }
    // The default budget, which these rows pass, so they are sampled 16 times; and a budget so
    // small they are sampled twice, where a pixel is read as two halves (up to 128 levels off
    // where an edge runs along the row).
    let budgets: [(workPerRow: Int, mean: Double, worst: Double)] = [
      (RowCrossings.defaultWorkPerRow, 4, 32), (1 << 12, 16, 128),
    ]
    #expect(RowCrossings.samples(pieces: 1000, workPerRow: RowCrossings.defaultWorkPerRow) == 16)
    #expect(RowCrossings.samples(pieces: 1000, workPerRow: 1 << 12) == 2)
    for budget in budgets {
      let drawn = picture(workPerRow: budget.workPerRow)
      let differences = drawn.bytes.indices.map { abs(Double(drawn.bytes[$0]) - reference[$0] * 255) }
      let mean = differences.reduce(0, +) / Double(differences.count)
      let worst = differences.max()!
      #expect(
        mean <= budget.mean && worst <= budget.worst, "\(rule), budget \(budget.workPerRow): mean \(mean) levels, worst \(worst)")
    }
  }
}
