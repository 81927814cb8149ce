#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A file that appears under its name only once it is complete.
///
/// Writers write to `temporaryPath`, a hidden file beside the destination (so the final rename
/// stays on one file system and is atomic), then call `commit()`. A writer that fails, throws or
/// is interrupted calls `discard()`, and an uncommitted file is discarded when released, so a
/// truncated file never sits under the destination's name and an existing destination is
/// replaced only by a complete one.
///
/// The temporary file:
/// - has a random name created with `O_EXCL` (`TemporaryName`), so writers on other hosts or in
///   other PID namespaces sharing the folder never write into each other's file;
/// - is locked (`flock`) while it is written, so a later run can tell a temporary whose writer
///   died (and sweep it, `StaleTemporaries`) from one still being written;
/// - is registered with `TemporaryFiles`, so a forced exit removes it too.
///
/// Only regular files are replaced: a destination that is a directory, a device, a FIFO or a
/// socket is refused, since renaming over it would replace the node itself (`-o /dev/null`
/// would become a regular file). So is one in the kernel's folders (`SystemFolders`: `/dev`,
/// `/proc`, `/sys`), and a link at the destination that leads to anything but a regular file,
/// or into those folders: the link would be replaced, never followed, which is not what its
/// maker meant.
///
/// `render -o` replaces a regular file at the destination (`Placement.replacing`); the preview's
/// exports never replace anything (`Placement.keepingExisting`): the name is claimed when the
/// file is put in place, and when it is taken by then the next free one is.
public final class OutputFile: @unchecked Sendable {
  /// What `commit()` does about a file already at the destination.
  public enum Placement: Sendable, Equatable {
    /// A regular file there is replaced.
    case replacing
    /// Nothing is ever replaced: when the name is taken, the file goes to the next free one of
    /// `NAME-2.EXT`, `NAME-3.EXT` … (`numbered`), and `destination` then says which.
    case keepingExisting
  }

  /// Where the finished file goes (after `commit()`, where it went).
  public private(set) var destination: String
  public let placement: Placement
  /// Where it is written meanwhile.
  public let temporaryPath: String
  /// The open temporary file, holding its lock until the file is settled.
  private var lockDescriptor: Int32
  private var isSettled = false

  /// Prepares to write `destination`: creates its temporary file.
  ///
  /// - Throws: `OutputFileError` when the destination is not a regular file, its folder does
  ///   not exist or cannot be written, or the temporary file cannot be created.
  public init(destination: String, placement: Placement = .replacing) throws {
    let folder = try Self.checkDestination(destination, placement: placement)
    StaleTemporaries.sweepOnce(folder)
    let (path, descriptor) = try TemporaryName.create(for: Self.split(destination).name, in: folder, destination: destination)
    self.destination = destination
    self.placement = placement
    temporaryPath = path
    lockDescriptor = descriptor
  }

  /// Checks that a file can be written at `destination` (before any work, for outputs whose
  /// temporary file is created later): a file name the folder's file system accepts and that
  /// is not named like a temporary (`TemporaryName.lookalike`; the folders on the way are
  /// checked where outputs are named), nothing there but a regular file or a link, and a
  /// writable folder. Returns the folder. With `keepingExisting`, whatever is at the name does
  /// not matter: it stays, and the file takes another name.
  ///
  /// - Throws: `OutputFileError` saying which of these fails.
  @discardableResult
  public static func checkDestination(_ destination: String, placement: Placement = .replacing) throws -> String {
    let (folder, name) = split(destination)
    guard !name.isEmpty, name != ".", name != ".." else {
      throw OutputFileError(path: destination, reason: "names a folder, not a file")
    }
    // The name alone: folders on the way are checked where outputs are named (a sequence's
    // frames are staged in a folder named as a temporary on purpose).
    if TemporaryName.lookalike(in: name) != nil {
      throw OutputFileError(path: destination, reason: TemporaryName.lookalikeReason(name))
    }
    if placement == .replacing { try checkReplaceable(destination) }
    try checkOutsideSystemFolders(destination)
    var status = stat()
    guard stat(folder, &status) == 0, (status.st_mode & S_IFMT) == S_IFDIR else {
      let reason = InputFile.kind(of: folder).map { "its folder \(folder) is \($0), not a folder" }
      throw OutputFileError(path: destination, reason: reason ?? "its folder \(folder) does not exist")
    }
    guard access(folder, W_OK) == 0 else {
      throw OutputFileError(path: destination, reason: "its folder \(folder) is not writable")
    }
    let limit = Int(pathconf(folder, Int32(_PC_NAME_MAX)))
    if limit > 0, name.utf8.count > limit {
      throw OutputFileError(
        path: destination, reason: "its name is \(name.utf8.count) bytes long; the file system allows at most \(limit)")
    }
    return folder
  }

  /// Appends `bytes` to the temporary file, through the descriptor that holds its lock.
  ///
  /// - Throws: `OutputFileError` naming the destination with the system's reason (`No space
  ///   left on device`, `File too large`), which libraries' own messages leave out.
  public func write(_ bytes: UnsafeRawBufferPointer) throws {
    precondition(!isSettled, "write after commit or discard")
    var offset = 0
    while offset < bytes.count {
      let written = Glibc.write(lockDescriptor, bytes.baseAddress! + offset, bytes.count - offset)
      if written > 0 {
        offset += written
      } else if written < 0 && errno == EINTR {
        continue
      } else {
        throw OutputFileError(path: destination, reason: written < 0 ? String(cString: strerror(errno)) : "nothing could be written")
      }
    }
  }

