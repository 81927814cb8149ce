import Foundation
import SplashCore
import Testing

@testable import SplashRaster

/// A stretch of a row whose pieces cross is halved at the crossing; only the pieces that can
/// reach it are halved, those lying apart being added whole (`RowCrossings.addSorted`). It must
/// cover every pixel as the sampled reference does, as halving the whole stretch does to a
/// level, and part the stretch where crossings stand beside other pieces.
@Suite("Crossings halved without the pieces lying apart: the same coverage as halving the whole row")
struct CrossingPartingTests {
  /// The polygons drawn under `rule` into a picture, crossings parted or not, and the
  /// crossings halved without some of their row's pieces.
  static func draw(_ polygons: [[Point]], rule: CoverageRasterizer.FillRule, parting: Bool) -> (
    picture: CoveragePicture, crossingsParted: Int
  ) {
    let rasterizer = CoverageRasterizer()
    rasterizer.partsCrossings = parting
    for polygon in polygons { rasterizer.addPolygon(polygon) }
    var picture = CoveragePicture(width: 100, height: 44)
    picture.fill(rasterizer, rule: rule)
    return (picture, rasterizer.crossingsParted)
  }

  /// Tall bow ties (a quadrilateral whose diagonals are its sides: they cross halfway down,
  /// inside a row) between upright bars, and the same inside a frame wound the other way: each
  /// crossing's row holds every other shape's pieces too, running through it.
  static var bowTies: [[Point]] {
    (0..<6).flatMap { index -> [[Point]] in
      let left = 4.3 + 15.7 * Double(index)
      let (top, bottom) = (5.2 + 0.31 * Double(index % 3), 38.4 - 0.27 * Double(index % 4))
      let tie = [Point(x: left, y: top), Point(x: left + 7.9, y: bottom), Point(x: left, y: bottom), Point(x: left + 7.9, y: top)]
      let bar = CoverageReference.rectangle(left: left + 10.2, top: 3.6, right: left + 12.45, bottom: 40.1)
      return [tie, bar]
    }
  }

  /// Two figures of eight side by side, stroked 2.5 wide, as a pen drawing a looping path
  /// outlines them: each side's outline crosses the other side's and itself where the path
  /// crosses itself, in a row that holds the other figure's crossing too. Each path starts at
  /// the top of a loop, where its outline turns anyway.
  static var strokedEights: [[Point]] {
    let eights = [Point(x: 27.2, y: 21.7), Point(x: 71.9, y: 21.7)].map { centre in
      Polyline(
        points: (0..<96).map { step in
          let angle = 2 * Double.pi * Double(step + 12) / 96
          return centre + Point(x: 19 * sin(angle), y: 16 * sin(angle) * cos(angle))
        }, isClosed: true)
    }
    let outline = StrokeOutliner.outline(of: eights, style: StrokeStyle(width: 2.5), tolerance: 0.01)
    return outline.polygons.map(Array.init)
  }

  /// The shapes, every point on 1/32 of a pixel, where the reference's samples split a level
  /// edge exactly.
  static let shapes: [(name: String, polygons: [[Point]])] = unsnappedShapes.map {
    ($0.name, CoverageReference.snapped($0.polygons))
  }

  static let unsnappedShapes: [(name: String, polygons: [[Point]])] = [
    ("bow ties between bars", bowTies),
    (
      "bow ties between bars inside a frame wound the other way",
      bowTies + [CoverageReference.rectangle(left: 1.5, top: 1.25, right: 98.75, bottom: 42.6).reversed()]
    ),
    ("two stroked figures of eight", strokedEights),
  ]

  @Test("each shape, under both rules: as the whole row halved, to a level, and crossings parted")
  func partedMatchesWhole() {
    for shape in Self.shapes {
      for rule in [CoverageRasterizer.FillRule.nonZero, .evenOdd] {
        let parted = Self.draw(shape.polygons, rule: rule, parting: true)
        let whole = Self.draw(shape.polygons, rule: rule, parting: false)
        #expect(whole.crossingsParted == 0)
        #expect(parted.crossingsParted > 0, "\(shape.name), \(rule): no crossing was parted")
        // A piece added whole rather than in halves has its area summed in other steps.
        let apart = CoverageReference.levelsApart(parted.picture, whole.picture)
        #expect(apart.levels <= 1, "\(shape.name), \(rule): \(apart.levels) levels from halving the whole row at byte \(apart.byte)")
        #expect(parted.picture.bytes.contains { $0 != 0 }, "\(shape.name), \(rule): nothing drawn")
      }
    }
  }

  @Test("crossings parted cover every pixel as the sampled reference does", arguments: [0, 1, 2])
  func partedMatchesReference(shape: Int) {
    for rule in [CoverageRasterizer.FillRule.nonZero, .evenOdd] {
      let polygons = Self.shapes[shape].polygons
      let parted = Self.draw(polygons, rule: rule, parting: true)
      let reference = SampledShape.polygons(polygons, rule: rule)
      let worst = parted.picture.worstDifference { column, row in reference.share(ofPixel: column, row) }
      #expect(
        worst.levels <= CoverageRasterizerTests.sampledTolerance,
        "\(Self.shapes[shape].name), \(rule): \(worst.levels) levels off at (\(worst.column), \(worst.row))")
    }
  }
}
