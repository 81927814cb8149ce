import Foundation
import SplashCore
import SplashDocument
import SplashLottie
import SplashModel
import SplashRender
import SplashTestSupport
import Testing

@testable import SplashCairo

/// WebP (through libwebp) and GIF (through gdk-pixbuf) images, embedded or as files, draw the
/// pixels a PNG of the same picture draws. The WebP fixtures are lossless: `quadrants.webp` is
/// `quadrants.png` re-encoded, `translucent.webp` two pixels, red at alpha 128 then opaque blue.
@Suite("WebP and GIF images decode to the pixels their PNG counterparts give")
struct ImageFormatTests {
  static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")

  private func bytes(_ name: String) throws -> [UInt8] {
    [UInt8](try Data(contentsOf: Self.fixtures.appendingPathComponent(name)))
  }

  /// A Lottie document showing `source` (a data: URI or a file name) at 50, 50.
  private func render(_ source: String, folder: URL? = nil) throws -> PixelBuffer {
    let text = #"""
      {"v":"5.7.4","fr":30,"ip":0,"op":60,"w":200,"h":200,
       "assets":[{"id":"picture","w":40,"h":20,"u":"","p":"\#(source)","e":\#(folder == nil ? 1 : 0)}],
       "layers":[{"ty":2,"refId":"picture","ip":0,"op":60,"ks":{"p":{"a":0,"k":[50,50]}}}]}
      """#
    let scene = try LottieCompiler.compile(try JSONValue.parseJSON5(Data(text.utf8)), file: "a.json", baseDirectory: folder)
    let buffer = try #require(PixelBuffer(width: 200, height: 200))
    try CairoBackend().render(
      scene.presentation(at: 0), viewport: Viewport(canvasSize: scene.canvasSize, pixelWidth: 200, pixelHeight: 200), into: buffer)
    return buffer
  }

  /// Expects the four quadrants of `quadrants.png` drawn 50 points right and down, within 2
  /// levels.
  static func expectQuadrants(_ buffer: PixelBuffer, _ label: String) throws {
    let source = try PNGReader.read(Self.fixtures.appendingPathComponent("quadrants.png").path)
    for (x, y) in [(10, 5), (30, 5), (10, 15), (30, 15)] {
      let expected = source.rgba(x: x, y: y)
      let found = buffer.rgba(x: 50 + x, y: 50 + y)
      #expect(
        abs(Int(found.red) - Int(expected.red)) <= 2 && abs(Int(found.green) - Int(expected.green)) <= 2
          && abs(Int(found.blue) - Int(expected.blue)) <= 2, "\(label), quadrant at (\(x), \(y)): \(found) against \(expected)")
    }
  }

  @Test("a WebP image embedded as a data: URI draws each quadrant as the PNG does")
  func embeddedWebP() throws {
    let uri = "data:image/webp;base64," + Data(try bytes("quadrants.webp")).base64EncodedString()
    try Self.expectQuadrants(try render(uri), "embedded WebP")
  }

  @Test("a WebP image file beside the Lottie file draws each quadrant as the PNG does")
  func webPFile() throws {
    let folder = try ScratchFolder.make("splashvid-webp")
    try FileManager.default.copyItem(
      at: Self.fixtures.appendingPathComponent("quadrants.webp"), to: folder.appendingPathComponent("quadrants.webp"))
    try Self.expectQuadrants(try render("quadrants.webp", folder: folder), "WebP file")
  }

  @Test("WebP alpha is kept: red at alpha 128 over white is 255, 127, 127; the opaque blue is blue")
  func webPAlpha() throws {
    // The 2×1 image stretched over the 40×20 asset: red on the left half, blue on the right.
    let buffer = try render("data:image/webp;base64," + Data(try bytes("translucent.webp")).base64EncodedString())
    let red = buffer.rgba(x: 55, y: 60)
    #expect(red.red == 255 && abs(Int(red.green) - 127) <= 1 && abs(Int(red.blue) - 127) <= 1, "\(red)")
    let blue = buffer.rgba(x: 85, y: 60)
    #expect(blue.red == 0 && blue.green == 0 && blue.blue == 255, "\(blue)")
  }

  @Test("a damaged WebP image is one line naming the image and libwebp's refusal")
  func damagedWebP() throws {
    var damaged = try bytes("quadrants.webp")
    damaged.removeLast(damaged.count - 20)
    #expect {
      _ = try CairoImage(embedded: EmbeddedImage(identifier: "broken", bytes: damaged), name: "broken")
    } throws: { error in
      let message = "\(error)"
      return message.contains("broken") && message.contains("WebP") && !message.contains("\n")
    }
  }

  @Test("a GIF image embedded as a data: URI draws its pixels (a 1×1 GIF whose only colour is red)")
  func embeddedGIF() throws {
    // GIF89a, 1×1, a two-colour table (red, blue), one image of colour 0, LZW-coded.
    let gif: [UInt8] = [
      0x47, 0x49, 0x46, 0x38, 0x39, 0x61, 0x01, 0x00, 0x01, 0x00, 0x80, 0x00, 0x00, 0xFF, 0x00, 0x00, 0x00, 0x00, 0xFF, 0x2C, 0x00,
      0x00, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00, 0x02, 0x02, 0x44, 0x01, 0x00, 0x3B,
    ]
    #expect(EncodedImageSize.of(gif).map { [$0.width, $0.height] } == [1, 1])
    let pixel = try render("data:image/gif;base64," + Data(gif).base64EncodedString()).rgba(x: 70, y: 60)
    #expect(pixel.red == 255 && pixel.green == 0 && pixel.blue == 0 && pixel.alpha == 255, "\(pixel)")
  }
}
