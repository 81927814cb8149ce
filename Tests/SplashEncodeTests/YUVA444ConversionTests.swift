import Foundation
import Testing

@testable import SplashEncode

@Suite("Premultiplied BGRA → YUVA 4:4:4 at 10 bits: straight colour, BT.709, limited range")
struct YUVA444ConversionTests {
  /// One pixel's four codes: Y, Cb, Cr, A.
  private typealias Codes = (luma: UInt16, blue: UInt16, red: UInt16, alpha: UInt16)

  /// Converts a row of BGRA pixels, through planes with strides larger than needed.
  private func convert(_ pixels: [(blue: UInt8, green: UInt8, red: UInt8, alpha: UInt8)]) -> [Codes] {
    let width = pixels.count
    let source: [UInt8] = pixels.flatMap { [$0.blue, $0.green, $0.red, $0.alpha] } + [0xEE, 0xEE, 0xEE, 0xEE]
    let stride = width * 2 + 6
    var luma = [UInt8](repeating: 0xAA, count: stride)
    var blue = luma
    var red = luma
    var alpha = luma
    source.withUnsafeBytes { bgra in
      luma.withUnsafeMutableBytes { lumaPlane in
        blue.withUnsafeMutableBytes { bluePlane in
          red.withUnsafeMutableBytes { redPlane in
            alpha.withUnsafeMutableBytes { alphaPlane in
              YUVA444Conversion.convert(
                bgra: bgra.baseAddress!, bytesPerRow: source.count, width: width, height: 1,
                into: YUVA444Conversion.Planes(
                  luma: lumaPlane.baseAddress!, lumaStride: stride, blueDifference: bluePlane.baseAddress!,
                  blueDifferenceStride: stride, redDifference: redPlane.baseAddress!, redDifferenceStride: stride,
                  alpha: alphaPlane.baseAddress!, alphaStride: stride))
            }
          }
        }
      }
    }
    let planes = [luma, blue, red, alpha]
    func code(_ plane: Int, _ index: Int) -> UInt16 { UInt16(planes[plane][2 * index]) | UInt16(planes[plane][2 * index + 1]) << 8 }
    #expect(planes.allSatisfy { $0[2 * width] == 0xAA }, "nothing written past the row")
    return (0..<width).map { (code(0, $0), code(1, $0), code(2, $0), code(3, $0)) }
  }

  @Test("white, black, red and clear land on the codes of the formula")
  func knownColours() {
    let codes = convert([(255, 255, 255, 255), (0, 0, 0, 255), (0, 0, 255, 255), (0, 0, 0, 0)])
    // Y = 64 + 876 · Y′/255; Cb, Cr = 512 ± 448 at the primaries' extremes; A = 1023 · a/255.
    #expect(codes[0] == (940, 512, 512, 1023))
    #expect(codes[1] == (64, 512, 512, 1023))
    // Red: Y = 64 + 876 · 0.2126 = 250.2; Cb = 512 − 448 · 0.2126 / 0.9278 = 409.3; Cr = 960.
    #expect(codes[2] == (250, 409, 960, 1023))
    #expect(codes[3] == (64, 512, 512, 0), "a clear pixel is black at alpha 0")
  }

  @Test("a half-transparent pixel stores its straight colour and its alpha")
  func straightColour() {
    // Red at alpha 128, premultiplied: 128. Straight it is red again.
    let codes = convert([(0, 0, 128, 128), (0, 0, 255, 255)])
    #expect(codes[0].luma == codes[1].luma && codes[0].blue == codes[1].blue && codes[0].red == codes[1].red)
    #expect(codes[0].alpha == 514, "1023 · 128 / 255 = 513.5, ties to even")
  }

  @Test("the pixels past the last block of eight get the codes the block gives them")
  func tailMatchesBlocks() {
    func premultiplied(_ index: Int) -> (blue: UInt8, green: UInt8, red: UInt8, alpha: UInt8) {
      let alpha = 255 - index * 9
      let straight = [index * 23 % 256, index * 57 % 256, index * 91 % 256]
      let colour = straight.map { UInt8($0 * alpha / 255) }
      return (colour[0], colour[1], colour[2], UInt8(alpha))
    }
    let premultiplied = (0..<11).map(premultiplied)
    // Pixels 8…10 are the tail of an 11-pixel row and the head of an 8-pixel block.
    let row = convert(premultiplied)
    let shifted = convert(Array(premultiplied[8...]) + Array(premultiplied[0..<5]))
    for index in 0..<3 { #expect(row[8 + index] == shifted[index], "pixel \(8 + index)") }
  }
}
