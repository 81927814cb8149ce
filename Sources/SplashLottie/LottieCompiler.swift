import Foundation
import SplashCore
import SplashDocument
import SplashModel

/// Compiles a Lottie (Bodymovin) document into a scene: the same Core Animation model presets
/// compile to, so every command renders it alike.
///
/// In two stages, each in a folder of its own, after a stage zero that runs the file's After
/// Effects expressions and writes their values as keyframes (`Expressions/`,
/// `LottieExpressionBaker`): `Document/` reads the whole file once into
/// typed values (`LottieDocument`: layers, precompositions, masks, shape items, text, with
/// their JSON paths, limits and warnings); `Lowering/` builds the layers and animations from
/// them (`LottieLayerBuilder`), setting every layer property through the property registry.
///
/// The composition is the canvas (`w` × `h` points, on white unless a command asks for a
/// transparent background); scene time is the composition's frame divided by its rate `fr`;
/// one loop of the clip is `ip … op`. What the file uses that splashvid does not draw is warned
/// about (`warn`), once per feature with its JSON path, and left out; a file that is not a
/// Lottie document, or is malformed, is refused with its JSON path.
public enum LottieCompiler {
  /// Whether `document` is a Lottie file: an object with a version, a frame rate, in and out
  /// points and layers (what every Bodymovin exporter writes), whatever the file is called.
  public static func isLottie(_ document: JSONValue) -> Bool {
    guard case .object(let members) = document else { return false }
    return ["v", "fr", "ip", "op", "layers"].allSatisfy { members[$0] != nil }
  }

  /// Compiles a parsed Lottie document. `file` names it in messages.
  ///
  /// - Throws: `DocumentError` naming the JSON path of what is malformed.
  ///
  /// - Parameters:
  ///   - baseDirectory: The file's folder, where its image files are (`u`/`p`).
  ///   - assetsRoot: The folder those images must really lie in; `baseDirectory` when `nil`.
  ///   - archiveImages: For a document taken out of an archive (dotLottie), the archive's images
  ///     by file name (an asset's `p`): they are drawn from these bytes, and no file is read.
  public static func compile(
    _ document: JSONValue, file: String, baseDirectory: URL? = nil, assetsRoot: URL? = nil,
    archiveImages: [String: [UInt8]]? = nil, warn: ((DocumentError) -> Void)? = nil
  ) throws -> Scene {
    try compile(
      document, file: file, baseDirectory: baseDirectory, assetsRoot: assetsRoot, archiveImages: archiveImages,
      limits: LottieLimits(), warn: warn)
  }

  /// `compile(_:file:baseDirectory:assetsRoot:archiveImages:warn:)` within `limits`.
  static func compile(
    _ document: JSONValue, file: String, baseDirectory: URL? = nil, assetsRoot: URL? = nil,
    archiveImages: [String: [UInt8]]? = nil, limits: LottieLimits, warn: ((DocumentError) -> Void)? = nil
  ) throws -> Scene {
    let context = LottieContext(file: file, limits: limits, warnings: LottieWarnings(file: file))
    // Stage zero: the file's expressions run, and what they compute written as keyframes.
    let document = LottieExpressionBaker(context: context).baked(document)
    // Stage one: the whole document read into typed values, once.
    let read = try LottieDocument(LottieCursor(value: document, jsonPath: "", file: file), context: context)
    // Stage two: the Core Animation layers built from them.
    let lowering = LottieLowering(
      document: read, context: context, baseDirectory: baseDirectory, assetsRoot: assetsRoot, archiveImages: archiveImages)
    let layers = try LottieLayerBuilder(context: lowering).layers(
      read.layers, timeline: LottieTimeline(framesPerSecond: read.framesPerSecond))
    if lowering.sampler.isExhausted {
      context.warnings.note(
        "the file animates more shapes than \(limits.sampledFramesInAll) sampled frames can hold: some are sampled at their keyframes and a few points between",
        at: "layers")
    }
    do {
      try LayerTreeLimits.standard.check(layers)
    } catch {
      throw DocumentError(file: file, path: "layers", expected: "\(error.expected) (layer \"\(error.layerID)\")", found: nil)
    }
    for warning in context.warnings.warnings { warn?(warning) }
    var scene = Scene(
      canvasSize: read.size, backgroundColor: .white, layers: layers,
      clip: ClipWindow(start: read.inPoint / read.framesPerSecond, cycle: (read.outPoint - read.inPoint) / read.framesPerSecond),
      frameNumbering: FrameNumbering(framesPerSecond: read.framesPerSecond, firstFrame: read.inPoint))
    // A marker covers frames tm to tm + dr, as a player's `playSegments` of it does.
    scene.segments = read.markers.map {
      ClipSegment(name: $0.name, start: $0.frame / read.framesPerSecond, end: ($0.frame + $0.duration) / read.framesPerSecond)
    }
    return scene
  }

  /// Parses and compiles Lottie JSON.
  ///
  /// - Throws: `DocumentError` for a syntax error (with line and column) or a malformed file.
  public static func compile(_ data: Data, file: String, warn: ((DocumentError) -> Void)? = nil) throws -> Scene {
    try compile(try parse(data, file: file), file: file, warn: warn)
  }

  /// The document in `data`, or a `DocumentError` with the line and column of a syntax error.
  public static func parse(_ data: Data, file: String) throws -> JSONValue {
    do {
      // Exporters occasionally write a key twice; players keep the last, and so does this.
      return try JSONValue.parseJSON5(data, duplicateKeys: .lastWins)
    } catch let error as JSON5Parser.SyntaxError {
      throw syntaxError(error, file: file)
    }
  }

  /// The message of a syntax error in a Lottie file, with its line and caret.
  public static func syntaxError(_ error: JSON5Parser.SyntaxError, file: String) -> DocumentError {
    DocumentError(file: file, path: "", expected: "not valid JSON: \(error)", found: nil, excerpt: error.excerpt)
  }

  /// Every problem (at most one: compiling stops at the first) and every warning of a file,
  /// for `validate`.
  ///
  /// - Parameter verify: What a render checks of the compiled scene before its first frame (its
  ///   images' budget), so that `validate` refuses what a render would.
  public static func check(
    _ document: JSONValue, file: String, baseDirectory: URL? = nil, archiveImages: [String: [UInt8]]? = nil,
    verify: (Scene) throws -> Void = { _ in }
  ) -> (problems: [DocumentError], warnings: [DocumentError]) {
    var warnings: [DocumentError] = []
    do {
      let scene = try compile(document, file: file, baseDirectory: baseDirectory, archiveImages: archiveImages) {
        warnings.append($0)
      }
      try verify(scene)
      return ([], warnings)
    } catch let error as DocumentError {
      return ([error], warnings)
    } catch {
      return ([DocumentError(file: file, path: "", expected: "\(error)", found: nil)], warnings)
    }
  }
}
