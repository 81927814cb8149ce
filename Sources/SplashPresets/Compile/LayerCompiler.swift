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
///     text:     string (at most 1000 characters), fontFamily,
///               fontWeight (1-1000 or UIKit's "ultraLight" 100, "thin" 200, …),
///               fontSize, foregroundColor, alignmentMode, wrapped
///     gradient: gradientType (axial | radial | conic), colors, locations, startPoint, endPoint
///     replicator: instanceCount, instanceTransform, instanceDelay, instanceColor,
///               instanceRedOffset, instanceGreenOffset, instanceBlueOffset, instanceAlphaOffset,
///               preservesDepth (false only)
struct LayerCompiler {
  /// The folder the preset file is in, against which image paths resolve.
  let baseDirectory: URL?
  /// The folder every image must lie in (symbolic links resolved); `nil` allows any file.
  let assetsRoot: URL?
  /// Image files allowed wherever they are: those the user named on the command line.
  let trustedImages: Set<String>
  let issues: IssueCollector
  let budget = PresetBudget()
  private var seenIds: Set<String> = []

  init(baseDirectory: URL?, assetsRoot: URL?, trustedImages: Set<String>, issues: IssueCollector) {
    self.baseDirectory = baseDirectory
    self.assetsRoot = assetsRoot
    self.trustedImages = trustedImages
    self.issues = issues
  }

  static let commonKeys: Set<String> = [
    "id", "type", "position", "bounds", "anchorPoint", "zPosition", "transform", "sublayerTransform", "opacity",
    "hidden", "backgroundColor", "cornerRadius", "masksToBounds", "borderWidth", "borderColor", "contents",
    "contentsGravity", "shadowColor", "shadowOpacity", "shadowOffset", "shadowRadius", "mask", "animations",
    "sublayers", "addedAt", "removedAt", "grid", "frame",
  ]
  static let keysByKind: [LayerKind: Set<String>] = [
    .layer: [],
    .shape: [
      "path", "fillColor", "fillRule", "strokeColor", "lineWidth", "strokeStart", "strokeEnd", "lineCap", "lineJoin",
      "miterLimit", "lineDashPattern", "lineDashPhase",
    ],
    .text: ["string", "fontFamily", "fontWeight", "fontSize", "foregroundColor", "alignmentMode", "wrapped"],
    .gradient: ["gradientType", "colors", "locations", "startPoint", "endPoint"],
    .replicator: replicatorKeys,
  ]

  mutating func layer(_ cursor: JSONCursor, depth: Int = 0) throws -> Layer {
    guard depth < PresetLimits.depth else {
      throw cursor.error("layers nested more than \(PresetLimits.depth) deep")
    }
    try budget.addLayer(at: cursor)
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
    case .replicator: try readReplicator(members, into: &properties.replicator)
    }

