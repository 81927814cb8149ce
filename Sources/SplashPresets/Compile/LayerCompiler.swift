import Foundation
import SplashCore
import SplashModel

/// Compiles layer objects, checking ids for uniqueness across the whole tree.
///
/// Every layer takes `CALayer`'s properties; each `type` adds its own (see docs in README):
///
///     { id: "circle", type: "shape",                    // layer (default) | shape | text | gradient
///       position: [0, 0], bounds: [0, 0, 0, 0], anchorPoint: [0.5, 0.5], zPosition: 0,
///       transform: { rotate: "-45deg", scale: 0.25 }, sublayerTransform: "identity",
///       opacity: 1, hidden: false, backgroundColor: "clear", cornerRadius: 0,
///       masksToBounds: false, borderWidth: 0, borderColor: "black",
///       contents: "logo.png", contentsGravity: "resize",     // relative to the preset file
///       shadowColor: "black", shadowOpacity: 0, shadowOffset: [0, -3], shadowRadius: 3,
///       mask: { id: "…", … }, animations: [ … ], sublayers: [ … ],
///       addedAt: 1.0, removedAt: 2.2,                // when the original added / removed it
///       grid: { … } }                                // cells from a template (GridExpander)
///     shape:    path, fillColor, fillRule, strokeColor, lineWidth, strokeStart, strokeEnd,
///               lineCap, lineJoin, miterLimit, lineDashPattern, lineDashPhase
///     text:     string, fontFamily, fontWeight (100-900 or "thin", "light", "bold", …),
///               fontSize, foregroundColor, alignmentMode, wrapped
///     gradient: gradientType (axial | radial | conic), colors, locations, startPoint, endPoint
struct LayerCompiler {
  /// The folder the preset file is in, against which image paths resolve.
  let baseDirectory: URL?
  private var seenIds: Set<String> = []

  init(baseDirectory: URL?) {
    self.baseDirectory = baseDirectory
  }

  static let commonKeys: Set<String> = [
    "id", "type", "position", "bounds", "anchorPoint", "zPosition", "transform", "sublayerTransform", "opacity",
    "hidden", "backgroundColor", "cornerRadius", "masksToBounds", "borderWidth", "borderColor", "contents",
    "contentsGravity", "shadowColor", "shadowOpacity", "shadowOffset", "shadowRadius", "mask", "animations",
    "sublayers", "addedAt", "removedAt", "grid",
  ]
  static let keysByKind: [LayerKind: Set<String>] = [
    .layer: [],
    .shape: [
      "path", "fillColor", "fillRule", "strokeColor", "lineWidth", "strokeStart", "strokeEnd", "lineCap", "lineJoin",
      "miterLimit", "lineDashPattern", "lineDashPhase",
    ],
    .text: ["string", "fontFamily", "fontWeight", "fontSize", "foregroundColor", "alignmentMode", "wrapped"],
    .gradient: ["gradientType", "colors", "locations", "startPoint", "endPoint"],
  ]

  mutating func layer(_ cursor: JSONCursor) throws -> Layer {
    // Read the type first so that another kind's keys are reported as not belonging here.
    guard case .object(let raw) = cursor.value else { throw cursor.error(expected: "a layer object") }
    var kind = LayerKind.layer
    if let typeValue = raw["type"] {
      kind = try JSONCursor(value: typeValue, jsonPath: "\(cursor.jsonPath).type", file: cursor.file).choice(LayerKind.self)
    }
    let members = try cursor.object(allowedKeys: Self.commonKeys.union(Self.keysByKind[kind] ?? []))

    guard let idCursor = members["id"] else { throw cursor.error("missing \"id\"") }
    let id = try idCursor.string()
    guard !id.isEmpty, !seenIds.contains(id) else {
      throw idCursor.error(expected: "a layer id not used elsewhere in the preset")
    }
    seenIds.insert(id)

    var properties = LayerProperties()
    try readCommon(members, into: &properties)
    switch kind {
    case .layer: break
    case .shape: try readShape(members, into: &properties.shape)
    case .text: try readText(members, into: &properties.text)
    case .gradient: try readGradient(members, into: &properties.gradient)
    }

    var animations = try members["animations"]?.array().map {
      try AnimationCompiler.animation($0, layerKind: kind)
    } ?? []
    if let lifetime = try lifetimeAnimation(members) {
      // The layer is hidden in its model and shown while it is "in the tree"; this comes first
      // so that the preset's own animations of `hidden` still win.
      properties.isHidden = true
      animations.insert(lifetime, at: 0)
    }
    let mask = try members["mask"].map { try layer($0) }
    let cells = try members["grid"].map { try GridExpander.cells($0).map { try layer($0) } } ?? []
    let sublayers = try cells + (members["sublayers"]?.array().map { try layer($0) } ?? [])
    return Layer(id: id, kind: kind, properties: properties, animations: animations, sublayers: sublayers, mask: mask)
  }

