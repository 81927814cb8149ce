import SplashCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Turns a stroke into the polygons that outline it, for `CoverageRasterizer` to fill with the
/// nonzero rule.
///
/// An open subpath becomes one polygon: along its left side, around its end cap, back along
/// its right side and around its start cap. A closed subpath becomes two loops, one each
/// side, traced in opposite senses so that what lies between them is filled and what lies
/// inside the inner one is not.
///
///     left side  →  →  →  →  ╮ end cap
///     ══════ the path ═══════╡
///     right side ←  ←  ←  ←  ╯
///
/// At a corner the outer side gets the join (`miter`, `round`, `bevel`); the inner side goes
/// straight to where its two offset lines cross. An outline that doubled back there would
/// overlap itself along the stroke's inner edge, and coverage accumulated by area counts such
/// an overlap twice (see `CoverageRasterizer`). When the crossing falls outside the two
/// segments (a turn tighter than the pen), the inner side passes through the corner itself.
///
/// The outline is built in the path's own space and then mapped: a pen turned or squeezed by
/// the transform draws the ellipse Core Graphics draws.
public enum StrokeOutliner {
  /// The outline of `polylines` stroked with `style`, in their own space; `tolerance` is how
  /// far the round parts may stray.
  public static func outline(of polylines: [Polyline], style: StrokeStyle, tolerance: Double) -> ShapeOutline {
    let halfWidth = style.width / 2
    guard halfWidth > 0, halfWidth.isFinite else { return ShapeOutline() }
    var builder = OutlineBuilder(halfWidth: halfWidth, style: style, arcStep: arcStep(radius: halfWidth, tolerance: tolerance))
    let pattern = DashPattern(lengths: style.dashes, phase: style.dashPhase)
    // Room for each vertex's points on both sides (a corner's join among them) and the caps;
    // grown append by append, the points were copied again at each doubling (a Lottie file's
    // trimmed strokes are outlined afresh every frame). Dashes cut the path into many pieces.
    if pattern == nil {
      builder.result.points.reserveCapacity(polylines.reduce(0) { $0 + 4 * $1.points.count + 8 })
    }
    for polyline in polylines {
      // A lone point (a move and nothing after it) is not drawn.
      guard polyline.points.count > 1 || polyline.isClosed else { continue }
      let vertices = StrokeVertex.vertices(of: polyline)
      if let pattern {
        for dash in pattern.dashes(of: vertices) { builder.outline(dash, isClosed: false) }
      } else {
        builder.outline(vertices, isClosed: polyline.isClosed)
      }
    }
    return builder.result
  }

  /// The largest turn, in radians, between two points of a round cap or join whose chord
  /// stays within `tolerance` of the arc.
  public static func arcStep(radius: Double, tolerance: Double) -> Double {
    guard tolerance < radius else { return .pi / 2 }
    return min(2 * acos(1 - tolerance / radius), .pi / 2)
  }

  /// The largest stretch `transform` applies to any length: its larger singular value.
  ///
  /// Written as the sum of the lengths of the matrix's turning part and its mirroring part
  /// (the larger singular value of a 2×2 matrix is their sum), which for a matrix that only
  /// turns and scales evenly is the scale to the last bit or so. The usual root of the
  /// characteristic polynomial subtracts two nearly equal squares there, and wavered by a part
  /// in 10⁸ as the matrix turned.
  public static func largestScale(of transform: AffineTransform) -> Double {
    let turning = hypot((transform.a + transform.d) / 2, (transform.b - transform.c) / 2)
    let mirroring = hypot((transform.a - transform.d) / 2, (transform.b + transform.c) / 2)
    return turning + mirroring
  }
}

/// Builds a stroke's outline point by point, polygon after polygon.
struct OutlineBuilder {
  let halfWidth: Double
  let style: StrokeStyle
  let arcStep: Double
  /// The polygons ended so far, and the points of the one being built after them.
  var result = ShapeOutline()

  init(halfWidth: Double, style: StrokeStyle, arcStep: Double) {
    self.halfWidth = halfWidth
    self.style = style
    self.arcStep = arcStep
  }

  /// Outlines the subpath through `vertices` (a closed one ends with its first vertex again).
  mutating func outline(_ vertices: [StrokeVertex], isClosed: Bool) {
    // A closed subpath's loop is its vertices but the last, its first again.
    let count = isClosed ? vertices.count - 1 : vertices.count
    guard count > 1 else {
      if let vertex = vertices.first {
        dot(at: vertex.point, direction: vertex.departure == .zero ? Point(x: 1, y: 0) : vertex.departure)
      }
      return
    }
    if isClosed {
      side(vertices, count: count, closed: true, backwards: false)
      emit()
      side(vertices, count: count, closed: true, backwards: true)
      emit()
    } else {
      let last = vertices[count - 1]
      side(vertices, count: count, closed: false, backwards: false)
      cap(at: last.point, direction: last.arrival)
      side(vertices, count: count, closed: false, backwards: true)
      cap(at: vertices[0].point, direction: vertices[0].departure * -1)
      emit()
    }
  }

