/// Why a gzip stream could not be read; the caller names the file.
public enum GzipError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The bytes are not a complete gzip stream (zlib's reason, or that it ended early).
  case notGzip(String)
  /// The stream decompresses to more than the limit, in bytes; nothing beyond it was kept.
  case tooLarge(limit: Int)

  public var description: String {
    switch self {
    case .notGzip(let reason): "not a gzip stream: \(reason)"
    case .tooLarge(let limit): "decompresses to more than \(limit / 1_048_576) MiB (the limit)"
    }
  }
}
