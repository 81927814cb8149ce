/// Interpolating between two paths, including paths Core Animation leaves undefined.
///
/// Core Animation morphs paths point by point and only defines the result when both have the
/// same elements. splashvid keeps that exact behaviour for such paths and, for any other pair,
/// first brings both to one structure by these deterministic rules:
///
/// 1. Every subpath becomes a start point and a list of cubic segments: a line becomes the
///    cubic with control points at ⅓ and ⅔ along it, a quadratic its exact cubic, and a close
///    an explicit line back to the start (as welcome's wave is drawn).
/// 2. The path with fewer subpaths gets empty subpaths at its last point.
/// 3. In each pair of subpaths, the one with fewer segments has its longest segment (by chord;
///    the first one on a tie) split in half, again and again, until the counts agree. An empty
///    subpath gets zero-length segments instead.
/// 4. Points are interpolated pairwise. A subpath is closed in the result when it is closed at
///    both ends, otherwise it takes the closedness of the nearer end.
extension Path {
  /// The path a fraction `amount` of the way from `from` to `to`.
  public static func morph(_ from: Path, _ to: Path, amount: Double) -> Path {
    if let direct = from.interpolatedElementwise(to: to, amount: amount) { return direct }
    var start = CubicSubpath.subpaths(of: from)
    var end = CubicSubpath.subpaths(of: to)
    let lastPoint = { (subpaths: [CubicSubpath]) in subpaths.last?.endPoint ?? .zero }
    while start.count < end.count { start.append(CubicSubpath(start: lastPoint(start), segments: [], isClosed: false)) }
    while end.count < start.count { end.append(CubicSubpath(start: lastPoint(end), segments: [], isClosed: false)) }

    var result = Path()
    for (var a, var b) in zip(start, end) {
      a.split(toSegmentCount: b.segments.count)
      b.split(toSegmentCount: a.segments.count)
      let mix = { (p: Point, q: Point) in p.interpolated(to: q, amount: amount) }
      result.move(to: mix(a.start, b.start))
      for (first, second) in zip(a.segments, b.segments) {
        result.addCurve(to: mix(first.2, second.2), control1: mix(first.0, second.0), control2: mix(first.1, second.1))
      }
      let isClosed = a.isClosed && b.isClosed ? true : (amount < 0.5 ? a.isClosed : b.isClosed)
      if isClosed { result.closeSubpath() }
    }
    return result
  }

  /// Point-by-point interpolation, or `nil` when the paths' elements differ in kind or count.
  func interpolatedElementwise(to other: Path, amount: Double) -> Path? {
    guard elements.count == other.elements.count else { return nil }
    var result: [PathElement] = []
    result.reserveCapacity(elements.count)
    let mix = { (a: Point, b: Point) in a.interpolated(to: b, amount: amount) }
    for (from, to) in zip(elements, other.elements) {
      switch (from, to) {
      case (.move(let a), .move(let b)): result.append(.move(to: mix(a, b)))
      case (.line(let a), .line(let b)): result.append(.line(to: mix(a, b)))
      case (.quadCurve(let c1, let a), .quadCurve(let c2, let b)):
        result.append(.quadCurve(control: mix(c1, c2), to: mix(a, b)))
      case (.cubicCurve(let c1, let d1, let a), .cubicCurve(let c2, let d2, let b)):
        result.append(.cubicCurve(control1: mix(c1, c2), control2: mix(d1, d2), to: mix(a, b)))
      case (.close, .close): result.append(.close)
      default: return nil
      }
    }
    return Path(elements: result)
  }
}

/// A subpath as a start point and cubic segments (control 1, control 2, end).
private struct CubicSubpath {
  var start: Point
  var segments: [(Point, Point, Point)]
  var isClosed: Bool

  var endPoint: Point { segments.last?.2 ?? start }

  static func subpaths(of path: Path) -> [CubicSubpath] {
    var result: [CubicSubpath] = []
    var current: CubicSubpath?
    // Drawing on after a close starts from the closed subpath's start, as in Core Graphics.
    var restartPoint = Point.zero
    func open() -> CubicSubpath { current ?? CubicSubpath(start: restartPoint, segments: [], isClosed: false) }
    func lineSegment(from a: Point, to b: Point) -> (Point, Point, Point) {
      (a.interpolated(to: b, amount: 1.0 / 3), a.interpolated(to: b, amount: 2.0 / 3), b)
    }
    for element in path.elements {
      switch element {
      case .move(let point):
        if let current { result.append(current) }
        current = CubicSubpath(start: point, segments: [], isClosed: false)
      case .line(let point):
        var subpath = open()
        subpath.segments.append(lineSegment(from: subpath.endPoint, to: point))
        current = subpath
      case .quadCurve(let control, let point):
        var subpath = open()
        let from = subpath.endPoint
        subpath.segments.append(
          (from + (control - from) * (2.0 / 3), point + (control - point) * (2.0 / 3), point))
        current = subpath
      case .cubicCurve(let control1, let control2, let point):
        var subpath = open()
        subpath.segments.append((control1, control2, point))
        current = subpath
      case .close:
        guard var subpath = current else { continue }
        if subpath.endPoint != subpath.start {
          subpath.segments.append(lineSegment(from: subpath.endPoint, to: subpath.start))
        }
        subpath.isClosed = true
        result.append(subpath)
        restartPoint = subpath.start
        current = nil
      }
    }
    if let current { result.append(current) }
    return result
  }

  /// Splits segments (the longest chord first) until there are at least `count` of them.
  mutating func split(toSegmentCount count: Int) {
    if segments.isEmpty && count > 0 {
      segments = Array(repeating: (start, start, start), count: count)
      return
    }
    while segments.count < count {
      var longest = 0
      var longestLength = -1.0
      var from = start
      for (index, segment) in segments.enumerated() {
        let length = from.distance(to: segment.2)
        if length > longestLength {
          longest = index
          longestLength = length
        }
        from = segment.2
      }
      let segmentStart = longest == 0 ? start : segments[longest - 1].2
      let (control1, control2, end) = segments[longest]
      let a = segmentStart.interpolated(to: control1, amount: 0.5)
      let b = control1.interpolated(to: control2, amount: 0.5)
      let c = control2.interpolated(to: end, amount: 0.5)
      let d = a.interpolated(to: b, amount: 0.5)
      let e = b.interpolated(to: c, amount: 0.5)
      let middle = d.interpolated(to: e, amount: 0.5)
      segments.replaceSubrange(longest...longest, with: [(a, d, middle), (e, c, end)])
    }
  }
}
