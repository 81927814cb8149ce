import SplashCore

/// A Lottie path (`{ c, v, i, o }`): vertices, each with tangents relative to it, closed or not.
enum LottieBezier {
  /// A shape value's vertices, and their tangents relative to them, read when asked for (an
  /// open path's first in and last out tangents are never drawn).
  struct Vertices {
    var points: [Point]
    var isClosed: Bool
    fileprivate var inTangents: [LottieCursor]
    fileprivate var outTangents: [LottieCursor]

    /// Vertex `index`'s tangent towards the vertex before it (zero where the file gives none).
    func inTangent(_ index: Int) throws -> Point { try LottieBezier.tangent(inTangents, index) }
    /// Vertex `index`'s tangent towards the vertex after it.
    func outTangent(_ index: Int) throws -> Point { try LottieBezier.tangent(outTangents, index) }
  }

  /// The vertices of a shape value (a keyframe's `s` holds it in an array of one).
  static func vertices(_ cursor: LottieCursor, limits: LottieLimits) throws -> Vertices {
    var shape = cursor
    if case .array = cursor.value, let first = try cursor.array().first { shape = first }
    let vertices = try shape.required("v").array()
    guard vertices.count <= limits.pathVertices else { throw shape.error(expected: "at most \(limits.pathVertices) vertices") }
    return Vertices(
      points: try vertices.map(point), isClosed: shape["c"]?.flag ?? false, inTangents: try shape["i"]?.array() ?? [],
      outTangents: try shape["o"]?.array() ?? [])
  }

  private static func point(_ cursor: LottieCursor) throws -> Point {
    let numbers = try cursor.numbers()
    guard numbers.count >= 2 else { throw cursor.error(expected: "a point [x, y]") }
    return Point(x: numbers[0], y: numbers[1])
  }

  private static func tangent(_ list: [LottieCursor], _ index: Int) throws -> Point {
    index < list.count ? try point(list[index]) : .zero
  }

  /// The path of a shape value (a keyframe's `s` holds it in an array of one).
  static func path(_ cursor: LottieCursor, limits: LottieLimits) throws -> Path {
    let shape = try vertices(cursor, limits: limits)
    let points = shape.points
    var path = Path()
    guard let first = points.first else { return path }
    path.move(to: first)
    let segmentCount = shape.isClosed ? points.count : points.count - 1
    for index in 0..<max(segmentCount, 0) {
      let next = (index + 1) % points.count
      path.addCurve(
        to: points[next], control1: points[index] + (try shape.outTangent(index)), control2: points[next] + (try shape.inTangent(next)))
    }
    if shape.isClosed { path.closeSubpath() }
    return path
  }
}
