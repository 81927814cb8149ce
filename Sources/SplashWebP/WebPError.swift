/// Why WebP bytes could not be decoded; the caller names the image.
public enum WebPError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The bytes are not a WebP image libwebp can read (libwebp's status code).
  case notWebP(status: Int)
  /// An animated WebP: its frames need the demuxer, which splashvid does not use.
  case animated

  public var description: String {
    switch self {
    case .notWebP(let status): "not a WebP image libwebp can read (status \(status))"
    case .animated: "an animated WebP image (only still WebP images are read)"
    }
  }
}
