import SplashCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One subpath as straight segments.
public struct Polyline: Sendable, Equatable {
  public var points: [Point]
  /// Closed by `close`: its last point joins its first. A fill closes every subpath anyway.
  public var isClosed: Bool
  /// For a stroke: the path's direction arriving at each point and leaving it (unit vectors;
  /// zero where the path has none). On a curve these are the curve's own tangents, not its
  /// chords', so that a stroke's edges stand square to the curve and its caps and joins turn
  /// exactly as the curve does. Empty unless asked for.
  public var arrivals: [Point]
  public var departures: [Point]

  public init(points: [Point], isClosed: Bool, arrivals: [Point] = [], departures: [Point] = []) {
    self.points = points
    self.isClosed = isClosed
    self.arrivals = arrivals
    self.departures = departures
  }
}

/// Replaces a path's curves with straight segments that stay within a tolerance of them.
///
/// Each curve is cut into equal steps of its parameter, as many as Wang's formula asks for
/// the curve's second differences to stay under the tolerance: n = √(k · m / tolerance), m
/// the largest of |Pᵢ − 2Pᵢ₊₁ + Pᵢ₊₂| and k = 3/4 for a cubic, 1/4 for a quadratic.
///
/// A stroke's edges lie half a width off the curve, where the same steps stray further: a
/// step that turns by θ leaves a chord (w/2)(1 − cos θ/2) inside the edge. For strokes each
/// curve also gets at least as many steps as its turning (bounded by its control polygon's)
/// divided by `maximumTurn`.
public enum PathFlattener {
  /// The subpaths of `path`, each point mapped by `transform`, with curves flattened to
  /// within `tolerance` in the mapped space and cut so that no step turns more than
  /// `maximumTurn` radians; with `tangents`, each polyline carries the path's direction at
  /// its points. A subpath of one point is kept (a stroke may cap it); a line with no current
  /// point starts a subpath, as Core Graphics does.
  public static func polylines(
    of path: Path, transform: AffineTransform, tolerance: Double, maximumTurn: Double = .infinity, tangents: Bool = false
  ) -> [Polyline] {
    var result: [Polyline] = []
    var points: [Point] = []
    var arrivals: [Point] = []
    var departures: [Point] = []
    var subpathStart = Point.zero
    var current = Point.zero
    var hasCurrent = false
    // Past this many points a path's curves are cut into one step each: a path of thousands of
    // curves each far larger than the frame is a million points, not billions.
    var pointsLeft = Self.maximumPathPoints
    // A turn of π or more bounds nothing: no step of a curve turns further.
    let turnsAreBounded = maximumTurn < .pi

    func finish(closed: Bool) {
      if !points.isEmpty {
        result.append(Polyline(points: points, isClosed: closed, arrivals: arrivals, departures: departures))
      }
      points = []
      arrivals = []
      departures = []
    }
    /// Adds `point`, reached along `arriving`, leaving along `leaving`; the point it ends
    /// the last step at is left along the first step's direction.
    func add(_ point: Point, arriving: Point, leaving: Point) {
      pointsLeft -= 1
      if tangents {
        if let last = departures.indices.last, departures[last] == .zero { departures[last] = arriving }
        arrivals.append(arriving)
        departures.append(leaving)
      }
      points.append(point)
    }
    /// Sets how the path leaves the last point (a new segment starts there).
    func leave(along direction: Point) {
      if tangents, let last = departures.indices.last { departures[last] = direction }
    }
    /// Makes room for `count` more points (and their directions), at least doubling it as
    /// appending does. A subpath's arrays start empty: grown a point at a time, they moved to
    /// new memory four or five times a stroke (5344-honey-sack-hud: 830 allocations a frame),
    /// and a fill's, given exactly the room of each curve, moved at every curve.
    func makeRoom(for count: Int) {
      let needed = points.count + count
      guard points.capacity < needed else { return }
      let room = max(needed, 2 * points.capacity)
      points.reserveCapacity(room)
      if tangents {
        arrivals.reserveCapacity(room)
        departures.reserveCapacity(room)
      }
    }
    /// Starts a subpath at `point`, with room for `room` points after it: made before its
    /// first point is added, as appending that point to the empty arrays would allocate them
    /// only for the room to move them again (three allocations a subpath, honey-sack-hud's
    /// 70 trimmed strokes a frame).
    func begin(at point: Point, room: Int = 0) {
      finish(closed: false)
      subpathStart = point
      current = point
      hasCurrent = true
      makeRoom(for: 1 + room)
      add(transform.apply(to: point), arriving: .zero, leaving: .zero)
    }
    func ensureStart() {
      if points.isEmpty { add(transform.apply(to: current), arriving: .zero, leaving: .zero) }
    }
    /// Adds a curve's points after its start, `steps` equal steps of its parameter, each
    /// halved again (up to 8 times) while its ends' directions differ by more than
    /// `maximumTurn`: a curve's turn gathers where it bends most.
    func addCurve(steps: Int, point: (Double) -> Point, tangent: (Double) -> Point) {
      let steps = min(steps, max(pointsLeft, 1))
      // A fill needs neither directions nor halving: only the points of the equal steps. The
      // directions took half the cost of flattening a fill's curves.
      guard tangents || turnsAreBounded else {
        makeRoom(for: steps)
        for step in 1...steps { points.append(point(Double(step) / Double(steps))) }
        pointsLeft -= steps
        return
      }
      let cosineOfTurn = turnsAreBounded ? cos(maximumTurn) : -1
      // Halving stops once the curve has its share of points: a curve far larger than any
      // frame, whose directions swing from step to step in rounding, was halved 8 times at
      // every one of its 10 000 steps, 2.5 million points, and its stroke 15 million.
      let endCount = points.count + min(Self.maximumCurveSteps, max(pointsLeft, 0))
      /// Adds the step's points and returns the direction at its end, where the next step
      /// starts: asked again there, each step's direction cost a second square root.
      func addStep(from start: Double, to end: Double, startDirection: Point, depth: Int) -> Point {
        let endDirection = tangent(end)
        if depth < 8, points.count < endCount,
          startDirection.x * endDirection.x + startDirection.y * endDirection.y < cosineOfTurn
        {
          let middle = (start + end) / 2
          let middleDirection = addStep(from: start, to: middle, startDirection: startDirection, depth: depth + 1)
          return addStep(from: middle, to: end, startDirection: middleDirection, depth: depth + 1)
        }
        add(point(end), arriving: endDirection, leaving: end < 1 ? endDirection : .zero)
        return endDirection
      }
      makeRoom(for: steps)
      var direction = tangent(0)
      leave(along: direction)
      for step in 1...steps {
        let start = Double(step - 1) / Double(steps)
        let end = Double(step) / Double(steps)
        direction = addStep(from: start, to: end, startDirection: direction, depth: 0)
      }
    }

    let elements = path.elements
    for index in elements.indices {
      switch elements[index] {
      case .move(let point):
        // A point a segment, for a subpath of straight segments (most of a Lottie file's,
        // written as cubics along their chords); a curve cut in steps makes more room.
        begin(at: point, room: Self.segmentCount(of: elements, after: index))
      case .line(let point):
        // With no current point a line only moves there, as Cairo (which drew shapes before)
        // does; Core Graphics refuses such a path.
        guard hasCurrent else {
          begin(at: point)
          continue
        }
        ensureStart()
        let start = points[points.count - 1]
        let end = transform.apply(to: point)
        let direction = unit(end - start)
        leave(along: direction)
        add(end, arriving: direction, leaving: .zero)
        current = point
      case .quadCurve(let control, let point):
        // With no current point a curve starts at its control point, as in Cairo.
        if !hasCurrent { begin(at: control) } else { ensureStart() }
        let p0 = transform.apply(to: current)
        let p1 = transform.apply(to: control)
        let p2 = transform.apply(to: point)
        let steps =
          liesAlongChord(p0, p1, p1, p2, tolerance: tolerance)
          ? 1
          : max(
            stepCount(secondDifference: length(p0 - p1 * 2 + p2), factor: 0.25, tolerance: tolerance),
            turnSteps(p0, p1, p2, p2, maximumTurn: maximumTurn))
        addCurve(
          steps: steps,
          point: { t in
            let u = 1 - t
            return p0 * (u * u) + p1 * (2 * u * t) + p2 * (t * t)
          },
          // The derivative, halved: (1 − t)(P₁ − P₀) + t(P₂ − P₁).
          tangent: { t in unit((p1 - p0) * (1 - t) + (p2 - p1) * t, fallback: p2 - p0) })
        current = point
      case .cubicCurve(let control1, let control2, let point):
        if !hasCurrent { begin(at: control1) } else { ensureStart() }
        let p0 = transform.apply(to: current)
        let p1 = transform.apply(to: control1)
        let p2 = transform.apply(to: control2)
        let p3 = transform.apply(to: point)
        let difference = max(length(p0 - p1 * 2 + p2), length(p1 - p2 * 2 + p3))
        let steps =
          liesAlongChord(p0, p1, p2, p3, tolerance: tolerance)
          ? 1
          : max(
            stepCount(secondDifference: difference, factor: 0.75, tolerance: tolerance),
            turnSteps(p0, p1, p2, p3, maximumTurn: maximumTurn))
        addCurve(
          steps: steps,
          point: { t in
            let u = 1 - t
            return p0 * (u * u * u) + p1 * (3 * u * u * t) + p2 * (3 * u * t * t) + p3 * (t * t * t)
          },
          // The derivative, over three: (1 − t)²(P₁ − P₀) + 2(1 − t)t(P₂ − P₁) + t²(P₃ − P₂).
          // Where a control point sits on its end point the derivative there is zero; the
          // curve then leaves towards the next control point that differs.
          tangent: { t in
            let u = 1 - t
            let derivative = (p1 - p0) * (u * u) + (p2 - p1) * (2 * u * t) + (p3 - p2) * (t * t)
            return unit(derivative, fallback: t < 0.5 ? (p2 != p0 ? p2 - p0 : p3 - p0) : (p3 != p1 ? p3 - p1 : p3 - p0))
          })
        current = point
      case .close:
        if !points.isEmpty {
          finish(closed: true)
          current = subpathStart
        }
      }
    }
    finish(closed: false)
    return result
  }

