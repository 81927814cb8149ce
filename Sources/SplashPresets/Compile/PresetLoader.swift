import Foundation
import SplashModel

/// Reads a preset file from disk and compiles it.
public enum PresetLoader {
  /// The largest preset file read (a preset is text; anything bigger is not one).
  public static let maximumFileSize = 16 * 1024 * 1024

  /// Loads and compiles the preset at `url`.
  ///
  /// - Throws: `PresetError` for an unreadable, oversized or invalid file.
  public static func load(
    _ url: URL, displayName: String? = nil, parameters: [String: String] = [:], assetsRoot: URL? = nil
  ) throws -> Scene {
    let name = displayName ?? url.path
    let attributes = try? FileManager.default.attributesOfItem(atPath: url.path)
    if let size = attributes?[.size] as? Int, size > maximumFileSize {
      throw PresetError(
        file: name, path: "", expected: "a preset file of at most \(maximumFileSize / 1_048_576) MiB",
        found: "\(size) bytes")
    }
    let data: Data
    do {
      data = try Data(contentsOf: url)
    } catch {
      throw PresetError(file: name, path: "", expected: "a readable file (\(error.localizedDescription))", found: nil)
    }
    return try PresetCompiler.compile(
      data, file: name, baseDirectory: url.deletingLastPathComponent(), parameters: parameters, assetsRoot: assetsRoot)
  }
}
