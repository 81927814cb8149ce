import Foundation
import SplashCairo
import SplashModel
import SplashPresets

/// Where a command's animation comes from: `--preset NAME` (searched) or `--file PATH` (a
/// preset, or a Lottie file, told apart by content).
public struct PresetSource: Sendable {
  public enum Origin: Sendable, Equatable {
    case named(String, presetsDirectory: String?)
    case file(String)
  }

  public var origin: Origin
  /// `--param name=value` overrides, in the order given (a later one for the same name wins).
  public var parameters: [String: String] = [:]

  /// `--assets-root DIR`: the folder images must lie in (default: the preset's folder).
  public var assetsRoot: String?

  /// `--animation ID`: which animation of a dotLottie archive is drawn (default: the one
  /// players show first); any other file refuses it.
  public var animation: String?

  public init(origin: Origin, parameters: [String: String] = [:], assetsRoot: String? = nil, animation: String? = nil) {
    self.origin = origin
    self.parameters = parameters
    self.assetsRoot = assetsRoot
    self.animation = animation
  }

  /// Finds, reads and compiles the preset.
  ///
  /// - Throws: `PresetLookupError` when no folder holds a preset of that name; `PresetError`
  ///   for an unreadable or invalid file.
  public func load(environment: [String: String], warn: ((String) -> Void)? = nil) throws -> Scene {
    let scene = try compile(environment: environment, warn: warn)
    // Every command that draws loads through here: images too large together are refused
    // before any worker decodes them.
    _ = try ImageBudget.declaredPixels(in: scene)
    return scene
  }

  private func compile(environment: [String: String], warn: ((String) -> Void)?) throws -> Scene {
    // A shape that draws nothing is said where the frames are made too, not only by validate.
    let warnPreset = warn.map { warn in { (warning: PresetError) in warn("\(warning)") } }
    let assetsRoot = self.assetsRoot.map(URL.init(fileURLWithPath:))
    switch origin {
    case .file(let path):
      return try SceneLoader.load(
        URL(fileURLWithPath: path), displayName: path, parameters: parameters, assetsRoot: assetsRoot, animation: animation,
        warn: warnPreset)
    case .named(let name, let presetsDirectory):
      let library = PresetLibrary.standard(
        presetsDirectory: presetsDirectory, environment: environment, executableURL: Self.executableURL)
      let url = try library.file(named: name)
      return try SceneLoader.load(
        url, displayName: Self.displayPath(url), parameters: parameters, assetsRoot: assetsRoot, animation: animation,
        warn: warnPreset)
    }
  }

  /// The preset file this source reads (searched for a named preset).
  ///
  /// - Throws: `PresetLookupError` when no folder holds a preset of that name.
  public func file(environment: [String: String]) throws -> String {
    switch origin {
    case .file(let path): return path
    case .named(let name, let presetsDirectory):
      let library = PresetLibrary.standard(
        presetsDirectory: presetsDirectory, environment: environment, executableURL: Self.executableURL)
      return try library.file(named: name).path
    }
  }

  /// The dotLottie archive this source reads, opened, or `nil` when its file is not one: what
  /// `inspect` lists the animations of.
  public func archive(environment: [String: String]) throws -> DotLottieArchive? {
    let path = try file(environment: environment)
    var displayName = path
    if case .named = origin { displayName = Self.displayPath(URL(fileURLWithPath: path)) }
    let data = try PresetLoader.read(path, displayName: displayName)
    guard LottieSource.isArchive(data) else { return nil }
    return try DotLottieArchive([UInt8](data), file: displayName)
  }

  /// The files a command reading this preset reads: the preset and the images it shows, for
  /// the check that no output overwrites them.
  public func inputs(_ scene: Scene, environment: [String: String]) throws -> [OutputPaths.Input] {
    [OutputPaths.Input(role: "the preset", path: try file(environment: environment))]
      + scene.imageFiles.sorted().map { OutputPaths.Input(role: "an image of the preset", path: $0) }
  }

  /// The running binary, with links resolved, so an installed copy finds the presets beside it.
  public static var executableURL: URL? {
    if let resolved = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
      return URL(fileURLWithPath: resolved)
    }
    return CommandLine.arguments.first.map { URL(fileURLWithPath: $0) }
  }

  /// A path relative to the working directory when the file is inside it, as users typed it.
  private static func displayPath(_ url: URL) -> String {
    let current = FileManager.default.currentDirectoryPath + "/"
    return url.path.hasPrefix(current) ? String(url.path.dropFirst(current.count)) : url.path
  }
}
