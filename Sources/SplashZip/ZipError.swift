/// Why a zip archive, or an entry of it, could not be read; the caller names the file.
public enum ZipError: Error, Equatable, Sendable, CustomStringConvertible {
  /// libzip could not open the bytes as an archive (its reason).
  case notZip(String)
  /// More entries than the limit.
  case tooManyEntries(count: Int, limit: Int)
  /// An entry name that is absolute or climbs out with `..`: never a file of the archive's own.
  case unconfinedName(String)
  /// Two entries with one name: which one a reader takes differs from reader to reader.
  case duplicateName(String)
  /// An entry that is neither a regular file nor a folder (a symbolic link, a device).
  case notRegular(String)
  /// An entry, or the entries read so far, decompress to more than the limit, in bytes.
  case tooLarge(entry: String, limit: Int)
  /// libzip failed while reading or writing an entry (its reason).
  case damaged(entry: String, reason: String)

  public var description: String {
    switch self {
    case .notZip(let reason): "not a zip archive: \(reason)"
    case .tooManyEntries(let count, let limit): "expected at most \(limit) entries in the archive, found \(count)"
    case .unconfinedName(let name): "entry \"\(name)\" is an absolute path or leads out of the archive with \"..\""
    case .duplicateName(let name):
      "entry \"\(name)\" appears twice in the archive; players differ on which one they read, so remove one"
    case .notRegular(let name): "entry \"\(name)\" is not a regular file (a symbolic link or a device?)"
    case .tooLarge(let entry, let limit): "\(entry) decompresses past \(limit / 1_048_576) MiB (the limit for the whole archive)"
    case .damaged(let entry, let reason): "\(entry): \(reason)"
    }
  }
}
