import Foundation
import SplashModel

/// Finds presets by name in the preset folders, in a fixed order.
///
/// The folders searched, first match wins:
/// 1. `--presets-dir DIR` when given,
/// 2. `$SPLASHVID_PRESETS` when set,
/// 3. `./presets` in the working directory,
/// 4. the folder installed beside the binary: `<bin>/presets`, then `<bin>/../share/splashvid/presets`.
///
/// A preset named `fuber` is the file `fuber.json5` (or `fuber.json`) in one of them.
public struct PresetLibrary: Sendable {
  public let searchFolders: [URL]

  public init(searchFolders: [URL]) {
    self.searchFolders = searchFolders
  }

  /// The standard search order for this process.
  public static func standard(
    presetsDirectory: String?, environment: [String: String], executableURL: URL?
  ) -> PresetLibrary {
    var folders: [URL] = []
    if let presetsDirectory { folders.append(URL(fileURLWithPath: presetsDirectory)) }
    if let fromEnvironment = environment["SPLASHVID_PRESETS"], !fromEnvironment.isEmpty {
      folders.append(URL(fileURLWithPath: fromEnvironment))
    }
    folders.append(URL(fileURLWithPath: FileManager.default.currentDirectoryPath).appendingPathComponent("presets"))
    if let binaryFolder = executableURL?.deletingLastPathComponent() {
      folders.append(binaryFolder.appendingPathComponent("presets"))
      folders.append(
        binaryFolder.deletingLastPathComponent().appendingPathComponent("share/splashvid/presets"))
    }
    return PresetLibrary(searchFolders: folders.map { $0.standardizedFileURL })
  }

  /// The file of the preset called `name`.
  ///
  /// A directory called `NAME.json5` is not a preset and is passed over; anything else of that
  /// name is chosen, so a FIFO or a device is reported for what it is when it is loaded.
  ///
  /// - Throws: `PresetLookupError` listing the folders searched.
  public func file(named name: String) throws -> URL {
    let isPlainName = !name.isEmpty && !name.contains("/") && name != "." && name != ".." && name != "schema"
    if isPlainName {
      for folder in searchFolders {
        for fileExtension in presetFileExtensions {
          let candidate = folder.appendingPathComponent("\(name).\(fileExtension)")
          if Self.isCandidate(candidate.path) { return candidate }
        }
      }
    }
    throw PresetLookupError(name: name, searchedFolders: searchFolders.map(\.path))
  }
}

/// No preset of that name in any folder searched.
public struct PresetLookupError: Error, Sendable, CustomStringConvertible {
  public var name: String
  public var searchedFolders: [String]

  public var description: String {
    "no preset named \"\(name)\"; searched \(searchedFolders.joined(separator: ", ")) (use --presets-dir DIR or --file PATH)"
  }
}

extension PresetLibrary {
  /// Every preset file in the search folders, by name; a name found in an earlier folder hides
  /// the same name in later ones.
  public func allPresets() -> [(name: String, file: URL)] {
    var found: [String: URL] = [:]
    for folder in searchFolders {
      let files = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
      for file in files.sorted() where isPresetFileName(file) && Self.isCandidate(folder.appendingPathComponent(file).path) {
        let name = presetName(ofFile: file)
        if found[name] == nil { found[name] = folder.appendingPathComponent(file) }
      }
    }
    return found.keys.sorted().compactMap { name in found[name].map { (name, $0) } }
  }

  /// Whether something is at `path` (following links) and it is not a directory.
  static func isCandidate(_ path: String) -> Bool {
    var isDirectory: ObjCBool = false
    return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && !isDirectory.boolValue
  }
}

/// The extensions of the files a preset folder holds, the one preferred for a name first:
/// presets and Lottie JSON, gzip-compressed Lottie (`.tgs`) and dotLottie archives (`.lottie`).
public let presetFileExtensions = ["json5", "json", "lottie", "tgs"]

/// Whether a file in a preset folder is a preset or a Lottie file: one of
/// `presetFileExtensions`, but not the folder's `schema.json` (the JSON Schema editors use to
/// check presets).
public func isPresetFileName(_ name: String) -> Bool {
  presetFileExtensions.contains { name.hasSuffix(".\($0)") } && name != "schema.json"
}

/// The name a preset file is found by: its file name without the extension.
public func presetName(ofFile file: String) -> String {
  guard let fileExtension = presetFileExtensions.first(where: { file.hasSuffix(".\($0)") }) else { return file }
  return String(file.dropLast(fileExtension.count + 1))
}
