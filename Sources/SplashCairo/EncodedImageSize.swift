/// The pixel size an encoded PNG, JPEG or GIF declares in its header, read before decoding so
/// that an image claiming billions of pixels is refused before anything is allocated. (WebP's
/// is read by libwebp: `WebPImage.size(of:)`.)
enum EncodedImageSize {
  static func of(_ bytes: [UInt8]) -> (width: Int, height: Int)? {
    png(bytes) ?? jpeg(bytes) ?? gif(bytes)
  }

  /// GIF: the signature GIF87a or GIF89a, then the logical screen's width and height, each
  /// two bytes, least significant first.
  private static func gif(_ bytes: [UInt8]) -> (width: Int, height: Int)? {
    guard bytes.count >= 10, Array(bytes[0..<6]) == Array("GIF87a".utf8) || Array(bytes[0..<6]) == Array("GIF89a".utf8) else {
      return nil
    }
    return (Int(bytes[6]) | Int(bytes[7]) << 8, Int(bytes[8]) | Int(bytes[9]) << 8)
  }

  /// PNG: the signature, then the IHDR chunk, whose first eight bytes are width and height.
  private static func png(_ bytes: [UInt8]) -> (width: Int, height: Int)? {
    let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
    guard bytes.count >= 24, Array(bytes[0..<8]) == signature, Array(bytes[12..<16]) == Array("IHDR".utf8) else { return nil }
    return (bigEndian(bytes, at: 16, count: 4), bigEndian(bytes, at: 20, count: 4))
  }

  /// JPEG: the segments after the start-of-image marker, up to a start-of-frame segment
  /// (SOF0…SOF15 but DHT, JPG and DAC), whose header holds height then width.
  private static func jpeg(_ bytes: [UInt8]) -> (width: Int, height: Int)? {
    guard bytes.count >= 4, bytes[0] == 0xFF, bytes[1] == 0xD8 else { return nil }
    var offset = 2
    while offset + 9 < bytes.count {
      guard bytes[offset] == 0xFF else { return nil }
      let marker = bytes[offset + 1]
      if marker == 0xFF {
        offset += 1
        continue
      }
      let length = bigEndian(bytes, at: offset + 2, count: 2)
      if (0xC0...0xCF).contains(marker), marker != 0xC4, marker != 0xC8, marker != 0xCC {
        return (bigEndian(bytes, at: offset + 7, count: 2), bigEndian(bytes, at: offset + 5, count: 2))
      }
      guard length >= 2 else { return nil }
      offset += 2 + length
    }
    return nil
  }

  private static func bigEndian(_ bytes: [UInt8], at offset: Int, count: Int) -> Int {
    (0..<count).reduce(0) { $0 << 8 | Int(bytes[offset + $1]) }
  }
}
