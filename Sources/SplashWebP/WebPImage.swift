import CWebP

/// A still WebP image decoded by libwebp into straight (not premultiplied) RGBA bytes.
///
/// Lottie files embed WebP images as often as PNG ones (dotLottie tools convert images to
/// WebP to shrink them), and Lottie's iOS player draws them through `UIImage`, which reads
/// WebP since iOS 14. gdk-pixbuf, which decodes the other formats, has no WebP loader in
/// Debian's default install, so WebP goes through libwebp itself.
public struct WebPImage: Sendable {
  public let width: Int
  public let height: Int
  /// Four bytes per pixel, row after row, no padding: red, green, blue, alpha.
  public let rgba: [UInt8]

  /// Whether `bytes` begin as a WebP file does: a RIFF header whose form type is "WEBP".
  public static func isWebP(_ bytes: [UInt8]) -> Bool {
    bytes.count >= 12 && Array(bytes[0..<4]) == Array("RIFF".utf8) && Array(bytes[8..<12]) == Array("WEBP".utf8)
  }

  /// The size the image declares, read from its headers without decoding a pixel; nil when
  /// the bytes are not a WebP image.
  public static func size(of bytes: [UInt8]) -> (width: Int, height: Int)? {
    var width: Int32 = 0
    var height: Int32 = 0
    let found = bytes.withUnsafeBufferPointer { WebPGetInfo($0.baseAddress, $0.count, &width, &height) }
    return found != 0 ? (Int(width), Int(height)) : nil
  }

  /// Decodes `bytes`, a still WebP image (lossy or lossless, with or without alpha).
  ///
  /// - Throws: `WebPError.animated` for an animated image, `.notWebP` for anything libwebp
  ///   refuses (damaged or truncated bytes).
  public init(decoding bytes: [UInt8]) throws(WebPError) {
    var features = WebPBitstreamFeatures()
    let status = bytes.withUnsafeBufferPointer { WebPGetFeatures($0.baseAddress, $0.count, &features) }
    guard status == VP8_STATUS_OK else { throw .notWebP(status: Int(status.rawValue)) }
    guard features.has_animation == 0 else { throw .animated }
    let (width, height) = (Int(features.width), Int(features.height))
    var pixels = [UInt8](repeating: 0, count: width * height * 4)
    let decoded = bytes.withUnsafeBufferPointer { input in
      pixels.withUnsafeMutableBufferPointer { output in
        WebPDecodeRGBAInto(input.baseAddress, input.count, output.baseAddress, output.count, Int32(width * 4))
      }
    }
    guard decoded != nil else { throw .notWebP(status: Int(VP8_STATUS_BITSTREAM_ERROR.rawValue)) }
    self.width = width
    self.height = height
    rgba = pixels
  }
}
