import SplashCore
import SplashModel

/// Compiles layer objects, checking ids for uniqueness across the whole tree.
///
///     { id: "circle", type: "shape",                 // "layer" (default) or "shape"
///       position: [0, 0], bounds: [0, 0, 0, 0], anchorPoint: [0.5, 0.5],
///       transform: { rotate: "-45deg", scale: 0.25 }, opacity: 1, hidden: false,
///       backgroundColor: "clear", cornerRadius: 0,
///       path: { arc: … }, fillColor: "clear", strokeColor: "white", lineWidth: 37.5,
///       strokeStart: 0, strokeEnd: 1, lineCap: "butt", lineJoin: "miter", miterLimit: 10,
///       fillRule: "nonZero",                        // shape layers only
///       animations: [ … ], sublayers: [ … ] }
struct LayerCompiler {
  private var seenIds: Set<String> = []

  private static let layerKeys: Set<String> = [
    "id", "type", "position", "bounds", "anchorPoint", "transform", "opacity", "hidden",
    "backgroundColor", "cornerRadius", "animations", "sublayers",
  ]
  private static let shapeKeys: Set<String> = [
    "path", "fillColor", "strokeColor", "lineWidth", "strokeStart", "strokeEnd", "lineCap",
    "lineJoin", "miterLimit", "fillRule",
  ]

  mutating func layer(_ cursor: JSONCursor) throws -> Layer {
    // Read the type first so that shape-only keys on a plain layer are named as such.
    guard case .object(let raw) = cursor.value else { throw cursor.error(expected: "a layer object") }
    var kind = LayerKind.layer
    if let typeValue = raw["type"] {
      kind = try JSONCursor(value: typeValue, jsonPath: "\(cursor.jsonPath).type", file: cursor.file).choice(LayerKind.self)
    }
    let members = try cursor.object(allowedKeys: kind == .shape ? Self.layerKeys.union(Self.shapeKeys) : Self.layerKeys)

    guard let idCursor = members["id"] else { throw cursor.error("missing \"id\"") }
    let id = try idCursor.string()
    guard !id.isEmpty, !seenIds.contains(id) else {
      throw idCursor.error(expected: "a layer id not used elsewhere in the preset")
    }
    seenIds.insert(id)

    var properties = LayerProperties()
    if let value = members["position"] { properties.position = try value.point() }
    if let value = members["bounds"] { properties.bounds = try value.rect() }
    if let value = members["anchorPoint"] { properties.anchorPoint = try value.point() }
    if let value = members["transform"] { properties.transform = try value.transform() }
    if let value = members["opacity"] {
      properties.opacity = try value.number(in: 0...1, expected: "an opacity from 0 to 1")
    }
    if let value = members["hidden"] { properties.isHidden = try value.bool() }
    if let value = members["backgroundColor"] { properties.backgroundColor = try value.color() }
    if let value = members["cornerRadius"] {
      properties.cornerRadius = try value.number(in: 0...1e6, expected: "a corner radius ≥ 0")
    }
    if kind == .shape {
      if let value = members["path"] { properties.path = try value.shapePath() }
      if let value = members["fillColor"] { properties.fillColor = try value.color() }
      if let value = members["strokeColor"] { properties.strokeColor = try value.color() }
      if let value = members["lineWidth"] {
        properties.lineWidth = try value.number(in: 0...1e6, expected: "a line width ≥ 0")
      }
      if let value = members["strokeStart"] {
        properties.strokeStart = try value.number(in: 0...1, expected: "a fraction from 0 to 1")
      }
      if let value = members["strokeEnd"] {
        properties.strokeEnd = try value.number(in: 0...1, expected: "a fraction from 0 to 1")
      }
      if let value = members["lineCap"] { properties.lineCap = try value.choice(LineCap.self) }
      if let value = members["lineJoin"] { properties.lineJoin = try value.choice(LineJoin.self) }
      if let value = members["miterLimit"] {
        properties.miterLimit = try value.number(in: 0...1e6, expected: "a miter limit ≥ 0")
      }
      if let value = members["fillRule"] { properties.fillRule = try value.choice(FillRule.self) }
    }

    let animations = try members["animations"]?.array().map {
      try AnimationCompiler.animation($0, layerKind: kind)
    } ?? []
    let sublayers = try members["sublayers"]?.array().map { try layer($0) } ?? []
    return Layer(id: id, kind: kind, properties: properties, animations: animations, sublayers: sublayers)
  }
}
