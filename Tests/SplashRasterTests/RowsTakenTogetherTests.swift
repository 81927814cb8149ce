import Foundation
import SplashCore
import SplashTestSupport
import Testing

@testable import SplashRaster

/// Runs of rows whose chains all run through them and keep one order are ordered and counted
/// once (`RowCrossings.addWholeBand`): they must give the very bytes that taking each row on
/// its own gives, and be taken where a shape allows it.
@Suite("Rows taken together: the same coverage as row by row")
struct RowsTakenTogetherTests {
  /// The polygons drawn under `rule` into a picture, with runs of rows taken together or not,
  /// and the rows that were taken together.
  static func draw(
    _ polygons: [[Point]], rule: CoverageRasterizer.FillRule, together: Bool, width: Int = 96, height: Int = 140,
    columns: Range<Int>? = nil
  ) -> (picture: CoveragePicture, rowsTogether: Int) {
    let rasterizer = CoverageRasterizer()
    rasterizer.takesRowsTogether = together
    for polygon in polygons { rasterizer.addPolygon(polygon) }
    var picture = CoveragePicture(width: width, height: height)
    picture.fill(rasterizer, rule: rule, columns: columns)
    return (picture, rasterizer.rowsTakenTogether)
  }

  /// `count` points round an ellipse, clockwise on screen, or the other way when `reversed`.
  static func ellipse(centre: Point, radiusX: Double, radiusY: Double, count: Int, reversed: Bool = false) -> [Point] {
    let points = (0..<count).map { index in
      let angle = 2 * Double.pi * Double(index) / Double(count)
      return Point(x: centre.x + radiusX * cos(angle), y: centre.y + radiusY * sin(angle))
    }
    return reversed ? points.reversed() : points
  }

  /// Shapes of every kind a run of rows meets: curves cut finer than a row, so a row holds
  /// several edges of one chain; holes; nested outlines wound the same way, whose inner edges
  /// change nothing under nonzero; chains starting on a row's edge and inside a row; crossing
  /// edges, where a run must fall back to rows; and thin stroked rings, a Lottie file's
  /// usual outline.
  static var shapes: [(name: String, polygons: [[Point]])] {
    let centre = Point(x: 48.3, y: 70.2)
    var generator = SeededGenerator(seed: 23)
    let scattered = (0..<7).map { _ in
      Point(x: Double.random(in: 2...94, using: &generator), y: Double.random(in: 2...138, using: &generator))
    }
    let ringOutline = StrokeOutliner.outline(
      of: [Polyline(points: ellipse(centre: centre, radiusX: 30, radiusY: 52, count: 90), isClosed: true)],
      style: StrokeStyle(width: 1.6, join: .miter), tolerance: 0.05)
    return [
      ("a disc cut into 400 chords", [ellipse(centre: centre, radiusX: 40, radiusY: 64, count: 400)]),
      (
        "a ring: its hole wound the other way",
        [
          ellipse(centre: centre, radiusX: 44, radiusY: 66, count: 160),
          ellipse(centre: centre, radiusX: 30, radiusY: 50, count: 120, reversed: true),
        ]
      ),
      (
        "two outlines wound the same way, one inside the other",
        [
          ellipse(centre: centre, radiusX: 44, radiusY: 66, count: 160),
          ellipse(centre: centre, radiusX: 30, radiusY: 50, count: 120),
        ]
      ),
      (
        "rectangles on row edges and inside rows, side by side and overlapping",
        [
          CoverageReference.rectangle(left: 4.5, top: 8, right: 40.25, bottom: 120),
          CoverageReference.rectangle(left: 30.5, top: 20.4, right: 70.75, bottom: 100.6),
          CoverageReference.rectangle(left: 60, top: 3.3, right: 90.2, bottom: 136),
        ]
      ),
      (
        "a tall turned square",
        [[Point(x: 48, y: 2.5), Point(x: 92.4, y: 70), Point(x: 48, y: 137.5), Point(x: 3.6, y: 70)]]
      ),
      ("a tall pentagram, its edges crossing", [CoverageRasterizerTests.pentagram(centre: centre, radius: 60)]),
      ("a random polygon crossing itself", [scattered]),
      ("a stroked ellipse 1.6 pixels wide", ringOutline.polygons.map { Array($0) }),
    ]
  }

