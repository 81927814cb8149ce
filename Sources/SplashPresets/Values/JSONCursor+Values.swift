import Foundation
import SplashCore
import SplashModel

/// Readers for the values a preset writes in Core Animation terms.
extension JSONCursor {
  func point() throws -> Point {
    let numbers = try numbers(count: 2, expected: "a point [x, y]")
    return Point(x: numbers[0], y: numbers[1])
  }

  func size() throws -> Size {
    let numbers = try numbers(count: 2, expected: "a size [width, height]")
    guard numbers[0] >= 0, numbers[1] >= 0 else { throw error(expected: "a size with no negative side") }
    return Size(width: numbers[0], height: numbers[1])
  }

  func rect() throws -> Rect {
    let numbers = try numbers(count: 4, expected: "a rect [x, y, width, height]")
    guard numbers[2] >= 0, numbers[3] >= 0 else {
      throw error(expected: "a rect with no negative width or height")
    }
    return Rect(x: numbers[0], y: numbers[1], width: numbers[2], height: numbers[3])
  }

  /// An angle, in radians: a number or an arithmetic expression with a unit (`"-90deg"`,
  /// `"1.5pi"`, `"0.25turn"`, `"0.5rad"`, `"360 / 8 deg"`, `"-(pi / 2) rad"`), an expression
  /// that names pi (`"2 * pi"`, `"-pi / 2"`: radians, as Swift's `2 * .pi`), or 0.
  ///
  /// Any other number without a unit is refused: Core Animation code says radians while
  /// designers think in degrees, and guessing would silently turn a quarter turn into 90
  /// radians. Zero is the same in every unit.
  func angle() throws -> Double {
    let expected = "an angle with a unit, such as \"-90deg\", \"1.5pi\", \"0.25turn\" or \"0.5rad\""
    switch value {
    case .number(let number):
      guard number == 0 else { throw error(expected: expected) }
      return 0
    case .string(let text):
      let radiansPerUnit: [String: Double] = ["deg": .pi / 180, "rad": 1, "turn": 2 * .pi, "pi": .pi, "π": .pi]
      let angle = try expression(units: Set(radiansPerUnit.keys), expected: expected)
      if let unit = angle.unit, let factor = radiansPerUnit[unit] { return angle.number * factor }
      if angle.mentionsPi { return angle.number }
      // "0" is the plain zero; "90 / 2" is as unit-less as 45.
      if angle.number == 0, Double(text.trimmingCharacters(in: .whitespaces)) != nil { return 0 }
      throw error(expected: expected, evaluatedTo: angle.number)
    default:
      throw error(expected: expected)
    }
  }

  /// A layer's `CGColor?` property: a colour, or `null` for nil (`layer.fillColor = nil`), which
  /// draws nothing, as clear does. Only layer properties take it: in an animation, a missing
  /// value means "not set", not nil.
  func optionalColor() throws -> SplashCore.Color {
    if case .null = value { return .clear }
    return try color()
  }

  /// A colour, written as `ColorText` reads one.
  func color() throws -> SplashCore.Color {
    guard case .string(let text) = value, let color = ColorText.color(text) else { throw error(expected: ColorText.expected) }
    return color
  }

  /// A timing function: a named curve or `[x1, y1, x2, y2]` control points.
  func timingFunction() throws -> TimingFunction {
    let named: [String: TimingFunction] = [
      "linear": .linear, "easeIn": .easeIn, "easeOut": .easeOut, "easeInEaseOut": .easeInEaseOut,
      "default": .default,
    ]
    let expected =
      "a timing function: \"linear\", \"easeIn\", \"easeOut\", \"easeInEaseOut\", \"default\" or [x1, y1, x2, y2] with x1 and x2 in 0...1"
    switch value {
    case .string(let name):
      guard let function = named[name] else { throw error(expected: expected) }
      return function
    case .array:
      let points = try numbers(count: 4, expected: expected)
      guard (0...1).contains(points[0]), (0...1).contains(points[2]) else {
        throw error(expected: expected)
      }
      return TimingFunction(points[0], points[1], points[2], points[3])
    default:
      throw error(expected: expected)
    }
  }

  /// A transform: `"identity"`, `{ matrix: [m11, m12, … m44] }` (row by row, as
  /// `CATransform3D`), or parts composed in this order (each optional):
  ///
  ///     { scale: 0.25 | [sx, sy] | [sx, sy, sz], rotateX: "…deg", rotateY: "…deg",
  ///       rotate: "-45deg" (about z), translate: [tx, ty] | [tx, ty, tz],
  ///       perspective: 500 (points from the eye: m34 = −1/500) }
  func transform() throws -> Transform3D {
    if case .string("identity") = value { return .identity }
    guard case .object = value else {
      throw error(expected: "\"identity\", { matrix: [16 numbers] } or an object with scale, rotate, translate…")
    }
    let members = try object(allowedKeys: ["matrix", "scale", "rotateX", "rotateY", "rotate", "translate", "perspective"])
    if let matrix = members["matrix"] {
      guard members.count == 1 else { throw error(expected: "\"matrix\" on its own, without other parts") }
      let numbers = try matrix.numbers(count: 16, expected: "16 numbers, row by row (m11, m12, m13, m14, m21, …)")
      return Transform3D(rows: (0..<4).map { Array(numbers[($0 * 4)..<($0 * 4 + 4)]) })
    }
    var transform = Transform3D.identity
    if let scale = members["scale"] {
      if scale.isNumberOrExpression {
        let uniform = try scale.number()
        transform = Transform3D(scaleX: uniform, y: uniform, z: uniform)
      } else if case .array(let elements) = scale.value, elements.count == 3 {
        let factors = try scale.numbers(count: 3, expected: "a scale factor, [sx, sy] or [sx, sy, sz]")
        transform = Transform3D(scaleX: factors[0], y: factors[1], z: factors[2])
      } else {
        let factors = try scale.numbers(count: 2, expected: "a scale factor, [sx, sy] or [sx, sy, sz]")
        transform = Transform3D(scaleX: factors[0], y: factors[1])
      }
    }
    for (key, axis) in [("rotateX", (1.0, 0.0, 0.0)), ("rotateY", (0.0, 1.0, 0.0)), ("rotate", (0.0, 0.0, 1.0))] {
      if let rotation = members[key] {
        let turn = Transform3D(rotationAngle: try rotation.angle(), x: axis.0, y: axis.1, z: axis.2)
        transform = transform.concatenating(turn)
      }
    }
    if let translate = members["translate"] {
      if case .array(let elements) = translate.value, elements.count == 3 {
        let offset = try translate.numbers(count: 3, expected: "[tx, ty] or [tx, ty, tz]")
        transform = transform.concatenating(Transform3D(translationX: offset[0], y: offset[1], z: offset[2]))
      } else {
        let offset = try translate.numbers(count: 2, expected: "[tx, ty] or [tx, ty, tz]")
        transform = transform.concatenating(Transform3D(translationX: offset[0], y: offset[1]))
      }
    }
    if let perspective = members["perspective"] {
      let distance = try perspective.number(in: 1...1e6, expected: "an eye distance in points (m34 = −1/distance)")
      var rows = Transform3D.identity.rows
      rows[2][3] = -1 / distance
      transform = transform.concatenating(Transform3D(rows: rows))
    }
    return transform
  }

  /// A list of numbers, each in `range`.
  func numberList(in range: ClosedRange<Double>, expected: String) throws -> [Double] {
    try array().map { try $0.number(in: range, expected: expected) }
  }

  /// A list of colours.
  func colorList() throws -> [SplashCore.Color] {
    try array().map { try $0.color() }
  }
}
