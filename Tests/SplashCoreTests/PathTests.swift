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
}
