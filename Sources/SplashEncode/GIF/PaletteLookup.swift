import SplashCore

/// The palette index for every colour, looked up instead of searched: 6 bits per channel,
/// 262 144 entries, each the palette colour nearest to the centre of its cell.
///
/// A search of 256 entries per pixel would cost about half a billion distance computations
/// for one 1080×1920 frame; the table costs that once per clip (a fraction of a second) and
/// then one load per pixel. A cell spans 4 levels per channel, so a colour the palette holds
/// maps to itself unless another palette colour lies nearer its cell's centre, which takes
/// two palette colours a few levels apart. Ties go to the lower index: mapping is
/// deterministic.
///
/// Immutable after creation: any number of workers may map frames with one table.
public struct PaletteLookup: Sendable {
  private let table: [UInt8]
  /// The index clear pixels map to; `nil` when the palette has no clear entry.
  public let transparentIndex: UInt8?

  public init(palette: GIFPalette) {
    transparentIndex = palette.transparentIndex.map { UInt8($0) }
    // Distances at twice the scale, so the cell centre 4c + 1.5 is the integer 8c + 3.
    let doubled = palette.colors.map { (Int32($0.red) * 2, Int32($0.green) * 2, Int32($0.blue) * 2) }
    var table = [UInt8](repeating: 0, count: ColorHistogram.binCount)
    table.withUnsafeMutableBufferPointer { table in
      doubled.withUnsafeBufferPointer { colours in
        for red in 0..<64 {
          let redCentre = Int32(8 * red + 3)
          for green in 0..<64 {
            let greenCentre = Int32(8 * green + 3)
            for blue in 0..<64 {
              let blueCentre = Int32(8 * blue + 3)
              var nearest = 0
              var nearestDistance = Int32.max
              for index in 0..<colours.count {
                let (r, g, b) = colours[index]
                let distance =
                  (r - redCentre) * (r - redCentre) + (g - greenCentre) * (g - greenCentre)
                  + (b - blueCentre) * (b - blueCentre)
                if distance < nearestDistance {
                  nearestDistance = distance
                  nearest = index
                }
              }
              table[red << 12 | green << 6 | blue] = UInt8(nearest)
            }
          }
        }
      }
    }
    self.table = table
  }

  /// The index for an opaque 8-bit colour.
  public func index(red: UInt8, green: UInt8, blue: UInt8) -> UInt8 {
    table[ColorHistogram.bin(red: red, green: green, blue: blue)]
  }

  /// Maps every pixel of `frame` (premultiplied BGRA) to its palette index, one byte per
  /// pixel, rows `stride` bytes apart. Pixels with alpha below `GIFPalette.opaqueAlpha` take
  /// the clear entry when there is one; the others are divided by their alpha first.
  func map(_ frame: PixelBuffer, into indices: UnsafeMutablePointer<UInt8>, stride: Int) {
    let clear = transparentIndex
    table.withUnsafeBufferPointer { table in
      for row in 0..<frame.height {
        let pixels = (frame.bytes + row * frame.bytesPerRow).assumingMemoryBound(to: UInt8.self)
        let output = indices + row * stride
        for x in 0..<frame.width {
          let pixel = pixels + 4 * x
          let alpha = pixel[3]
          if alpha == 255 {
            output[x] = table[ColorHistogram.bin(red: pixel[2], green: pixel[1], blue: pixel[0])]
          } else if let clear, alpha < GIFPalette.opaqueAlpha {
            output[x] = clear
          } else {
            output[x] =
              table[
                ColorHistogram.bin(
                  red: StraightAlpha.straight(pixel[2], alpha: alpha), green: StraightAlpha.straight(pixel[1], alpha: alpha),
                  blue: StraightAlpha.straight(pixel[0], alpha: alpha))]
          }
        }
      }
    }
  }
}
