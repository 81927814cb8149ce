import SplashCore
import SplashModel

/// Presentation values as `inspect` prints them, keyed by Core Animation's property names.
///
/// Numbers are numbers; points and sizes `[x, y]` / `[w, h]`; rects `[x, y, w, h]`; colours
/// `"#RRGGBBAA"`; transforms `{ rotation (degrees about z), scale [sx, sy], translation
/// [tx, ty], matrix [m11 … m44] }`, and after the transform, an angle an animation drives
/// (`"transform.rotation.z": 288`, degrees, unfolded; see `AnimatedAngles`); paths SVG path
/// data.
extension PresentationLayer {
  /// The layer's own properties, flat (no sublayers or mask).
  ///
  /// - Parameter angles: the animated angles of the scene at the same time.
  func inspectionProperties(angles: AnimatedAngles) -> [(String, JSONText)] {
    var members: [(String, JSONText)] = [("id", .string(id)), ("type", .string(kind.rawValue))]
    for entry in LayerPropertyRegistry.entries(of: kind) {
      members.append((entry.name, inspection(of: entry)))
      // The angles animations drive belong beside the transform they describe.
      if case .animatable(let property) = entry, property === LayerPropertyRegistry.transform {
        members += angles.fields(for: self)
      }
    }
    // Not a layer property: the colour a replicator instance multiplies this layer's drawing by.
    if tint != .white { members.append(("tint", .color(tint))) }
    return members
  }

  /// One registry property's value in this layer, as `inspect` prints it.
  private func inspection(of entry: LayerPropertyEntry) -> JSONText {
    switch entry {
    case .fixed(let property):
      switch property.value(in: properties) {
      case .flag(let flag): return .bool(flag)
      case .number(let number): return .number(number)
      case .text(let text): return .string(text)
      case .absent: return .null
      }
    case .animatable(let property):
      guard !property.isUnset(in: properties) else { return .null }
      let value = property.animatableValue(in: properties)
      // An animation carries a flag as a number; inspect shows it as the flag it is.
      if property.valueType is Bool.Type, let flag = Bool(animatableValue: value) { return .bool(flag) }
      return .animatable(value)
    }
  }

  /// The layer with its mask and sublayers, recursively.
  func inspectionTree(angles: AnimatedAngles) -> JSONText {
    var members = inspectionProperties(angles: angles)
    if let mask { members.append(("mask", mask.inspectionTree(angles: angles))) }
    members.append(("sublayers", .array(sublayers.map { $0.inspectionTree(angles: angles) })))
    return .object(members)
  }
}

extension JSONText {
  static func point(_ point: Point) -> JSONText { .array([.number(point.x), .number(point.y)]) }
  static func size(_ size: Size) -> JSONText { .array([.number(size.width), .number(size.height)]) }
  static func rect(_ rect: Rect) -> JSONText {
    .array([.number(rect.minX), .number(rect.minY), .number(rect.width), .number(rect.height)])
  }
  static func color(_ color: Color) -> JSONText { .string(color.description) }

  /// A value as an animation carries it, in the form of its kind.
  static func animatable(_ value: AnimatableValue) -> JSONText {
    switch value {
    case .scalar(let number): .number(number)
    case .point(let point): .point(point)
    case .size(let size): .size(size)
    case .rect(let rect): .rect(rect)
    case .color(let color): .color(color)
    case .transform(let transform): .transform(transform)
    case .path(let path): .string(path.svgPathData)
    case .numbers(let numbers): .array(numbers.map { .number($0) })
    case .colors(let colors): .array(colors.map { .color($0) })
    }
  }

  static func transform(_ transform: Transform3D) -> JSONText {
    let components = TransformComponents(transform)
    return .object([
      ("rotation", .number(components.rotation.z * 180 / .pi)),
      ("scale", .array([.number(components.scale.x), .number(components.scale.y)])),
      ("translation", .array([.number(components.translation.x), .number(components.translation.y)])),
      ("matrix", .array(transform.rows.flatMap { $0.map { JSONText.number($0) } })),
    ])
  }
}

extension Path {
  /// The path as SVG path data (`M x y L x y Q … C … Z`), numbers as `inspect` formats them.
  var svgPathData: String {
    let number = JSONText.format
    return elements.map { element in
      switch element {
      case .move(let p): "M \(number(p.x)) \(number(p.y))"
      case .line(let p): "L \(number(p.x)) \(number(p.y))"
      case .quadCurve(let c, let p): "Q \(number(c.x)) \(number(c.y)) \(number(p.x)) \(number(p.y))"
      case .cubicCurve(let c1, let c2, let p):
        "C \(number(c1.x)) \(number(c1.y)) \(number(c2.x)) \(number(c2.y)) \(number(p.x)) \(number(p.y))"
      case .close: "Z"
      }
    }.joined(separator: " ")
  }
}
