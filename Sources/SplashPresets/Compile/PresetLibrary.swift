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
  /// The extensions of the files found, the one preferred for a name first: a preset's own
  /// unless the caller reads other files too (SplashOutput adds the Lottie files').
  public let fileExtensions: [String]

  /// The extensions of preset files, `.json5` preferred.
  public static let presetFileExtensions = ["json5", "json"]

  public init(searchFolders: [URL], fileExtensions: [String] = Self.presetFileExtensions) {
    self.searchFolders = searchFolders
    self.fileExtensions = fileExtensions
  }

  /// The standard search order for this process.
  public static func standard(
    presetsDirectory: String?, environment: [String: String], executableURL: URL?,
    fileExtensions: [String] = Self.presetFileExtensions
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
    return PresetLibrary(searchFolders: folders.map { $0.standardizedFileURL }, fileExtensions: fileExtensions)
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
        for fileExtension in fileExtensions {
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
      for file in files.sorted() where isFound(file) && Self.isCandidate(folder.appendingPathComponent(file).path) {
        let name = self.name(ofFile: file)
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

extension PresetLibrary {
  /// Whether a file in a preset folder is one this library finds: one of `fileExtensions`,
  /// but not the folder's `schema.json` (the JSON Schema editors use to check presets).
  public func isFound(_ file: String) -> Bool {
    fileExtensions.contains { file.hasSuffix(".\($0)") } && file != "schema.json"
  }

  /// The name a file is found by: its file name without the extension.
  public func name(ofFile file: String) -> String {
    guard let fileExtension = fileExtensions.first(where: { file.hasSuffix(".\($0)") }) else { return file }
    return String(file.dropLast(fileExtension.count + 1))
  }
}
