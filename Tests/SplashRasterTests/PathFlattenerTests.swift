import SplashCore
import Testing

@testable import SplashRaster

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Flattening paths into polylines: curves against their exact geometry, and how subpaths
/// begin and end.
@Suite("Flattening paths into polylines")
struct PathFlattenerTests {
  /// How far a quarter circle drawn as one cubic with the usual control distance strays
  /// outside the true circle: 0.0273 % of the radius (0.02725 % exactly, rounded up).
  static let cubicCircleExcess = 0.000273

  /// A closed circle about `centre` in four cubic quarter arcs, each with its control points
  /// 4/3 (√2 − 1) of the radius along the tangents, as `Path.addEllipse` and Core Graphics
  /// draw it.
  static func circle(centre: Point, radius: Double) -> Path {
    let handle = 4.0 / 3.0 * (2.0.squareRoot() - 1) * radius
    let (x, y) = (centre.x, centre.y)
    var path = Path()
    path.move(to: Point(x: x + radius, y: y))
    path.addCurve(
      to: Point(x: x, y: y + radius), control1: Point(x: x + radius, y: y + handle), control2: Point(x: x + handle, y: y + radius))
    path.addCurve(
      to: Point(x: x - radius, y: y), control1: Point(x: x - handle, y: y + radius), control2: Point(x: x - radius, y: y + handle))
    path.addCurve(
      to: Point(x: x, y: y - radius), control1: Point(x: x - radius, y: y - handle), control2: Point(x: x - handle, y: y - radius))
    path.addCurve(
      to: Point(x: x + radius, y: y), control1: Point(x: x + handle, y: y - radius), control2: Point(x: x + radius, y: y - handle))
    path.closeSubpath()
    return path
  }

  /// The one polyline `path` flattens to under `transform` at `tolerance`.
  static func onlyPolyline(of path: Path, transform: AffineTransform = .identity, tolerance: Double) throws -> Polyline {
    let polylines = PathFlattener.polylines(of: path, transform: transform, tolerance: tolerance)
    try #require(polylines.count == 1)
    return polylines[0]
  }

  /// How far the points of `polyline`, and the middles of its segments (where a chord strays
  /// furthest from its arc), lie from the circle of `radius` about `centre`: the largest
  /// distance of a point, and the largest of a middle.
  static func strayFromCircle(_ polyline: Polyline, centre: Point, radius: Double) -> (points: Double, middles: Double) {
    var points = 0.0
    var middles = 0.0
    for (index, point) in polyline.points.enumerated() {
      points = max(points, abs(point.distance(to: centre) - radius))
      if index > 0 {
        middles = max(middles, abs(polyline.points[index - 1].interpolated(to: point, amount: 0.5).distance(to: centre) - radius))
      }
    }
    return (points, middles)
  }

  @Test("a circle of radius 100 flattened to 0.1: every point on the cubics, every chord within 0.1 of the circle")
  func circleWithinTolerance() throws {
    let centre = Point(x: 130, y: 120)
    let polyline = try Self.onlyPolyline(of: Self.circle(centre: centre, radius: 100), tolerance: 0.1)
    #expect(polyline.isClosed)
    #expect(polyline.points.first == Point(x: 230, y: 120))
    #expect(polyline.points.last == Point(x: 230, y: 120))
    let stray = Self.strayFromCircle(polyline, centre: centre, radius: 100)
    #expect(stray.points <= 100 * Self.cubicCircleExcess + 1e-9)
    #expect(stray.middles <= 0.1 + 100 * Self.cubicCircleExcess)
  }

  /// The number of segments a circle of `radius` flattens to at `tolerance`.
  static func segmentCount(radius: Double, transform: AffineTransform = .identity, tolerance: Double) throws -> Int {
    try onlyPolyline(of: circle(centre: Point(x: 3, y: 4), radius: radius), transform: transform, tolerance: tolerance).points.count - 1
  }

  @Test("halving the tolerance takes about √2 times as many segments")
  func halvingToleranceScalesSteps() throws {
    let counts = try [0.1, 0.05, 0.025].map { try Self.segmentCount(radius: 100, tolerance: $0) }
    // The error of a chord grows as the square of its length; each curve's count is rounded up,
    // a step in the smallest of these counts (76) is 5 %.
    for (coarse, fine) in zip(counts, counts.dropFirst()) {
      let ratio = Double(fine) / Double(coarse)
      #expect(ratio > 1.3 && ratio < 1.55, "\(coarse) → \(fine)")
    }
  }