  /// The segments after the move at `index`, up to the next move.
  static func segmentCount(of elements: [PathElement], after index: Int) -> Int {
    var end = index + 1
    while end < elements.count {
      if case .move = elements[end] { break }
      end += 1
    }
    return end - index - 1
  }

  /// The most points one curve is cut into, however large: its steps (`stepCount`,
  /// `turnSteps`) and their halving where it turns.
  static let maximumCurveSteps = 10_000

  /// The points a path's curves are cut into, at most, before each of the rest becomes one
  /// straight step.
  static let maximumPathPoints = 1_000_000

  /// How far, as a share of the tolerance, a curve's control points may lie from its chord for
  /// the curve to be that chord: a 256th of the tolerance (a 5 000th of a pixel at the
  /// renderer's), too little to change a pixel's byte.
  static let chordShare = 1.0 / 256

  /// Whether the cubic curve with control points `start`, `first`, `second`, `end` (a
  /// quadratic passes its control point twice) is its chord, the straight segment from
  /// `start` to `end`: whether both inner control points lie within `chordShare` of the
  /// tolerance from that segment.
  ///
  /// Lottie files write every segment as a cubic, a straight one with its handles on its ends
  /// (or along it). Its second differences are not zero, so Wang's formula cut a straight edge
  /// of 20 pixels into 18 chords, and every one of them was outlined, stroked and swept.
  ///
  /// The curve lies inside its control points' hull, so within that distance of the segment.
  /// It goes along it once, never back: with its inner control points between its ends (their
  /// places along the chord, as shares of it, a and b in 0…1), its place along the chord has
  /// the derivative 3[a(1 − t)² + 2(b − a)(1 − t)t + (1 − b)t²], never negative, since
  /// a − b ≤ √(a(1 − b)) there.
  static func liesAlongChord(_ start: Point, _ first: Point, _ second: Point, _ end: Point, tolerance: Double) -> Bool {
    let bound = tolerance * chordShare
    return distance(first, toSegmentFrom: start, to: end) <= bound
      && distance(second, toSegmentFrom: start, to: end) <= bound
  }

