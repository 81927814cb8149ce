import SplashCore

/// How often each colour occurs in sample frames, the input of the palette quantizer.
///
/// Colours are binned at 6 bits per channel (262 144 bins, the precision of `PaletteLookup`),
/// and every bin keeps the exact sum of the 8-bit colours that fell into it, so a bin's mean is
/// the true average of its pixels: a flat colour comes out exact, not rounded to its bin.
/// Premultiplied pixels are divided by their alpha first (the colour a GIF shows is straight);
/// with `countsTransparency`, pixels with alpha below 128 are counted apart, as the clear
/// entry's, and do not pull the palette towards black.
public struct ColorHistogram: Sendable {
  static let bitsPerChannel = 6
  static let binCount = 1 << (3 * bitsPerChannel)

  /// Whether pixels with alpha below `GIFPalette.opaqueAlpha` are transparent, not colours.
  public let countsTransparency: Bool
  /// Per bin: pixel count, then the sums of red, green and blue (four values per bin).
  private(set) var bins: [Int]
  /// Pixels counted as transparent.
  public private(set) var transparentPixels = 0
  /// Pixels counted as colours.
  public private(set) var colourPixels = 0

  public init(countsTransparency: Bool) {
    self.countsTransparency = countsTransparency
    bins = [Int](repeating: 0, count: 4 * Self.binCount)
  }

  /// The bin of an 8-bit colour.
  @inline(__always)
  static func bin(red: UInt8, green: UInt8, blue: UInt8) -> Int {
    Int(red >> 2) << 12 | Int(green >> 2) << 6 | Int(blue >> 2)
  }

  /// Counts every pixel of `frame`.
  public mutating func add(_ frame: PixelBuffer) {
    let countsTransparency = self.countsTransparency
    var transparent = 0
    bins.withUnsafeMutableBufferPointer { bins in
      for row in 0..<frame.height {
        let pixels = (frame.bytes + row * frame.bytesPerRow).assumingMemoryBound(to: UInt8.self)
        for x in 0..<frame.width {
          let pixel = pixels + 4 * x
          let alpha = pixel[3]
          if countsTransparency && alpha < GIFPalette.opaqueAlpha {
            transparent += 1
            continue
          }
          let blue = StraightAlpha.straight(pixel[0], alpha: alpha)
          let green = StraightAlpha.straight(pixel[1], alpha: alpha)
          let red = StraightAlpha.straight(pixel[2], alpha: alpha)
          let slot = 4 * Self.bin(red: red, green: green, blue: blue)
          bins[slot] += 1
          bins[slot + 1] += Int(red)
          bins[slot + 2] += Int(green)
          bins[slot + 3] += Int(blue)
        }
      }
    }
    transparentPixels += transparent
    colourPixels += frame.width * frame.height - transparent
  }

  /// The occupied bins, in bin order: each bin's pixel count and mean colour.
  var occupiedBins: [MedianCutQuantizer.WeightedColor] {
    var found: [MedianCutQuantizer.WeightedColor] = []
    for bin in 0..<Self.binCount where bins[4 * bin] > 0 {
      let count = bins[4 * bin]
      let weight = Double(count)
      found.append(
        MedianCutQuantizer.WeightedColor(
          red: Double(bins[4 * bin + 1]) / weight, green: Double(bins[4 * bin + 2]) / weight,
          blue: Double(bins[4 * bin + 3]) / weight, weight: weight))
    }
    return found
  }
}