    var animations: [Animation] = []
    for cursor in try issues.attempt({ try members["animations"]?.array() ?? [] }) ?? [] {
      if let animation = try issues.attempt({
        try AnimationCompiler.animation(cursor, layerKind: kind, issues: issues, budget: budget)
      }) {
        animations.append(animation)
      }
    }
    let lifetime = try issues.attempt({ try readLifetime(members) }) ?? nil
    if kind == .shape { warnIfShapeDrawsNothing(members, shape: properties.shape, animations: animations, in: cursor) }
    var mask: Layer?
    if let maskCursor = members["mask"] { mask = try issues.attempt { try layer(maskCursor, depth: depth + 1) } }
    var sublayers: [Layer] = []
    let cells = try issues.attempt({ try members["grid"].map { try GridExpander.cells($0) } ?? [] }) ?? []
    for cursor in try cells + (issues.attempt({ try members["sublayers"]?.array() ?? [] }) ?? []) {
      if let sublayer = try issues.attempt({ try layer(cursor, depth: depth + 1) }) { sublayers.append(sublayer) }
    }
    let compiled = Layer(
      id: id, kind: kind, properties: properties, animations: animations, sublayers: sublayers, mask: mask, lifetime: lifetime)
    if kind == .replicator { try countInstances(of: compiled, at: cursor) }
    return compiled
  }

  /// Warns about a shape layer whose path has no length and is not animated: it draws no
  /// fill and no stroke, which is what an arc whose start and end angles are equal gives, or a
  /// path left out. Legal, so a warning (`validate` prints it), never silent.
  private func warnIfShapeDrawsNothing(
    _ members: [String: JSONCursor], shape: ShapeStyle, animations: [Animation], in cursor: JSONCursor
  ) {
    func animatesPath(_ animation: Animation) -> Bool {
      switch animation {
      case .property(let property): property.keyPath == .path
      case .group(let group): group.animations.contains(where: animatesPath)
      }
    }
    guard !animations.contains(where: animatesPath), (shape.path?.length() ?? 0) == 0 else { return }
    if let pathCursor = members["path"] {
      // A path that did not read is a problem reported already.
      guard shape.path != nil else { return }
      issues.warn(
        pathCursor.error(
          "warning: this path has no length, so the layer draws nothing (an arc whose start and end angles are equal sweeps nothing)"))
    } else {
      issues.warn(cursor.error("warning: this shape layer has no \"path\", so it draws nothing"))
    }
  }

  /// `addedAt` / `removedAt`: when the original code added the layer to the tree and removed
  /// it (completion callbacks and timers); outside that span the layer is hidden.
  private func readLifetime(_ members: [String: JSONCursor]) throws -> LayerLifetime? {
    guard members["addedAt"] != nil || members["removedAt"] != nil else { return nil }
    let added = try members["addedAt"]?.number(in: 0...86_400, expected: "a scene time in seconds ≥ 0") ?? 0
    let removed = try members["removedAt"]?.number(in: 0...86_400, expected: "a scene time in seconds ≥ 0") ?? .infinity
    if removed <= added, let cursor = members["removedAt"] {
      throw cursor.error(expected: "a removal time after addedAt (\(added))")
    }
    return LayerLifetime(addedAt: added, removedAt: removed)
  }

  private func readCommon(_ members: [String: JSONCursor], into properties: inout LayerProperties) throws {
    let nonNegative = "a number ≥ 0"
    try issues.read(members["position"]) { value in properties.position = try value.point() }
    try issues.read(members["bounds"]) { value in properties.bounds = try value.rect() }
    try issues.read(members["anchorPoint"]) { value in properties.anchorPoint = try value.point() }
    try issues.read(members["frame"]) { value in
      if let given = ["position", "bounds"].first(where: { members[$0] != nil }) {
        throw value.error("\"frame\" sets both position and bounds (CALayer's frame setter), so \"\(given)\" cannot be given too")
      }
      properties.setFrame(try value.rect())
    }
    try issues.read(members["zPosition"]) { value in properties.zPosition = try value.number() }
    try issues.read(members["transform"]) { value in properties.transform = try value.transform() }
    try issues.read(members["sublayerTransform"]) { value in properties.sublayerTransform = try value.transform() }
    try issues.read(members["opacity"]) { value in
      properties.opacity = try value.number(in: 0...1, expected: "an opacity from 0 to 1")
    }
    try issues.read(members["hidden"]) { value in properties.isHidden = try value.bool() }
    try issues.read(members["backgroundColor"]) { value in properties.backgroundColor = try value.optionalColor() }
    try issues.read(members["cornerRadius"]) { value in properties.cornerRadius = try value.number(in: 0...1e6, expected: nonNegative) }
    try issues.read(members["masksToBounds"]) { value in properties.masksToBounds = try value.bool() }
    try issues.read(members["borderWidth"]) { value in properties.borderWidth = try value.number(in: 0...1e6, expected: nonNegative) }
    try issues.read(members["borderColor"]) { value in properties.borderColor = try value.optionalColor() }
    try issues.read(members["contents"]) { value in
      properties.contents = LayerContents(imagePath: try imagePath(value))
    }
    try issues.read(members["contentsGravity"]) { value in
      guard properties.contents != nil else { throw value.error("\"contentsGravity\" needs \"contents\"") }
      properties.contents?.gravity = try value.choice(LayerContents.Gravity.self)
    }
    try issues.read(members["shadowColor"]) { value in properties.shadow.color = try value.optionalColor() }
    try issues.read(members["shadowOpacity"]) { value in
      properties.shadow.opacity = try value.number(in: 0...1, expected: "an opacity from 0 to 1")
    }
    try issues.read(members["shadowOffset"]) { value in
      let offset = try value.numbers(count: 2, expected: "an offset [dx, dy]")
      properties.shadow.offset = Size(width: offset[0], height: offset[1])
    }
    try issues.read(members["shadowRadius"]) { value in properties.shadow.radius = try value.number(in: 0...1e4, expected: nonNegative) }
  }

  private func readShape(_ members: [String: JSONCursor], into shape: inout ShapeStyle) throws {
    try issues.read(members["path"]) { value in shape.path = try value.shapePath() }
    try issues.read(members["fillColor"]) { value in shape.fillColor = try value.optionalColor() }
    try issues.read(members["fillRule"]) { value in shape.fillRule = try value.choice(FillRule.self) }
    try issues.read(members["strokeColor"]) { value in shape.strokeColor = try value.optionalColor() }
    try issues.read(members["lineWidth"]) { value in shape.lineWidth = try value.number(in: 0...1e6, expected: "a line width ≥ 0") }
    try issues.read(members["strokeStart"]) { value in
      shape.strokeStart = try value.number(in: 0...1, expected: "a fraction from 0 to 1")
    }
    try issues.read(members["strokeEnd"]) { value in shape.strokeEnd = try value.number(in: 0...1, expected: "a fraction from 0 to 1") }
    try issues.read(members["lineCap"]) { value in shape.lineCap = try value.choice(LineCap.self) }
    try issues.read(members["lineJoin"]) { value in shape.lineJoin = try value.choice(LineJoin.self) }
    try issues.read(members["miterLimit"]) { value in shape.miterLimit = try value.number(in: 0...1e6, expected: "a miter limit ≥ 0") }
    try issues.read(members["lineDashPattern"]) { value in
      shape.lineDashPattern = try value.numberList(in: 0...1e6, expected: "a dash or gap length ≥ 0")
    }
    try issues.read(members["lineDashPhase"]) { value in shape.lineDashPhase = try value.number() }
  }

  /// A text layer's `string`: any text of at most `PresetLimits.textCharacters` characters
  /// (the one check, which `PreparedPreset` also applies to a manifest row's text).
  static func textString(_ value: JSONCursor) throws -> String {
    let string = try value.string()
    let characters = string.unicodeScalars.count
    guard characters <= PresetLimits.textCharacters else {
      throw value.error("expected a text of at most \(PresetLimits.textCharacters) characters, found \(characters) characters")
    }
    return string
  }

  private func readText(_ members: [String: JSONCursor], into text: inout TextStyle) throws {
    try issues.read(members["string"]) { value in text.string = try Self.textString(value) }
    try issues.read(members["fontFamily"]) { value in text.fontFamily = try value.string() }
    try issues.read(members["fontWeight"]) { value in text.fontWeight = try value.fontWeight() }
    try issues.read(members["fontSize"]) { value in text.fontSize = try value.number(in: 0.1...10_000, expected: "a font size in points") }
    try issues.read(members["foregroundColor"]) { value in text.foregroundColor = try value.color() }
    try issues.read(members["alignmentMode"]) { value in text.alignment = try value.choice(TextStyle.Alignment.self) }
    try issues.read(members["wrapped"]) { value in text.isWrapped = try value.bool() }
  }

  private func readGradient(_ members: [String: JSONCursor], into gradient: inout GradientStyle) throws {
    try issues.read(members["gradientType"]) { value in gradient.kind = try value.choice(GradientStyle.Kind.self) }
    try issues.read(members["colors"]) { value in gradient.colors = try value.colorList() }
    try issues.read(members["locations"]) { value in
      gradient.locations = try value.numberList(in: 0...1, expected: "a location from 0 to 1")
      guard gradient.locations.count == gradient.colors.count else {
        throw value.error(expected: "\(gradient.colors.count) locations (one per colour)")
      }
    }
    try issues.read(members["startPoint"]) { value in gradient.startPoint = try value.point() }
    try issues.read(members["endPoint"]) { value in gradient.endPoint = try value.point() }
  }

  /// An image file path, resolved against the preset's folder, checked to exist, to be a
  /// regular file of a sane size, and to lie inside the assets root (no `..`, absolute paths
  /// or symbolic links leading out of it) unless the user named it on the command line.
  private func imagePath(_ cursor: JSONCursor) throws -> String {
    let text = try cursor.string()
    let url: URL
    if let baseDirectory, !text.hasPrefix("/") {
      url = baseDirectory.appendingPathComponent(text)
    } else {
      url = URL(fileURLWithPath: text)
    }
    let path = url.standardizedFileURL.path
    guard FileManager.default.fileExists(atPath: path) else {
      throw cursor.error(expected: "an image file that exists (looked for \(path))")
    }
    let resolved = url.resolvingSymlinksInPath().standardizedFileURL.path
    if let assetsRoot, !trustedImages.contains(path) {
      let root = assetsRoot.resolvingSymlinksInPath().standardizedFileURL.path
      guard resolved.hasPrefix(root.hasSuffix("/") ? root : root + "/") else {
        throw cursor.error(expected: "an image inside \(root) (use --assets-root to allow another folder)")
      }
    }
    // Only a regular file: the image library would block opening a FIFO (and the render with
    // it, beyond SIGTERM) or read a device without end.
    do {
      try InputFile.check(resolved, limit: PresetLimits.imageFileBytes, what: "an image file")
    } catch let error as InputFileError {
      throw PresetError(file: cursor.file, path: cursor.jsonPath, expected: "\(error.expected) (\(path))", found: error.found)
    }
    return path
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
