import SplashCore

/// Reading shape paths, written with the helpers `UIBezierPath` offers.
extension JSONCursor {
  /// A path: one shape helper, or `{ subpaths: [ … ] }` joining several.
  ///
  ///     { arc: { center: [0, 0], radius: 18.75, startAngle: "-90deg", endAngle: "270deg",
  ///              clockwise: true } }                       UIBezierPath(arcCenter:…)
  ///     { oval: [x, y, w, h] }                            UIBezierPath(ovalIn:)
  ///     { rect: [x, y, w, h] }                            UIBezierPath(rect:)
  ///     { polygon: [[x, y], …], closed: true }            move + lines (+ close)
  ///     { roundedRect: [x, y, w, h], cornerRadius: 8 }    UIBezierPath(roundedRect:cornerRadius:)
  ///     { svg: "M 0 100 L 0 -5 C 30 70 40 90 100 80 Z" }   SVG path data (no arcs)
  ///     "M 0 100 L …"                                      the same, as a bare string
  func shapePath() throws -> Path {
    let path = try unlimitedShapePath()
    guard path.elements.count <= PresetLimits.pathElements else {
      throw error(expected: "a path of at most \(PresetLimits.pathElements) elements")
    }
    return path
  }

  private func unlimitedShapePath() throws -> Path {
    if case .string(let data) = value { return try svgPath(data) }
    let members = try object(allowedKeys: ["arc", "oval", "rect", "roundedRect", "cornerRadius", "polygon", "closed", "subpaths", "svg"])
    let shapes = ["arc", "oval", "rect", "roundedRect", "polygon", "subpaths", "svg"].filter { members[$0] != nil }
    guard shapes.count == 1, let shape = shapes.first, let content = members[shape] else {
      throw error(expected: "exactly one of arc, oval, rect, roundedRect, polygon, svg or subpaths")
    }
    if members["closed"] != nil && shape != "polygon" {
      throw error(expected: "\"closed\" only with \"polygon\"")
    }
    if members["cornerRadius"] != nil && shape != "roundedRect" {
      throw error(expected: "\"cornerRadius\" only with \"roundedRect\"")
    }
    var path = Path()
    switch shape {
    case "arc":
      let arc = try content.object(allowedKeys: ["center", "radius", "startAngle", "endAngle", "clockwise"])
      func required(_ key: String) throws -> JSONCursor {
        guard let member = arc[key] else { throw content.error("missing \"\(key)\"") }
        return member
      }
      path.addArc(
        center: try required("center").point(),
        radius: try required("radius").number(in: 0...1e6, expected: "a radius ≥ 0"),
        startAngle: try required("startAngle").angle(), endAngle: try required("endAngle").angle(),
        clockwise: try arc["clockwise"]?.bool() ?? true)
    case "oval":
      path.addEllipse(in: try content.rect())
    case "rect":
      path.addRect(try content.rect())
    case "roundedRect":
      let radius = try members["cornerRadius"]?.number(in: 0...1e6, expected: "a corner radius ≥ 0") ?? 0
      path.addRoundedRect(try content.rect(), cornerRadius: radius)
    case "svg":
      return try content.svgPath(try content.string())
    case "polygon":
      let points = try content.array().map { try $0.point() }
      guard let first = points.first else { throw content.error(expected: "at least one point") }
      path.move(to: first)
      for point in points.dropFirst() { path.addLine(to: point) }
      if try members["closed"]?.bool() ?? false { path.closeSubpath() }
    default:
      for subpath in try content.array() {
        path.elements.append(contentsOf: try subpath.shapePath().elements)
        guard path.elements.count <= PresetLimits.pathElements else {
          throw error(expected: "a path of at most \(PresetLimits.pathElements) elements")
        }
      }
    }
    return path
  }

  private func svgPath(_ data: String) throws -> Path {
    do {
      return try SVGPathParser.parse(data)
    } catch let failure as SVGPathParser.Failure {
      throw error(expected: "SVG path data (\(failure.message))")
    }
  }
}
