import Foundation
import SplashCore
import SplashDocument
import SplashModel

/// The Lottie files a preset's layers show (`lottie: { file, … }`), compiled and put in place:
/// each becomes the layer's first sublayer, a container holding the file's layers, scaled to
/// the layer's bounds by its gravity, clipped to the composition as a player clips it, and
/// living at the file's time (`TimeRemap`: the layer's time through `beginTime`, `speed` and
/// `repeats`).
///
/// A preset and a Lottie file are compiled by modules that do not know each other; this is
/// where one reaches into the other, once the preset has compiled and named its files.
enum EmbeddedAnimations {
  /// `scene` with every embedded animation in place; each file is read and compiled once.
  ///
  /// - Throws: `DocumentError` naming a file that is not a Lottie file or does not compile,
  ///   or a segment the file does not mark.
  static func resolve(
    _ scene: Scene, reader: any DocumentReader, warn: ((DocumentError) -> Void)?, chain: [String] = []
  ) throws -> Scene {
    guard scene.containsLayer(where: { $0.embedded != nil }) else { return scene }
    var compiled: [String: Scene] = [:]
    return try scene.mappingLayers { layer in
      guard let embedded = layer.embedded else { return layer }
      var layer = layer
      let file: Scene
      if let known = compiled[embedded.path] {
        file = known
      } else {
        file = try animation(at: embedded.path, reader: reader, warn: warn, chain: chain)
        compiled[embedded.path] = file
      }
      let range = try range(of: file, segment: embedded.segment, path: embedded.path, naming: .markers)
      layer.sublayers.insert(container(for: layer, embedded: embedded, file: file, range: range), at: 0)
      return layer
    }
  }

  /// Every embedded file of `scene`, for the inputs a clip's fingerprint and overwrite checks
  /// cover.
  static func files(in scene: Scene) -> Set<String> {
    var files: Set<String> = []
    scene.forEachLayer { if let embedded = $0.embedded { files.insert(embedded.path) } }
    return files
  }

  /// The Lottie file at `path`, compiled as `--file` compiles it (its slots at their values).
  private static func animation(
    at path: String, reader: any DocumentReader, warn: ((DocumentError) -> Void)?, chain: [String]
  ) throws -> Scene {
    let (document, scene) = try compiled(at: path, reader: reader, warn: warn, chain: chain)
    guard document.isLottie else {
      throw DocumentError(
        file: path, path: "", expected: "a Lottie file (JSON, .lottie or .tgs) for a layer's lottie.file", found: "a preset")
    }
    return scene
  }

  /// The most files inside files: a sequence of presets whose scenes show Lottie files is 3.
  static let maximumDepth = 8

  /// The file at `path` read and compiled as `--file` compiles it, as part of the files in
  /// `chain` (the outermost first), none of which it may be.
  ///
  /// - Throws: `DocumentError` for a file that shows itself, through however many others.
  static func compiled(
    at path: String, reader: any DocumentReader, warn: ((DocumentError) -> Void)?, chain: [String]
  ) throws -> (document: AnimationDocument, scene: Scene) {
    let standardized = URL(fileURLWithPath: path).standardizedFileURL.path
    guard !chain.contains(standardized) else {
      let names = (chain + [standardized]).map { URL(fileURLWithPath: $0).lastPathComponent }
      throw DocumentError(
        file: path, path: "", expected: "a file that does not show itself", found: names.joined(separator: " → "))
    }
    guard chain.count < maximumDepth else {
      throw DocumentError(file: path, path: "", expected: "files inside files at most \(maximumDepth) deep", found: nil)
    }
    let document = try AnimationDocument.read(URL(fileURLWithPath: path), displayName: path, reader: reader)
    return (document, try document.scene(warn: warn, chain: chain + [standardized]))
  }

  /// What a message calls a file's named parts: a Lottie file's markers (a layer's
  /// `lottie.segment`), or a preset's segments and a Lottie file's markers (a sequence's scene).
  enum PartNames {
    case markers, segmentsOrMarkers
  }

  /// The part of `file` (read from `path`) one pass plays, in the file's seconds: its segment
  /// or marker `name`, or its loop.
  ///
  /// - Throws: `DocumentError` for a name the file has no part of (or one without a length).
  static func range(of file: Scene, segment name: String?, path: String, naming: PartNames) throws -> (start: Double, end: Double) {
    guard let name else { return (file.clip.start, file.clip.start + file.clip.cycle) }
    guard let segment = file.segments.first(where: { $0.name == name }), segment.end > segment.start else {
      let names = file.segments.map(\.name).joined(separator: ", ")
      throw
        switch naming
      {
      case .markers:
        DocumentError(
          file: path, path: "markers",
          expected: "a marker named \"\(name)\" with a length"
            + (names.isEmpty ? " (the file has no markers)" : " (its markers: \(names))"),
          found: nil)
      case .segmentsOrMarkers:
        DocumentError(
          file: path, path: "",
          expected: "a segment or marker named \"\(name)\" with a length"
            + (names.isEmpty ? " (the file has none)" : " (its segments: \(names))"),
          found: nil)
      }
    }
    return (segment.start, segment.end)
  }

  /// The container of `file`'s layers inside `layer`, playing `range` of the file (`range(of:)`).
  static func container(
    for layer: Layer, embedded: EmbeddedAnimation, file: Scene, range: (start: Double, end: Double), name: String = "lottie"
  ) -> Layer {
    let bounds = layer.properties.bounds
    let composition = file.canvasSize
    var scaleX = bounds.size.width / composition.width
    var scaleY = bounds.size.height / composition.height
    switch embedded.gravity {
    case .resizeAspectFill: (scaleX, scaleY) = (max(scaleX, scaleY), max(scaleX, scaleY))
    case .resize: break
    default: (scaleX, scaleY) = (min(scaleX, scaleY), min(scaleX, scaleY))
    }
    var properties = LayerProperties()
    properties.bounds = Rect(x: 0, y: 0, width: composition.width, height: composition.height)
    properties.anchorPoint = Point(x: 0, y: 0)
    // Centred in the bounds; sublayers are placed in the layer's bounds coordinates.
    properties.position = Point(
      x: bounds.origin.x + (bounds.size.width - composition.width * scaleX) / 2,
      y: bounds.origin.y + (bounds.size.height - composition.height * scaleY) / 2)
    properties.transform = Transform3D(scaleX: scaleX, y: scaleY)
    // A player draws nothing outside its composition.
    properties.masksToBounds = true
    var container = Layer(
      id: "\(layer.id)/\(name)", properties: properties, sublayers: file.layers.map { prefixed($0, with: "\(layer.id)/\(name)/") })

    let (start, end) = range
    // A moment before the end, where a layer whose out point is the end still shows.
    let margin = TimeSelection.endMargin(of: file)
    container.timeRemap = TimeRemap(
      track: KeyframeTrack(values: [.scalar(start), .scalar(end)]), beginTime: embedded.beginTime,
      duration: (end - start) / embedded.speed, repeats: embedded.repeats, latest: end - margin)
    return container
  }

  /// `layer` and its tree with every id prefixed, so the file's ids cannot meet the preset's.
  private static func prefixed(_ layer: Layer, with prefix: String) -> Layer {
    layer.mappingTree { layer in
      var layer = layer
      layer.id = prefix + layer.id
      return layer
    }
  }
}
