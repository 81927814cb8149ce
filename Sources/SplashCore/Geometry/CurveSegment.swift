/// One drawable piece of a path (a line or a cubic) with its measured length.
///
/// Trimming (`strokeStart`/`strokeEnd`) and keyframe paths walk paths through these: a segment
/// knows its points, tangents and length, and where along it a fraction of its length falls.
public struct CurveSegment: Sendable {
  public enum Shape: Sendable {
    case line(Point, Point)
    case cubic(Point, Point, Point, Point)
  }

  public var shape: Shape
  /// Which subpath (counting moves) the segment belongs to.
  public var subpath: Int
  public var length: Double
  /// Cumulative chord lengths at parameters k / (count − 1), for curves only.
  var cumulativeLengths: [Double]

  public var startPoint: Point {
    switch shape {
    case .line(let from, _): from
    case .cubic(let from, _, _, _): from
    }
  }

  /// The drawable segments of `path` in order (moves start subpaths and are not segments).
  public static func segments(of path: Path, samplesPerCurve: Int = 64) -> [CurveSegment] {
    segments(of: path, samplesPerCurve: samplesPerCurve, keepingLengths: true)
  }

  /// The segments of `path`, each curve's lengths along it kept or not (see
  /// `init(cubic:…keepingLengths:)`): for the trimming and measuring here, which know which
  /// curves they will cut.
  static func segments(of path: Path, samplesPerCurve: Int, keepingLengths: Bool) -> [CurveSegment] {
    var segments: [CurveSegment] = []
    var current = Point.zero
    var subpathStart = Point.zero
    var subpath = -1
    for element in path.elements {
      switch element {
      case .move(let point):
        current = point
        subpathStart = point
        subpath += 1
      case .line(let point):
        segments.append(.init(line: current, point, subpath: subpath))
        current = point
      case .close:
        segments.append(.init(line: current, subpathStart, subpath: subpath))
        current = subpathStart
      case .quadCurve(let control, let point):
        // Degree elevation: the same curve as a cubic, so one cutting routine serves both.
        let control1 = current + (control - current) * (2.0 / 3.0)
        let control2 = point + (control - point) * (2.0 / 3.0)
        segments.append(
          .init(cubic: current, control1, control2, point, subpath: subpath, samples: samplesPerCurve, keepingLengths: keepingLengths))
        current = point
      case .cubicCurve(let control1, let control2, let point):
        segments.append(
          .init(cubic: current, control1, control2, point, subpath: subpath, samples: samplesPerCurve, keepingLengths: keepingLengths))
        current = point
      }
    }
    return segments
  }

  init(line from: Point, _ to: Point, subpath: Int) {
    shape = .line(from, to)
    self.subpath = subpath
    length = from.distance(to: to)
    cumulativeLengths = []
  }

  /// A cubic measured over `samples` chords; without `keepingLengths`, only its total length is
  /// kept (the same number), and `parameter(atLengthFraction:)` must not be asked between its
  /// ends until `withLengths` has measured it again.
  init(cubic p0: Point, _ p1: Point, _ p2: Point, _ p3: Point, subpath: Int, samples: Int, keepingLengths: Bool = true) {
    shape = .cubic(p0, p1, p2, p3)
    self.subpath = subpath
    let count = max(samples, 2)
    var lengths: [Double] = []
    if keepingLengths {
      lengths.reserveCapacity(count + 1)
      lengths.append(0)
    }
    var previous = p0
    var total = 0.0
    for index in 1...count {
      let point = Self.cubicPoint(p0, p1, p2, p3, at: Double(index) / Double(count))
      total += previous.distance(to: point)
      if keepingLengths { lengths.append(total) }
      previous = point
    }
    length = total
    cumulativeLengths = lengths
  }

  /// This segment with its cumulative lengths, measured again over `samples` chords when they
  /// were not kept (see `init(cubic:…keepingLengths:)`); the same numbers as measuring it so
  /// in the first place.
  func withLengths(samples: Int) -> CurveSegment {
    guard case .cubic(let p0, let p1, let p2, let p3) = shape, cumulativeLengths.isEmpty else { return self }
    return CurveSegment(cubic: p0, p1, p2, p3, subpath: subpath, samples: samples)
  }

