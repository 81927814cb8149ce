import Foundation
import Testing

@testable import SplashCore

@Suite("Paths: UIKit arcs and trimming by arc length")
struct PathTests {
  /// The fuber circle: from 12 o'clock, clockwise, one full turn.
  private func twelveOClockCircle(radius: Double = 10) -> Path {
    var path = Path()
    path.addArc(center: .zero, radius: radius, startAngle: -.pi / 2, endAngle: 3 * .pi / 2, clockwise: true)
    return path
  }

  @Test("an arc from −90° to 270° clockwise is one full turn in four quarter curves")
  func fullTurnArc() {
    let path = twelveOClockCircle()
    #expect(path.elements.count == 5)
    #expect(path.elements.first == .move(to: Point(x: 10 * cos(-Double.pi / 2), y: -10)))
    #expect(abs(path.length() - 2 * .pi * 10) < 0.01)
  }

  @Test("arc points stay on the circle within the documented tolerance")
  func arcAccuracy() throws {
    let path = twelveOClockCircle(radius: 37.5)
    for fraction in stride(from: 0.01, to: 1.0, by: 0.07) {
      let end = try #require(path.trimmed(from: 0, to: fraction).elements.last?.endPoint)
      let radius = (end.x * end.x + end.y * end.y).squareRoot()
      #expect(abs(radius - 37.5) < 37.5 * 0.0003)
    }
  }

  @Test("a counter-clockwise arc sweeps the other way")
  func counterClockwise() throws {
    var path = Path()
    path.addArc(center: .zero, radius: 10, startAngle: 0, endAngle: .pi / 2, clockwise: false)
    // Three quarters of a turn the other way round: through 12 o'clock (y = −10) on screen.
    let quarter = try #require(path.trimmed(from: 0, to: 1.0 / 3).elements.last?.endPoint)
    #expect(abs(quarter.x) < 1e-3)
    #expect(abs(quarter.y + 10) < 1e-3)
  }

  /// What an arc sweeps, as a signed fraction of a turn (positive: clockwise on screen),
  /// measured from the path itself: its length (the Bézier approximation runs 0.012 % long) and
  /// which way its first hundredth of a turn goes.
  private func measuredTurns(startAngle: Double, endAngle: Double, clockwise: Bool) -> Double {
    var path = Path()
    path.addArc(center: .zero, radius: 10, startAngle: startAngle, endAngle: endAngle, clockwise: clockwise)
    let turns = path.length() / (2 * .pi * 10)
    guard turns > 1e-9, let start = path.elements.first?.endPoint,
      let next = path.trimmed(from: 0, to: min(1, 0.01 / turns)).elements.last?.endPoint
    else { return 0 }
    // The cross product of the radius to the start and the step taken: positive when the
    // angle grows, which is clockwise in UIKit's y-down coordinates.
    let cross = start.x * (next.y - start.y) - start.y * (next.x - start.x)
    return cross > 0 ? turns : -turns
  }

  @Test(
    "arcs sweep as Core Graphics draws them: a difference of a whole turn or more is one circle, whichever way",
    arguments: [
      // (start, end, clockwise, turns swept: + clockwise on screen, − anticlockwise)
      (0.0, 2 * Double.pi, false, -1.0),  // NVActivityIndicatorView's dots: a whole circle
      (0.0, 2 * Double.pi, true, 1.0),
      (2 * Double.pi, 0.0, true, 1.0),
      (2 * Double.pi, 0.0, false, -1.0),
      (0.0, -2 * Double.pi, false, -1.0),
      (0.0, -2 * Double.pi, true, 1.0),
      (0.0, 4 * Double.pi, true, 1.0),  // more than a turn: drawn once
      (0.0, 4 * Double.pi, false, -1.0),
      (-Double.pi / 2, 3 * Double.pi / 2, true, 1.0),
      (3 * Double.pi / 2, -Double.pi / 2, false, -1.0),
      (0.0, Double.pi / 2, true, 0.25),
      (0.0, Double.pi / 2, false, -0.75),
      (Double.pi / 2, 0.0, true, 0.75),
      (Double.pi / 2, 0.0, false, -0.25),
      (0.0, 3 * Double.pi, false, -1.0),
      (Double.pi, Double.pi, true, 0.0),  // equal angles: nothing
      (Double.pi, Double.pi, false, 0.0),
      (0.0, 360 * (Double.pi / 180), false, -1.0),  // "360deg", a few ulps from 2π
    ])
  func coreGraphicsSweep(start: Double, end: Double, clockwise: Bool, turns: Double) {
    let measured = measuredTurns(startAngle: start, endAngle: end, clockwise: clockwise)
    #expect(abs(measured - turns) < 5e-4, "\(start) → \(end) clockwise: \(clockwise) swept \(measured) turns")
  }

