import CZip
import Glibc

/// A zip archive read from memory through libzip, with its entries checked before any is read.
///
/// Opening refuses an archive with more than `maximumEntries` entries, an entry name that is
/// absolute or leads out with `..`, a name that appears twice, and an entry that is neither a
/// regular file nor a folder, so whatever reads the entries by name never meets one of them.
/// Reading is bounded by one budget for the whole archive, so a zip bomb never allocates more
/// than it.
public final class ZipArchive {
  /// The checked entries, in the archive's order.
  public let entries: [ZipEntry]
  private let archive: OpaquePointer
  /// Bytes the entries may still decompress to.
  private var remainingBytes: Int
  private let limit: Int

  /// Opens the archive in `bytes`.
  ///
  /// - Parameters:
  ///   - maximumEntries: The most entries accepted (folders count).
  ///   - maximumBytes: The most bytes all entries read together may decompress to.
  /// - Throws: `ZipError` for bytes that are not an archive, or an entry that is refused.
  public init(_ bytes: [UInt8], maximumEntries: Int, maximumBytes: Int) throws(ZipError) {
    var error = zip_error_t()
    zip_error_init(&error)
    defer { zip_error_fini(&error) }
    // libzip frees this copy with the archive (freep = 1), so it must come from malloc.
    let copy = malloc(max(bytes.count, 1))!
    bytes.withUnsafeBytes { copy.copyMemory(from: $0.baseAddress!, byteCount: bytes.count) }
    guard let source = zip_source_buffer_create(copy, UInt64(bytes.count), 1, &error) else {
      free(copy)
      throw .notZip(String(cString: zip_error_strerror(&error)))
    }
    // Not ZIP_CHECKCONS: libzip before 1.10.1 (Debian 12 has 1.7.3) then refuses what macOS
    // writes (Finder's Compress, `ditto -c -k`): a local header that sets the data descriptor
    // flag and carries the compressed size, where the appnote wants zero, fails its comparison
    // of local and central headers (nih-at/libzip#341). The checks below read the central
    // directory alone, as players do, and reading is bounded whatever either header says.
    guard let archive = zip_open_from_source(source, ZIP_RDONLY, &error) else {
      zip_source_free(source)
      throw .notZip(String(cString: zip_error_strerror(&error)))
    }
    self.archive = archive
    remainingBytes = maximumBytes
    limit = maximumBytes
    let count = zip_get_num_entries(archive, 0)
    guard count <= Int64(maximumEntries) else {
      zip_discard(archive)
      throw .tooManyEntries(count: Int(count), limit: maximumEntries)
    }
    var entries: [ZipEntry] = []
    var names: Set<String> = []
    for index in 0..<UInt64(max(count, 0)) {
      var status = zip_stat_t()
      guard zip_stat_index(archive, index, 0, &status) == 0, let rawName = status.name else {
        zip_discard(archive)
        throw .damaged(entry: "entry \(index)", reason: "no name or size in the central directory")
      }
      let name = String(cString: rawName)
      guard Self.isConfined(name) else {
        zip_discard(archive)
        throw .unconfinedName(name)
      }
      // libzip opens an archive with a repeated name (only ZIP_CHECKCONS refuses it) and then
      // finds the first by name; a JavaScript unzip keeps the last.
      guard names.insert(name).inserted else {
        zip_discard(archive)
        throw .duplicateName(name)
      }
      var system: UInt8 = 0
      var attributes: UInt32 = 0
      if zip_file_get_external_attributes(archive, index, 0, &system, &attributes) == 0, UInt32(system) == ZIP_OPSYS_UNIX {
        // The Unix mode's type bits: 0 (unset), a regular file or a folder are files of the
        // archive's own; a link would point somewhere the archive does not hold.
        let type = (attributes >> 16) & 0o170000
        guard type == 0 || type == 0o100000 || type == 0o040000 else {
          zip_discard(archive)
          throw .notRegular(name)
        }
      }
      let declared = status.valid & UInt64(ZIP_STAT_SIZE) != 0 ? status.size : 0
      entries.append(ZipEntry(index: index, name: name, declaredSize: declared))
    }
    self.entries = entries
  }

  deinit { zip_discard(archive) }

  /// Whether `name` stays inside the archive: relative, with no `..` part (either slash counts,
  /// as Windows tools write `\`) and no drive letter.
  public static func isConfined(_ name: String) -> Bool {
    guard !name.isEmpty, !name.hasPrefix("/"), !name.hasPrefix("\\"), !name.contains("\u{0}") else { return false }
    let parts = name.split(whereSeparator: { $0 == "/" || $0 == "\\" })
    if let first = parts.first, first.count == 2, first.hasSuffix(":") { return false }
    return !parts.contains("..")
  }

  /// The bytes of `entry`, counted against the archive's budget.
  ///
  /// An entry declaring more than the budget is refused before anything is read; one that
  /// lies is cut off as it passes the budget.
  ///
  /// - Throws: `ZipError.tooLarge` past the budget, `.damaged` when libzip cannot read it.
  public func read(_ entry: ZipEntry) throws(ZipError) -> [UInt8] {
    guard entry.declaredSize <= UInt64(remainingBytes) else { throw .tooLarge(entry: entry.name, limit: limit) }
    guard let file = zip_fopen_index(archive, entry.index, 0) else {
      throw .damaged(entry: entry.name, reason: String(cString: zip_strerror(archive)))
    }
    defer { zip_fclose(file) }
    var output: [UInt8] = []
    output.reserveCapacity(Int(entry.declaredSize))
    var chunk = [UInt8](repeating: 0, count: 64 * 1024)
    while true {
      let count = chunk.withUnsafeMutableBytes { zip_fread(file, $0.baseAddress, UInt64($0.count)) }
      if count < 0 { throw .damaged(entry: entry.name, reason: String(cString: zip_file_strerror(file))) }
      if count == 0 { break }
      guard Int(count) <= remainingBytes else { throw .tooLarge(entry: entry.name, limit: limit) }
      remainingBytes -= Int(count)
      output.append(contentsOf: chunk[0..<Int(count)])
    }
    return output
  }
}
