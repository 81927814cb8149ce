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
    let p = properties
    var members: [(String, JSONText)] = [
      ("id", .string(id)), ("type", .string(kind.rawValue)),
      ("position", .point(p.position)), ("bounds", .rect(p.bounds)), ("anchorPoint", .point(p.anchorPoint)),
      ("zPosition", .number(p.zPosition)), ("transform", .transform(p.transform)),
    ]
    members += angles.fields(for: self)
    members += [
      ("sublayerTransform", .transform(p.sublayerTransform)), ("opacity", .number(p.opacity)),
      ("hidden", .bool(p.isHidden)), ("backgroundColor", .color(p.backgroundColor)),
      ("cornerRadius", .number(p.cornerRadius)), ("masksToBounds", .bool(p.masksToBounds)),
      ("borderWidth", .number(p.borderWidth)), ("borderColor", .color(p.borderColor)),
      ("contents", p.contents.map { .string($0.imagePath) } ?? .null),
      ("contentsGravity", .string(p.contents?.gravity.rawValue ?? LayerContents.Gravity.resize.rawValue)),
      ("shadowColor", .color(p.shadow.color)), ("shadowOpacity", .number(p.shadow.opacity)),
      ("shadowOffset", .size(p.shadow.offset)), ("shadowRadius", .number(p.shadow.radius)),
    ]
    switch kind {
    case .layer: break
    case .shape:
      let shape = p.shape
      members += [
        ("path", shape.path.map { .string($0.svgPathData) } ?? .null), ("fillColor", .color(shape.fillColor)),
        ("fillRule", .string(shape.fillRule.rawValue)), ("strokeColor", .color(shape.strokeColor)),
        ("lineWidth", .number(shape.lineWidth)), ("strokeStart", .number(shape.strokeStart)),
        ("strokeEnd", .number(shape.strokeEnd)), ("lineCap", .string(shape.lineCap.rawValue)),
        ("lineJoin", .string(shape.lineJoin.rawValue)), ("miterLimit", .number(shape.miterLimit)),
        ("lineDashPattern", .array(shape.lineDashPattern.map { .number($0) })),
        ("lineDashPhase", .number(shape.lineDashPhase)),
      ]
    case .text:
      let text = p.text
      members += [
        ("string", .string(text.string)), ("fontFamily", .string(text.fontFamily)),
        ("fontWeight", .number(text.fontWeight)), ("fontSize", .number(text.fontSize)),
        ("foregroundColor", .color(text.foregroundColor)), ("alignmentMode", .string(text.alignment.rawValue)),
        ("wrapped", .bool(text.isWrapped)),
      ]
      // What only Lottie text sets (presets cannot), listed when it is not CATextLayer's.
      if text.verticalPlacement != .top { members.append(("verticalPlacement", .string(text.verticalPlacement.rawValue))) }
      if text.isItalic { members.append(("italic", .bool(true))) }
      if text.tracking != 0 { members.append(("tracking", .number(text.tracking))) }
      if let lineHeight = text.lineHeight { members.append(("lineHeight", .number(lineHeight))) }
      if text.strokeColor.alpha > 0 && text.strokeWidth > 0 {
        members += [
          ("strokeColor", .color(text.strokeColor)), ("strokeWidth", .number(text.strokeWidth)),
          ("strokesOverFill", .bool(text.strokesOverFill)),
        ]
      }
    case .gradient:
      let gradient = p.gradient
      members += [
        ("gradientType", .string(gradient.kind.rawValue)), ("colors", .array(gradient.colors.map { .color($0) })),
        ("locations", .array(gradient.locations.map { .number($0) })), ("startPoint", .point(gradient.startPoint)),
        ("endPoint", .point(gradient.endPoint)),
      ]
    case .replicator:
      let replicator = p.replicator
      members += [
        ("instanceCount", .number(Double(replicator.instanceCount))), ("instanceTransform", .transform(replicator.instanceTransform)),
        ("instanceDelay", .number(replicator.instanceDelay)), ("instanceColor", .color(replicator.instanceColor)),
        ("instanceRedOffset", .number(replicator.instanceRedOffset)), ("instanceGreenOffset", .number(replicator.instanceGreenOffset)),
        ("instanceBlueOffset", .number(replicator.instanceBlueOffset)), ("instanceAlphaOffset", .number(replicator.instanceAlphaOffset)),
        ("preservesDepth", .bool(false)),
      ]
    }
    // Not a layer property: the colour a replicator instance multiplies this layer's drawing by.
    if tint != .white { members.append(("tint", .color(tint))) }
    return members
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
