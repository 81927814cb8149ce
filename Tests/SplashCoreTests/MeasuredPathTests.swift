import Foundation
import Testing

@testable import SplashCore

/// A path measured once and trimmed many times (`MeasuredPath`) cuts what trimming the path
/// afresh cuts, and says which paths it measures.
@Suite("Measured paths: one measure, many trims")
struct MeasuredPathTests {
  /// Two subpaths: a closed one of a line, a quadratic and a cubic curve, then an open arc.
  static let path: Path = {
    var path = Path()
    path.move(to: Point(x: 0, y: 0))
    path.addLine(to: Point(x: 40, y: 0))
    path.addQuadCurve(to: Point(x: 40, y: 40), control: Point(x: 70, y: 20))
    path.addCurve(to: Point(x: 0, y: 40), control1: Point(x: 30, y: 60), control2: Point(x: 10, y: 20))
    path.closeSubpath()
    path.addArc(center: Point(x: 100, y: 100), radius: 25, startAngle: 0, endAngle: 1.5 * .pi, clockwise: false)
    return path
  }()

  @Test("trims cut from one measure, in any order, are the trims of the path cut afresh")
  func reusedMeasureCutsAsAfresh() {
    let measured = MeasuredPath(Self.path)
    var generator = SeededFractions(seed: 7)
    var pairs: [(Double, Double)] = (0..<60).map { _ in (generator.next() * 1.2 - 0.1, generator.next() * 1.2 - 0.1) }
    // The ends and nothing at all among them.
    pairs += [(0, 1), (0, 0), (1, 1), (0.5, 0.5), (-1, 2), (0.75, 0.25)]
    for (start, end) in pairs + pairs.reversed() {
      #expect(measured.trimmed(from: start, to: end) == Self.path.trimmed(from: start, to: end), "\(start)…\(end)")
    }
    // A piece is a piece of the path: a cut inside one curve ends where the path is at that length.
    let half = measured.trimmed(from: 0, to: 0.5)
    #expect(abs(half.length() - Self.path.length() / 2) < 1e-3)
  }

  @Test("a curve a cut falls in is measured along once, and cuts in it again cut as afresh")
  func curvesCutAreMeasuredOnce() {
    let measured = MeasuredPath(Self.path)
    // Both ends inside the quadratic curve (segment 1), which starts 40 points along.
    let quadratic = CurveSegment.segments(of: Self.path)[1]
    let total = Self.path.length()
    let start = (40 + 0.2 * quadratic.length) / total
    let end = (40 + 0.7 * quadratic.length) / total
    #expect(measured.curvesMeasuredForCuts == 0)
    for step in 0..<10 {
      let shift = Double(step) * 0.01 * quadratic.length / total
      #expect(measured.trimmed(from: start + shift, to: end + shift) == Self.path.trimmed(from: start + shift, to: end + shift))
    }
    #expect(measured.curvesMeasuredForCuts == 1)
    // Cuts elsewhere measure the curves they fall in the first time only.
    _ = measured.trimmed(from: 0.3, to: 0.8)
    let afterFirst = measured.curvesMeasuredForCuts
    #expect(afterFirst > 1 && afterFirst <= 3)
    for _ in 0..<3 {
      #expect(measured.trimmed(from: 0.3, to: 0.8) == Self.path.trimmed(from: 0.3, to: 0.8))
    }
    #expect(measured.curvesMeasuredForCuts == afterFirst)
    // Both ends in the first line: no curve is measured along.
    let lineOnly = MeasuredPath(Self.path)
    _ = lineOnly.trimmed(from: 0.01, to: 0.05)
    #expect(lineOnly.curvesMeasuredForCuts == 0)
  }

  @Test("a path of no length trims to nothing; a whole trim is the path itself")
  func degenerateTrims() {
    var dot = Path()
    dot.move(to: Point(x: 3, y: 3))
    dot.addLine(to: Point(x: 3, y: 3))
    #expect(MeasuredPath(dot).trimmed(from: 0.2, to: 0.8).isEmpty)
    #expect(MeasuredPath(Self.path).trimmed(from: 0, to: 1) == Self.path)
  }

  @Test("it measures its own path, a copy or an equal path, and not another path or sampling")
  func measuresWhichPaths() {
    let measured = MeasuredPath(Self.path)
    let copy = Self.path
    #expect(measured.measures(copy))
    var rebuilt = Path()
    rebuilt.elements = Array(Self.path.elements)
    #expect(measured.measures(rebuilt))
    var moved = Self.path
    moved.elements[1] = .line(to: Point(x: 41, y: 0))
    #expect(!measured.measures(moved))
    var longer = Self.path
    longer.addLine(to: Point(x: 0, y: 0))
    #expect(!measured.measures(longer))
    #expect(!measured.measures(copy, samplesPerCurve: 32))
    #expect(MeasuredPath(Self.path, samplesPerCurve: 32).measures(copy, samplesPerCurve: 32))
  }
}

/// Fractions in 0..<1 from a seed (a 64-bit linear congruential generator), the same in every run.
struct SeededFractions {
  var state: UInt64

  init(seed: UInt64) { state = seed }

  mutating func next() -> Double {
    state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
    return Double(state >> 11) / Double(1 << 53)
  }
}
