#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The canonical path of an existing file: absolute, every link followed, no `.` or `..`.
public enum RealPath {
  /// `path` resolved by `realpath(3)`, or `nil` when nothing is there (or a link is broken).
  public static func of(_ path: String) -> String? {
    guard let pointer = realpath(path, nil) else { return nil }
    defer { free(pointer) }
    return String(cString: pointer)
  }
}