  /// `addedAt` / `removedAt`: when the original code added the layer to the tree and removed
  /// it (completion callbacks and timers), as a span in which `hidden` is false.
  private func lifetimeAnimation(_ members: [String: JSONCursor]) throws -> Animation? {
    guard members["addedAt"] != nil || members["removedAt"] != nil else { return nil }
    let added = try members["addedAt"]?.number(in: 0...86_400, expected: "a scene time in seconds ≥ 0") ?? 0
    let removed = try members["removedAt"]?.number(in: 0...86_400, expected: "a scene time in seconds ≥ 0") ?? 1e9
    if removed <= added, let cursor = members["removedAt"] {
      throw cursor.error(expected: "a removal time after addedAt (\(added))")
    }
    return .property(
      PropertyAnimation(
        keyPath: .hidden, timing: MediaTiming(beginTime: added, duration: removed - added),
        values: .keyframes(KeyframeTrack(values: [.scalar(0)], calculationMode: .discrete))))
  }

  private func readCommon(_ members: [String: JSONCursor], into properties: inout LayerProperties) throws {
    let nonNegative = "a number ≥ 0"
    if let value = members["position"] { properties.position = try value.point() }
    if let value = members["bounds"] { properties.bounds = try value.rect() }
    if let value = members["anchorPoint"] { properties.anchorPoint = try value.point() }
    if let value = members["zPosition"] { properties.zPosition = try value.number() }
    if let value = members["transform"] { properties.transform = try value.transform() }
    if let value = members["sublayerTransform"] { properties.sublayerTransform = try value.transform() }
    if let value = members["opacity"] {
      properties.opacity = try value.number(in: 0...1, expected: "an opacity from 0 to 1")
    }
    if let value = members["hidden"] { properties.isHidden = try value.bool() }
    if let value = members["backgroundColor"] { properties.backgroundColor = try value.color() }
    if let value = members["cornerRadius"] { properties.cornerRadius = try value.number(in: 0...1e6, expected: nonNegative) }
    if let value = members["masksToBounds"] { properties.masksToBounds = try value.bool() }
    if let value = members["borderWidth"] { properties.borderWidth = try value.number(in: 0...1e6, expected: nonNegative) }
    if let value = members["borderColor"] { properties.borderColor = try value.color() }
    if let value = members["contents"] {
      properties.contents = LayerContents(imagePath: try imagePath(value))
    }
    if let value = members["contentsGravity"] {
      guard properties.contents != nil else { throw value.error("\"contentsGravity\" needs \"contents\"") }
      properties.contents?.gravity = try value.choice(LayerContents.Gravity.self)
    }
    if let value = members["shadowColor"] { properties.shadow.color = try value.color() }
    if let value = members["shadowOpacity"] {
      properties.shadow.opacity = try value.number(in: 0...1, expected: "an opacity from 0 to 1")
    }
    if let value = members["shadowOffset"] {
      let offset = try value.numbers(count: 2, expected: "an offset [dx, dy]")
      properties.shadow.offset = Size(width: offset[0], height: offset[1])
    }
    if let value = members["shadowRadius"] { properties.shadow.radius = try value.number(in: 0...1e4, expected: nonNegative) }
  }

