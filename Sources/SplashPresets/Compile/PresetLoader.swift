import Foundation
import SplashCore
import SplashFiles
import SplashModel

/// Reads a preset file from disk and compiles it.
public enum PresetLoader {
  /// The largest preset file read (a preset is text; anything bigger is not one).
  public static let maximumFileSize = 16 * 1024 * 1024

  /// Loads and compiles the preset at `url`, telling `warn` what compiles but draws nothing.
  ///
  /// - Throws: `PresetError` for a path that is not a regular file (a directory, a FIFO, a
  ///   device), an unreadable, oversized or invalid file.
  public static func load(
    _ url: URL, displayName: String? = nil, parameters: [String: String] = [:], assetsRoot: URL? = nil,
    warn: ((PresetError) -> Void)? = nil
  ) throws -> Scene {
    let name = displayName ?? url.path
    let data = try read(url.path, displayName: name)
    return try PresetCompiler.compile(
      data, file: name, baseDirectory: url.deletingLastPathComponent(), parameters: parameters, assetsRoot: assetsRoot,
      warn: warn)
  }

  /// The bytes of the preset file at `path`, at most `maximumFileSize` of them.
  ///
  /// Only a regular file is read: a FIFO would block until a writer appears and a device may
  /// never end, so both are refused, as a directory is, before any byte is read.
  ///
  /// - Throws: `PresetError` for the whole document, naming `displayName` and what was found.
  public static func read(_ path: String, displayName: String) throws -> Data {
    do {
      return Data(try InputFile.read(path, limit: maximumFileSize, what: "a preset file"))
    } catch let error as InputFileError {
      throw PresetError(file: displayName, path: "", expected: error.expected, found: error.found)
    }
  }
}
