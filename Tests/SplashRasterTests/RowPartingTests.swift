import Foundation
import SplashCore
import SplashTestSupport
import Testing

@testable import SplashRaster

/// A row that pieces start or end inside is parted into groups that lie apart, each cut only
/// at its own pieces' heights (`RowCrossings.addApart`): it must cover every pixel as the
/// sampled reference does, as the row taken whole does to a level, and be parted where small
/// shapes stand side by side.
@Suite("Rows parted into groups: the same coverage as the row taken whole")
struct RowPartingTests {
  /// The polygons drawn under `rule` into a picture, with rows parted or not, and the rows
  /// that were parted.
  static func draw(
    _ polygons: [[Point]], rule: CoverageRasterizer.FillRule, parting: Bool, width: Int = 100, height: Int = 44,
    columns: Range<Int>? = nil, clip: DeviceBox? = nil
  ) -> (picture: CoveragePicture, rowsParted: Int) {
    let rasterizer = CoverageRasterizer()
    rasterizer.partsRows = parting
    rasterizer.cut = clip.map { .box($0) }
    for polygon in polygons { rasterizer.addPolygon(polygon) }
    var picture = CoveragePicture(width: width, height: height)
    picture.fill(rasterizer, rule: rule, columns: columns)
    return (picture, rasterizer.rowsParted)
  }

  /// Slanted stripes side by side, as round an airmail envelope's edge, each starting and
  /// ending at its own fraction of a row.
  static var stripes: [[Point]] {
    (0..<14).map { index in
      let left = 6 + 6.3 * Double(index)
      let top = 8.15 + 0.37 * Double(index % 5)
      return [
        Point(x: left, y: top), Point(x: left + 3.1, y: top), Point(x: left + 0.6, y: top + 6.45),
        Point(x: left - 2.5, y: top + 6.45),
      ]
    }
  }

  /// A rectangle round the stripes, wound as they are or the other way.
  static func frame(reversed: Bool) -> [Point] {
    let corners = CoverageReference.rectangle(left: 1.5, top: 3.25, right: 97.75, bottom: 40.6)
    return reversed ? corners.reversed() : corners
  }

  /// Small shapes of every kind a parted row meets: corners pointing up and down, level
  /// edges inside rows, shapes overlapping their neighbours, shapes inside a larger one (the
  /// gaps between groups then inside it), and a scatter from a seeded generator. Every point
  /// lies on 1/32 of a pixel, where the reference's samples split a level edge exactly.
  static let shapes: [(name: String, polygons: [[Point]])] =
    unsnappedShapes.map { ($0.name, CoverageReference.snapped($0.polygons)) }

  /// `shapes`, their points where they fall.
  static var unsnappedShapes: [(name: String, polygons: [[Point]])] {
    var generator = SeededGenerator(seed: 31)
    let scatter = (0..<40).map { _ in
      let centre = Point(x: Double.random(in: 4...96, using: &generator), y: Double.random(in: 4...40, using: &generator))
      let angle = Double.random(in: 0...Double.pi, using: &generator)
      let (along, across) = (Point(x: cos(angle), y: sin(angle)) * 2.6, Point(x: -sin(angle), y: cos(angle)) * 1.1)
      return [centre - along - across, centre + along - across, centre + along + across, centre - along + across]
    }
    let dashes = (0..<24).map { index in
      let angle = 2 * Double.pi * Double(index) / 24
      let (radial, tangent) = (Point(x: cos(angle), y: sin(angle)), Point(x: -sin(angle), y: cos(angle)))
      let centre = Point(x: 50.2, y: 22.1) + Point(x: radial.x * 40, y: radial.y * 17)
      return [
        centre - tangent * 2.2 - radial * 0.8, centre + tangent * 2.2 - radial * 0.8, centre + tangent * 2.2 + radial * 0.8,
        centre - tangent * 2.2 + radial * 0.8,
      ]
    }
    let triangles = (0..<12).map { index in
      let left = 3.3 + 8 * Double(index)
      let (top, bottom) = (10.2 + 0.41 * Double(index % 4), 19.7 + 0.23 * Double(index % 3))
      return index.isMultiple(of: 2)
        ? [Point(x: left + 3, y: top), Point(x: left + 6.2, y: bottom), Point(x: left, y: bottom)]
        : [Point(x: left, y: top), Point(x: left + 6.2, y: top), Point(x: left + 3, y: bottom)]
    }
    let boxes = (0..<16).map { index in
      let left = 2.5 + 6 * Double(index)
      let top = 6.1 + 0.29 * Double(index % 7)
      return CoverageReference.rectangle(left: left, top: top, right: left + 4.35, bottom: top + 9.8 + 0.13 * Double(index % 3))
    }
    return [
      ("slanted stripes side by side", stripes),
      ("stripes inside a frame wound the same way", [frame(reversed: false)] + stripes),
      ("stripes inside a frame wound the other way", [frame(reversed: true)] + stripes),
      ("triangles pointing up and down", triangles),
      ("boxes with level edges inside rows", boxes),
      ("boxes inside a frame wound the other way", boxes + [frame(reversed: true)]),
      ("dashes round an ellipse", dashes),
      ("forty small quads scattered, some overlapping", scatter),
    ]
  }

