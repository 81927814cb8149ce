import SplashCore

/// `rd`: rounded corners, which round every sharp corner of the paths before it (a vertex
/// whose segments meet without tangents) with a quarter-circle-like curve of radius `r`, cut
/// back along each edge by at most half its length, as Bodymovin players do (handles of 0.5519
/// of the cut, the players' circle constant).
///
///         prev ──────────── p_in ╮ corner ╭ p_out ──────── next
///                                 ╰─  v  ─╯   (v itself is no longer on the path)
enum LottieRoundedCorners {
  /// A segment of a subpath as a cubic (a line's handles at its ends).
  private struct Segment {
    var start: Point
    var control1: Point
    var control2: Point
    var end: Point

    var length: Double { ((end.x - start.x) * (end.x - start.x) + (end.y - start.y) * (end.y - start.y)).squareRoot() }
  }

  /// `path` with its sharp corners rounded by `radius`.
  static func rounded(_ path: Path, radius: Double) -> Path {
    guard radius > 0 else { return path }
    var result = Path()
    for (segments, isClosed) in subpaths(of: path) {
      append(rounded(segments, isClosed: isClosed, radius: radius), isClosed: isClosed, to: &result)
    }
    return result
  }

  private static func subpaths(of path: Path) -> [([Segment], Bool)] {
    var subpaths: [([Segment], Bool)] = []
    var segments: [Segment] = []
    var current = Point.zero
    var start = Point.zero
    func finish(closed: Bool) {
      if !segments.isEmpty { subpaths.append((segments, closed)) }
      segments = []
    }
    for element in path.elements {
      switch element {
      case .move(let point):
        finish(closed: false)
        current = point
        start = point
      case .line(let point):
        segments.append(Segment(start: current, control1: current, control2: point, end: point))
        current = point
      case .quadCurve(let control, let point):
        segments.append(
          Segment(
            start: current, control1: current + (control - current) * (2.0 / 3), control2: point + (control - point) * (2.0 / 3), end: point
          ))
        current = point
      case .cubicCurve(let control1, let control2, let point):
        segments.append(Segment(start: current, control1: control1, control2: control2, end: point))
        current = point
      case .close:
        if current != start { segments.append(Segment(start: current, control1: current, control2: start, end: start)) }
        finish(closed: true)
        current = start
      }
    }
    finish(closed: false)
    // Segments that go nowhere (a vertex written twice) would make every corner look curved.
    return subpaths.map { segments, closed in (segments.filter { $0.length > 1e-9 || $0.control1 != $0.start }, closed) }
  }

  private static func rounded(_ segments: [Segment], isClosed: Bool, radius: Double) -> [Segment] {
    let count = segments.count
    guard count > 1 else { return segments }
    // Corner j is where segment j − 1 ends and segment j starts.
    var cuts: [Int: (into: Point, out: Point)] = [:]
    for index in 0..<count where isClosed || index > 0 {
      let incoming = segments[(index - 1 + count) % count]
      let outgoing = segments[index]
      let vertex = outgoing.start
      guard incoming.control2 == vertex, outgoing.control1 == vertex else { continue }
      func cut(toward other: Point) -> Point {
        let distance = ((other.x - vertex.x) * (other.x - vertex.x) + (other.y - vertex.y) * (other.y - vertex.y)).squareRoot()
        guard distance > 0 else { return vertex }
        return vertex + (other - vertex) * (min(distance / 2, radius) / distance)
      }
      cuts[index] = (cut(toward: incoming.start), cut(toward: outgoing.end))
    }
    var result: [Segment] = []
    for index in 0..<count {
      var segment = segments[index]
      if let cut = cuts[index] {
        let vertex = segment.start
        let handle = LottieShapePaths.handle
        result.append(
          Segment(
            start: cut.into, control1: cut.into + (vertex - cut.into) * handle, control2: cut.out + (vertex - cut.out) * handle,
            end: cut.out))
        if segment.control1 == segment.start { segment.control1 = cut.out }
        segment.start = cut.out
      }
      if let next = cuts[(index + 1) % count], isClosed || index + 1 < count {
        if segment.control2 == segment.end { segment.control2 = next.into }
        segment.end = next.into
      }
      result.append(segment)
    }
    // A closed subpath starts at its first corner's cut-out point, so the corner curve that
    // begins the list closes it instead.
    if isClosed, cuts[0] != nil, let first = result.first { result = Array(result.dropFirst()) + [first] }
    return result
  }

  private static func append(_ segments: [Segment], isClosed: Bool, to path: inout Path) {
    guard let first = segments.first else { return }
    path.move(to: first.start)
    for segment in segments { path.addCurve(to: segment.end, control1: segment.control1, control2: segment.control2) }
    if isClosed { path.closeSubpath() }
  }
}
