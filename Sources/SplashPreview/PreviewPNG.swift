import SplashCore
import SplashGzip

/// Frames as PNG files made for speed rather than size: the page's frames cross the loopback
/// interface, where bytes cost little, and Cairo's PNG writer spends most of a preview frame's
/// time compressing (80 of 100 ms at 750x1334).
///
/// The pixels are exactly those `PNGWriter` writes: 8-bit RGBA, unpremultiplied with Cairo's
/// rounding, `(c × 255 + a / 2) / a` (what `PixelBuffer.rgba(x:y:)` reads). Rows are unfiltered
/// and compressed at zlib's fastest level.
enum PreviewPNG {
  static func encoded(_ buffer: PixelBuffer) -> [UInt8] {
    let width = buffer.width
    let rowLength = 1 + width * 4
    var raw = [UInt8](repeating: 0, count: rowLength * buffer.height)
    raw.withUnsafeMutableBufferPointer { output in
      for y in 0..<buffer.height {
        // Cairo's ARGB32 is a native-endian word: B, G, R, A in memory on this machine.
        let row = buffer.bytes.advanced(by: y * buffer.bytesPerRow).assumingMemoryBound(to: UInt8.self)
        var target = y * rowLength + 1  // after the row's filter byte, 0: none
        for x in 0..<width {
          let blue = row[4 * x]
          let green = row[4 * x + 1]
          let red = row[4 * x + 2]
          let alpha = row[4 * x + 3]
          if alpha == 255 || alpha == 0 {
            output[target] = alpha == 0 ? 0 : red
            output[target + 1] = alpha == 0 ? 0 : green
            output[target + 2] = alpha == 0 ? 0 : blue
          } else {
            let half = Int(alpha) / 2
            output[target] = UInt8(min(255, (Int(red) * 255 + half) / Int(alpha)))
            output[target + 1] = UInt8(min(255, (Int(green) * 255 + half) / Int(alpha)))
            output[target + 2] = UInt8(min(255, (Int(blue) * 255 + half) / Int(alpha)))
          }
          output[target + 3] = alpha
          target += 4
        }
      }
    }
    var png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
    // IHDR: size, 8 bits a sample, colour type 6 (RGBA), deflate, no filter method, no interlace.
    appendChunk("IHDR", bigEndian(UInt32(width)) + bigEndian(UInt32(buffer.height)) + [8, 6, 0, 0, 0], to: &png)
    appendChunk("IDAT", ZlibStream.compressed(raw, level: 1), to: &png)
    appendChunk("IEND", [], to: &png)
    return png
  }

  private static func bigEndian(_ value: UInt32) -> [UInt8] {
    [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
  }

  /// A chunk: its length, its type, its data and the CRC-32 of type and data.
  private static func appendChunk(_ type: String, _ data: [UInt8], to png: inout [UInt8]) {
    let typed = Array(type.utf8) + data
    png += bigEndian(UInt32(data.count)) + typed + bigEndian(ZlibStream.crc32(typed[...]))
  }
}