  @Test("each shape, under both rules: as the row taken whole, to a level, and rows parted")
  func partedMatchesWhole() {
    for shape in Self.shapes {
      for rule in [CoverageRasterizer.FillRule.nonZero, .evenOdd] {
        let parted = Self.draw(shape.polygons, rule: rule, parting: true)
        let whole = Self.draw(shape.polygons, rule: rule, parting: false)
        #expect(whole.rowsParted == 0)
        #expect(parted.rowsParted > 0, "\(shape.name), \(rule): no row was parted")
        // Parting cuts a piece at fewer heights, so its area is summed in other steps: a
        // level of rounding at most.
        let apart = CoverageReference.levelsApart(parted.picture, whole.picture)
        #expect(apart.levels <= 1, "\(shape.name), \(rule): \(apart.levels) levels from the row taken whole at byte \(apart.byte)")
      }
    }
  }

  @Test(
    "stripes in a frame cut to a window of columns, or by a clip at fractions of a pixel: as the row taken whole, to a level")
  func partedUnderClips() throws {
    let polygons = try #require(Self.shapes.first { $0.name == "stripes inside a frame wound the other way" }).polygons
    // Pieces left of the window count into its first column; the clip cuts level edges and
    // upright sides into the stripes it crosses.
    let cases: [(name: String, columns: Range<Int>?, clip: DeviceBox?)] = [
      ("columns 20..<70", 20..<70, nil),
      ("a clip from (17.3, 9.6) to (71.45, 33.2)", nil, DeviceBox(left: 17.3, top: 9.6, right: 71.45, bottom: 33.2)),
    ]
    for (name, columns, clip) in cases {
      for rule in [CoverageRasterizer.FillRule.nonZero, .evenOdd] {
        let parted = Self.draw(polygons, rule: rule, parting: true, columns: columns, clip: clip)
        let whole = Self.draw(polygons, rule: rule, parting: false, columns: columns, clip: clip)
        #expect(parted.rowsParted > 0, "\(name), \(rule): no row was parted")
        let apart = CoverageReference.levelsApart(parted.picture, whole.picture)
        #expect(apart.levels <= 1, "\(name), \(rule): \(apart.levels) levels from the row taken whole at byte \(apart.byte)")
        #expect(parted.picture.bytes.contains { $0 != 0 }, "\(name), \(rule): nothing drawn")
      }
    }
  }

  @Test(
    "parted rows cover every pixel as the sampled reference does",
    arguments: [
      ("stripes inside a frame wound the other way", CoverageRasterizer.FillRule.nonZero),
      ("boxes with level edges inside rows", .evenOdd), ("forty small quads scattered, some overlapping", .nonZero),
    ])
  func partedMatchesReference(name: String, rule: CoverageRasterizer.FillRule) throws {
    let polygons = try #require(Self.shapes.first { $0.name == name }).polygons
    let parted = Self.draw(polygons, rule: rule, parting: true)
    let reference = SampledShape.polygons(polygons, rule: rule)
    let worst = parted.picture.worstDifference { column, row in reference.share(ofPixel: column, row) }
    #expect(
      worst.levels <= CoverageRasterizerTests.sampledTolerance, "\(worst.levels) levels off at (\(worst.column), \(worst.row))")
  }

  @Test("the heights a group's pieces start and end at cancel in pairs, and a group with too many ends the parting")
  func openEnds() {
    var ends = RowCrossings.OpenEnds()
    #expect(ends.isEmpty)
    // A corner: two pieces start at one height, going opposite ways.
    var added = [ends.add(1, at: 8.25), ends.add(-1, at: 8.5)]
    #expect(added == [true, true] && !ends.isEmpty)
    added = [ends.add(-1, at: 8.25)]
    #expect(added == [true] && !ends.isEmpty)
    // A chain broken at its polygon's first point: one piece ends where the next, going the
    // same way, starts.
    added = [ends.add(1, at: 8.5)]
    #expect(added == [true] && ends.isEmpty)
    added = (0..<16).map { ends.add(1, at: 8 + Double($0) / 32) }
    #expect(added == Array(repeating: true, count: 16))
    added = [ends.add(1, at: 8.9), ends.add(-1, at: 8)]
    #expect(added == [false, true], "a seventeenth height has no room; a height held already has")
  }
}
