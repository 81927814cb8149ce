import SplashDocument

/// A shape path (`{ c, v, i, o }`) as the flat list of numbers expressions see and
/// interpolate, vertex by vertex `[vx, vy, ix, iy, ox, oy, …]`, and back.
///
/// Lottie morphs a path point by point, each number eased alike, which is what a numeric
/// property's interpolation does to the list: so `loopOut()` on a path, the commonest path
/// expression, runs through the same machinery as on a position.
enum LottieExpressionPath {
  /// The numbers of the shape at `cursor` (or of the one in an array of one, as a keyframe's
  /// `s` holds it).
  static func numbers(_ cursor: LottieCursor, limits: LottieLimits) throws -> [Double] {
    let shape = try LottieBezier.vertices(cursor, limits: limits)
    var numbers: [Double] = []
    for (index, point) in shape.points.enumerated() {
      let into = try shape.inTangent(index)
      let out = try shape.outTangent(index)
      numbers += [point.x, point.y, into.x, into.y, out.x, out.y]
    }
    return numbers
  }

  /// The shape whose numbers are `numbers`.
  static func shape(_ numbers: [Double], closed: Bool) -> JSONValue {
    var vertices: [JSONValue] = []
    var inTangents: [JSONValue] = []
    var outTangents: [JSONValue] = []
    func point(_ at: Int) -> JSONValue { .array([.number(numbers[at]), .number(numbers[at + 1])]) }
    for start in stride(from: 0, to: numbers.count - 5, by: 6) {
      vertices.append(point(start))
      inTangents.append(point(start + 2))
      outTangents.append(point(start + 4))
    }
    return .object(["c": .bool(closed), "v": .array(vertices), "i": .array(inTangents), "o": .array(outTangents)])
  }
}