  @Test("the transform is applied before flattening: a circle scaled twice is flattened as one of radius 200")
  func transformAppliedBeforeFlattening() throws {
    let scale = AffineTransform(scaleX: 2, y: 2)
    let polyline = try Self.onlyPolyline(of: Self.circle(centre: Point(x: 10, y: -5), radius: 100), transform: scale, tolerance: 0.1)
    let stray = Self.strayFromCircle(polyline, centre: Point(x: 20, y: -10), radius: 200)
    #expect(stray.points <= 200 * Self.cubicCircleExcess + 1e-9)
    #expect(stray.middles <= 0.1 + 200 * Self.cubicCircleExcess)
    // The tolerance holds in the scaled space, so the scaled circle takes more segments.
    #expect(try polyline.points.count - 1 == Self.segmentCount(radius: 200, tolerance: 0.1))
    #expect(try polyline.points.count - 1 > Self.segmentCount(radius: 100, tolerance: 0.1))
  }

  /// The angle, in radians, from direction `first` to direction `second`.
  static func turn(from first: Point, to second: Point) -> Double {
    abs(atan2(first.x * second.y - first.y * second.x, first.x * second.x + first.y * second.y))
  }

  @Test("asked for directions, a flattened circle carries at each point the circle's own tangent, square to its radius")
  func circleTangents() throws {
    let centre = Point(x: 130, y: 120)
    let polylines = PathFlattener.polylines(
      of: Self.circle(centre: centre, radius: 100), transform: .identity, tolerance: 0.1, tangents: true)
    let polyline = try #require(polylines.first)
    try #require(polylines.count == 1)
    #expect(polyline.arrivals.count == polyline.points.count && polyline.departures.count == polyline.points.count)
    var worstSquareness = 0.0
    for (index, point) in polyline.points.enumerated() {
      let outwards = (point - centre) * (1.0 / 100)
      // Clockwise on screen, as the circle is drawn: the radius turned +90°.
      let forwards = Point(x: -outwards.y, y: outwards.x)
      // The path arrives at every point but its first and leaves every point but its last.
      for direction in [index > 0 ? polyline.arrivals[index] : nil, index + 1 < polyline.points.count ? polyline.departures[index] : nil] {
        guard let direction else { continue }
        worstSquareness = max(worstSquareness, Self.turn(from: forwards, to: direction))
        #expect(abs(direction.distance(to: .zero) - 1) < 1e-12)
      }
      // A curve has no corner between its steps.
      if index > 0, index + 1 < polyline.points.count {
        #expect(polyline.arrivals[index].distance(to: polyline.departures[index]) < 1e-12)
      }
    }
    // A cubic quarter circle's own tangent leans off square to the radius by up to 0.00126
    // radians (worked out from the cubic: its radius swells by 0.027 % and back).
    #expect(worstSquareness < 0.0013)
  }

  @Test(
    "a curve is cut so that no step turns further than asked, however coarse the tolerance",
    arguments: [
      // A quarter circle, which turns evenly, at a coarse tolerance and a fine turn.
      ([Point(x: 100, y: 0), Point(x: 100, y: 55.228), Point(x: 55.228, y: 100), Point(x: 0, y: 100)], 1.0, 0.05),
      // A sharp bend, which does most of its turning halfway, at the renderer's tolerance and
      // the turn of a round join's step on a pen 40 wide.
      ([Point(x: 0, y: 0), Point(x: 10, y: 0), Point(x: 10, y: 0), Point(x: 10, y: 10)], 0.1, 0.2),
    ])
  func maximumTurnBoundsEachStep(controls: [Point], tolerance: Double, maximumTurn: Double) throws {
    var path = Path()
    path.move(to: controls[0])
    path.addCurve(to: controls[3], control1: controls[1], control2: controls[2])
    let polyline = try Self.onlyPolyline(of: path, tolerance: tolerance)
    let turning = PathFlattener.polylines(
      of: path, transform: .identity, tolerance: tolerance, maximumTurn: maximumTurn, tangents: true)
    let turned = try #require(turning.first)
    // From how the curve leaves one point to how it arrives at the next: the turn of a step.
    var worstTurn = 0.0
    for index in 0..<(turned.points.count - 1) {
      worstTurn = max(worstTurn, Self.turn(from: turned.departures[index], to: turned.arrivals[index + 1]))
    }
    #expect(worstTurn <= maximumTurn + 1e-12, "\(turned.points.count - 1) steps")
    // Asking for a turn adds steps to those the tolerance asks for, never takes any away.
    #expect(turned.points.count >= polyline.points.count)
  }

