import Foundation
import SplashTestSupport
import Testing

@testable import SplashEncode

@Suite("BGRA → YUV 4:2:0: BT.709, limited range, rounded to the nearest code")
struct YUV420ConversionTests {
  /// A converted picture held in plain arrays (planes packed, no padding).
  private struct Converted {
    var width: Int
    var height: Int
    var luma: [UInt8]
    var blue: [UInt8]
    var red: [UInt8]
  }

  /// Converts `pixels` (BGRA, `width` per row) through rows padded to `bytesPerRow` and chroma
  /// planes with a stride larger than needed, so strides are exercised too.
  private func convert(_ pixels: [UInt8], width: Int, height: Int) -> Converted {
    let bytesPerRow = width * 4 + 12
    var source = [UInt8](repeating: 0xEE, count: bytesPerRow * height)
    for row in 0..<height {
      for byte in 0..<(width * 4) { source[row * bytesPerRow + byte] = pixels[row * width * 4 + byte] }
    }
    let chromaWidth = (width + 1) / 2
    let chromaHeight = (height + 1) / 2
    let lumaStride = width + 5
    let chromaStride = chromaWidth + 3
    var luma = [UInt8](repeating: 0, count: lumaStride * height)
    var blue = [UInt8](repeating: 0, count: chromaStride * chromaHeight)
    var red = [UInt8](repeating: 0, count: chromaStride * chromaHeight)
    source.withUnsafeBytes { bgra in
      luma.withUnsafeMutableBufferPointer { lumaPlane in
        blue.withUnsafeMutableBufferPointer { bluePlane in
          red.withUnsafeMutableBufferPointer { redPlane in
            YUV420Conversion.convert(
              bgra: bgra.baseAddress!, bytesPerRow: bytesPerRow, width: width, height: height,
              into: YUV420Conversion.Planes(
                luma: lumaPlane.baseAddress!, lumaStride: lumaStride, blueDifference: bluePlane.baseAddress!,
                blueDifferenceStride: chromaStride, redDifference: redPlane.baseAddress!, redDifferenceStride: chromaStride))
          }
        }
      }
    }
    func packed(_ plane: [UInt8], stride: Int, width: Int, height: Int) -> [UInt8] {
      (0..<height).flatMap { row in plane[(row * stride)..<(row * stride + width)] }
    }
    return Converted(
      width: width, height: height, luma: packed(luma, stride: lumaStride, width: width, height: height),
      blue: packed(blue, stride: chromaStride, width: chromaWidth, height: chromaHeight),
      red: packed(red, stride: chromaStride, width: chromaWidth, height: chromaHeight))
  }

  /// The formulas of Rec. ITU-R BT.709 computed in double precision, unrounded.
  private func reference(red: Double, green: Double, blue: Double) -> (y: Double, cb: Double, cr: Double) {
    let luma = 0.2126 * red + 0.7152 * green + 0.0722 * blue
    return (16 + 219 / 255 * luma, 128 + 224 / 255 * (blue - luma) / 1.8556, 128 + 224 / 255 * (red - luma) / 1.5748)
  }

  private func randomPixels(width: Int, height: Int, seed: UInt64) -> [UInt8] {
    var generator = SeededGenerator(seed: seed)
    var pixels: [UInt8] = []
    for _ in 0..<(width * height) {
      pixels += [
        UInt8.random(in: 0...255, using: &generator), UInt8.random(in: 0...255, using: &generator),
        UInt8.random(in: 0...255, using: &generator), 255,
      ]
    }
    return pixels
  }

