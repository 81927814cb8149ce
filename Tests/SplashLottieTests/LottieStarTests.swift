import Foundation
import SplashCore
import SplashDocument
import SplashModel
import Testing

@testable import SplashLottie

/// Stars and polygons: vertices where Bodymovin puts them (first tip at the top, turned by
/// r), roundness as tangents along the circle, direction, fractional points, animation.
@Suite("Lottie stars and polygons: tips and notches at exact coordinates, roundness, direction, sampling")
struct LottieStarTests {
  typealias Support = LottieTestSupport

  private func star(
    type: Int = 1, points: String = "5", position: String = "[100,100]", rotation: String = "0", outer: String = "50",
    inner: String = "20", outerRoundness: String = "0", innerRoundness: String = "0", direction: Int = 1
  ) -> String {
    """
    {"ty":"sr","sy":\(type),"d":\(direction),"pt":\(property(points)),"p":\(property(position)),"r":\(property(rotation)),
     "or":\(property(outer)),"ir":\(property(inner)),"os":\(property(outerRoundness)),"is":\(property(innerRoundness))}
    """
  }

  /// A constant property holding `value`, or `value` itself when it is a property (`{"a":1,…}`).
  private func property(_ value: String) -> String {
    value.hasPrefix("{") ? value : #"{"a":0,"k":\#(value)}"#
  }

