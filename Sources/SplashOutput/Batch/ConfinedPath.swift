import Foundation
import SplashCore
import SplashFiles

/// Paths a batch reads and writes, compared by where they really lead, so that neither `..`
/// nor a symbolic link takes a preset, an image or a clip out of its folder.
enum ConfinedPath {
  /// Where `path` really leads: absolute, with symbolic links resolved in the part that exists
  /// and the rest (a file not written yet) appended as named.
  static func resolved(_ path: String) -> String { resolved(path, linksLeft: 40) }

  private static func resolved(_ path: String, linksLeft: Int) -> String {
    let absolute = path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
    let standardized = URL(fileURLWithPath: absolute).standardizedFileURL.path
    if let real = RealPath.of(standardized) { return real }
    let url = URL(fileURLWithPath: standardized)
    let parent = url.deletingLastPathComponent().path
    guard parent != standardized, !parent.isEmpty else { return standardized }
    let resolvedParent = resolved(parent, linksLeft: linksLeft)
    // A link whose target does not exist yet still says where a file written through it would go.
    if let target = try? FileManager.default.destinationOfSymbolicLink(atPath: standardized) {
      // A loop of links leads nowhere a file could be written; it stays where it is named.
      guard linksLeft > 0 else { return standardized }
      return resolved(target.hasPrefix("/") ? target : resolvedParent + "/" + target, linksLeft: linksLeft - 1)
    }
    return resolvedParent.hasSuffix("/") ? resolvedParent + url.lastPathComponent : resolvedParent + "/" + url.lastPathComponent
  }

  /// Whether `path` lies inside `folder` (or is it), both resolved.
  static func isInside(_ path: String, folder: String) -> Bool {
    let real = resolved(path)
    let root = resolved(folder)
    return real == root || real.hasPrefix(root.hasSuffix("/") ? root : root + "/")
  }

  /// Whether `path` itself is a symbolic link (not following it).
  static func isSymbolicLink(_ path: String) -> Bool {
    var status = stat()
    return lstat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFLNK
  }

  /// An output name in one spelling: `./a.mp4` and `sub//./a.mp4` become `a.mp4` and
  /// `sub/a.mp4`; `nil` for a name that is absolute, climbs out with `..`, or names no file.
  static func normalizedOutput(_ name: String) -> String? {
    guard !name.hasPrefix("/"), !name.hasSuffix("/") else { return nil }
    let components = name.split(separator: "/").filter { $0 != "." }
    guard !components.isEmpty, !components.contains("..") else { return nil }
    return components.joined(separator: "/")
  }
}