  @Test("a step is halved only where it turns further than asked: a quarter circle's eight even steps stay eight")
  func evenStepsAreNotHalved() throws {
    // The control polygon turns π/2, so a turn of 0.21 asks for 8 steps (more than the
    // tolerance's 6). Each of the quarter circle's steps turns about π/16 ≈ 0.196: none is
    // halved. Halving that measured a step from the curve's start rather than from the step
    // before would cut every step after the first.
    var path = Path()
    path.move(to: Point(x: 100, y: 0))
    path.addCurve(to: Point(x: 0, y: 100), control1: Point(x: 100, y: 55.228), control2: Point(x: 55.228, y: 100))
    let turning = PathFlattener.polylines(of: path, transform: .identity, tolerance: 1, maximumTurn: 0.21, tangents: true)
    let turned = try #require(turning.first)
    #expect(turned.points.count == 9)
  }

  @Test("a quadratic curve is cut into chords within the tolerance of the curve, from its start to its end")
  func quadraticCurve() throws {
    let (start, control, end) = (Point(x: 10, y: 80), Point(x: 50, y: -10), Point(x: 95, y: 70))
    var path = Path()
    path.move(to: start)
    path.addQuadCurve(to: end, control: control)
    let polyline = try Self.onlyPolyline(of: path, tolerance: 0.1)
    #expect(!polyline.isClosed)
    #expect(polyline.points.first == start && polyline.points.last == end)
    #expect(polyline.points.count > 5)
    // The curve as 2,000 chords, each within 0.0001 of it (a chord strays its length squared
    // times the curvature over eight): near enough to measure a distance to the curve by.
    let curve = (0...2_000).map { step -> Point in
      let t = Double(step) / 2_000
      return start * ((1 - t) * (1 - t)) + control * (2 * (1 - t) * t) + end * (t * t)
    }
    func distanceToCurve(_ point: Point) -> Double {
      zip(curve, curve.dropFirst()).reduce(Double.infinity) {
        min($0, CoverageReference.distance(from: point, toSegmentFrom: $1.0, to: $1.1))
      }
    }
    for (previous, point) in zip(polyline.points, polyline.points.dropFirst()) {
      #expect(distanceToCurve(point) < 0.001)
      #expect(distanceToCurve(previous.interpolated(to: point, amount: 0.5)) <= 0.1 + 0.001)
    }
  }

  @Test("a cubic whose control points lie evenly along a line is one segment")
  func straightCubicIsOneSegment() throws {
    var path = Path()
    path.move(to: Point(x: 0, y: 0))
    path.addCurve(to: Point(x: 30, y: 60), control1: Point(x: 10, y: 20), control2: Point(x: 20, y: 40))
    #expect(try Self.onlyPolyline(of: path, tolerance: 0.1).points == [Point(x: 0, y: 0), Point(x: 30, y: 60)])
  }

  @Test("a straight cubic with its handles on its ends, or along it unevenly, or a quadratic so, is one segment")
  func straightCurvesAreOneSegment() throws {
    let (start, end) = (Point(x: 3, y: 4), Point(x: 43, y: -26))
    let along = { (share: Double) in start + (end - start) * share }
    var handlesOnEnds = Path()
    handlesOnEnds.move(to: start)
    handlesOnEnds.addCurve(to: end, control1: start, control2: end)
    var uneven = Path()
    uneven.move(to: start)
    uneven.addCurve(to: end, control1: along(0.7), control2: along(0.05))
    var quadratic = Path()
    quadratic.move(to: start)
    quadratic.addQuadCurve(to: end, control: along(0.9))
    for path in [handlesOnEnds, uneven, quadratic] {
      #expect(try Self.onlyPolyline(of: path, tolerance: 0.05).points == [start, end])
      // A stroke's too, its direction the chord's all along.
      let stroked = PathFlattener.polylines(
        of: path, transform: .identity, tolerance: 0.05, maximumTurn: 0.1, tangents: true)
      #expect(stroked.map(\.points) == [[start, end]])
      let direction = PathFlattener.unit(end - start)
      for tangent in [stroked.first?.departures.first, stroked.first?.arrivals.last] {
        #expect(PathFlattener.length((tangent ?? .zero) - direction) < 1e-12)
      }
    }
  }

