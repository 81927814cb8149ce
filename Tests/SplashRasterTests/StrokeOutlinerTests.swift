import SplashCore
import Testing

@testable import SplashRaster

/// Stroke outlines, filled with the nonzero rule as the renderer fills them, against exact
/// areas and supersampled references of the ideal pen shapes.
@Suite("Outlining strokes: caps, joins, dashes and transformed pens")
struct StrokeOutlinerTests {
  /// How far round caps and joins and flattened curves may stray, in path units: at most half
  /// a level on a pixel an edge crosses, so that what the tests measure is the outline's shape
  /// and not its flattening.
  static let tolerance = 0.002

  /// Outlines `polylines` stroked with `style` under `transform` and fills the outline, with
  /// the nonzero rule, into a zeroed picture.
  static func stroke(
    _ polylines: [Polyline], style: StrokeStyle, transform: AffineTransform = .identity, tolerance: Double = Self.tolerance,
    width: Int = 44, height: Int = 44
  ) -> CoveragePicture {
    let rasterizer = CoverageRasterizer()
    rasterizer.addOutline(StrokeOutliner.outline(of: polylines, style: style, tolerance: tolerance), transform: transform)
    var picture = CoveragePicture(width: width, height: height)
    picture.fill(rasterizer, rule: .nonZero)
    return picture
  }

  /// The open polyline through `points`.
  static func open(_ points: Point...) -> [Polyline] { [Polyline(points: points, isClosed: false)] }

  /// The largest difference over `picture` from the supersampled ideal `shape`.
  static func worstAgainstSampled(_ picture: CoveragePicture, _ shape: SampledShape) -> (levels: Double, column: Int, row: Int) {
    picture.worstDifference { column, row in shape.share(ofPixel: column, row) }
  }

  /// The largest difference over `picture` from the exact area of the union of `rectangles`,
  /// which must not overlap.
  static func worstAgainstRectangles(_ picture: CoveragePicture, _ rectangles: [Rect]) -> (levels: Double, column: Int, row: Int) {
    picture.worstDifference { column, row in
      rectangles.reduce(0) { $0 + CoverageReference.share(ofPixel: column, row, inside: $1) }
    }
  }

  @Test("a horizontal line with butt caps covers exactly its rectangle")
  func buttCapLineIsRectangle() {
    let picture = Self.stroke(Self.open(Point(x: 10, y: 10.5), Point(x: 30, y: 10.5)), style: StrokeStyle(width: 4, cap: .butt))
    let worst = Self.worstAgainstRectangles(picture, [Rect(x: 10, y: 8.5, width: 20, height: 4)])
    #expect(worst.levels <= 1, "at (\(worst.column), \(worst.row))")
  }

  @Test("square caps lengthen the line by half its width at each end")
  func squareCapsExtendLine() {
    let picture = Self.stroke(Self.open(Point(x: 10, y: 10.5), Point(x: 30, y: 10.5)), style: StrokeStyle(width: 4, cap: .square))
    let worst = Self.worstAgainstRectangles(picture, [Rect(x: 8, y: 8.5, width: 24, height: 4)])
    #expect(worst.levels <= 1, "at (\(worst.column), \(worst.row))")
  }

  @Test(
    "round caps make the line a capsule: every point within half the width of the segment",
    arguments: [
      (Point(x: 10, y: 10.5), Point(x: 30, y: 10.5), 4.0),
      (Point(x: 8.3, y: 33.6), Point(x: 33.1, y: 12.2), 7.0),
    ])
  func roundCapsMakeCapsule(start: Point, end: Point, width: Double) {
    let picture = Self.stroke(Self.open(start, end), style: StrokeStyle(width: width, cap: .round))
    let worst = Self.worstAgainstSampled(picture, .capsule(from: start, to: end, radius: width / 2))
    #expect(worst.levels <= CoverageRasterizerTests.sampledTolerance, "at (\(worst.column), \(worst.row))")
  }

  /// A polyline that turns a right angle clockwise on screen at `corner`: its outer corner
  /// is up and to the right.
  static let rightAngle = [Point(x: 10.25, y: 10.5), Point(x: 30.25, y: 10.5), Point(x: 30.25, y: 30.5)]
  static let corner = rightAngle[1]

  /// `rightAngle` stroked 8 wide with butt caps and `join` (for a miter join, one within the
  /// limit): the two sides' rectangles and what the join adds at the outer corner.
  static func rightAngleStroke(join: StrokeStyle.Join) -> SampledShape {
    let sides = SampledShape.polygons([
      CoverageReference.rectangle(left: 10.25, top: 6.5, right: 30.25, bottom: 14.5),
      CoverageReference.rectangle(left: 26.25, top: 10.5, right: 34.25, bottom: 30.5),
    ])
    let corner: SampledShape =
      switch join {
      // The two outer edges carried on to where they meet: the square of the outer corner.
      case .miter: .polygons([CoverageReference.rectangle(left: 30.25, top: 6.5, right: 34.25, bottom: 10.5)])
      case .bevel: .polygons([[Point(x: 30.25, y: 6.5), Point(x: 34.25, y: 10.5), Point(x: 30.25, y: 10.5)]])
      case .round: .disc(centre: Self.corner, radius: 4)
      }
    return .union([sides, corner])
  }