  private func readShape(_ members: [String: JSONCursor], into shape: inout ShapeStyle) throws {
    if let value = members["path"] { shape.path = try value.shapePath() }
    if let value = members["fillColor"] { shape.fillColor = try value.color() }
    if let value = members["fillRule"] { shape.fillRule = try value.choice(FillRule.self) }
    if let value = members["strokeColor"] { shape.strokeColor = try value.color() }
    if let value = members["lineWidth"] { shape.lineWidth = try value.number(in: 0...1e6, expected: "a line width ≥ 0") }
    if let value = members["strokeStart"] {
      shape.strokeStart = try value.number(in: 0...1, expected: "a fraction from 0 to 1")
    }
    if let value = members["strokeEnd"] { shape.strokeEnd = try value.number(in: 0...1, expected: "a fraction from 0 to 1") }
    if let value = members["lineCap"] { shape.lineCap = try value.choice(LineCap.self) }
    if let value = members["lineJoin"] { shape.lineJoin = try value.choice(LineJoin.self) }
    if let value = members["miterLimit"] { shape.miterLimit = try value.number(in: 0...1e6, expected: "a miter limit ≥ 0") }
    if let value = members["lineDashPattern"] {
      shape.lineDashPattern = try value.numberList(in: 0...1e6, expected: "a dash or gap length ≥ 0")
    }
    if let value = members["lineDashPhase"] { shape.lineDashPhase = try value.number() }
  }

  private func readText(_ members: [String: JSONCursor], into text: inout TextStyle) throws {
    if let value = members["string"] { text.string = try value.string() }
    if let value = members["fontFamily"] { text.fontFamily = try value.string() }
    if let value = members["fontWeight"] { text.fontWeight = try value.fontWeight() }
    if let value = members["fontSize"] { text.fontSize = try value.number(in: 0.1...10_000, expected: "a font size in points") }
    if let value = members["foregroundColor"] { text.foregroundColor = try value.color() }
    if let value = members["alignmentMode"] { text.alignment = try value.choice(TextStyle.Alignment.self) }
    if let value = members["wrapped"] { text.isWrapped = try value.bool() }
  }

  private func readGradient(_ members: [String: JSONCursor], into gradient: inout GradientStyle) throws {
    if let value = members["gradientType"] { gradient.kind = try value.choice(GradientStyle.Kind.self) }
    if let value = members["colors"] { gradient.colors = try value.colorList() }
    if let value = members["locations"] {
      gradient.locations = try value.numberList(in: 0...1, expected: "a location from 0 to 1")
      guard gradient.locations.count == gradient.colors.count else {
        throw value.error(expected: "\(gradient.colors.count) locations (one per colour)")
      }
    }
    if let value = members["startPoint"] { gradient.startPoint = try value.point() }
    if let value = members["endPoint"] { gradient.endPoint = try value.point() }
  }

  /// An image file path, resolved against the preset's folder and checked to exist.
  private func imagePath(_ cursor: JSONCursor) throws -> String {
    let text = try cursor.string()
    let url: URL
    if let baseDirectory, !text.hasPrefix("/") {
      url = baseDirectory.appendingPathComponent(text)
    } else {
      url = URL(fileURLWithPath: text)
    }
    guard FileManager.default.fileExists(atPath: url.path) else {
      throw cursor.error(expected: "an image file that exists (looked for \(url.path))")
    }
    return url.standardizedFileURL.path
  }
}

extension JSONCursor {
  /// A font weight: 1…1000 (400 regular, 700 bold) or a `UIFont.Weight` name.
  func fontWeight() throws -> Double {
    let names: [String: Double] = [
      "ultraLight": 100, "thin": 200, "light": 300, "regular": 400, "medium": 500, "semibold": 600, "bold": 700,
      "heavy": 800, "black": 900,
    ]
    if case .string(let name) = value, let weight = names[name] { return weight }
    if case .number = value { return try number(in: 1...1000, expected: "a font weight from 1 to 1000") }
    throw error(expected: "a font weight from 1 to 1000 or one of \(names.keys.sorted().joined(separator: ", "))")
  }
}