  /// The sub-piece between two fractions of this segment's length, with the point it starts at.
  func piece(fromFraction from: Double, toFraction to: Double) -> (start: Point, element: PathElement) {
    switch shape {
    case .line(let a, let b):
      return (a.interpolated(to: b, amount: from), .line(to: a.interpolated(to: b, amount: to)))
    case .cubic(let p0, let p1, let p2, let p3):
      let t0 = parameter(atLengthFraction: from)
      let t1 = parameter(atLengthFraction: to)
      let (q0, q1, q2, q3) = Self.subcurve(p0, p1, p2, p3, from: t0, to: t1)
      return (q0, .cubicCurve(control1: q1, control2: q2, to: q3))
    }
  }

  /// The point at curve parameter `t` (0...1).
  public func point(at t: Double) -> Point {
    switch shape {
    case .line(let a, let b): a.interpolated(to: b, amount: t)
    case .cubic(let p0, let p1, let p2, let p3): Self.cubicPoint(p0, p1, p2, p3, at: t)
    }
  }

  /// The derivative (direction of travel, not normalised) at curve parameter `t`.
  public func derivative(at t: Double) -> Point {
    switch shape {
    case .line(let a, let b):
      return b - a
    case .cubic(let p0, let p1, let p2, let p3):
      let u = 1 - t
      let d0 = (p1 - p0) * (3 * u * u)
      let d1 = (p2 - p1) * (6 * u * t)
      let d2 = (p3 - p2) * (3 * t * t)
      let derivative = d0 + d1 + d2
      // At a cusp-free end whose control point coincides with it, look one step inside.
      if derivative.x == 0 && derivative.y == 0 && t <= 0 { return p2 - p0 }
      if derivative.x == 0 && derivative.y == 0 && t >= 1 { return p3 - p1 }
      return derivative
    }
  }

  /// The curve parameter at which the measured length reaches `fraction` of the total.
  public func parameter(atLengthFraction fraction: Double) -> Double {
    if fraction <= 0 { return 0 }
    if fraction >= 1 { return 1 }
    // A line's parameter already runs at constant speed.
    guard case .cubic = shape else { return fraction }
    let target = fraction * length
    var low = 0
    var high = cumulativeLengths.count - 1
    while high - low > 1 {
      let middle = (low + high) / 2
      if cumulativeLengths[middle] < target { low = middle } else { high = middle }
    }
    let span = cumulativeLengths[high] - cumulativeLengths[low]
    let within = span > 0 ? (target - cumulativeLengths[low]) / span : 0
    return (Double(low) + within) / Double(cumulativeLengths.count - 1)
  }

  static func cubicPoint(_ p0: Point, _ p1: Point, _ p2: Point, _ p3: Point, at t: Double) -> Point {
    let u = 1 - t
    let w0 = u * u * u
    let w1 = 3 * u * u * t
    let w2 = 3 * u * t * t
    let w3 = t * t * t
    return Point(
      x: w0 * p0.x + w1 * p1.x + w2 * p2.x + w3 * p3.x,
      y: w0 * p0.y + w1 * p1.y + w2 * p2.y + w3 * p3.y)
  }

  /// Splits a cubic at `t`, returning (left half, right half) control polygons.
  static func split(_ p0: Point, _ p1: Point, _ p2: Point, _ p3: Point, at t: Double)
    -> ((Point, Point, Point, Point), (Point, Point, Point, Point))
  {
    let a = p0.interpolated(to: p1, amount: t)
    let b = p1.interpolated(to: p2, amount: t)
    let c = p2.interpolated(to: p3, amount: t)
    let d = a.interpolated(to: b, amount: t)
    let e = b.interpolated(to: c, amount: t)
    let f = d.interpolated(to: e, amount: t)
    return ((p0, a, d, f), (f, e, c, p3))
  }

  /// The part of a cubic between parameters `t0 <= t1`.
  static func subcurve(_ p0: Point, _ p1: Point, _ p2: Point, _ p3: Point, from t0: Double, to t1: Double)
    -> (Point, Point, Point, Point)
  {
    let (_, right) = split(p0, p1, p2, p3, at: t0)
    guard t0 < 1 else { return right }
    let (left, _) = split(right.0, right.1, right.2, right.3, at: (t1 - t0) / (1 - t0))
    return left
  }
}