  @Test("a right-angle corner is mitred, bevelled or rounded like the ideal join", arguments: [StrokeStyle.Join.miter, .bevel, .round])
  func rightAngleJoins(join: StrokeStyle.Join) {
    let picture = Self.stroke([Polyline(points: Self.rightAngle, isClosed: false)], style: StrokeStyle(width: 8, join: join))
    let worst = Self.worstAgainstSampled(picture, Self.rightAngleStroke(join: join))
    #expect(worst.levels <= CoverageRasterizerTests.sampledTolerance, "at (\(worst.column), \(worst.row))")
  }

  @Test("a miter longer than the limit is bevelled: a right angle's miter is √2 widths long")
  func miterLimitBevels() {
    for (limit, drawnAs) in [(1.4, StrokeStyle.Join.bevel), (1.45, .miter)] {
      let picture = Self.stroke(
        [Polyline(points: Self.rightAngle, isClosed: false)], style: StrokeStyle(width: 8, join: .miter, miterLimit: limit))
      let worst = Self.worstAgainstSampled(picture, Self.rightAngleStroke(join: drawnAs))
      #expect(worst.levels <= CoverageRasterizerTests.sampledTolerance, "limit \(limit) at (\(worst.column), \(worst.row))")
    }
  }

  @Test("a closed square stroked covers the band between two squares exactly and leaves its middle empty")
  func closedSquareLeavesMiddleEmpty() {
    let square = Polyline(
      points: [Point(x: 10.5, y: 10.5), Point(x: 30.5, y: 10.5), Point(x: 30.5, y: 30.5), Point(x: 10.5, y: 30.5)], isClosed: true)
    let picture = Self.stroke([square], style: StrokeStyle(width: 4))
    let worst = picture.worstDifference { column, row in
      CoverageReference.share(ofPixel: column, row, inside: Rect(x: 8.5, y: 8.5, width: 24, height: 24))
        - CoverageReference.share(ofPixel: column, row, inside: Rect(x: 12.5, y: 12.5, width: 16, height: 16))
    }
    #expect(worst.levels <= 1, "at (\(worst.column), \(worst.row))")
    #expect(picture[20, 20] == 0)
    #expect(picture[10, 20] == 255)
  }

  @Test(
    "a circle flattened and stroked 16 wide matches the exact ring, inner edge included, with chords' or the curve's directions",
    arguments: [false, true])
  func strokedCircleMatchesRing(tangents: Bool) {
    let centre = Point(x: 35.5, y: 35.25)
    let (inner, outer) = (12.0, 28.0)
    let path = PathFlattenerTests.circle(centre: centre, radius: 20)
    // As the renderer flattens a stroke when asked for the curve's directions: no step turning
    // more than a step of a round join.
    let polylines = PathFlattener.polylines(
      of: path, transform: .identity, tolerance: Self.tolerance,
      maximumTurn: tangents ? StrokeOutliner.arcStep(radius: 8, tolerance: Self.tolerance) : .infinity, tangents: tangents)
    let picture = Self.stroke(polylines, style: StrokeStyle(width: 16), width: 72, height: 72)
    let ring = SampledShape(
      contains: { (inner...outer).contains($0.distance(to: centre)) },
      edgeDistance: { min(abs($0.distance(to: centre) - inner), abs($0.distance(to: centre) - outer)) })
    let worst = Self.worstAgainstSampled(picture, ring)
    // The quarter cubics stray 0.0055 pixels outside the circle, and an edge between two
    // points that carry the curve's directions up to twice the tolerance inside it (the
    // centre line's chord and the turn of the pen): up to 0.0095 pixels, 2.4 levels on an edge
    // pixel, besides the sampling. Measured: 1.8 with chords, 2.8 with the curve's directions.
    // An inner side that doubled back at each corner would count its overlap twice, tens of
    // levels along the inner edge.
    #expect(worst.levels <= 3.5, "at (\(worst.column), \(worst.row))")
  }

  /// Stretches three times across and moves by a fraction of a pixel.
  static let stretch = AffineTransform(a: 3, b: 0, c: 0, d: 1, tx: 0.3, ty: 0.45)

