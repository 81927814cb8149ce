import Foundation
import SplashRender
import SplashTestSupport
import Testing

@testable import SplashCairo

/// The image readers open regular files only: anything else is named for what it is before a
/// library opens it (a FIFO would block the library's open; a directory is used here because
/// it shows the same check without a test that could hang).
@Suite("Image readers refuse what is not a regular file")
struct ImageFileKindTests {
  static func folder() throws -> URL {
    let folder = try ScratchFolder.make("splashvid-image")
    try FileManager.default.createDirectory(
      at: folder.appendingPathComponent("logo.png"), withIntermediateDirectories: true)
    return folder
  }

  @Test("decoding an image that is a directory says so")
  func decodedImage() throws {
    let path = try Self.folder().appendingPathComponent("logo.png").path
    let error = #expect(throws: RenderError.self) { try CairoImage(contentsOf: path) }
    #expect(
      error?.description.contains("decoding image \(path): expected an image file, found a directory") == true,
      "\(String(describing: error))")
  }

  @Test("reading a PNG that is a directory says so")
  func readPNG() throws {
    let path = try Self.folder().appendingPathComponent("logo.png").path
    let error = #expect(throws: RenderError.self) { try PNGReader.read(path) }
    #expect(
      error?.description.contains("reading PNG \(path): expected a PNG file, found a directory") == true, "\(String(describing: error))")
  }
}
