import SplashCore

/// Cuts polylines into the dashes of a stroke's dash pattern.
///
///     pattern [6, 3], phase 2:
///     path     ─────────────────────────────────
///     dashes   ████   ██████   ██████   ██████
///              ↑ the first dash is 6 − 2 long
///
/// The lengths alternate between drawn and skipped, from the first, wrapping around; an odd
/// number of lengths therefore swaps drawn and skipped on every other pass, as Core Graphics
/// and Cairo do. The phase moves the pattern's start back along the path.
public struct DashPattern: Sendable {
  /// One dash: the points it passes through, and its direction where it has no length (a dash
  /// of length zero still gets round or square caps, turned along the path).
  public struct Dash: Sendable, Equatable {
    public var points: [Point]
    public var direction: Point
  }

  let lengths: [Double]
  let phase: Double

  /// A pattern of `lengths` starting `phase` into it; `nil` when it draws a solid line.
  public init?(lengths: [Double], phase: Double) {
    let total = lengths.reduce(0, +)
    guard !lengths.isEmpty, total > 0, total.isFinite, lengths.allSatisfy({ $0 >= 0 }) else { return nil }
    let period = lengths.count % 2 == 1 ? 2 * total : total
    var phase = phase.truncatingRemainder(dividingBy: period)
    if phase < 0 { phase += period }
    self.lengths = lengths
    self.phase = phase.isFinite ? phase : 0
  }

  /// The dashes along `polyline` (a closed one is walked back to its start).
  public func dashes(of polyline: Polyline) -> [Dash] {
    dashes(of: StrokeVertex.vertices(of: polyline)).map { dash in
      Dash(points: dash.map(\.point), direction: dash.last?.arrival ?? Point(x: 1, y: 0))
    }
  }

  /// The dashes along the open run of `vertices` (a closed subpath's run ends where it
  /// started); where a dash starts or ends inside a segment, its direction there is the
  /// segment's, turned as far between its two ends' directions as the point lies.
  func dashes(of vertices: [StrokeVertex]) -> [[StrokeVertex]] {
    guard vertices.count > 1 else { return [] }
    // A pattern far finer than the path is long would cut it into more dashes than memory
    // holds; past 100 000, the stroke is drawn solid (what such a pattern looks like).
    var pathLength = 0.0
    for index in 0..<(vertices.count - 1) { pathLength += vertices[index].point.distance(to: vertices[index + 1].point) }
    if pathLength / lengths.reduce(0, +) * Double(lengths.count) > 100_000 { return [vertices] }
    // Where in the pattern the path starts.
    var index = 0
    var drawing = true
    var left = phase
    while left > 0 && left >= lengths[index] {
      left -= lengths[index]
      drawing.toggle()
      index = (index + 1) % lengths.count
    }
    var remaining = lengths[index] - left

    var result: [[StrokeVertex]] = []
    var current: [StrokeVertex] = drawing ? [vertices[0]] : []
    for segment in 0..<(vertices.count - 1) {
      let start = vertices[segment]
      let end = vertices[segment + 1]
      let length = start.point.distance(to: end.point)
      guard length > 0 else { continue }
      var travelled = 0.0
      while length - travelled > remaining {
        travelled += remaining
        let fraction = travelled / length
        let direction = PathFlattener.unit(
          start.departure * (1 - fraction) + end.arrival * fraction, fallback: end.point - start.point)
        let point = StrokeVertex(
          point: start.point + (end.point - start.point) * fraction, arrival: direction, departure: direction)
        // The pattern moves on at this point; a length of zero moves it on again at once (a
        // dash of length zero is a point, still capped).
        repeat {
          if drawing {
            current.append(point)
            result.append(current)
            current = []
          } else {
            current = [point]
          }
          drawing.toggle()
          index = (index + 1) % lengths.count
          remaining = lengths[index]
        } while remaining == 0
      }
      remaining -= length - travelled
      if drawing { current.append(end) }
    }
    if drawing && current.count > 1 { result.append(current) }
    return result
  }
}
