#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Synchronization

/// A file that appears under its name only once it is complete.
///
/// Writers write to `temporaryPath`, a hidden file beside the destination (so the final rename
/// stays on one file system and is atomic), then call `commit()`. A writer that fails, throws or
/// is interrupted calls `discard()`, and an uncommitted file is discarded when released, so a
/// truncated file never sits under the destination's name and an existing destination is
/// replaced only by a complete one.
public final class OutputFile: @unchecked Sendable {
  /// Where the finished file goes.
  public let destination: String
  /// Where it is written meanwhile.
  public let temporaryPath: String
  private var isSettled = false

  /// Prepares to write `destination`.
  ///
  /// - Throws: `OutputFileError` when the destination is a directory or its folder does not
  ///   exist or cannot be written.
  public init(destination: String) throws {
    let (folder, name) = Self.split(destination)
    guard !name.isEmpty else {
      throw OutputFileError(path: destination, reason: "names a folder, not a file")
    }
    var status = stat()
    if stat(destination, &status) == 0 && (status.st_mode & S_IFMT) == S_IFDIR {
      throw OutputFileError(path: destination, reason: "is a directory")
    }
    guard stat(folder, &status) == 0, (status.st_mode & S_IFMT) == S_IFDIR else {
      throw OutputFileError(path: destination, reason: "its folder \(folder) does not exist")
    }
    guard access(folder, W_OK) == 0 else {
      throw OutputFileError(path: destination, reason: "its folder \(folder) is not writable")
    }
    self.destination = destination
    temporaryPath = "\(folder)/.\(name).splashvid-\(getpid())-\(Self.nextSerial()).tmp"
  }

  deinit {
    if !isSettled { unlink(temporaryPath) }
  }

  /// Moves the finished temporary file into place, replacing any file already there.
  public func commit() throws {
    guard !isSettled else { return }
    if rename(temporaryPath, destination) != 0 {
      let reason = String(cString: strerror(errno))
      discard()
      throw OutputFileError(path: destination, reason: "could not be put in place: \(reason)")
    }
    isSettled = true
  }

  /// Removes the temporary file; the destination is left as it was.
  public func discard() {
    guard !isSettled else { return }
    unlink(temporaryPath)
    isSettled = true
  }

  private static func split(_ path: String) -> (folder: String, name: String) {
    guard let slash = path.lastIndex(of: "/") else { return (".", path) }
    let folder = String(path[..<slash])
    return (folder.isEmpty ? "/" : folder, String(path[path.index(after: slash)...]))
  }

  private static let serial = Atomic<Int>(0)

  /// A number unique within this process, so parallel writers never share a temporary name.
  private static func nextSerial() -> Int {
    serial.wrappingAdd(1, ordering: .relaxed).newValue
  }
}

/// An output path that cannot be written.
public struct OutputFileError: Error, Sendable, CustomStringConvertible {
  public var path: String
  public var reason: String

  public init(path: String, reason: String) {
    self.path = path
    self.reason = reason
  }

  public var description: String { "cannot write \(path): \(reason)" }
}