  @Test("a cubic whose handle reaches past its end, or bulges off its chord by a 200th of a pixel, is cut into steps")
  func nearlyStraightCurvesAreCut() throws {
    let (start, end) = (Point(x: 0, y: 0), Point(x: 40, y: 0))
    var overshooting = Path()
    overshooting.move(to: start)
    overshooting.addCurve(to: end, control1: Point(x: 60, y: 0), control2: end)
    var bulging = Path()
    bulging.move(to: start)
    bulging.addCurve(to: end, control1: Point(x: 10, y: 0.005), control2: Point(x: 30, y: 0.005))
    for path in [overshooting, bulging] {
      #expect(try Self.onlyPolyline(of: path, tolerance: 0.05).points.count > 2)
    }
    // The overshoot is kept: the curve goes past its end and back.
    let farthest = try Self.onlyPolyline(of: overshooting, tolerance: 0.05).points.map(\.x).max() ?? 0
    #expect(farthest > 41)
  }

  @Test("a line after a close starts a new subpath at the closed subpath's start")
  func lineAfterClose() {
    let (a, b, c, d, e) = (Point(x: 1, y: 2), Point(x: 9, y: 2), Point(x: 9, y: 7), Point(x: -3, y: 5), Point(x: -4, y: 1))
    let path = Path(elements: [.move(to: a), .line(to: b), .line(to: c), .close, .line(to: d), .line(to: e)])
    #expect(
      PathFlattener.polylines(of: path, transform: .identity, tolerance: 0.1) == [
        Polyline(points: [a, b, c], isClosed: true), Polyline(points: [a, d, e], isClosed: false),
      ])
  }

  @Test("a move starts a new subpath, and a lone move is kept as a subpath of one point")
  func movesStartSubpaths() {
    let (a, b, c) = (Point(x: 1, y: 2), Point(x: 9, y: 2), Point(x: 4, y: 4))
    let path = Path(elements: [.move(to: a), .line(to: b), .move(to: c)])
    #expect(
      PathFlattener.polylines(of: path, transform: AffineTransform(translationX: 1, y: -1), tolerance: 0.1) == [
        Polyline(points: [Point(x: 2, y: 1), Point(x: 10, y: 1)], isClosed: false), Polyline(points: [Point(x: 5, y: 3)], isClosed: false),
      ])
  }

  @Test("a line with no current point starts a subpath there, as a move would")
  func lineWithoutCurrentPoint() {
    let (a, b) = (Point(x: 4, y: 6), Point(x: 12, y: 6))
    let path = Path(elements: [.line(to: a), .line(to: b)])
    // The same subpath as a move to a and a line to b: no segment of no length from a to a,
    // which a stroke with round caps would draw as a dot.
    #expect(PathFlattener.polylines(of: path, transform: .identity, tolerance: 0.1) == [Polyline(points: [a, b], isClosed: false)])
  }

  @Test("a curve far larger than any frame, its handles on its ends, is at most 10 000 points, halving and all")
  func hugeCurveIsBounded() {
    // A Lottie vertex moved to 1e308 with its tangents left at zero: a cubic whose control
    // points lie on its ends, whose directions swing in rounding from step to step.
    var path = Path()
    path.move(to: Point(x: 1e308, y: 0))
    path.addCurve(to: Point(x: 36, y: 0), control1: Point(x: 1e308, y: 0), control2: Point(x: 36, y: 0))
    path.addCurve(to: Point(x: 36, y: -37), control1: Point(x: 36, y: 0), control2: Point(x: 36, y: -37))
    path.closeSubpath()
    let polylines = PathFlattener.polylines(
      of: path, transform: AffineTransform(a: 2.14, b: 0, c: 0, d: 2.14, tx: 0, ty: 0), tolerance: 0.1,
      maximumTurn: StrokeOutliner.arcStep(radius: 0.005, tolerance: 0.1), tangents: true)
    let points = polylines.map(\.points.count).reduce(0, +)
    #expect(points > 2 && points <= 3 * PathFlattener.maximumCurveSteps + 2, "\(points) points")
  }

  @Test("a path of many such curves is at most a million points; NaN and infinite points trap nothing")
  func manyHugeCurvesAreBounded() {
    var path = Path()
    path.move(to: Point(x: 0, y: 0))
    for index in 0..<300 {
      let far = Point(x: index % 2 == 0 ? 1e300 : -1e300, y: Double(index))
      path.addCurve(to: far, control1: Point(x: 0, y: 1e300), control2: Point(x: -1e300, y: 0))
    }
    path.addCurve(to: Point(x: .nan, y: 1), control1: Point(x: .infinity, y: 0), control2: Point(x: 0, y: -.infinity))
    path.addQuadCurve(to: Point(x: 2, y: 2), control: Point(x: .nan, y: .nan))
    let polylines = PathFlattener.polylines(
      of: path, transform: .identity, tolerance: 0.1, maximumTurn: StrokeOutliner.arcStep(radius: 1, tolerance: 0.1),
      tangents: true)
    let points = polylines.map(\.points.count).reduce(0, +)
    #expect(points <= PathFlattener.maximumPathPoints + 2 * PathFlattener.maximumCurveSteps + 310, "\(points) points")
  }

  @Test("a fill's points are those a stroke's flattening gives with no bound on the turn, curve for curve")
  func fillPointsAreUnboundedStrokePoints() {
    var path = Path()
    path.move(to: Point(x: 3, y: 4))
    path.addCurve(to: Point(x: 90, y: 10), control1: Point(x: 40, y: -60), control2: Point(x: 70, y: 80))
    path.addQuadCurve(to: Point(x: 20, y: 70), control: Point(x: 100, y: 100))
    path.addLine(to: Point(x: 5, y: 40))
    path.closeSubpath()
    // A cusp: the curve turns back on itself within one step.
    path.move(to: Point(x: 200, y: 0))
    path.addCurve(to: Point(x: 200, y: 50), control1: Point(x: 260, y: 60), control2: Point(x: 140, y: 60))
    path.addCurve(to: Point(x: 1e300, y: 9), control1: Point(x: 0, y: 1e300), control2: Point(x: -1e300, y: 0))
    let transform = AffineTransform(a: 1.7, b: 0.4, c: -0.3, d: 2.2, tx: 11, ty: -5)
    for tolerance in [0.05, 0.5, 3] {
      let filled = PathFlattener.polylines(of: path, transform: transform, tolerance: tolerance)
      let stroked = PathFlattener.polylines(
        of: path, transform: transform, tolerance: tolerance, maximumTurn: .infinity, tangents: true)
      #expect(filled.map(\.points.count) == stroked.map(\.points.count), "tolerance \(tolerance)")
      let pairs = zip(filled.flatMap(\.points), stroked.flatMap(\.points))
      let firstDifference = pairs.enumerated().first { $0.element.0 != $0.element.1 }
      #expect(firstDifference == nil, "tolerance \(tolerance): point \(firstDifference?.offset ?? -1) differs")
      #expect(filled.map(\.isClosed) == stroked.map(\.isClosed))
      #expect(filled.allSatisfy { $0.arrivals.isEmpty && $0.departures.isEmpty })
    }
  }

  @Test("room is made for a subpath's segments: those after its move, up to the next move")
  func subpathSegmentsAreCounted() {
    var path = Path()
    path.move(to: Point(x: 0, y: 0))
    path.addLine(to: Point(x: 10, y: 0))
    path.addCurve(to: Point(x: 10, y: 10), control1: Point(x: 12, y: 3), control2: Point(x: 12, y: 7))
    path.closeSubpath()
    path.move(to: Point(x: 50, y: 50))
    path.move(to: Point(x: 60, y: 60))
    path.addQuadCurve(to: Point(x: 70, y: 50), control: Point(x: 65, y: 70))
    let elements = path.elements
    // Line, curve and close; nothing; the last subpath runs to the path's end.
    #expect(PathFlattener.segmentCount(of: elements, after: 0) == 3)
    #expect(PathFlattener.segmentCount(of: elements, after: 4) == 0)
    #expect(PathFlattener.segmentCount(of: elements, after: 5) == 1)
  }
}
