#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The kernel's folders, `/dev`, `/proc` and `/sys`, where no output is ever written.
///
/// Their entries are devices, processes' descriptors and kernel settings, not files: run as
/// root, `-o /dev/stdout` renamed a video over the machine's `/dev/stdout` link, and a folder
/// made there (`-o /dev/clips/a.mp4`) lives in the device file system. A path is judged once
/// every link is followed, so `shm/a.mp4` with `shm` a link to `/dev/shm` is refused too.
public enum SystemFolders {
  static let roots = ["/dev", "/proc", "/sys"]

  /// The system folder `path` lies in, links followed, or `nil`. A path that does not exist
  /// (yet) is judged by the deepest folder of it that does.
  public static func containing(_ path: String) -> String? {
    var candidate = path.isEmpty ? "." : path
    while true {
      if let real = RealPath.of(candidate) { return root(of: real) }
      // Nothing there (or a link to nothing): its folder decides.
      let folder = OutputFile.split(candidate).folder
      guard folder != candidate else { return nil }
      candidate = folder
    }
  }

  /// The system folder the canonical path `real` is in, or `nil`.
  static func root(of real: String) -> String? {
    roots.first { real == $0 || real.hasPrefix($0 + "/") }
  }

  /// Why an output in `folder`, which lies in `root`, is refused: "is in /dev; …" when the
  /// folder is named so, "its folder F leads into /dev; …" when a link leads it there.
  public static func reason(folder: String, root: String) -> String {
    isNamed(folder, in: root) ? reason(path: folder, root: root) : "its folder \(folder) \(reason(path: folder, root: root))"
  }

  /// Why `path` itself (an output folder), which lies in `root`, is refused: "is in /dev; …"
  /// or "leads into /dev; …".
  public static func reason(path: String, root: String) -> String {
    (isNamed(path, in: root) ? "is in \(root)" : "leads into \(root)")
      + "; splashvid writes regular files only outside /dev, /proc and /sys"
  }

  /// Whether `path` is spelled as a path in `root` (rather than led there by a link).
  private static func isNamed(_ path: String, in root: String) -> Bool { path == root || path.hasPrefix(root + "/") }
}