  private func document(_ item: String) -> String {
    Support.document(
      layers: #"{"ty":4,"nm":"star","ip":0,"op":60,"ks":{},"shapes":[\#(item),{"ty":"fl","c":{"a":0,"k":[1,1,0,1]},"o":{"a":0,"k":100}}]}"#)
  }

  /// The path of the (only) shape layer at `time`.
  private func path(_ item: String, at time: Double = 0) throws -> Path {
    var found: Path?
    func visit(_ layer: PresentationLayer) {
      if layer.kind == .shape { found = layer.properties.shape.path }
      layer.sublayers.forEach(visit)
    }
    // As inspect reads it: some times are at the layer's out point.
    try Support.compile(document(item)).presentation(at: time, keepsHiddenSubtrees: true).layers.forEach(visit)
    return try #require(found)
  }

  /// The point at `degrees` (clockwise from 3 o'clock, y down) and `radius` from `center`.
  private func polar(_ center: Point, _ radius: Double, _ degrees: Double) -> Point {
    Point(x: center.x + radius * cos(degrees * .pi / 180), y: center.y + radius * sin(degrees * .pi / 180))
  }

  /// The end points of a path's elements (its vertices), and whether it is closed.
  private func vertices(_ path: Path) -> (points: [Point], isClosed: Bool) {
    var points: [Point] = []
    var isClosed = false
    for element in path.elements {
      switch element {
      case .move(let point), .line(let point): points.append(point)
      case .cubicCurve(_, _, let point), .quadCurve(_, let point): points.append(point)
      case .close: isClosed = true
      }
    }
    return (points, isClosed)
  }

  private func expectPoints(_ found: [Point], _ expected: [Point], _ label: String) {
    #expect(found.count == expected.count, "\(label): \(found.count) vertices, expected \(expected.count)")
    for (index, (point, target)) in zip(found, expected).enumerated() {
      #expect(point.distance(to: target) < 1e-9, "\(label) vertex \(index): \(point), expected \(target)")
    }
  }

  @Test("a 5-point star: tips every 72° from the top on the outer radius, notches halfway on the inner one, straight edges, closed")
  func fivePointStar() throws {
    let path = try path(star())
    let center = Point(x: 100, y: 100)
    let expected = (0..<10).map { index in polar(center, index % 2 == 0 ? 50 : 20, -90 + 36 * Double(index)) }
    let (points, isClosed) = vertices(path)
    expectPoints(points, expected, "star")
    #expect(isClosed)
    #expect(path.elements.dropFirst().dropLast().allSatisfy { if case .line = $0 { true } else { false } }, "\(path.elements)")
    // The first tip is exactly at the top.
    #expect(points.first == Point(x: 100, y: 50))
  }

  @Test("rotation r turns the first tip clockwise from the top; d: 3 runs anticlockwise from the same tip")
  func rotationAndDirection() throws {
    let center = Point(x: 100, y: 100)
    let turned = vertices(try path(star(rotation: "30")))
    expectPoints(turned.points, (0..<10).map { polar(center, $0 % 2 == 0 ? 50 : 20, -60 + 36 * Double($0)) }, "turned 30°")
    let backwards = vertices(try path(star(direction: 3)))
    expectPoints(backwards.points, (0..<10).map { polar(center, $0 % 2 == 0 ? 50 : 20, -90 - 36 * Double($0)) }, "anticlockwise")
  }

  @Test("a polygon (sy 2): pt corners on the outer radius from the top, the inner radius ignored")
  func square() throws {
    let (points, isClosed) = vertices(try path(star(type: 2, points: "4", position: "[0,0]", outer: "10")))
    expectPoints(points, [Point(x: 0, y: -10), Point(x: 10, y: 0), Point(x: 0, y: 10), Point(x: -10, y: 0)], "square")
    #expect(isClosed)
  }

  @Test("roundness: tangents along the circle, radius × roundness × 0.25 for a polygon, × 0.47829 for a star")
  func roundness() throws {
    let polygon = try path(star(type: 2, points: "4", position: "[0,0]", outer: "10", outerRoundness: "100"))
    // From the top corner clockwise to the right one: out of (0, −10) towards +x, into (10, 0) from −y.
    guard case .cubicCurve(let control1, let control2, let end) = polygon.elements[1] else {
      Issue.record("expected a curve, found \(polygon.elements)")
      return
    }
    #expect(control1.distance(to: Point(x: 2.5, y: -10)) < 1e-9, "\(control1)")
    #expect(control2.distance(to: Point(x: 10, y: -2.5)) < 1e-9, "\(control2)")
    #expect(end.distance(to: Point(x: 10, y: 0)) < 1e-9)
    // Four curves, the last closing back to the top.
    #expect(polygon.elements.filter { if case .cubicCurve = $0 { true } else { false } }.count == 4)

    let rounded = try path(star(position: "[0,0]", outer: "50", inner: "20", outerRoundness: "50", innerRoundness: "100"))
    guard case .cubicCurve(let out, let into, let notch) = rounded.elements[1] else {
      Issue.record("expected a curve, found \(rounded.elements)")
      return
    }
    // Tip (0, −50): out tangent 50 × 0.5 × 0.47829 towards +x. Notch at −54° on radius 20: in
    // tangent 20 × 1 × 0.47829 backwards along the circle (anticlockwise there).
    #expect(out.distance(to: Point(x: 50 * 0.5 * 0.47829, y: -50)) < 1e-9, "\(out)")
    let notchAngle = -54.0 * .pi / 180
    let backward = Point(x: sin(notchAngle), y: -cos(notchAngle))
    #expect(notch.distance(to: polar(.zero, 20, -54)) < 1e-9)
    #expect(into.distance(to: notch + backward * (20 * 0.47829)) < 1e-9, "\(into)")
  }

  @Test("a fractional point count (4.5) starts with a partial tip, as lottie-ios draws it")
  func partialPoint() throws {
    let (points, _) = vertices(try path(star(points: "4.5", position: "[0,0]", outer: "50", inner: "20")))
    // 360° / 4.5 = 80° per point; the partial tip is on 20 + 0.5 × 30 = 35, at −90° + 40° × 0.5.
    #expect(points.count == 10, "\(points)")
    guard let first = points.first, points.count > 2 else { return }
    #expect(first.distance(to: polar(.zero, 35, -70)) < 1e-9, "\(first)")
    // The next vertex is a notch, half a partial point further: −70° + 20°.
    #expect(points[1].distance(to: polar(.zero, 20, -50)) < 1e-9, "\(points[1])")
    #expect(points[2].distance(to: polar(.zero, 50, -10)) < 1e-9, "\(points[2])")
  }

  @Test("an animated outer radius is sampled per frame: at frame 15 of 50 → 100, the first tip is 75 above the centre")
  func animatedRadius() throws {
    let item = star(outer: #"{"a":1,"k":[{"t":0,"s":[50],"o":{"x":0,"y":0},"i":{"x":1,"y":1}},{"t":30,"s":[100]}]}"#)
    let tip = try #require(vertices(try path(item, at: 0.5)).points.first)
    #expect(tip.distance(to: Point(x: 100, y: 25)) < 1e-6, "\(tip)")
    let end = try #require(vertices(try path(item, at: 2)).points.first)
    #expect(end.distance(to: Point(x: 100, y: 0)) < 1e-9, "\(end)")
  }

  @Test("a point count beyond the limit is refused with its JSON path")
  func tooManyPoints() {
    let message = Support.failure(document(star(points: "1e6")))
    #expect(message == "test.json: layers[0].shapes[0].pt.k: expected a number of points from 0 to 1000, found 1000000", "\(message)")
  }
}
