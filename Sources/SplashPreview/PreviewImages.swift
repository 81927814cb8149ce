import Foundation
import SplashCore
import SplashFiles

/// The images the page may set an image parameter to: files in the preset's folder (or the
/// `--assets-root` given), as the preset's own images must be.
///
/// A value from the page is a path relative to that folder, checked here and handed to the
/// preset as the real path it leads to; one that climbs out, through `..` or a symbolic link,
/// or names no image, is refused. So the page reaches no file the preset could not show.
struct PreviewImages: Sendable {
  /// The endings of the files `contents` decodes.
  static let extensions: Set<String> = ["png", "jpg", "jpeg", "gif", "webp"]
  /// How deep the listing looks, and how many entries it reads at most: a preset beside a
  /// large folder tree is still listed at once.
  static let depthLimit = 4
  static let entryLimit = 5_000
  static let listLimit = 500

  /// The folder, its links resolved.
  let folder: String

  /// The images of `folder`; `nil` when it does not exist.
  init?(folder: URL) {
    guard let real = RealPath.of(folder.path) else { return nil }
    self.folder = real
  }

  /// The real path of the image `value` names, or `nil` when it is not an image inside the folder.
  func resolve(_ value: String) -> String? {
    let components = value.split(separator: "/", omittingEmptySubsequences: false)
    guard !value.hasPrefix("/"), !components.isEmpty,
      components.allSatisfy({ !$0.isEmpty && $0 != "." && $0 != ".." && !$0.contains("\0") }),
      Self.extensions.contains((value as NSString).pathExtension.lowercased()),
      let real = RealPath.of(folder + "/" + value), real.hasPrefix(folder.hasSuffix("/") ? folder : folder + "/")
    else { return nil }
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: real, isDirectory: &isDirectory), !isDirectory.boolValue else { return nil }
    return real
  }

  /// The images in the folder, as paths relative to it, sorted; hidden files and folders
  /// skipped, and `excluded` (the exports folder, whose PNG sequences are no one's logo).
  func list(excluding excluded: URL? = nil) -> [String] {
    let root = URL(fileURLWithPath: folder)
    let skipped = excluded.flatMap { RealPath.of($0.path) }
    guard
      let walker = FileManager.default.enumerator(
        at: root, includingPropertiesForKeys: [.isDirectoryKey], options: [.skipsHiddenFiles, .skipsPackageDescendants])
    else { return [] }
    var images: [String] = []
    var visited = 0
    while let url = walker.nextObject() as? URL, visited < Self.entryLimit, images.count < Self.listLimit {
      visited += 1
      if url.path == skipped {
        walker.skipDescendants()
        continue
      }
      if walker.level >= Self.depthLimit { walker.skipDescendants() }
      guard Self.extensions.contains(url.pathExtension.lowercased()) else { continue }
      let relative = String(url.standardizedFileURL.path.dropFirst(root.standardizedFileURL.path.count + 1))
      if resolve(relative) != nil { images.append(relative) }
    }
    return images.sorted()
  }
}
