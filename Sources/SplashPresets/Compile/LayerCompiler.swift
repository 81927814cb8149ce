import Foundation
import SplashCore
import SplashFiles
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
    let context = PresetPropertyReader.Context(members: members, imagePath: imagePath)
    for reader in Self.propertyReaders(for: kind) {
      try issues.read(members[reader.key]) { value in try reader.read(value, &properties, context) }
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
    var compiled = Layer(
      id: id, kind: kind, properties: properties, animations: animations, sublayers: sublayers, mask: mask, lifetime: lifetime)
    if let lottieCursor = members["lottie"] { compiled.embedded = try issues.attempt { try embeddedAnimation(lottieCursor) } }
    if let videoCursor = members["video"] { compiled.video = try issues.attempt { try videoContents(videoCursor) } }
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
      case .property(let property): property.keyPath.property === LayerPropertyRegistry.path
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

  /// `lottie`: a Lottie file the layer shows below its sublayers, and how its time runs.
  ///
  ///     lottie: { file: "badge.json", beginTime: 0.5, speed: 1, repeats: true, segment: "spin",
  ///               gravity: "resizeAspect" }
  private func embeddedAnimation(_ cursor: JSONCursor) throws -> EmbeddedAnimation {
    let members = try cursor.object(allowedKeys: ["file", "beginTime", "speed", "repeats", "segment", "gravity"])
    guard let fileCursor = members["file"] else { throw cursor.error("missing \"file\"") }
    var embedded = EmbeddedAnimation(
      path: try assetPath(fileCursor, what: "a Lottie file", limit: PresetLimits.embeddedFileBytes))
    if let value = members["beginTime"] { embedded.beginTime = try value.number(in: 0...86_400, expected: "a layer time in seconds ≥ 0") }
    if let value = members["speed"] { embedded.speed = try value.number(in: 0.01...100, expected: "a speed from 0.01 to 100") }
    if let value = members["repeats"] { embedded.repeats = try value.bool() }
    if let value = members["segment"] { embedded.segment = try value.string() }
    if let value = members["gravity"] {
      let gravity = try value.choice(LayerContents.Gravity.self)
      guard [.resize, .resizeAspect, .resizeAspectFill].contains(gravity) else {
        throw value.error(expected: "resize, resizeAspect or resizeAspectFill")
      }
      embedded.gravity = gravity
    }
    return embedded
  }

  /// `video`: a video file the layer shows as its contents, and how its time runs.
  ///
  ///     video: { file: "product.mp4", beginTime: 0, speed: 1, repeats: true, start: 2, end: 8,
  ///              gravity: "resizeAspectFill" }
  private func videoContents(_ cursor: JSONCursor) throws -> VideoContents {
    let members = try cursor.object(allowedKeys: ["file", "beginTime", "speed", "repeats", "start", "end", "gravity"])
    guard let fileCursor = members["file"] else { throw cursor.error("missing \"file\"") }
    var video = VideoContents(path: try assetPath(fileCursor, what: "a video file", limit: PresetLimits.videoFileBytes))
    if let value = members["beginTime"] { video.beginTime = try value.number(in: 0...86_400, expected: "a layer time in seconds ≥ 0") }
    if let value = members["speed"] { video.speed = try value.number(in: 0.01...100, expected: "a speed from 0.01 to 100") }
    if let value = members["repeats"] { video.repeats = try value.bool() }
    if let value = members["start"] { video.start = try value.number(in: 0...86_400, expected: "a time in the video in seconds ≥ 0") }
    if let value = members["end"] {
      let end = try value.number(in: 0...86_400, expected: "a time in the video in seconds ≥ 0")
      guard end > video.start else { throw value.error(expected: "an end after start (\(video.start) s)") }
      video.end = end
    }
    if let value = members["gravity"] { video.gravity = try value.choice(LayerContents.Gravity.self) }
    return video
  }

  /// An image file path, resolved against the preset's folder, checked to exist, to be a
  /// regular file of a sane size, and to lie inside the assets root (no `..`, absolute paths
  /// or symbolic links leading out of it) unless the user named it on the command line.
  func imagePath(_ cursor: JSONCursor) throws -> String {
    try assetPath(cursor, what: "an image file", limit: PresetLimits.imageFileBytes)
  }

  /// A file the preset shows (an image, a Lottie file), checked as `imagePath` says.
  func assetPath(_ cursor: JSONCursor, what: String, limit: Int) throws -> String {
    let text = try cursor.string()
    let url: URL
    if let baseDirectory, !text.hasPrefix("/") {
      url = baseDirectory.appendingPathComponent(text)
    } else {
      url = URL(fileURLWithPath: text)
    }
    let path = url.standardizedFileURL.path
    guard FileManager.default.fileExists(atPath: path) else {
      throw cursor.error(expected: "\(what) that exists (looked for \(path))")
    }
    let resolved = url.resolvingSymlinksInPath().standardizedFileURL.path
    if let assetsRoot, !trustedImages.contains(path) {
      let root = assetsRoot.resolvingSymlinksInPath().standardizedFileURL.path
      guard resolved.hasPrefix(root.hasSuffix("/") ? root : root + "/") else {
        throw cursor.error(
          expected: "\(what == "an image file" ? "an image" : what) inside \(root) (use --assets-root to allow another folder)")
      }
    }
    // Only a regular file: the image library would block opening a FIFO (and the render with
    // it, beyond SIGTERM) or read a device without end.
    do {
      try InputFile.check(resolved, limit: limit, what: what)
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
