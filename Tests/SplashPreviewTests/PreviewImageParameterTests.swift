import Foundation
import SplashCairo
import SplashCore
import SplashFiles
import SplashOutput
import SplashTestSupport
import Testing

@testable import SplashPreview

/// An image parameter on the page: chosen among the preset folder's images, drawn as `--param`
/// draws that image, and never a file outside the folder.
@Suite("Image parameters are the preset folder's images")
struct PreviewImageParameterTests {
  /// logo-reveal (whose `logoImage` is `assets/mascot.png`) in a folder of its own, with
  /// another image, files that are not images, a hidden folder, and a link leading out.
  private func presetFolder() throws -> (folder: URL, outside: URL) {
    let folder = try ScratchFolder.make("preview-images")
    let presets = PreviewServerTests.repository.appendingPathComponent("presets")
    let manager = FileManager.default
    try manager.createDirectory(at: folder.appendingPathComponent("assets"), withIntermediateDirectories: true)
    try manager.copyItem(at: presets.appendingPathComponent("logo-reveal.json5"), to: folder.appendingPathComponent("logo-reveal.json5"))
    try manager.copyItem(
      at: presets.appendingPathComponent("assets/mascot.png"), to: folder.appendingPathComponent("assets/mascot.png"))
    let other = PreviewServerTests.repository.appendingPathComponent("Tests/SplashCairoTests/Goldens/mask-alpha.png")
    try manager.createDirectory(at: folder.appendingPathComponent("assets/more"), withIntermediateDirectories: true)
    try manager.copyItem(at: other, to: folder.appendingPathComponent("assets/more/Other.PNG"))
    try Data("not an image".utf8).write(to: folder.appendingPathComponent("notes.txt"))
    try manager.createDirectory(at: folder.appendingPathComponent(".cache"), withIntermediateDirectories: true)
    try manager.copyItem(at: other, to: folder.appendingPathComponent(".cache/hidden.png"))
    let outside = try ScratchFolder.make("preview-images-outside").appendingPathComponent("secret.png")
    try manager.copyItem(at: other, to: outside)
    try manager.createSymbolicLink(atPath: folder.appendingPathComponent("leak.png").path, withDestinationPath: outside.path)
    return (folder, outside)
  }

  @Test("the listing holds the folder's images, not hidden ones, other files or links leading out")
  func listing() throws {
    let (folder, _) = try presetFolder()
    let images = try #require(PreviewImages(folder: folder))
    #expect(images.list() == ["assets/mascot.png", "assets/more/Other.PNG"])
    // Exports written beside the preset are not offered as images.
    let exports = folder.appendingPathComponent("exports/fuber-frames")
    try FileManager.default.createDirectory(at: exports, withIntermediateDirectories: true)
    try FileManager.default.copyItem(
      at: folder.appendingPathComponent("assets/mascot.png"), to: exports.appendingPathComponent("fuber-0001.png"))
    #expect(images.list().contains("exports/fuber-frames/fuber-0001.png"), "the exports folder is a folder like another")
    #expect(images.list(excluding: folder.appendingPathComponent("exports")) == ["assets/mascot.png", "assets/more/Other.PNG"])
    for refused in [
      "../preview-images-outside/secret.png", "/etc/passwd", "leak.png", "notes.txt", "assets/none.png", "assets", "", "assets//mascot.png",
      "./assets/mascot.png",
    ] {
      #expect(images.resolve(refused) == nil, "\(refused)")
    }
    #expect(images.resolve("assets/mascot.png") == RealPath.of(folder.appendingPathComponent("assets/mascot.png").path))
  }

  @Test("a frame with an image chosen on the page is still's with --param of that image; one outside is a 400")
  func chosenImage() throws {
    let (folder, outside) = try presetFolder()
    let page = try #require(PreviewPage.find(environment: [:], executableURL: nil))
    let preset = folder.appendingPathComponent("logo-reveal.json5")
    let server = try PreviewServer(
      source: PresetSource(origin: .file(preset.path)), environment: [:], page: page, exportFolder: folder.appendingPathComponent("out"))
    defer { server.stop() }
    // A frame exported beside the preset is not offered.
    try FileManager.default.createDirectory(at: folder.appendingPathComponent("out"), withIntermediateDirectories: true)
    try FileManager.default.copyItem(
      at: folder.appendingPathComponent("assets/mascot.png"), to: folder.appendingPathComponent("out/logo-reveal-0001.png"))
    let listed = try RawHTTPClient.get("/images.json", port: server.port)
    let json = try #require(try JSONSerialization.jsonObject(with: Data(listed.body)) as? [String: Any])
    #expect(json["images"] as? [String] == ["assets/mascot.png", "assets/more/Other.PNG"])

    let time = 6.0  // the end: the logo is in view
    let served = try RawHTTPClient.get("/frame.png?t=\(time)&param.logoImage=assets/more/Other.PNG", port: server.port)
    #expect(served.status == 200, "\(served.text)")
    let scratch = try ScratchFolder.make("preview-images-frames")
    try Data(served.body).write(to: scratch.appendingPathComponent("served.png"))
    let still = scratch.appendingPathComponent("still.png")
    try StillJob(
      source: PresetSource(
        origin: .file(preset.path), parameters: ["logoImage": folder.appendingPathComponent("assets/more/Other.PNG").path]),
      moment: .time(time), size: OutputSize(), outputPath: still.path
    ).run(environment: [:], log: { _ in })
    let found = try PNGReader.read(scratch.appendingPathComponent("served.png").path)
    let expected = try PNGReader.read(still.path)
    #expect(PreviewServerTests.samePixels(found, expected))
    let plain = try RawHTTPClient.get("/frame.png?t=\(time)", port: server.port)
    #expect(plain.status == 200 && plain.body.elementsEqual(served.body) == false, "the other image changes the frame")

    for value in ["leak.png", outside.path, "../\(outside.deletingLastPathComponent().lastPathComponent)/secret.png", "notes.txt"] {
      let encoded = value.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? value
      let refused = try RawHTTPClient.get("/frame.png?t=\(time)&param.logoImage=\(encoded)", port: server.port)
      #expect(refused.status == 400 && refused.text.contains("logoImage: expected an image"), "\(value): \(refused.text)")
    }

    // An export is held to the same folder.
    let token = try PreviewExportTests.pageToken(server)
    let export = try RawHTTPClient.exchange(
      "POST /export?format=gif&param.logoImage=leak.png HTTP/1.1\r\nHost: 127.0.0.1:\(server.port)\r\n"
        + "Origin: http://127.0.0.1:\(server.port)\r\nX-Request-Token: \(token)\r\nContent-Length: 0\r\nConnection: close\r\n\r\n",
      port: server.port)
    #expect(export.status == 400 && export.text.contains("logoImage: expected an image"), "\(export.text)")
  }
}
