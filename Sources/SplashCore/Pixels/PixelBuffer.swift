/// A frame of pixels in memory: premultiplied BGRA, 8 bits per channel, rows `bytesPerRow` apart.
///
/// This is the one pixel layout every stage agrees on. It is Cairo's `ARGB32` on a little-endian
/// machine (so the renderer draws straight into it) and FFmpeg's `AV_PIX_FMT_BGRA` (so the
/// converter reads straight from it). Rows are padded to 64 bytes, which both libraries' SIMD
/// paths prefer.
///
/// # Guarantees
/// - `width` and `height` are at least 1; `bytesPerRow >= 4 * width` and is a multiple of 64.
/// - The memory is allocated once, zeroed, and freed when the buffer is released.
///
/// Ownership: a buffer is written by one owner at a time (a render worker, then the encoder). It
/// is `@unchecked Sendable` so it can be handed from one to the next; it is never shared for
/// writing.
public final class PixelBuffer: @unchecked Sendable {
  public let width: Int
  public let height: Int
  public let bytesPerRow: Int
  public let bytes: UnsafeMutableRawPointer

  /// The largest side accepted, in pixels (8K is 7680; 16384 leaves room for tall stills).
  public static let maximumSide = 16_384

  /// Allocates a zeroed (transparent black) buffer, or returns `nil` for a size out of range.
  public init?(width: Int, height: Int) {
    guard width >= 1, height >= 1, width <= Self.maximumSide, height <= Self.maximumSide else {
      return nil
    }
    self.width = width
    self.height = height
    bytesPerRow = (width * 4 + 63) / 64 * 64
    bytes = UnsafeMutableRawPointer.allocate(byteCount: bytesPerRow * height, alignment: 64)
    bytes.initializeMemory(as: UInt8.self, repeating: 0, count: bytesPerRow * height)
  }

  deinit {
    bytes.deallocate()
  }

  /// The total size of the pixel memory in bytes.
  public var byteCount: Int { bytesPerRow * height }

  /// The un-premultiplied colour of one pixel as 8-bit (red, green, blue, alpha).
  public func rgba(x: Int, y: Int) -> (red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8) {
    precondition(x >= 0 && x < width && y >= 0 && y < height, "pixel (\(x), \(y)) outside \(width)x\(height)")
    let pixel = bytes.advanced(by: y * bytesPerRow + x * 4).assumingMemoryBound(to: UInt8.self)
    let alpha = pixel[3]
    func straight(_ value: UInt8) -> UInt8 {
      guard alpha != 0, alpha != 255 else { return alpha == 0 ? 0 : value }
      return UInt8(min(255, (Int(value) * 255 + Int(alpha) / 2) / Int(alpha)))
    }
    return (straight(pixel[2]), straight(pixel[1]), straight(pixel[0]), alpha)
  }

  /// Fills every pixel with one opaque or translucent colour.
  public func fill(with color: Color) {
    let clamp = { (value: Double) in value.clampedToUnit }
    let alpha = clamp(color.alpha)
    let components: [UInt8] =
      [color.blue, color.green, color.red].map {
        UInt8((clamp($0) * alpha * 255).rounded())
      } + [UInt8((alpha * 255).rounded())]
    for row in 0..<height {
      let rowStart = bytes.advanced(by: row * bytesPerRow).assumingMemoryBound(to: UInt8.self)
      for column in 0..<width {
        for channel in 0..<4 { rowStart[column * 4 + channel] = components[channel] }
      }
    }
  }
}