  @Test("an arc of equal angles leaves only its start point, and no curve")
  func zeroSweepArc() {
    var path = Path()
    path.addArc(center: Point(x: 12, y: 12), radius: 6, startAngle: 1, endAngle: 1, clockwise: false)
    #expect(path.elements.count == 1)
    #expect(path.length() == 0)
  }

  @Test(
    "strokeEnd cuts by arc length: ¼ ends at 3 o'clock, ½ at 6 o'clock, ¾ at 9 o'clock",
    arguments: [(0.25, Point(x: 10, y: 0)), (0.5, Point(x: 0, y: 10)), (0.75, Point(x: -10, y: 0))])
  func trimByLength(fraction: Double, expectedEnd: Point) throws {
    let circle = twelveOClockCircle()
    let trimmed = circle.trimmed(from: 0, to: fraction)
    let end = try #require(trimmed.elements.last?.endPoint)
    #expect(end.distance(to: expectedEnd) < 1e-3)
    #expect(abs(trimmed.length() - fraction * circle.length()) < 1e-4)
  }

  @Test("strokeStart and strokeEnd together keep the middle, across segments")
  func trimMiddleOfPolyline() {
    var path = Path()
    path.move(to: .zero)
    path.addLine(to: Point(x: 10, y: 0))
    path.addLine(to: Point(x: 10, y: 10))
    let middle = path.trimmed(from: 0.25, to: 0.75)
    #expect(middle.elements == [.move(to: Point(x: 5, y: 0)), .line(to: Point(x: 10, y: 0)), .line(to: Point(x: 10, y: 5))])
  }

  @Test("a closing segment counts toward the length and a cut subpath stays open")
  func closedSubpath() {
    var path = Path()
    path.addRect(Rect(x: 0, y: 0, width: 10, height: 10))
    #expect(abs(path.length() - 40) < 1e-9)
    let threeSides = path.trimmed(from: 0, to: 0.75)
    #expect(!threeSides.elements.contains(.close))
    #expect(threeSides.elements.last == .line(to: Point(x: 0, y: 10)))
  }

  @Test("nothing is kept when strokeEnd is not after strokeStart")
  func emptyTrim() {
    #expect(twelveOClockCircle().trimmed(from: 0.6, to: 0.6).isEmpty)
    #expect(twelveOClockCircle().trimmed(from: 0, to: 0).isEmpty)
  }

  @Test("a trim cuts curves where measuring every curve's lengths along it would: only the cut ones are measured again")
  func cutsMeasuredAgain() throws {
    // Four quarter curves and a line: the cuts fall inside the first curve and the fourth.
    var path = twelveOClockCircle()
    path.addLine(to: Point(x: 80, y: 80))
    let kept = CurveSegment.segments(of: path)
    let lean = CurveSegment.segments(of: path, samplesPerCurve: 64, keepingLengths: false)
    #expect(lean.map(\.length) == kept.map(\.length))
    #expect(lean.allSatisfy { $0.cumulativeLengths.isEmpty })
    for (measured, remeasured) in zip(kept, lean.map { $0.withLengths(samples: 64) }) {
      #expect(measured.cumulativeLengths == remeasured.cumulativeLengths)
    }
    // The pieces a trim keeps, cut through lengths kept for every curve.
    let total = kept.reduce(0) { $0 + $1.length }
    let (start, end) = (0.1 * total, 0.7 * total)
    var expected: [PathElement] = []
    var walked = 0.0
    for segment in kept {
      defer { walked += segment.length }
      guard walked + segment.length > start, walked < end else { continue }
      let piece = segment.piece(
        fromFraction: max(0, (start - walked) / segment.length), toFraction: min(1, (end - walked) / segment.length))
      if expected.isEmpty { expected.append(.move(to: piece.start)) }
      expected.append(piece.element)
    }
    #expect(path.trimmed(from: 0.1, to: 0.7).elements == expected)
  }
}
