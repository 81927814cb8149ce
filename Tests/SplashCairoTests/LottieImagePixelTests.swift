import Foundation
import SplashCairo
import SplashCore
import SplashDocument
import SplashLottie
import SplashModel
import SplashRender
import Testing

/// Image layers: an image file beside the Lottie file, drawn at the asset's size from the
/// layer's origin, and confined to the file's folder.
@Suite("Lottie image layers draw their image file; files outside the folder are refused")
struct LottieImagePixelTests {
  static let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/quadrants.png")

  private func folder() throws -> URL {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("lottie-image-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder.appendingPathComponent("images"), withIntermediateDirectories: true)
    try FileManager.default.copyItem(at: Self.fixture, to: folder.appendingPathComponent("images/quadrants.png"))
    return folder
  }

  private func document(folder: String, name: String, embedded: Int = 0) -> String {
    #"""
    {"v":"5.7.4","fr":30,"ip":0,"op":60,"w":200,"h":200,
     "assets":[{"id":"picture","w":40,"h":20,"u":"\#(folder)","p":"\#(name)","e":\#(embedded)}],
     "layers":[{"ty":2,"nm":"photo","refId":"picture","ip":0,"op":60,"ks":{"p":{"a":0,"k":[50,50]}}}]}
    """#
  }

  @Test("each quadrant of the image lands 50 points right and down, at the asset's size")
  func drawn() throws {
    let folder = try folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let scene = try LottieCompiler.compile(
      try JSONValue.parseJSON5(Data(document(folder: "images/", name: "quadrants.png").utf8)), file: "a.json", baseDirectory: folder)
    let buffer = try #require(PixelBuffer(width: 200, height: 200))
    try CairoBackend().render(
      scene.presentation(at: 0), viewport: Viewport(canvasSize: scene.canvasSize, pixelWidth: 200, pixelHeight: 200), into: buffer)
    try ImageFormatTests.expectQuadrants(buffer, "PNG file")
    #expect(buffer.rgba(x: 95, y: 50).red == 255 && buffer.rgba(x: 95, y: 50).blue == 255, "white beyond the 40-point width")
  }

  @Test("a file name marked embedded (e: 1, as some exporters write it) is read as the file it names, as players read it")
  func embeddedFlagOnAFileName() throws {
    let folder = try folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let scene = try LottieCompiler.compile(
      try JSONValue.parseJSON5(Data(document(folder: "images/", name: "quadrants.png", embedded: 1).utf8)), file: "a.json",
      baseDirectory: folder)
    let buffer = try #require(PixelBuffer(width: 200, height: 200))
    try CairoBackend().render(
      scene.presentation(at: 0), viewport: Viewport(canvasSize: scene.canvasSize, pixelWidth: 200, pixelHeight: 200), into: buffer)
    let expected = try PNGReader.read(Self.fixture.path).rgba(x: 10, y: 5)
    let found = buffer.rgba(x: 60, y: 55)
    #expect(abs(Int(found.red) - Int(expected.red)) <= 2 && abs(Int(found.blue) - Int(expected.blue)) <= 2, "\(found) against \(expected)")
  }

  @Test(
    "an image path leading out of the folder is refused with its JSON path; a missing one is left out with a warning naming where it looked"
  )
  func confined() throws {
    let folder = try folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let elsewhere = folder.deletingLastPathComponent().appendingPathComponent("elsewhere-\(UUID().uuidString).png")
    try Data([0x89, 0x50]).write(to: elsewhere)
    defer { try? FileManager.default.removeItem(at: elsewhere) }
    let outside = try JSONValue.parseJSON5(Data(document(folder: "../", name: elsewhere.lastPathComponent).utf8))
    #expect {
      _ = try LottieCompiler.compile(outside, file: "a.json", baseDirectory: folder)
    } throws: { error in
      "\(error)".hasPrefix("a.json: assets[0].p: expected an image inside ")
    }
    let missing = try JSONValue.parseJSON5(Data(document(folder: "images/", name: "none.png").utf8))
    var warnings: [DocumentError] = []
    let scene = try LottieCompiler.compile(missing, file: "a.json", baseDirectory: folder, warn: { warnings.append($0) })
    let expected = "a.json: assets[0].p: warning: image files missing from \(folder.standardizedFileURL.path)/images/ are not drawn"
    #expect(warnings.map { "\($0)" } == [expected], "\(warnings)")
    #expect(scene.presentation(at: 0).layers.allSatisfy { $0.sublayers.isEmpty }, "the image layer draws nothing")
  }
}
