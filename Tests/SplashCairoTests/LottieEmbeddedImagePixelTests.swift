import Foundation
import SplashCairo
import SplashCore
import SplashDocument
import SplashLottie
import SplashModel
import SplashRender
import Testing

/// Images a Lottie file carries as `data:` URIs: decoded from base64, drawn like files.
@Suite("Lottie images embedded as data: URIs draw like files; bad data is refused")
struct LottieEmbeddedImagePixelTests {
  private func document(_ uri: String) -> String {
    #"""
    {"v":"5.7.4","fr":30,"ip":0,"op":60,"w":200,"h":200,
     "assets":[{"id":"picture","w":40,"h":20,"u":"","p":"\#(uri)","e":1}],
     "layers":[{"ty":2,"nm":"photo","refId":"picture","ip":0,"op":60,"ks":{"p":{"a":0,"k":[50,50]}}}]}
    """#
  }

  private func render(_ text: String) throws -> PixelBuffer {
    let scene = try LottieCompiler.compile(try JSONValue.parseJSON5(Data(text.utf8)), file: "a.json")
    let buffer = try #require(PixelBuffer(width: 200, height: 200))
    try CairoBackend().render(
      scene.presentation(at: 0), viewport: Viewport(canvasSize: scene.canvasSize, pixelWidth: 200, pixelHeight: 200), into: buffer)
    return buffer
  }

  @Test("the quadrants PNG as base64 lands where the file does")
  func drawn() throws {
    let bytes = try Data(contentsOf: LottieImagePixelTests.fixture)
    let buffer = try render(document("data:image/png;base64," + bytes.base64EncodedString()))
    let source = try PNGReader.read(LottieImagePixelTests.fixture.path)
    for (x, y) in [(10, 5), (30, 5), (10, 15), (30, 15)] {
      let expected = source.rgba(x: x, y: y)
      let found = buffer.rgba(x: 50 + x, y: 50 + y)
      #expect(
        abs(Int(found.red) - Int(expected.red)) <= 2 && abs(Int(found.blue) - Int(expected.blue)) <= 2, "\(found) against \(expected)")
    }
  }

  @Test("data that is not base64 is refused at its JSON path; bytes that are no image fail the render, naming it")
  func refused() throws {
    #expect {
      _ = try LottieCompiler.compile(try JSONValue.parseJSON5(Data(document("data:image/png;base64,@@@@").utf8)), file: "a.json")
    } throws: { error in
      "\(error)" == #"a.json: assets[0].p: expected image data in base64 after "base64,", found characters that are not base64"#
    }
    #expect {
      _ = try render(document("data:image/png;base64," + Data("not an image".utf8).base64EncodedString()))
    } throws: { error in
      "\(error)".contains("a.json: assets[0]") && "\(error)".contains("not a PNG, JPEG, GIF or WebP image")
    }
  }
}