  @Test("a line stretched three times across with butt caps is a rectangle three times as long, as thick as before")
  func stretchedButtLine() {
    let picture = Self.stroke(
      Self.open(Point(x: 10, y: 10.5), Point(x: 20, y: 10.5)), style: StrokeStyle(width: 4), transform: Self.stretch,
      tolerance: Self.tolerance / 3, width: 72, height: 24)
    let worst = Self.worstAgainstRectangles(picture, [Rect(x: 30.3, y: 8.95, width: 30, height: 4)])
    #expect(worst.levels <= 1, "at (\(worst.column), \(worst.row))")
  }

  @Test("a slanted round-capped line stretched three times across is drawn with an elliptical pen")
  func stretchedRoundLine() throws {
    let (start, end) = (Point(x: 10, y: 12.2), Point(x: 20, y: 18.7))
    let picture = Self.stroke(
      Self.open(start, end), style: StrokeStyle(width: 6, cap: .round), transform: Self.stretch, tolerance: Self.tolerance / 3,
      width: 72, height: 26)
    let inverse = try #require(Self.stretch.inverted())
    // The ideal pen stroke in the path's space, seen through the transform; the transform
    // stretches no length less than once, so a point is at least as far from the edge as its
    // preimage is in the path's space.
    let inPathSpace = SampledShape.capsule(from: start, to: end, radius: 3)
    let worst = Self.worstAgainstSampled(
      picture,
      SampledShape(
        contains: { inPathSpace.contains(inverse.apply(to: $0)) }, edgeDistance: { inPathSpace.edgeDistance(inverse.apply(to: $0)) }))
    #expect(worst.levels <= CoverageRasterizerTests.sampledTolerance, "at (\(worst.column), \(worst.row))")
  }

  @Test("a subpath of no length is a disc with round caps and nothing with butt caps")
  func zeroLengthSubpath() {
    let centre = Point(x: 20.3, y: 19.6)
    var path = Path()
    path.move(to: centre)
    path.addLine(to: centre)
    let polylines = PathFlattener.polylines(of: path, transform: .identity, tolerance: Self.tolerance)
    let disc = Self.stroke(polylines, style: StrokeStyle(width: 11, cap: .round))
    let worst = Self.worstAgainstSampled(disc, .disc(centre: centre, radius: 5.5))
    #expect(worst.levels <= CoverageRasterizerTests.sampledTolerance, "at (\(worst.column), \(worst.row))")
    #expect(Self.stroke(polylines, style: StrokeStyle(width: 11, cap: .butt)).bytes.allSatisfy { $0 == 0 })
  }

  @Test("a lone move draws nothing, whatever the caps", arguments: [StrokeStyle.Cap.butt, .round, .square])
  func loneMoveDrawsNothing(cap: StrokeStyle.Cap) {
    var path = Path()
    path.move(to: Point(x: 20, y: 20))
    let polylines = PathFlattener.polylines(of: path, transform: .identity, tolerance: Self.tolerance)
    #expect(Self.stroke(polylines, style: StrokeStyle(width: 11, cap: cap)).bytes.allSatisfy { $0 == 0 })
  }

  @Test("a path that is one line with no current point only starts a subpath, and draws nothing as a lone move draws nothing")
  func lineWithoutCurrentPointDrawsNothing() {
    // Cairo, which drew these shapes before, takes such a line as a move; Core Graphics
    // ignores it. Neither draws a dot.
    let path = Path(elements: [.line(to: Point(x: 20, y: 20))])
    let polylines = PathFlattener.polylines(of: path, transform: .identity, tolerance: Self.tolerance)
    let picture = Self.stroke(polylines, style: StrokeStyle(width: 11, cap: .round))
    #expect(picture.bytes.allSatisfy { $0 == 0 }, "\(picture.bytes.filter { $0 != 0 }.count) pixels drawn")
  }

  @Test(
    "a path that turns straight back covers its band once, edge pixels included, with the round join's half disc beyond the turn",
    arguments: [
      // Out to the right and back with each join, and out to the left and back.
      (Point(x: 10.25, y: 20.5), Point(x: 30.25, y: 20.5), StrokeStyle.Join.miter),
      (Point(x: 10.25, y: 20.5), Point(x: 30.25, y: 20.5), .bevel),
      (Point(x: 10.25, y: 20.5), Point(x: 30.25, y: 20.5), .round),
      (Point(x: 34.25, y: 20.5), Point(x: 14.25, y: 20.5), .round),
    ])
  func pathTurningStraightBack(start: Point, turn: Point, join: StrokeStyle.Join) {
    let picture = Self.stroke(Self.open(start, turn, start), style: StrokeStyle(width: 8, join: join))
    // A miter at a full reversal is infinitely long, past any limit: bevelled, which at a
    // reversal adds nothing.
    let band = SampledShape.polygons([
      CoverageReference.rectangle(left: min(start.x, turn.x), top: 16.5, right: max(start.x, turn.x), bottom: 24.5)
    ])
    let worst = Self.worstAgainstSampled(picture, join == .round ? .union([band, .disc(centre: turn, radius: 4)]) : band)
    // An outline that went round the band twice would count each edge pixel's share twice:
    // the rows half covered at y = 16 and 24 would read 255, not 128.
    #expect(worst.levels <= CoverageRasterizerTests.sampledTolerance, "at (\(worst.column), \(worst.row))")
  }

