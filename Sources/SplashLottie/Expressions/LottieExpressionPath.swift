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
  static func numbers(_ cursor: LottieCursor) throws -> [Double] {
    var shape = cursor
    if case .array = cursor.value, let first = try cursor.array().first { shape = first }
    let vertices = try shape.required("v").array()
    let inTangents = try shape["i"]?.array() ?? []
    let outTangents = try shape["o"]?.array() ?? []
    func pair(_ list: [LottieCursor], _ index: Int) throws -> [Double] {
      guard index < list.count else { return [0, 0] }
      let numbers = try list[index].numbers()
      guard numbers.count >= 2 else { throw list[index].error(expected: "a point [x, y]") }
      return Array(numbers.prefix(2))
    }
    var numbers: [Double] = []
    for index in vertices.indices {
      numbers += try pair(vertices, index) + pair(inTangents, index) + pair(outTangents, index)
    }
    return numbers
  }

  /// Whether the shape at `cursor` is closed.
  static func isClosed(_ cursor: LottieCursor) -> Bool {
    var shape = cursor
    if case .array(let elements) = cursor.value, let first = elements.first {
      shape = LottieCursor(value: first, jsonPath: cursor.jsonPath, file: cursor.file)
    }
    return shape["c"]?.flag ?? false
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
