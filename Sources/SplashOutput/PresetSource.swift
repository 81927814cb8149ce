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

  /// What reads and parses the file: files on disk, or a reader a test counts with.
  public var reader: any DocumentReader

  public init(
    origin: Origin, parameters: [String: String] = [:], assetsRoot: String? = nil, animation: String? = nil,
    reader: any DocumentReader = .files
  ) {
    self.origin = origin
    self.parameters = parameters
    self.assetsRoot = assetsRoot
    self.animation = animation
    self.reader = reader
  }

  /// Finds, reads and compiles the preset.
  ///
  /// - Throws: `PresetLookupError` when no folder holds a preset of that name; `PresetError`
  ///   for an unreadable or invalid file.
  public func load(environment: [String: String], warn: ((String) -> Void)? = nil) throws -> Scene {
    try scene(of: try document(environment: environment), warn: warn)
  }

  /// Finds, reads and parses the file: once, whatever asks what of it afterwards.
  ///
  /// - Throws: `PresetLookupError` when no folder holds a preset of that name; `PresetError`
  ///   for an unreadable file or one that does not parse.
  public func document(environment: [String: String]) throws -> AnimationDocument {
    switch origin {
    case .file(let path):
      return try AnimationDocument.read(URL(fileURLWithPath: path), displayName: path, animation: animation, reader: reader)
    case .named(let name, let presetsDirectory):
      let library = AnimationFolder.library(presetsDirectory: presetsDirectory, environment: environment)
      let url = try library.file(named: name)
      return try AnimationDocument.read(url, displayName: Self.displayPath(url), animation: animation, reader: reader)
    }
  }

  /// Compiles `document` (this source's, read by `document(environment:)`) with this source's
  /// parameters, animation and assets root.
  public func scene(of document: AnimationDocument, warn: ((String) -> Void)? = nil) throws -> Scene {
    // A shape that draws nothing is said where the frames are made too, not only by validate.
    let warnPreset = warn.map { warn in { (warning: PresetError) in warn("\(warning)") } }
    let scene = try document.scene(
      parameters: parameters, assetsRoot: assetsRoot.map(URL.init(fileURLWithPath:)), animation: animation, warn: warnPreset)
    // Every command that draws loads through here: images too large together are refused
    // before any worker decodes them.
    _ = try ImageBudget.declaredPixels(in: scene)
    return scene
  }

  /// The preset file this source reads (searched for a named preset).
  ///
  /// - Throws: `PresetLookupError` when no folder holds a preset of that name.
  public func file(environment: [String: String]) throws -> String {
    switch origin {
    case .file(let path): return path
    case .named(let name, let presetsDirectory):
      let library = AnimationFolder.library(presetsDirectory: presetsDirectory, environment: environment)
      return try library.file(named: name).path
    }
  }

  /// The files a command reading this preset reads: the preset and the media it shows, for
  /// the check that no output overwrites them.
  public func inputs(_ scene: Scene, environment: [String: String]) throws -> [OutputPaths.Input] {
    [OutputPaths.Input(role: "the preset", path: try file(environment: environment))]
      + scene.imageFiles.sorted().map { OutputPaths.Input(role: "an image of the preset", path: $0) }
      + EmbeddedAnimations.files(in: scene).sorted().map { OutputPaths.Input(role: "a Lottie file of the preset", path: $0) }
      + VideoLayers.files(in: scene).sorted().map { OutputPaths.Input(role: "a video of the preset", path: $0) }
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