  /// Appends `bytes` to the temporary file (see `write(_:)` for the errors).
  public func write(_ bytes: [UInt8]) throws {
    try bytes.withUnsafeBytes { try write($0) }
  }

  /// Checks that `commit()` can put the file in place now, so that a render whose outputs
  /// cannot all be put in place puts none (see `OutputSink`).
  public func checkCommittable() throws {
    guard !isSettled, placement == .replacing else { return }
    try Self.checkReplaceable(destination)
  }

  deinit {
    if !isSettled { discard() }
  }

  /// Moves the finished temporary file into place, replacing any regular file already there,
  /// or (`keepingExisting`) at the first free name.
  public func commit() throws {
    guard !isSettled else { return }
    do {
      // Checked again: the destination may have become something else while the file was
      // written, or its folder a link elsewhere.
      if placement == .replacing { try Self.checkReplaceable(destination) }
      try Self.checkOutsideSystemFolders(destination)
    } catch {
      discard()
      throw error
    }
    if placement == .keepingExisting { return try commitAtFreeName() }
    if rename(temporaryPath, destination) != 0 {
      let reason = String(cString: strerror(errno))
      discard()
      throw OutputFileError(path: destination, reason: "could not be put in place: \(reason)")
    }
    CommittedFiles.committed(destination, descriptor: lockDescriptor)
    settle()
  }

  /// Moves the file to the destination, or the first of its numbered names, that is free at
  /// that moment: the move itself claims the name (`NoReplaceRename`), so nothing is replaced
  /// whoever took a name since it was chosen.
  private func commitAtFreeName() throws {
    let first = destination
    for number in 1...Self.numberedNameLimit {
      let candidate = number == 1 ? first : Self.numbered(first, number)
      let code = NoReplaceRename.move(temporaryPath, to: candidate)
      if code == EEXIST { continue }
      guard code == 0 else {
        discard()
        throw OutputFileError(path: candidate, reason: "could not be put in place: \(String(cString: strerror(code)))")
      }
      destination = candidate
      CommittedFiles.committed(destination, descriptor: lockDescriptor)
      settle()
      return
    }
    discard()
    throw OutputFileError(path: first, reason: "it and every name up to \(Self.numbered(first, Self.numberedNameLimit)) are taken")
  }

  /// How many names `keepingExisting` tries: the destination and its numbered names up to this.
  public static let numberedNameLimit = 10_000

  /// `path` with `-number` before its extension: `clips/fuber.mp4` → `clips/fuber-2.mp4`, a
  /// name without one (a folder of frames) → `fuber-frames-2`.
  public static func numbered(_ path: String, _ number: Int) -> String {
    let (folder, name) = split(path)
    let prefix = path.contains("/") ? (folder == "/" ? "/" : folder + "/") : ""
    guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return prefix + name + "-\(number)" }
    return prefix + name[..<dot] + "-\(number)" + name[dot...]
  }

  /// Removes the temporary file; the destination is left as it was.
  public func discard() {
    guard !isSettled else { return }
    unlink(temporaryPath)
    settle()
  }

  private func settle() {
    TemporaryFiles.unregister(temporaryPath)
    close(lockDescriptor)
    lockDescriptor = -1
    isSettled = true
  }

  /// Refuses a destination that exists and is not a regular file, or is a link that leads to
  /// anything but a regular file, or into a system folder (a link is replaced itself, never
  /// followed; one to nothing elsewhere is replaced too).
  public static func checkReplaceable(_ destination: String) throws {
    var status = stat()
    guard lstat(destination, &status) == 0 else { return }
    let type = status.st_mode & S_IFMT
    guard type == S_IFREG || type == S_IFLNK else {
      throw OutputFileError(
        path: destination, reason: "is \(InputFile.kindName(status.st_mode)); splashvid writes regular files only")
    }
    guard type == S_IFLNK else { return }
    var bytes = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
    let count = readlink(destination, &bytes, bytes.count - 1)
    let target = count > 0 ? String(decoding: bytes[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self) : "?"
    var targetStatus = stat()
    if stat(destination, &targetStatus) == 0, targetStatus.st_mode & S_IFMT != S_IFREG {
      throw OutputFileError(
        path: destination,
        reason: "is a link to \(target), \(InputFile.kindName(targetStatus.st_mode)); splashvid writes regular files only")
    }
    let resolved = target.hasPrefix("/") ? target : split(destination).folder + "/" + target
    if let root = SystemFolders.containing(resolved) {
      throw OutputFileError(
        path: destination, reason: "is a link into \(root) (\(target)); splashvid writes regular files only outside /dev, /proc and /sys")
    }
  }

  /// Refuses a destination whose folder is, or leads into, `/dev`, `/proc` or `/sys`.
  public static func checkOutsideSystemFolders(_ destination: String) throws {
    let folder = split(destination).folder
    if let root = SystemFolders.containing(folder) {
      throw OutputFileError(path: destination, reason: SystemFolders.reason(folder: folder, root: root))
    }
  }

  /// The folder and the file name of `path`.
  public static func split(_ path: String) -> (folder: String, name: String) {
    guard let slash = path.lastIndex(of: "/") else { return (".", path) }
    let folder = String(path[..<slash])
    return (folder.isEmpty ? "/" : folder, String(path[path.index(after: slash)...]))
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