  @Test(
    "flat colours land exactly on the nearest codes of the formula",
    arguments: [
      (0x40, 0xE0, 0xB0), (0xDA, 0x70, 0xD6), (0x0F, 0x4E, 0x65), (0x00, 0x00, 0x00), (0xFF, 0xFF, 0xFF), (0xFF, 0x00, 0x00),
    ])
  func flatColours(colour: (Int, Int, Int)) {
    let (red, green, blue) = colour
    let pixel: [UInt8] = [UInt8(blue), UInt8(green), UInt8(red), 255]
    let pixels = [[UInt8]](repeating: pixel, count: 20 * 6).flatMap { $0 }
    let converted = convert(pixels, width: 20, height: 6)
    let expected = reference(red: Double(red), green: Double(green), blue: Double(blue))
    #expect(Set(converted.luma) == [UInt8(expected.y.rounded())])
    #expect(Set(converted.blue) == [UInt8(expected.cb.rounded())])
    #expect(Set(converted.red) == [UInt8(expected.cr.rounded())])
  }

  @Test("black and white are 16/128/128 and 235/128/128")
  func range() {
    let black = convert([UInt8](repeating: 0, count: 8 * 2 * 4), width: 8, height: 2)
    let white = convert([UInt8](repeating: 255, count: 8 * 2 * 4), width: 8, height: 2)
    #expect(Set(black.luma) == [16] && Set(black.blue) == [128] && Set(black.red) == [128])
    #expect(Set(white.luma) == [235] && Set(white.blue) == [128] && Set(white.red) == [128])
  }

  @Test("random pixels: luma per pixel and chroma per 2×2 average within rounding of the formula")
  func randomImage() {
    let width = 45
    let height = 13
    let pixels = randomPixels(width: width, height: height, seed: 7)
    let converted = convert(pixels, width: width, height: height)
    func channel(_ x: Int, _ y: Int, _ offset: Int) -> Double {
      Double(pixels[(min(y, height - 1) * width + min(x, width - 1)) * 4 + offset])
    }
    var worst = 0.0
    for y in 0..<height {
      for x in 0..<width {
        let exact = reference(red: channel(x, y, 2), green: channel(x, y, 1), blue: channel(x, y, 0))
        worst = max(worst, abs(Double(converted.luma[y * width + x]) - exact.y))
      }
    }
    let chromaWidth = (width + 1) / 2
    for y in 0..<((height + 1) / 2) {
      for x in 0..<chromaWidth {
        // Odd sizes repeat the last column and row.
        let block = [(2 * x, 2 * y), (2 * x + 1, 2 * y), (2 * x, 2 * y + 1), (2 * x + 1, 2 * y + 1)]
        let average = { (offset: Int) in block.map { channel($0.0, $0.1, offset) }.reduce(0, +) / 4 }
        let exact = reference(red: average(2), green: average(1), blue: average(0))
        worst = max(worst, abs(Double(converted.blue[y * chromaWidth + x]) - exact.cb))
        worst = max(worst, abs(Double(converted.red[y * chromaWidth + x]) - exact.cr))
      }
    }
    // Rounded to the nearest code: never more than half a code away (plus float error).
    #expect(worst <= 0.5 + 1e-3, "worst distance from the exact value \(worst)")
  }

  @Test("the eight-pixel blocks and the one-pair tail give the same codes")
  func blockAndTailAgree() {
    // 16 columns go through blocks; 18 columns convert the last two through the tail.
    let pixels = randomPixels(width: 18, height: 4, seed: 11)
    let wide = convert(pixels, width: 18, height: 4)
    // The same pixels with columns 8…9 moved to 16…17: the tail now converts what a block did.
    var moved = pixels
    for row in 0..<4 {
      for column in 0..<2 {
        for byte in 0..<4 {
          moved[(row * 18 + 16 + column) * 4 + byte] = pixels[(row * 18 + 8 + column) * 4 + byte]
        }
      }
    }
    let shifted = convert(moved, width: 18, height: 4)
    for row in 0..<4 {
      for column in 0..<2 {
        #expect(shifted.luma[row * 18 + 16 + column] == wide.luma[row * 18 + 8 + column])
      }
    }
    for row in 0..<2 {
      #expect(shifted.blue[row * 9 + 8] == wide.blue[row * 9 + 4])
      #expect(shifted.red[row * 9 + 8] == wide.red[row * 9 + 4])
    }
  }
}