  @Test(
    "a staircase of steps shorter than the pen's reach covers what the round pen sweeps",
    arguments: [false, true])
  func staircaseShorterThanReach(backwards: Bool) {
    // Right, down 2, right 2, down again, 8 wide: each right-angle corner's inner side reaches
    // 4 along the short steps, further than they go, and so passes through the path's vertex.
    // The left side is inner at the first and third corners: at the third, the step before it
    // is what it may reach along, not the first segment.
    let steps = [
      Point(x: 6.25, y: 10.5), Point(x: 18.25, y: 10.5), Point(x: 18.25, y: 12.5), Point(x: 20.25, y: 12.5),
      Point(x: 20.25, y: 34.5),
    ]
    let points = backwards ? Array(steps.reversed()) : steps
    let picture = Self.stroke([Polyline(points: points, isClosed: false)], style: StrokeStyle(width: 8, cap: .round, join: .round))
    let swept = SampledShape.union(steps.indices.dropLast().map { .capsule(from: steps[$0], to: steps[$0 + 1], radius: 4) })
    let worst = Self.worstAgainstSampled(picture, swept)
    #expect(worst.levels <= CoverageRasterizerTests.sampledTolerance, "at (\(worst.column), \(worst.row))")
  }

  @Test("a dashed line with butt caps covers exactly its dashes' rectangles")
  func dashedButtLine() {
    let picture = Self.stroke(
      Self.open(Point(x: 10, y: 10.5), Point(x: 30, y: 10.5)), style: StrokeStyle(width: 4, dashes: [6, 3], dashPhase: 2))
    // The pattern starts 2 into its first dash: on 10–14, 17–23, 26–30.
    let worst = Self.worstAgainstRectangles(
      picture,
      [Rect(x: 10, y: 8.5, width: 4, height: 4), Rect(x: 17, y: 8.5, width: 6, height: 4), Rect(x: 26, y: 8.5, width: 4, height: 4)])
    #expect(worst.levels <= 1, "at (\(worst.column), \(worst.row))")
  }

  @Test("dashes of no length are dots: discs with round caps, squares turned along the path with square caps")
  func zeroLengthDashesAreDots() {
    // Along (3, 4) / 5 from (6.5, 4.5), 35 long: a dot every 10.
    let start = Point(x: 6.5, y: 4.5)
    let direction = Point(x: 0.6, y: 0.8)
    let line = Self.open(start, start + direction * 35)
    let centres = [0.0, 10, 20, 30].map { start + direction * $0 }

    let discs = Self.stroke(line, style: StrokeStyle(width: 6, cap: .round, dashes: [0, 10]))
    let worstDisc = Self.worstAgainstSampled(discs, .union(centres.map { .disc(centre: $0, radius: 3) }))
    #expect(worstDisc.levels <= CoverageRasterizerTests.sampledTolerance, "discs at (\(worstDisc.column), \(worstDisc.row))")

    let squares = Self.stroke(line, style: StrokeStyle(width: 6, cap: .square, dashes: [0, 10]))
    // Each square's corners three along and three across from its centre.
    let across = Point(x: -direction.y, y: direction.x)
    let worstSquare = Self.worstAgainstSampled(
      squares,
      .polygons(
        centres.map { centre in
          [(1.0, 1.0), (1, -1), (-1, -1), (-1, 1)].map { centre + direction * (3 * $0.0) + across * (3 * $0.1) }
        }))
    #expect(worstSquare.levels <= CoverageRasterizerTests.sampledTolerance, "squares at (\(worstSquare.column), \(worstSquare.row))")
  }

  @Test("the largest stretch of a transform is its larger singular value")
  func largestScale() {
    #expect(abs(StrokeOutliner.largestScale(of: Self.stretch) - 3) < 1e-12)
    #expect(
      abs(StrokeOutliner.largestScale(of: AffineTransform(rotationAngle: 0.7).concatenating(AffineTransform(scaleX: 2, y: 0.5))) - 2)
        < 1e-12)
    // A shear x += y: its singular values are the golden ratio and its inverse.
    #expect(
      abs(StrokeOutliner.largestScale(of: AffineTransform(a: 1, b: 0, c: 1, d: 1, tx: 5, ty: 7)) - (1 + 5.0.squareRoot()) / 2) < 1e-12)
  }
}