  /// The distance from `point` to the segment from `start` to `end`.
  static func distance(_ point: Point, toSegmentFrom start: Point, to end: Point) -> Double {
    let chord = end - start
    let offset = point - start
    let chordSquared = chord.x * chord.x + chord.y * chord.y
    let along = chordSquared > 0 ? min(max((offset.x * chord.x + offset.y * chord.y) / chordSquared, 0), 1) : 0
    return point.distance(to: start + chord * along)
  }

  /// How many straight steps keep a curve with this second difference within `tolerance`.
  static func stepCount(secondDifference: Double, factor: Double, tolerance: Double) -> Int {
    guard secondDifference > 0, tolerance > 0 else { return 1 }
    let steps = (factor * secondDifference / tolerance).squareRoot().rounded(.up)
    // A curve far larger than any frame is still cut into a bounded number of steps.
    return steps.clamped(to: 1...maximumCurveSteps, rounding: .up)
  }

  /// How many steps keep each step of a curve with these control points from turning more
  /// than `maximumTurn`: the control polygon turns at least as much as the curve.
  ///
  /// A quadratic curve passes its end point twice (`p3` = `p2`): the leg between them is
  /// empty and turns nothing. Four points, not an array of them: an array was an allocation
  /// for every curve of every stroke flattened.
  static func turnSteps(_ p0: Point, _ p1: Point, _ p2: Point, _ p3: Point, maximumTurn: Double) -> Int {
    guard maximumTurn.isFinite, maximumTurn > 0 else { return 1 }
    let legs: InlineArray<3, Point> = [p1 - p0, p2 - p1, p3 - p2]
    var turning = 0.0
    var previous: Point?
    for index in legs.indices {
      let leg = legs[index]
      guard leg != .zero else { continue }
      if let previous {
        turning += abs(atan2(previous.x * leg.y - previous.y * leg.x, previous.x * leg.x + previous.y * leg.y))
      }
      previous = leg
    }
    // A NaN turn (a curve with no direction) is one step.
    return (turning / maximumTurn).clamped(to: 1...maximumCurveSteps, rounding: .up)
  }

  static func length(_ point: Point) -> Double { (point.x * point.x + point.y * point.y).squareRoot() }

  /// `vector` scaled to length 1; `fallback` scaled so where `vector` is zero; zero where
  /// both are.
  static func unit(_ vector: Point, fallback: Point = .zero) -> Point {
    let size = length(vector)
    if size > 1e-12 { return vector * (1 / size) }
    let fallbackSize = length(fallback)
    return fallbackSize > 1e-12 ? fallback * (1 / fallbackSize) : .zero
  }
}
