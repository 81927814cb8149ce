#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A file splashvid reads as input (a preset, a manifest, an image, a soundtrack): a regular
/// file of bounded size, or a clear refusal.
///
/// Opening a FIFO blocks until a writer appears and reading a device may never end, so a
/// path that names anything but a regular file is refused before it is read. The file is
/// opened without blocking and checked through its descriptor, so what is checked is what
/// is read; at most `limit + 1` bytes are read, so a file that grows while it is read cannot
/// exhaust memory either.
public enum InputFile {
  /// The bytes of the regular file at `path`, at most `limit` of them.
  ///
  /// - Parameter what: what the file should be, for messages ("a preset file").
  /// - Throws: `InputFileError` naming the path, what was expected and what was found.
  public static func read(_ path: String, limit: Int, what: String) throws -> [UInt8] {
    let descriptor = try open(path, what: what)
    defer { close(descriptor) }
    var status = stat()
    guard fstat(descriptor, &status) == 0 else { throw error(path, what: what, found: currentError()) }
    try checkRegular(status, path: path, what: what)
    if Int(status.st_size) > limit { throw tooLarge(path, what: what, size: Int(status.st_size), limit: limit) }
    var bytes: [UInt8] = []
    bytes.reserveCapacity(Int(status.st_size))
    var chunk = [UInt8](repeating: 0, count: 64 * 1024)
    while true {
      let count = chunk.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
      if count == 0 { break }
      if count < 0 {
        if errno == EINTR { continue }
        throw error(path, what: what, found: currentError())
      }
      bytes.append(contentsOf: chunk[0..<count])
      if bytes.count > limit { throw tooLarge(path, what: what, size: bytes.count, limit: limit) }
    }
    return bytes
  }

  /// Hands the bytes of the regular file at `path` to `body` a chunk at a time, for a file too
  /// large to hold (a video, to fingerprint it).
  ///
  /// - Throws: `InputFileError` naming the path, what was expected and what was found.
  public static func forEachChunk(of path: String, what: String, _ body: (UnsafeRawBufferPointer) throws -> Void) throws {
    let descriptor = try open(path, what: what)
    defer { close(descriptor) }
    var status = stat()
    guard fstat(descriptor, &status) == 0 else { throw error(path, what: what, found: currentError()) }
    try checkRegular(status, path: path, what: what)
    let chunk = UnsafeMutableRawBufferPointer.allocate(byteCount: 1 << 20, alignment: 16)
    defer { chunk.deallocate() }
    while true {
      let count = Glibc.read(descriptor, chunk.baseAddress, chunk.count)
      if count == 0 { break }
      if count < 0 {
        if errno == EINTR { continue }
        throw error(path, what: what, found: currentError())
      }
      try body(UnsafeRawBufferPointer(rebasing: chunk[0..<count]))
    }
  }

  /// Checks that `path` is a readable regular file of at most `limit` bytes, for files a
  /// library opens itself (images, sound).
  public static func check(_ path: String, limit: Int? = nil, what: String) throws {
    let descriptor = try open(path, what: what)
    defer { close(descriptor) }
    var status = stat()
    guard fstat(descriptor, &status) == 0 else { throw error(path, what: what, found: currentError()) }
    try checkRegular(status, path: path, what: what)
    if let limit, Int(status.st_size) > limit { throw tooLarge(path, what: what, size: Int(status.st_size), limit: limit) }
  }

  /// The kind of file system object at `path` following links ("a directory", "a FIFO"), or
  /// `nil` when nothing is there.
  public static func kind(of path: String) -> String? {
    var status = stat()
    guard stat(path, &status) == 0 else { return nil }
    return kindName(status.st_mode)
  }

  /// Describes a file mode as a user would name it.
  public static func kindName(_ mode: mode_t) -> String {
    switch mode & S_IFMT {
    case S_IFREG: "a regular file"
    case S_IFDIR: "a directory"
    case S_IFIFO: "a FIFO (named pipe)"
    case S_IFCHR: "a character device"
    case S_IFBLK: "a block device"
    case S_IFSOCK: "a socket"
    default: "a special file"
    }
  }

  private static func open(_ path: String, what: String) throws -> Int32 {
    guard !path.isEmpty else { throw InputFileError(path: path, expected: what, found: "an empty path") }
    // O_NONBLOCK: opening a FIFO for reading must not wait for a writer.
    let descriptor = Glibc.open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
    guard descriptor >= 0 else { throw error(path, what: what, found: openFailure(path, code: errno)) }
    return descriptor
  }

  /// What was at `path` when opening it failed with `code`, as a user would name it.
  ///
  /// open(2)'s error names the symptom, not the object: a socket gives "No such device or
  /// address" (ENXIO) and a loop of links "Too many levels of symbolic links". When something
  /// other than a regular file is there, its kind says more than `strerror`.
  private static func openFailure(_ path: String, code: Int32) -> String {
    switch code {
    case ELOOP: return "a loop of symbolic links"
    case ENOENT:
      var status = stat()
      let isLink = lstat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFLNK
      return isLink ? "a symbolic link to nothing" : "nothing there"
    default:
      var status = stat()
      if stat(path, &status) == 0, status.st_mode & S_IFMT != S_IFREG { return kindName(status.st_mode) }
      return String(cString: strerror(code))
    }
  }

  private static func checkRegular(_ status: stat, path: String, what: String) throws {
    guard status.st_mode & S_IFMT == S_IFREG else {
      throw InputFileError(path: path, expected: what, found: kindName(status.st_mode))
    }
  }

  private static func tooLarge(_ path: String, what: String, size: Int, limit: Int) -> InputFileError {
    InputFileError(path: path, expected: "\(what) of at most \(byteText(limit))", found: "\(size) bytes")
  }

  private static func error(_ path: String, what: String, found: String) -> InputFileError {
    InputFileError(path: path, expected: what, found: found)
  }

  private static func currentError() -> String { String(cString: strerror(errno)) }

  /// `16 MiB`, `64 KiB` or `100 bytes`.
  static func byteText(_ count: Int) -> String {
    if count >= 1 << 20 && count % (1 << 20) == 0 { return "\(count >> 20) MiB" }
    if count >= 1 << 10 && count % (1 << 10) == 0 { return "\(count >> 10) KiB" }
    return "\(count) bytes"
  }
}

/// An input path that is not a readable regular file of the allowed size.
public struct InputFileError: Error, Sendable, CustomStringConvertible {
  public var path: String
  /// What the file should have been: "a preset file of at most 16 MiB".
  public var expected: String
  /// What was there: "a directory", "nothing there", "Permission denied", "20000000 bytes".
  public var found: String

  public init(path: String, expected: String, found: String) {
    self.path = path
    self.expected = expected
    self.found = found
  }

  public var description: String { "\(path): expected \(expected), found \(found)" }
}
