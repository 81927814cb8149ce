import SplashCore
import Testing

@testable import SplashRaster

/// Cutting polylines into dashes: where each dash starts and ends, worked out by hand from
/// the pattern, the phase and the path's length.
@Suite("Cutting polylines into a dash pattern's dashes")
struct DashPatternTests {
  /// The dashes of `pattern` (starting `phase` into it) along `polyline`.
  static func dashes(_ pattern: [Double], phase: Double = 0, along polyline: Polyline) throws -> [DashPattern.Dash] {
    try #require(DashPattern(lengths: pattern, phase: phase)).dashes(of: polyline)
  }

  /// The straight line from (0, 0) to (`length`, 0), on which a dash's points are its
  /// distances along the line.
  static func horizontal(length: Double) -> Polyline {
    Polyline(points: [Point(x: 0, y: 0), Point(x: length, y: 0)], isClosed: false)
  }

  /// Whether the dashes pass through `expected`'s points, to a billionth: lengths are added
  /// up along the way, so a point may be a rounding off.
  static func matches(_ dashes: [DashPattern.Dash], _ expected: [[Point]]) -> Bool {
    dashes.count == expected.count
      && zip(dashes, expected).allSatisfy { dash, points in
        dash.points.count == points.count && zip(dash.points, points).allSatisfy { $0.distance(to: $1) < 1e-9 }
      }
  }

  /// The dashes of a horizontal line given as the distances their ends lie along it.
  static func spans(_ ranges: [(Double, Double)]) -> [[Point]] {
    ranges.map { [Point(x: $0.0, y: 0), Point(x: $0.1, y: 0)] }
  }

  @Test("pattern [6, 3] from 2 into it along 20: dashes on 0–4, 7–13 and 16–20")
  func phaseShortensFirstDash() throws {
    let dashes = try Self.dashes([6, 3], phase: 2, along: Self.horizontal(length: 20))
    #expect(Self.matches(dashes, Self.spans([(0, 4), (7, 13), (16, 20)])), "\(dashes.map(\.points))")
  }

  @Test("an odd pattern [5] alternates drawn and skipped on every pass: on 5, off 5")
  func oddPatternAlternates() throws {
    let dashes = try Self.dashes([5], along: Self.horizontal(length: 32))
    #expect(Self.matches(dashes, Self.spans([(0, 5), (10, 15), (20, 25), (30, 32)])), "\(dashes.map(\.points))")
  }

  @Test("an odd pattern's phase runs over two passes: [5] from 7 in starts 3 into a gap")
  func oddPatternPhase() throws {
    let dashes = try Self.dashes([5], phase: 7, along: Self.horizontal(length: 20))
    #expect(Self.matches(dashes, Self.spans([(3, 8), (13, 18)])), "\(dashes.map(\.points))")
  }

  @Test("a negative phase moves the pattern on along the path: [6, 3] from −2 starts with a gap of 2")
  func negativePhase() throws {
    let dashes = try Self.dashes([6, 3], phase: -2, along: Self.horizontal(length: 20))
    #expect(Self.matches(dashes, Self.spans([(2, 8), (11, 17)])), "\(dashes.map(\.points))")
    // A whole period more or less is the same pattern.
    #expect(Self.matches(try Self.dashes([6, 3], phase: -11, along: Self.horizontal(length: 20)), dashes.map(\.points)))
    #expect(Self.matches(try Self.dashes([6, 3], phase: 7, along: Self.horizontal(length: 20)), dashes.map(\.points)))
  }

  @Test("a dash of no length is two equal points turned along its segment")
  func zeroLengthDash() throws {
    let line = Polyline(points: [Point(x: 3, y: 1), Point(x: 3, y: 11)], isClosed: false)
    let dashes = try Self.dashes([0, 4], along: line)
    #expect(
      Self.matches(
        dashes, [[Point(x: 3, y: 1), Point(x: 3, y: 1)], [Point(x: 3, y: 5), Point(x: 3, y: 5)], [Point(x: 3, y: 9), Point(x: 3, y: 9)]]),
      "\(dashes.map(\.points))")
    for dash in dashes {
      #expect(dash.points[0] == dash.points[1])
      #expect(dash.direction.distance(to: Point(x: 0, y: 1)) < 1e-9, "\(dash.direction)")
    }
  }

  @Test("the pattern runs on round a corner, and a dash across the corner passes through it")
  func dashAcrossCorner() throws {
    let corner = Polyline(points: [Point(x: 0, y: 0), Point(x: 10, y: 0), Point(x: 10, y: 10)], isClosed: false)
    let dashes = try Self.dashes([6, 3], along: corner)
    // On 0–6, 9–15 (round the corner at 10) and 18–20.
    #expect(
      Self.matches(
        dashes,
        [
          [Point(x: 0, y: 0), Point(x: 6, y: 0)], [Point(x: 9, y: 0), Point(x: 10, y: 0), Point(x: 10, y: 5)],
          [Point(x: 10, y: 8), Point(x: 10, y: 10)],
        ]), "\(dashes.map(\.points))")
    // Each dash's direction is where it ends: along its last segment.
    let directions = [Point(x: 1, y: 0), Point(x: 0, y: 1), Point(x: 0, y: 1)]
    #expect(
      dashes.count == directions.count && zip(dashes, directions).allSatisfy { $0.direction.distance(to: $1) < 1e-9 },
      "\(dashes.map(\.direction))")
  }

  @Test("a closed polyline is walked back to its start")
  func closedPolylineReturnsToStart() throws {
    let square = Polyline(points: [Point(x: 0, y: 0), Point(x: 10, y: 0), Point(x: 10, y: 10), Point(x: 0, y: 10)], isClosed: true)
    let dashes = try Self.dashes([25, 5], along: square)
    // On 0–25 (round two corners), off to 30, on 30–40: the closing side, back to (0, 0).
    #expect(
      Self.matches(
        dashes,
        [
          [Point(x: 0, y: 0), Point(x: 10, y: 0), Point(x: 10, y: 10), Point(x: 5, y: 10)],
          [Point(x: 0, y: 10), Point(x: 0, y: 0)],
        ]), "\(dashes.map(\.points))")
  }

  @Test(
    "a pattern that draws nothing but a solid line is no pattern",
    arguments: [[], [0], [0, 0, 0], [4, -1], [.infinity, 2], [.nan, 3]] as [[Double]])
  func solidPatternsAreNil(lengths: [Double]) {
    #expect(DashPattern(lengths: lengths, phase: 0) == nil)
  }

  @Test("a polyline of one point has no dashes")
  func singlePointHasNoDashes() throws {
    #expect(try Self.dashes([2, 2], along: Polyline(points: [Point(x: 4, y: 4)], isClosed: false)).isEmpty)
  }
}
