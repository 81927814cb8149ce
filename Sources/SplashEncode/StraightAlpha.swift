import SplashCore

/// Premultiplied BGRA (what Cairo draws, and what `PixelBuffer` holds) to and from straight
/// BGRA (what YUVA formats store).
///
/// Each colour channel is divided by its alpha and rounded: c′ = round(255 · c / a), at most
/// 255; a fully transparent pixel becomes 0, 0, 0, 0 and an opaque one is unchanged. The way
/// back multiplies: c = round(c′ · a / 255).
enum StraightAlpha {
  /// round(255 · 2¹⁶ / a) for every alpha, so the division is a multiplication.
  private static let reciprocals: [UInt32] = (0...255).map { alpha in
    alpha == 0 ? 0 : UInt32((255.0 * 65536.0 / Double(alpha)).rounded())
  }

  /// One premultiplied channel divided by its alpha, rounded as `convert` rounds it (0 when
  /// the pixel is clear). For code that needs single pixels, such as GIF's palette mapping.
  @inline(__always)
  static func straight(_ value: UInt8, alpha: UInt8) -> UInt8 {
    if alpha == 255 { return value }
    let scale = reciprocals[Int(alpha)]
    return UInt8(min((UInt32(value) * scale + 32768) >> 16, 255))
  }

  static func convert(_ source: PixelBuffer, into destination: PixelBuffer) {
    precondition(source.width == destination.width && source.height == destination.height)
    reciprocals.withUnsafeBufferPointer { reciprocals in
      for row in 0..<source.height {
        let input = (source.bytes + row * source.bytesPerRow).assumingMemoryBound(to: UInt8.self)
        let output = (destination.bytes + row * destination.bytesPerRow).assumingMemoryBound(to: UInt8.self)
        for pixel in 0..<source.width {
          let offset = pixel * 4
          let alpha = input[offset + 3]
          if alpha == 255 {
            output[offset] = input[offset]
            output[offset + 1] = input[offset + 1]
            output[offset + 2] = input[offset + 2]
          } else {
            let scale = reciprocals[Int(alpha)]
            for channel in 0..<3 {
              let value = (UInt32(input[offset + channel]) * scale + 32768) >> 16
              output[offset + channel] = UInt8(min(value, 255))
            }
          }
          output[offset + 3] = alpha
        }
      }
    }
  }

  /// Multiplies every pixel's colour by its alpha, in place (decoded YUVA → `PixelBuffer`).
  static func premultiply(_ buffer: PixelBuffer) {
    premultiply(buffer.bytes, width: buffer.width, height: buffer.height, bytesPerRow: buffer.bytesPerRow)
  }

  /// Multiplies the colour of every pixel of `width` × `height` BGRA pixels, rows
  /// `bytesPerRow` apart, by its alpha, in place.
  static func premultiply(_ bytes: UnsafeMutableRawPointer, width: Int, height: Int, bytesPerRow: Int) {
    for row in 0..<height {
      let pixels = (bytes + row * bytesPerRow).assumingMemoryBound(to: UInt8.self)
      for pixel in 0..<width {
        let offset = pixel * 4
        let alpha = UInt32(pixels[offset + 3])
        guard alpha != 255 else { continue }
        for channel in 0..<3 {
          pixels[offset + channel] = UInt8((UInt32(pixels[offset + channel]) * alpha + 127) / 255)
        }
      }
    }
  }
}