  @Test("each shape: the same bytes as row by row, under both rules, and most rows taken together")
  func sameBytesAsRowByRow() {
    for shape in Self.shapes {
      for rule in [CoverageRasterizer.FillRule.nonZero, .evenOdd] {
        let together = Self.draw(shape.polygons, rule: rule, together: true)
        let rowByRow = Self.draw(shape.polygons, rule: rule, together: false)
        #expect(rowByRow.rowsTogether == 0)
        let differing = together.picture.bytes.indices.filter { together.picture.bytes[$0] != rowByRow.picture.bytes[$0] }
        let (count, first) = (differing.count, differing.first ?? -1)
        #expect(count == 0, "\(shape.name), \(rule): \(count) pixels differ, the first at byte \(first)")
        #expect(together.rowsTogether > 0, "\(shape.name), \(rule): no row was taken together")
      }
    }
  }

  @Test("a shape cut to a window of columns gives the same bytes both ways")
  func clippedColumns() {
    let ring = [
      Self.ellipse(centre: Point(x: 48.3, y: 70.2), radiusX: 44, radiusY: 66, count: 160),
      Self.ellipse(centre: Point(x: 48.3, y: 70.2), radiusX: 30, radiusY: 50, count: 120, reversed: true),
    ]
    let together = Self.draw(ring, rule: .nonZero, together: true, columns: 20..<60)
    let rowByRow = Self.draw(ring, rule: .nonZero, together: false, columns: 20..<60)
    #expect(together.picture.bytes == rowByRow.picture.bytes)
    #expect(together.rowsTogether > 100)
  }

  @Test("the rows of a band that chains start or end in, and the runs taken together between them")
  func turningRows() {
    /// A chain from `top` to `bottom` (its edges do not matter here).
    func chain(_ top: Double, _ bottom: Double) -> CoverageRasterizer.Chain {
      CoverageRasterizer.Chain(top: top, bottom: bottom, firstEdge: 0, endEdge: 1, direction: 1)
    }
    func rows(_ chains: [CoverageRasterizer.Chain], bandTop: Int = 32) -> CoverageRasterizer.TurningRows {
      chains.withUnsafeBufferPointer { chains in
        Array(chains.indices).withUnsafeBufferPointer { active in
          CoverageRasterizer.TurningRows(of: chains, active: active, bandTop: bandTop, bandBottom: bandTop + 16)
        }
      }
    }
    // Through the whole band: all sixteen rows together.
    let through = rows([chain(10, 80), chain(20.5, 60)])
    #expect(through.firstStretch().rows == 16 && through.firstStretch().together)
    // A band of a shape's last three rows, which no chain starts or ends inside: together.
    let lastRows = [chain(10, 35)].withUnsafeBufferPointer { chains in
      [0].withUnsafeBufferPointer { CoverageRasterizer.TurningRows(of: chains, active: $0, bandTop: 32, bandBottom: 35) }
    }
    #expect(lastRows.firstStretch().rows == 3 && lastRows.firstStretch().together)
    // A chain starting on row 40's top edge: 32…39 together; from 40 every chain runs
    // through its rows again.
    let onEdge = rows([chain(10, 80), chain(40, 90)])
    #expect(onEdge.run(from: 0) == 8 && onEdge.run(from: 8) == 8)
    #expect(onEdge.firstStretch().rows == 8 && onEdge.firstStretch().together)
    // A chain starting inside row 34 and one ending inside row 41: two rows are too few to
    // take together, so rows 32…33 and 34 go row by row, and 35…40 are the next run.
    let inside = rows([chain(10, 41.5), chain(34.25, 90)])
    #expect(inside.run(from: 0) == 2 && inside.run(from: 2) == 0 && inside.run(from: 3) == 6)
    #expect(inside.firstStretch().rows == 3 && !inside.firstStretch().together)
    // A chain starting inside the band's first row: that row alone goes row by row.
    let atTop = rows([chain(32.5, 90)])
    #expect(atTop.run(from: 0) == 0 && atTop.firstStretch().rows == 1 && !atTop.firstStretch().together)
    // Chains starting inside every other row: no run long enough (the last row's run of one
    // reaches the band's bottom, but one row is not worth a run of its own), the band row by
    // row.
    let busy = rows((0..<8).map { chain(32.5 + 2 * Double($0), 100) })
    #expect(busy.firstStretch().rows == 16 && !busy.firstStretch().together)
  }
}
