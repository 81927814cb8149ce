import CZip
import Glibc

/// Writes a zip archive through libzip: what the tests build their dotLottie files with.
public enum ZipArchiveWriter {
  /// Writes `entries` (name and bytes, deflated) to a new archive at `path`, replacing any.
  ///
  /// Names are written as given, `..` and all: a test needs the archives splashvid refuses.
  ///
  /// - Throws: `ZipError.damaged` naming the entry or the archive libzip could not write.
  public static func write(_ entries: [(name: String, bytes: [UInt8])], to path: String) throws(ZipError) {
    var status: Int32 = 0
    guard let archive = zip_open(path, ZIP_CREATE | ZIP_TRUNCATE, &status) else {
      throw .damaged(entry: path, reason: "libzip could not create it (error \(status))")
    }
    for (name, bytes) in entries {
      // libzip reads the bytes at zip_close, and frees this malloc'd copy then (freep = 1).
      let copy = malloc(max(bytes.count, 1))!
      bytes.withUnsafeBytes { if let base = $0.baseAddress { copy.copyMemory(from: base, byteCount: bytes.count) } }
      guard let source = zip_source_buffer(archive, copy, UInt64(bytes.count), 1) else {
        free(copy)
        zip_discard(archive)
        throw .damaged(entry: name, reason: "libzip could not take its bytes")
      }
      guard zip_file_add(archive, name, source, zip_flags_t(ZIP_FL_ENC_UTF_8)) >= 0 else {
        let reason = String(cString: zip_strerror(archive))
        zip_source_free(source)
        zip_discard(archive)
        throw .damaged(entry: name, reason: reason)
      }
    }
    guard zip_close(archive) == 0 else {
      let reason = String(cString: zip_strerror(archive))
      zip_discard(archive)
      throw .damaged(entry: path, reason: reason)
    }
  }
}
