import SplashCore

/// A Lottie path (`{ c, v, i, o }`): vertices, each with tangents relative to it, closed or not.
enum LottieBezier {
  /// The path of a shape value (a keyframe's `s` holds it in an array of one).
  static func path(_ cursor: LottieCursor, limits: LottieLimits) throws -> Path {
    var shape = cursor
    if case .array = cursor.value, let first = try cursor.array().first { shape = first }
    let vertices = try shape.required("v").array()
    guard vertices.count <= limits.pathVertices else { throw shape.error(expected: "at most \(limits.pathVertices) vertices") }
    let inTangents = try shape["i"]?.array() ?? []
    let outTangents = try shape["o"]?.array() ?? []
    func point(_ cursor: LottieCursor) throws -> Point {
      let numbers = try cursor.numbers()
      guard numbers.count >= 2 else { throw cursor.error(expected: "a point [x, y]") }
      return Point(x: numbers[0], y: numbers[1])
    }
    func tangent(_ list: [LottieCursor], _ index: Int) throws -> Point {
      index < list.count ? try point(list[index]) : .zero
    }
    let points = try vertices.map(point)
    var path = Path()
    guard let first = points.first else { return path }
    path.move(to: first)
    let isClosed = shape["c"]?.flag ?? false
    let segmentCount = isClosed ? points.count : points.count - 1
    for index in 0..<max(segmentCount, 0) {
      let next = (index + 1) % points.count
      path.addCurve(
        to: points[next], control1: points[index] + (try tangent(outTangents, index)),
        control2: points[next] + (try tangent(inTangents, next)))
    }
    if isClosed { path.closeSubpath() }
    return path
  }
}
