import Foundation
import SplashCairo
import SplashCore
import SplashHTTP
import SplashModel
import SplashOutput
import SplashTestSupport
import Testing

@testable import SplashPreview

/// `splashvid preview`'s server: its page, its scene description and its frames, which are
/// `still`'s frames.
@Suite("The preview serves the page and the frames still draws")
struct PreviewServerTests {
  static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()
  static let fuber = repository.appendingPathComponent("presets/fuber.json5")

  private func page() throws -> PreviewPage {
    try #require(PreviewPage.find(environment: [:], executableURL: nil), "the source tree's preview/")
  }

  private func scene() throws -> Scene {
    try PresetSource(origin: .file(Self.fuber.path)).load(environment: [:])
  }

  @Test("the frame at t is still's frame at t, pixel for pixel, through HTTP")
  func frameIsStillsFrame() throws {
    let server = try PreviewServer(scene: try scene(), page: try page())
    defer { server.stop() }
    let folder = try ScratchFolder.make("preview")
    for time in [0.9, 1.75, 3.1] {
      let reply = try RawHTTPClient.get("/frame.png?t=\(time)", port: server.port)
      #expect(reply.status == 200 && reply.headers["content-type"] == "image/png")
      let served = folder.appendingPathComponent("served-\(time).png")
      try Data(reply.body).write(to: served)
      let still = folder.appendingPathComponent("still-\(time).png")
      try StillJob(
        source: PresetSource(origin: .file(Self.fuber.path)), moment: .time(time), size: OutputSize(), outputPath: still.path
      ).run(environment: [:], log: { _ in })
      let expected = try PNGReader.read(still.path)
      let found = try PNGReader.read(served.path)
      #expect(found.width == expected.width && found.height == expected.height)
      #expect(
        Data(bytes: found.bytes, count: found.bytesPerRow * found.height)
          == Data(bytes: expected.bytes, count: expected.bytesPerRow * expected.height),
        "t = \(time): the preview's frame differs from still's")
    }
  }

  @Test("scene.json gives the canvas, the frame size, the clip window and the rate")
  func sceneDescription() throws {
    let scene = try scene()
    let server = try PreviewServer(scene: scene, page: try page())
    defer { server.stop() }
    let reply = try RawHTTPClient.get("/scene.json", port: server.port)
    #expect(reply.status == 200 && reply.headers["content-type"] == "application/json")
    let json = try #require(try JSONSerialization.jsonObject(with: Data(reply.body)) as? [String: Any])
    let canvas = try #require(json["canvas"] as? [String: Double])
    let frame = try #require(json["frame"] as? [String: Int])
    let clip = try #require(json["clip"] as? [String: Double])
    #expect(canvas["width"] == scene.canvasSize.width && canvas["height"] == scene.canvasSize.height)
    #expect(frame["width"] == Int(scene.canvasSize.width * 2) && frame["height"] == Int(scene.canvasSize.height * 2))
    #expect(clip["start"] == scene.clip.start && clip["cycle"] == scene.clip.cycle && clip["hold"] == scene.clip.hold)
    #expect(json["framesPerSecond"] as? Int == 60)
  }

  @Test("the page's three files are served with their types; nothing else of its folder is")
  func pageFiles() throws {
    let server = try PreviewServer(scene: try scene(), page: try page())
    defer { server.stop() }
    for (path, type, marker) in [
      ("/", "text/html; charset=utf-8", "<script src=\"/preview.js\">"), ("/preview.css", "text/css; charset=utf-8", "#frame"),
      ("/preview.js", "text/javascript; charset=utf-8", "/frame.png?t="),
    ] {
      let reply = try RawHTTPClient.get(path, port: server.port)
      #expect(reply.status == 200 && reply.headers["content-type"] == type, "\(path)")
      #expect(reply.text.contains(marker), "\(path)")
    }
    for path in ["/index.html", "/preview.js/", "/presets/fuber.json5", "/../presets/fuber.json5", "/etc/passwd"] {
      let reply = try RawHTTPClient.get(path, port: server.port)
      #expect((400..<500).contains(reply.status), "\(path) → \(reply.status)")
    }
  }

  @Test("a bad time or size is a 400 that says what was expected")
  func badQueries() throws {
    let frames = PreviewFrames(scene: try scene())
    let page = try page()
    for (query, expected) in [
      (["t": "soon"], "expected t=SECONDS"), ([:], "found none"), (["t": "nan"], "expected t=SECONDS"),
      (["t": "1e9"], "within a day"), (["t": "1", "size": "0x10"], "expected size=WIDTHxHEIGHT"),
      (["t": "1", "size": "5000x10"], "from 1 to 4096"),
    ] {
      let response = PreviewServer.respond(to: HTTPRequest(method: "GET", path: "/frame.png", query: query), frames: frames, page: page)
      #expect(response.status == 400, "\(query)")
      #expect(String(decoding: response.body, as: UTF8.self).contains(expected), "\(query)")
    }
    let small = PreviewServer.respond(
      to: HTTPRequest(method: "GET", path: "/frame.png", query: ["t": "1", "size": "30x40"]), frames: frames, page: page)
    #expect(small.status == 200)
    let folder = try ScratchFolder.make("preview")
    try Data(small.body).write(to: folder.appendingPathComponent("small.png"))
    let decoded = try PNGReader.read(folder.appendingPathComponent("small.png").path)
    #expect(decoded.width == 30 && decoded.height == 40)
  }
}
