import Foundation
import SplashCore
import SplashPresets
import SplashRender
import SplashTestSupport
import Testing

@testable import SplashCairo

/// An image drawn at less than half its size is drawn from a halved copy of it
/// (`CairoImage.halved(_:)`), so every pixel counts and none flickers.
@Suite("images drawn small come from their halvings")
struct ImageHalvingTests {
  /// A blank image whose pixels `fill` gives, row by row, as premultiplied ARGB32.
  private func image(width: Int, height: Int, _ fill: (Int, Int) -> UInt32) throws -> CairoImage {
    let image = try CairoImage(blankWidth: width, height: height, name: "test")
    image.setPixels(fill)
    return image
  }

  private func pixel(_ image: CairoImage, _ column: Int, _ row: Int) -> UInt32 {
    image.pixel(column: column, row: row)
  }

  @Test("a halving's pixel is each channel's rounded mean of the four it covers")
  func mean() {
    #expect(CairoImage.mean(0xFF00_0000, 0xFF00_0000, 0xFFFF_FFFF, 0xFFFF_FFFF) == 0xFF80_8080)
    #expect(CairoImage.mean(0xFFFF_FFFF, 0xFFFF_FFFF, 0xFFFF_FFFF, 0xFFFF_FFFF) == 0xFFFF_FFFF)
    #expect(CairoImage.mean(0x0100_0000, 0x0200_0000, 0x0300_0000, 0x0400_0000) == 0x0300_0000)
    #expect(CairoImage.mean(0x0001_0000, 0x0000_0100, 0x0000_0001, 0x0000_0000) == 0)
    #expect(CairoImage.mean(0x0004_0804, 0x0004_0804, 0x0004_0804, 0x0006_0A05) == 0x0005_0904)
  }

  @Test("an odd last row and column are paired with themselves, so level pixel i stands for 2i and 2i + 1")
  func oddSides() throws {
    // 5 × 3: each pixel's blue is its column, its green its row, fully opaque.
    let source = try image(width: 5, height: 3) { column, row in 0xFF00_0000 | UInt32(row * 40) << 8 | UInt32(column * 40) }
    let half = try source.halved(1)
    #expect(half.width == 3 && half.height == 2)
    // Columns 0–1, 2–3 and 4 alone; rows 0–1 and 2 alone.
    #expect(pixel(half, 0, 0) == 0xFF00_1414)
    #expect(pixel(half, 1, 0) == 0xFF00_1464)
    #expect(pixel(half, 2, 0) == 0xFF00_14A0)
    #expect(pixel(half, 2, 1) == 0xFF00_50A0)
    let quarter = try source.halved(2)
    #expect(quarter.width == 2 && quarter.height == 1)
    #expect(try source.halved(0) === source)
    #expect(try source.halved(1) === half, "made once and kept")
  }

  @Test("the level is the first at which a pixel spans half a device pixel, down to one pixel")
  func levelChoice() throws {
    let source = try image(width: 64, height: 5) { _, _ in 0 }
    #expect(source.halvingCount(forDevicePixelsPerImagePixel: 3) == 0)
    #expect(source.halvingCount(forDevicePixelsPerImagePixel: 0.5) == 0)
    #expect(source.halvingCount(forDevicePixelsPerImagePixel: 0.49) == 1)
    #expect(source.halvingCount(forDevicePixelsPerImagePixel: 0.25) == 1)
    #expect(source.halvingCount(forDevicePixelsPerImagePixel: 0.2) == 2)
    // Five rows halve to 3, 2 and 1: no further.
    #expect(source.halvingCount(forDevicePixelsPerImagePixel: 0.001) == 3)
  }

  @Test("new pixels make the halvings again, in the memory of the old ones")
  func pixelsChanged() throws {
    let source = try image(width: 4, height: 4) { _, _ in 0xFFFF_FFFF }
    let first = try source.halved(1)
    #expect(pixel(first, 0, 0) == 0xFFFF_FFFF)
    source.setPixels { _, _ in 0 }
    #expect(pixel(try source.halved(1), 0, 0) == 0)
    #expect(try source.halved(1) === first, "made again in the same memory")
  }

  @Test("black and white columns drawn at 0.3 of their size are an even grey, not stripes")
  func finePatternDrawnSmall() throws {
    let folder = try ScratchFolder.make("halving")
    let stripes = try #require(PixelBuffer(width: 64, height: 64))
    for row in 0..<64 {
      for column in 0..<64 {
        let value: UInt8 = column % 2 == 0 ? 0 : 255
        let pixel = stripes.bytes.advanced(by: row * stripes.bytesPerRow + column * 4).assumingMemoryBound(to: UInt8.self)
        (pixel[0], pixel[1], pixel[2], pixel[3]) = (value, value, value, 255)
      }
    }
    try PNGWriter.write(stripes, to: folder.appendingPathComponent("stripes.png").path)
    // 64 pixels in 19.2 points at one pixel a point: 0.3 of their size.
    let text = """
      { schemaVersion: 1, canvas: { size: [20, 20], background: "red" }, clip: { cycle: 1 },
        layers: [ { id: "stripes", position: [10, 10], bounds: [0, 0, 19.2, 19.2], contents: "stripes.png", contentsGravity: "resize" } ] }
      """
    let scene = try PresetCompiler.compile(Data(text.utf8), file: "stripes.json5", baseDirectory: folder)
    let buffer = try #require(PixelBuffer(width: 20, height: 20))
    try CairoBackend().render(
      scene.presentation(at: 0), viewport: Viewport(canvasSize: scene.canvasSize, pixelWidth: 20, pixelHeight: 20), into: buffer)
    var greys: [Int] = []
    for y in 2..<18 {
      for x in 2..<18 {
        let colour = buffer.rgba(x: x, y: y)
        #expect(colour.red == colour.green && colour.green == colour.blue, "(\(x), \(y)) is grey: \(colour)")
        greys.append(Int(colour.green))
      }
    }
    // A bilinear filter on the image itself reads two of every three or four columns:
    // its pixels range from a sixth to five sixths grey.
    let lightest = try #require(greys.max())
    let darkest = try #require(greys.min())
    #expect(darkest >= 126 && lightest <= 130, "greys from \(darkest) to \(lightest)")
  }
}
