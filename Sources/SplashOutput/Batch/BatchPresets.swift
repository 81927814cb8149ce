import Foundation
import SplashCore
import SplashFiles
import SplashPresets

/// The presets a batch's rows name: found by name in the batch folder, confined to the assets
/// root, and read and parsed once each however many rows use them.
final class BatchPresets {
  /// The batch folder.
  let folder: String
  /// `--assets-root`: the folder presets and images may really lie in, when not the batch folder.
  let assetsRoot: String?
  private var prepared: [String: Result<BatchDocument, any Error>] = [:]
  private var files: [String: Result<String, any Error>] = [:]

  /// What parses each file.
  private let reader: any DocumentReader

  init(folder: String, assetsRoot: String?, reader: any DocumentReader = .files) {
    self.folder = folder
    self.assetsRoot = assetsRoot
    self.reader = reader
  }

  /// The folder presets and images must really lie in.
  var root: String { assetsRoot ?? folder }

  /// The file of the preset called `name`: `NAME.json5`, else `NAME.json`, `NAME.lottie` or
  /// `NAME.tgs`, in the batch folder.
  ///
  /// - Throws: `UsageError` for a path instead of a name, a missing preset, or a file that
  ///   leads outside the assets root.
  func file(named name: String) throws -> String {
    if let known = files[name] { return try known.get() }
    let result = Result { try findFile(named: name) }
    files[name] = result
    return try result.get()
  }

  private func findFile(named name: String) throws -> String {
    guard !name.isEmpty, !name.contains("/"), name != ".", name != "..", !name.contains("\u{0}") else {
      throw UsageError(
        "preset \(name): expected the name of a preset in \(folder) (NAME for NAME.json5, NAME.json, NAME.lottie or NAME.tgs), not a path")
    }
    guard let file = AnimationFolder.fileExtensions.map({ "\(folder)/\(name).\($0)" }).first(where: FileManager.default.fileExists) else {
      throw UsageError("no preset \(name) in \(folder)")
    }
    try confine(file, name: name)
    return file
  }

  /// Checks that a preset file of the folder really lies inside the assets root.
  func confine(_ file: String, name: String) throws {
    guard ConfinedPath.isInside(file, folder: root) else {
      throw UsageError(
        "preset \(name): \(file) leads outside \(root) (a symbolic link?); presets must lie there"
          + (assetsRoot == nil ? ", or name another folder with --assets-root" : ""))
    }
  }

  /// The preset or Lottie file in `file`, read and compiled (a preset with its defaults) once.
  func prepared(_ file: String) throws -> BatchDocument {
    if let known = prepared[file] { return try known.get() }
    let result = Result<BatchDocument, any Error> {
      let document = try AnimationDocument(
        bytes: try InputFile.read(file, limit: PresetLoader.maximumFileSize, what: "a preset file"), file: file,
        baseDirectory: URL(fileURLWithPath: folder), reader: reader)
      guard let preset = document.preset else {
        _ = try document.scene()
        return .lottie(file: file, source: try document.lottieSource() ?? LottieSource(document: .null))
      }
      return .preset(
        try PreparedPreset(
          document: preset, file: file, baseDirectory: URL(fileURLWithPath: folder), assetsRoot: URL(fileURLWithPath: root)))
    }
    prepared[file] = result
    return try result.get()
  }
}
