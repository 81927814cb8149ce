#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The names in a folder, read without Foundation (SplashCore depends on the standard library
/// and the C library only).
enum DirectoryListing {
  /// The names of `folder`'s entries except `.` and `..`, or `nil` when it cannot be read.
  static func names(in folder: String) -> [String]? {
    guard let directory = opendir(folder) else { return nil }
    defer { closedir(directory) }
    var names: [String] = []
    while let entry = readdir(directory) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
        String(cString: raw.bindMemory(to: CChar.self).baseAddress!)
      }
      if name != ".", name != ".." { names.append(name) }
    }
    return names
  }
}
