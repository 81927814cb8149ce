import Foundation
import SplashDocument
import SplashLottie
import SplashModel
import SplashPresets

/// Compiles an animation file, a preset or a Lottie file (JSON, a `.tgs` gzip stream or a
/// `.lottie` archive), told apart by content: the one place every command (render, still,
/// sheet, inspect, bench, presets, batch) turns a file into a scene.
public enum SceneLoader {
  /// The parsed document when `data` is a Lottie JSON file, else `nil` (a preset, not JSON, or
  /// a container: `LottieSource.read` opens those).
  public static func lottieDocument(_ data: Data) -> JSONValue? {
    guard let document = try? JSONValue.parseJSON5(data, duplicateKeys: .lastWins), LottieCompiler.isLottie(document) else {
      return nil
    }
    return document
  }

  /// Compiles `data`, read from `file`, with a preset's `parameters` (a Lottie file has none:
  /// any is refused, naming it), drawing a dotLottie archive's `animation` (`nil`: its default).
  public static func compile(
    _ data: Data, file: String, baseDirectory: URL, parameters: [String: String], assetsRoot: URL?,
    animation: String? = nil, origin: ParameterOrigin = .commandLine, warn: ((DocumentError) -> Void)? = nil
  ) throws -> Scene {
    if let source = try LottieSource.read(data, file: file, animation: animation) {
      if let name = parameters.keys.sorted().first {
        throw UsageError("--param \(name): \(file) is a Lottie file, which has no parameters")
      }
      for warning in source.warnings { warn?(warning) }
      return try LottieCompiler.compile(
        source.document, file: file, baseDirectory: baseDirectory, assetsRoot: assetsRoot, archiveImages: source.archiveImages,
        warn: warn)
    }
    do {
      return try PresetCompiler.compile(
        data, file: file, baseDirectory: baseDirectory, parameters: parameters, assetsRoot: assetsRoot, parameterOrigin: origin,
        warn: warn)
    } catch let error as DocumentError {
      // Looked for only once the file failed as a preset: a preset is not parsed a second time.
      guard let manifest = dotLottieManifest(data) else { throw error }
      throw DocumentError(
        file: file, path: "animations", expected: "a preset or a Lottie animation",
        found: "a dotLottie archive's manifest (give the .lottie archive, or the animation it lists: animations/\(manifest).json)")
    }
  }

  /// The first animation's id when `data` is the manifest of an unpacked `.lottie` archive (an
  /// object listing `animations` by `id`, with no layers), which users give when they meant the
  /// archive or the animation beside it.
  private static func dotLottieManifest(_ data: Data) -> String? {
    guard case .object(let members)? = try? JSONValue.parseJSON5(data, duplicateKeys: .lastWins), members["layers"] == nil,
      case .array(let animations)? = members["animations"], case .object(let first)? = animations.first,
      case .string(let id)? = first["id"]
    else { return nil }
    return id
  }

  /// Reads (a regular file of bounded size) and compiles the file at `url`, named `displayName`.
  public static func load(
    _ url: URL, displayName: String, parameters: [String: String], assetsRoot: URL?, animation: String? = nil,
    warn: ((DocumentError) -> Void)? = nil
  ) throws -> Scene {
    let data = try PresetLoader.read(url.path, displayName: displayName)
    return try compile(
      data, file: displayName, baseDirectory: url.deletingLastPathComponent(), parameters: parameters,
      assetsRoot: assetsRoot ?? url.deletingLastPathComponent(), animation: animation, warn: warn)
  }
}
