import SplashCore
import SplashFiles

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What a batch records of a clip it rendered (`.splashvid/NAME.mp4.inputs`, see `BatchRecordFolder`): the
/// fingerprint of the clip's inputs (`InputFingerprint`) and the size and a hash of the bytes
/// the clip had when it was recorded.
///
/// A later run skips the clip only when the inputs are the same and the clip still holds those
/// bytes. A record of inputs alone vouched for whatever lay under the clip's name: another
/// batch's clip that raced this one to the name, a file copied over it, a clip edited in
/// place; every later run then skipped it.
///
///     inputs 9c0e4f2a17d3b851
///     size 48213
///     hash 5d1b7e09c3a2f864
struct BatchRecord: Equatable {
  var inputs: String
  var size: Int
  var contentHash: String

  init(inputs: String, size: Int, contentHash: String) {
    self.inputs = inputs
    self.size = size
    self.contentHash = contentHash
  }

  /// The record a record file's `text` holds, or `nil` for anything else (an earlier
  /// version's record of inputs alone, which the clip is then rendered again to replace).
  init?(text: String) {
    let fields = text.split(separator: "\n").map { $0.split(separator: " ", maxSplits: 1).map(String.init) }
    guard fields.count == 3, fields.allSatisfy({ $0.count == 2 }), fields.map({ $0[0] }) == ["inputs", "size", "hash"],
      let size = Int(fields[1][1])
    else { return nil }
    self.init(inputs: fields[0][1], size: size, contentHash: fields[2][1])
  }

  /// The record file's text.
  var text: String { "inputs \(inputs)\nsize \(size)\nhash \(contentHash)\n" }

  /// The record of the clip at `path` as it is now, made from `inputs`.
  ///
  /// - Throws: `OutputFileError` when the clip cannot be read.
  static func of(_ path: String, inputs: String) throws -> BatchRecord {
    let (size, hash) = try contents(of: path)
    return BatchRecord(inputs: inputs, size: size, contentHash: hash)
  }

  /// The record of the clip at `path` made of `inputs`, if the file there is still `written`
  /// (the one this batch put there); `nil` when another writer has replaced it since, so that
  /// the record never describes a clip other inputs made.
  ///
  /// - Throws: `OutputFileError` when the file cannot be read.
  static func of(_ path: String, inputs: String, written: CommittedFiles.Identity) throws -> BatchRecord? {
    try opened(path) { descriptor in
      guard CommittedFiles.Identity(descriptor: descriptor) == written else { return nil }
      let (size, hash) = try contents(of: descriptor, path: path)
      return BatchRecord(inputs: inputs, size: size, contentHash: hash)
    }
  }

  /// Whether the clip at `path` still holds the bytes this record describes (the size first,
  /// which tells most changes without reading the clip).
  func describes(_ path: String) -> Bool {
    var status = stat()
    guard stat(path, &status) == 0, status.st_mode & S_IFMT == S_IFREG, Int(status.st_size) == size else { return false }
    return (try? Self.contents(of: path))?.hash == contentHash
  }

  /// The size of the regular file at `path` and a 64-bit hash of its bytes: FNV-1a over
  /// 8-byte words, read in chunks (a clip may be gigabytes). Not cryptographic: it tells a
  /// clip from another render or an edit, not from a forgery, and no one here forges clips.
  private static func contents(of path: String) throws -> (size: Int, hash: String) {
    try opened(path) { try contents(of: $0, path: path) }
  }

  /// Runs `body` with `path` open for reading (a link is not followed), and closes it.
  private static func opened<Result>(_ path: String, _ body: (Int32) throws -> Result) throws -> Result {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW)
    guard descriptor >= 0 else { throw OutputFileError(path: path, reason: "cannot be read: \(String(cString: strerror(errno)))") }
    defer { close(descriptor) }
    return try body(descriptor)
  }

  /// The size and hash (see `contents(of:)`) of the file open at `descriptor`, read from its
  /// current offset; `path` names it in errors.
  private static func contents(of descriptor: Int32, path: String) throws -> (size: Int, hash: String) {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    let prime: UInt64 = 0x0000_0100_0000_01b3
    var size = 0
    let chunk = UnsafeMutableRawBufferPointer.allocate(byteCount: 1 << 20, alignment: 8)
    defer { chunk.deallocate() }
    while true {
      // The chunk is filled before it is hashed: a read may return fewer bytes than asked (a
      // network filesystem, a signal), and the hash must not depend on how the bytes arrived,
      // or a machine reading them in other pieces would take the clip for another.
      var count = 0
      while count < chunk.count {
        let got = read(descriptor, chunk.baseAddress! + count, chunk.count - count)
        if got < 0 && errno == EINTR { continue }
        guard got >= 0 else { throw OutputFileError(path: path, reason: "cannot be read: \(String(cString: strerror(errno)))") }
        if got == 0 { break }
        count += got
      }
      if count == 0 { break }
      size += count
      let words = count / 8
      for index in 0..<words { hash = (hash ^ chunk.load(fromByteOffset: index * 8, as: UInt64.self)) &* prime }
      for index in (words * 8)..<count { hash = (hash ^ UInt64(chunk[index])) &* prime }
      // A chunk's length is part of the hash, so where the tail bytes fell cannot collide.
      hash = (hash ^ UInt64(count)) &* prime
      if count < chunk.count { break }
    }
    return (size, String(hash, radix: 16))
  }
}
