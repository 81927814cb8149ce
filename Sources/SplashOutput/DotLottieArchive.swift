import Foundation
import SplashDocument
import SplashLottie
import SplashZip

/// A dotLottie file (`.lottie`): a zip holding `manifest.json`, animations under `animations/`
/// (version 1) or `a/` (version 2), and their images under `images/` or `i/`.
///
/// The first animation is drawn: the one the manifest lists first, else the first `.json` in
/// the animations folder by name. Its images come from the archive, never from files beside it.
public enum DotLottieArchive {
  private static let animationFolders = ["animations/", "a/"]
  private static let imageFolders = ["images/", "i/"]

  /// The first animation of the archive in `bytes`, with the images its assets name.
  ///
  /// - Throws: `DocumentError` naming `file` and what was wrong.
  public static func source(_ bytes: [UInt8], file: String) throws -> LottieSource {
    do {
      let archive = try ZipArchive(
        bytes, maximumEntries: LottieSource.maximumArchiveEntries, maximumBytes: LottieSource.maximumUnpackedBytes)
      let files = archive.entries.filter { !$0.isFolder }
      let animations = files.filter { entry in
        animationFolders.contains { entry.name.hasPrefix($0) } && entry.name.hasSuffix(".json")
          && !entry.name.dropFirst(entry.name.hasPrefix("a/") ? 2 : 11).contains("/")
      }.sorted { $0.name < $1.name }
      guard let animation = try firstAnimation(animations, archive: archive, files: files, file: file) else {
        throw DocumentError(file: file, path: "", expected: "an animation under animations/ (or a/)", found: "none")
      }
      let document = try LottieSource.document(Data(try archive.read(animation)), file: file, inside: animation.name)
      var images: [String: [UInt8]] = [:]
      for name in imageNames(document) where images[name] == nil {
        let entry = imageFolders.lazy.compactMap { folder in files.first { $0.name == folder + name } }.first
        if let entry { images[name] = try archive.read(entry) }
      }
      var warnings: [DocumentError] = []
      if animations.count > 1 {
        warnings.append(
          DocumentError(
            file: file, path: "",
            expected: "warning: the archive holds \(animations.count) animations; only the first (\(animation.name)) is drawn",
            found: nil))
      }
      return LottieSource(document: document, archiveImages: images, warnings: warnings)
    } catch let error as ZipError {
      throw DocumentError(file: file, path: "", expected: "\(error)", found: nil)
    }
  }

  /// The manifest's first animation (`animations[0].id`), else the first by name.
  private static func firstAnimation(
    _ animations: [ZipEntry], archive: ZipArchive, files: [ZipEntry], file: String
  ) throws -> ZipEntry? {
    guard let manifestEntry = files.first(where: { $0.name == "manifest.json" }) else { return animations.first }
    let manifest = try LottieCompiler.parse(Data(try archive.read(manifestEntry)), file: "\(file): manifest.json")
    guard case .object(let members) = manifest, case .array(let listed)? = members["animations"],
      case .object(let first)? = listed.first, case .string(let id)? = first["id"]
    else { return animations.first }
    guard let named = animations.first(where: { entry in animationFolders.contains { entry.name == "\($0)\(id).json" } }) else {
      throw DocumentError(
        file: "\(file): manifest.json", path: "animations[0].id", expected: "an animation \(id).json under animations/ (or a/)",
        found: "none")
    }
    return named
  }

  /// The file names (`p`) of the document's image assets that are not embedded in it.
  private static func imageNames(_ document: JSONValue) -> [String] {
    guard case .object(let members) = document, case .array(let assets)? = members["assets"] else { return [] }
    return assets.compactMap { asset in
      guard case .object(let fields) = asset, fields["layers"] == nil, case .string(let name)? = fields["p"],
        !name.hasPrefix("data:")
      else { return nil }
      return name
    }
  }
}
