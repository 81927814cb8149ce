import Foundation
import SplashDocument
import SplashLottie
import SplashModel
import SplashPresets

/// Compiles an animation file, a preset or a Lottie file (JSON, a `.tgs` gzip stream or a
/// `.lottie` archive), through `AnimationDocument`: one read and one parse.
public enum SceneLoader {
  /// The parsed document when `data` is a Lottie JSON file, else `nil` (a preset, not JSON, or
  /// a container: `AnimationDocument` opens those).
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
    try AnimationDocument(bytes: Array(data), file: file, baseDirectory: baseDirectory, animation: animation).scene(
      parameters: parameters, assetsRoot: assetsRoot, animation: animation, origin: origin, warn: warn)
  }

  /// Reads (a regular file of bounded size) and compiles the file at `url`, named `displayName`.
  public static func load(
    _ url: URL, displayName: String, parameters: [String: String], assetsRoot: URL?, animation: String? = nil,
    reader: any DocumentReader = .files, warn: ((DocumentError) -> Void)? = nil
  ) throws -> Scene {
    try AnimationDocument.read(url, displayName: displayName, animation: animation, reader: reader).scene(
      parameters: parameters, assetsRoot: assetsRoot, animation: animation, warn: warn)
  }
}