  /// The offset of the first `count` of `vertices` on their left (+90° from the path's
  /// direction), with joins at the corners; a closed side joins at every vertex, an open one
  /// starts and ends square. `backwards` walks them from the last to the first, each met the
  /// other way (`StrokeVertex.reversed`): the side on the path's right.
  ///
  /// Walked in place, not from a reversed copy, and each segment measured once (it is the
  /// segment leaving one corner and reaching the next): a trimmed or morphing stroke is
  /// outlined afresh every frame, and the copies and second square roots were a third of
  /// outlining polystar_anim's looping star.
  mutating func side(_ vertices: [StrokeVertex], count: Int, closed: Bool, backwards: Bool) {
    @inline(__always)
    func place(_ index: Int) -> Int { backwards ? count - 1 - index : index }
    @inline(__always)
    func vertex(_ index: Int) -> StrokeVertex {
      let vertex = vertices[place(index)]
      return backwards ? vertex.reversed : vertex
    }
    let segmentCount = closed ? count : count - 1
    /// The length of the segment from the vertex at `segment` to the next (a vertex met the
    /// other way is at the same point).
    @inline(__always)
    func length(_ segment: Int) -> Double {
      let next = segment + 1 == count ? 0 : segment + 1
      return vertices[place(segment)].point.distance(to: vertices[place(next)].point)
    }
    if !closed {
      let first = vertex(0)
      result.points.append(first.point + left(of: first.departure))
    }
    // How much of the segment leaving the last corner its inner corner cut away.
    var consumed = 0.0
    let corners = closed ? 0..<count : 1..<(count - 1)
    var incoming = corners.isEmpty ? 0 : length((corners.lowerBound + segmentCount - 1) % segmentCount)
    for corner in corners {
      let outgoing = length(corner)
      consumed = join(at: vertex(corner), incomingLength: incoming - consumed, outgoingLength: outgoing)
      incoming = outgoing
    }
    if !closed {
      let last = vertex(count - 1)
      result.points.append(last.point + left(of: last.arrival))
    }
  }

  /// The left side's points at `vertex`, where the path arrives along one direction and
  /// leaves along another; returns how far along the leaving segment the side starts.
  mutating func join(at vertex: StrokeVertex, incomingLength: Double, outgoingLength: Double) -> Double {
    let corner = vertex.point
    let incoming = vertex.arrival
    let outgoing = vertex.departure
    let cross = incoming.x * outgoing.y - incoming.y * outgoing.x
    let dot = incoming.x * outgoing.x + incoming.y * outgoing.y
    let before = corner + left(of: incoming)
    let after = corner + left(of: outgoing)
    let straight = abs(cross) < 1e-9
    if straight && dot > 0 {
      result.points.append(before)
      return 0
    }
    // tan(θ/2) of the turn θ: how far back from the corner the two offset lines meet (or
    // reach their miter point), in half widths.
    let halfTurnTangent = straight ? .infinity : abs(cross) / (1 + dot)
    if cross > 0 && !straight {
      // The inner side.
      let reach = halfWidth * halfTurnTangent
      if reach <= incomingLength, reach <= outgoingLength {
        result.points.append(before - incoming * reach)
        return reach
      }
      result.points.append(before)
      result.points.append(corner)
      result.points.append(after)
      return 0
    }
    result.points.append(before)
    switch style.join {
    case .bevel:
      break
    case .miter:
      // The miter is 1 / cos(θ/2) half widths long; past the limit (in widths, as Core
      // Graphics counts it: 1 / sin(φ/2) for the angle φ between the segments) it is bevelled.
      let miterRatio = (1 + halfTurnTangent * halfTurnTangent).squareRoot()
      if miterRatio <= style.miterLimit {
        result.points.append(before + incoming * (halfWidth * halfTurnTangent))
      }
    case .round:
      // A path that turns straight back goes round the far side of its corner.
      arc(around: corner, from: left(of: incoming), turning: straight ? -.pi : atan2(cross, dot))
    }
    result.points.append(after)
    return 0
  }

  /// The cap at an end the path reaches along `direction`: from its left side to its right.
  mutating func cap(at end: Point, direction: Point) {
    let side = left(of: direction)
    switch style.cap {
    case .butt:
      break
    case .square:
      result.points.append(end + side + direction * halfWidth)
      result.points.append(end - side + direction * halfWidth)
    case .round:
      result.points.append(end + side)
      arc(around: end, from: side, turning: -.pi)
      result.points.append(end - side)
    }
  }

  /// A stroke of no length: a disc for round caps, a square turned along `direction` for
  /// square caps, nothing for butt caps (Core Graphics and Cairo alike).
  mutating func dot(at point: Point, direction: Point) {
    switch style.cap {
    case .butt:
      return
    case .square:
      let along = direction * halfWidth
      let side = left(of: direction)
      result.points += [point + side - along, point + side + along, point - side + along, point - side - along]
    case .round:
      let steps = (2 * .pi / arcStep).clamped(to: 8...10_000, rounding: .up)
      result.points += (0..<steps).map { step in
        let angle = 2 * .pi * Double(step) / Double(steps)
        return point + Point(x: cos(angle), y: sin(angle)) * halfWidth
      }
    }
    emit()
  }

  /// The points strictly between the two ends of an arc of the pen around `center`, from the
  /// offset `start` through `turn` radians.
  mutating func arc(around center: Point, from start: Point, turning turn: Double) {
    // A pen millions of pixels wide still gets a bounded number of points.
    let steps = (abs(turn) / arcStep).clamped(to: 0...10_000, rounding: .up)
    guard steps > 1 else { return }
    let startAngle = atan2(start.y, start.x)
    for step in 1..<steps {
      let angle = startAngle + turn * Double(step) / Double(steps)
      result.points.append(center + Point(x: cos(angle), y: sin(angle)) * halfWidth)
    }
  }

  /// Ends the polygon built so far.
  mutating func emit() { result.endPolygon() }

  /// `direction` turned +90°, half a width long.
  func left(of direction: Point) -> Point { Point(x: -direction.y * halfWidth, y: direction.x * halfWidth) }

}
