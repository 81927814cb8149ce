#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The hidden names of splashvid's temporary files and staging folders, and their creation.
///
///     .splash.mp4.splashvid-3f9c0a7d12e4b865.tmp   a file being written (`OutputFile`)
///     .frames.splashvid-3f9c0a7d12e4b865.seq       a folder of frames being written
///
/// The 64 random bits make names unique across processes, PID namespaces and hosts that share
/// a folder (a process ID is not: in containers every process may be PID 1), and `O_EXCL`
/// (`mkdir` for folders) makes a collision an error rather than a shared file. The visible part
/// is shortened so the whole name fits the folder's name limit even when the destination's own
/// name is as long as allowed. Each temporary is locked with `flock` from creation until its
/// writer settles it, which is how `StaleTemporaries` tells a dead writer's file from a live one.
public enum TemporaryName {
  static let marker = ".splashvid-"
  static let randomDigits = 16

  /// Creates and locks a temporary file for `name` in `folder`; returns its path and the open
  /// descriptor that holds the lock.
  ///
  /// - Throws: `OutputFileError` naming `destination` when no temporary can be created.
  public static func create(for name: String, in folder: String, destination: String) throws -> (path: String, descriptor: Int32) {
    try create(in: folder, destination: destination, name: name, suffix: "tmp") { path in
      open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
    }
  }

  /// Creates and locks a temporary folder for `name` in `folder` (a staging folder).
  public static func createFolder(for name: String, in folder: String, destination: String) throws -> (
    path: String, descriptor: Int32
  ) {
    try create(in: folder, destination: destination, name: name, suffix: "seq") { path in
      guard mkdir(path, 0o777) == 0 else { return -1 }
      return open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    }
  }

  private static func create(
    in folder: String, destination: String, name: String, suffix: String, make: (String) -> Int32
  ) throws -> (path: String, descriptor: Int32) {
    let limit = Int(pathconf(folder, Int32(_PC_NAME_MAX)))
    let visible = shortened(name, toBytes: (limit > 0 ? limit : 255) - 1 - marker.utf8.count - randomDigits - 1 - suffix.utf8.count)
    for _ in 0..<16 {
      let path = "\(folder)/.\(visible)\(marker)\(randomHex()).\(suffix)"
      let descriptor = make(path)
      guard descriptor >= 0 else {
        if errno == EEXIST { continue }
        throw OutputFileError(path: destination, reason: "cannot create a temporary file beside it: \(String(cString: strerror(errno)))")
      }
      // A sweeper may hold the lock of a name it is about to remove (a stale one with the
      // same name is all but impossible, but the check costs nothing): take a fresh name then.
      if flock(descriptor, LOCK_EX | LOCK_NB) != 0 || !isSameFile(path, descriptor) {
        close(descriptor)
        continue
      }
      TemporaryFiles.register(path, isFolder: suffix == "seq")
      return (path, descriptor)
    }
    throw OutputFileError(path: destination, reason: "cannot create a temporary file beside it: every name tried was taken")
  }

  /// Whether `path` still names the file open as `descriptor`.
  private static func isSameFile(_ path: String, _ descriptor: Int32) -> Bool {
    var named = stat()
    var opened = stat()
    return stat(path, &named) == 0 && fstat(descriptor, &opened) == 0 && named.st_dev == opened.st_dev
      && named.st_ino == opened.st_ino
  }

  private static func randomHex() -> String {
    var generator = SystemRandomNumberGenerator()
    let text = String(generator.next() as UInt64, radix: 16)
    return String(repeating: "0", count: randomDigits - text.count) + text
  }

  /// `name` cut to at most `bytes` bytes of UTF-8, on a character boundary.
  static func shortened(_ name: String, toBytes bytes: Int) -> String {
    guard name.utf8.count > bytes else { return name }
    var result = ""
    var count = 0
    for character in name {
      let size = character.utf8.count
      guard count + size <= bytes else { break }
      result.append(character)
      count += size
    }
    return result
  }

  /// The first part of `path` (a folder on the way, or the file's own name) that is named like
  /// a temporary, if any.
  ///
  /// Outputs so named are refused: a later run writing into their folder would take a file
  /// or folder of that name, unlocked, for the leftovers of a writer that died and remove it
  /// (`StaleTemporaries`).
  public static func lookalike(in path: String) -> String? {
    path.split(separator: "/").lazy.map(String.init).first { kind(of: $0) != nil }
  }

  /// Why an output named `part` is refused, for `cannot write PATH: …` and usage errors.
  public static func lookalikeReason(_ part: String) -> String {
    "\(part) is named like splashvid's temporary files (.NAME.splashvid-RANDOM.tmp, .seq), which a later run "
      + "removes as left behind; name it otherwise"
  }

  /// What kind of splashvid temporary `name` is, if any.
  enum Kind {
    /// This version's: random, locked while written.
    case current
    /// Earlier versions' (`.NAME.splashvid-PID-N.tmp`, `.splashvid-sequence-PID-XXXXXXXX`):
    /// never locked, so only their age can tell that their writer is gone.
    case legacy
  }

  static func kind(of name: String) -> Kind? {
    guard name.hasPrefix(".") else { return nil }
    if name.hasPrefix(".splashvid-sequence-") { return .legacy }
    guard let suffix = [".tmp", ".seq"].first(where: { name.hasSuffix($0) }) else { return nil }
    let stem = name.dropLast(suffix.count)
    let random = stem.suffix(randomDigits)
    if random.count == randomDigits, random.allSatisfy(\.isHexDigit), stem.dropLast(randomDigits).hasSuffix(marker) {
      return .current
    }
    // An earlier version's `…splashvid-PID-N.tmp`.
    func droppingNumber(_ text: Substring) -> Substring? {
      let digits = text.reversed().prefix { $0.isASCII && $0.isNumber }.count
      return digits > 0 ? text.dropLast(digits) : nil
    }
    guard suffix == ".tmp", let beforeSerial = droppingNumber(stem), beforeSerial.hasSuffix("-"),
      let beforeProcess = droppingNumber(beforeSerial.dropLast()), beforeProcess.hasSuffix(marker)
    else { return nil }
    return .legacy
  }
}
