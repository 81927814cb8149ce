import Foundation
import SplashEncode
import SplashHTTP
import SplashOutput
import SplashTestSupport
import Testing

@testable import SplashPreview

/// The export panel's server side: renders through `RenderJob` in the background, named by the
/// server, with progress, cancellation and `render`'s refusals; asked for only by the page.
@Suite("The preview's exports render as render does, in the background", .serialized)
struct PreviewExportTests {
  /// A preview of fuber exporting to a folder of its own.
  private func server() throws -> (server: PreviewServer, folder: URL) {
    let page = try #require(PreviewPage.find(environment: [:], executableURL: nil))
    let folder = try ScratchFolder.make("preview-exports").appendingPathComponent("exports")
    let server = try PreviewServer(
      source: PresetSource(origin: .file(PreviewServerTests.fuber.path)), environment: [:], page: page, exportFolder: folder)
    return (server, folder)
  }

  /// A POST as the page sends it: from its own origin, with the token it was served.
  private func post(_ target: String, to server: PreviewServer, token: String? = nil) throws -> RawHTTPClient.Reply {
    let token = try token ?? Self.pageToken(server)
    return try RawHTTPClient.exchange(
      "POST \(target) HTTP/1.1\r\nHost: 127.0.0.1:\(server.port)\r\nOrigin: http://127.0.0.1:\(server.port)\r\n"
        + "\(HTTPRequestGuard.tokenHeader): \(token)\r\nContent-Length: 0\r\nConnection: close\r\n\r\n", port: server.port)
  }

  /// The token in the page the server hands out.
  static func pageToken(_ server: PreviewServer) throws -> String {
    let page = try RawHTTPClient.get("/", port: server.port).text
    let marker = "name=\"splashvid-token\" content=\""
    let start = try #require(page.range(of: marker)).upperBound
    return String(page[start...].prefix { $0 != "\"" })
  }

  /// The exports listed, once none is waiting or rendering.
  private func finishedExports(_ server: PreviewServer) throws -> [[String: Any]] {
    let deadline = Date().addingTimeInterval(300)
    while Date() < deadline {
      let reply = try RawHTTPClient.get("/exports.json", port: server.port)
      let json = try #require(try JSONSerialization.jsonObject(with: Data(reply.body)) as? [String: Any])
      let exports = try #require(json["exports"] as? [[String: Any]])
      if exports.allSatisfy({ ["done", "failed", "cancelled"].contains($0["state"] as? String) }) { return exports }
      Thread.sleep(forTimeInterval: 0.05)
    }
    Issue.record("the exports did not finish in 5 minutes")
    return []
  }

  /// Waits until no export waits: each has begun rendering, or is finished.
  private func waitUntilNoneWaits(_ server: PreviewServer) throws {
    let deadline = Date().addingTimeInterval(300)
    while Date() < deadline {
      if !(try RawHTTPClient.get("/exports.json", port: server.port).text.contains("\"waiting\"")) { return }
      Thread.sleep(forTimeInterval: 0.02)
    }
    Issue.record("an export was still waiting after 5 minutes")
  }

  /// Waits until an export is rendering frames.
  private func waitUntilRendering(_ server: PreviewServer) throws {
    let deadline = Date().addingTimeInterval(60)
    while Date() < deadline {
      let listed = try RawHTTPClient.get("/exports.json", port: server.port).text
      if listed.contains("\"rendering\""), !listed.contains("\"framesDone\": 0,") { return }
      Thread.sleep(forTimeInterval: 0.02)
    }
    Issue.record("no export began rendering in a minute")
  }

  @Test("an export is render's file: named by the server, never replacing one, and read by probe's reader")
  func exportWritesAVideo() throws {
    let (server, folder) = try server()
    defer { server.stop() }
    let token = try Self.pageToken(server)
    #expect(token.count == 32, "the page carries this run's token")
    // ProRes: x264's macroblock tree, with its threads, codes a frame by what its look-ahead
    // holds at that moment, so two H.264 renders on a busy machine may differ in a few
    // bytes; ProRes codes each frame alone, so the comparison with render's file is exact.
    let first = try post("/export?format=prores&scale=0.5&fps=12&param.backgroundColor=%23102030", to: server)
    #expect(first.status == 202, "\(first.text)")
    #expect(first.text.contains("\"name\": \"fuber.mov\""))
    let second = try post("/export?format=prores&scale=0.5&fps=12", to: server)
    #expect(second.text.contains("\"name\": \"fuber-2.mov\""), "a second export takes the next free name: \(second.text)")
    let exports = try finishedExports(server)
    #expect(exports.map { $0["state"] as? String } == ["done", "done"], "\(exports)")
    #expect(exports.first?["framesDone"] as? Int == exports.first?["frameCount"] as? Int)
    #expect((exports.first?["message"] as? String)?.hasPrefix("wrote ") == true)

    // What `splashvid probe` reads; and the file is the one `render` writes with these options.
    let path = folder.appendingPathComponent("fuber.mov").path
    let info = try VideoReader.read(path)
    #expect(info.codecName == "prores" && info.width == 188 && info.height == 334, "\(info)")
    #expect(info.averageFrameRate.0 == 12 && info.averageFrameRate.1 == 1)
    let rendered = try ScratchFolder.make("preview-render").appendingPathComponent("fuber.mov").path
    var source = PresetSource(origin: .file(PreviewServerTests.fuber.path))
    source.parameters["backgroundColor"] = "#102030"
    try RenderJob(
      source: source, outputs: RenderOutput.plan(paths: [rendered], formatName: nil, wantsPoster: false), framesPerSecond: 12,
      size: OutputSize(scale: 0.5)
    ).run(environment: [:], cancellation: .init(), log: { _ in })
    #expect(FileManager.default.contents(atPath: path) == FileManager.default.contents(atPath: rendered), "the same bytes as render's")
    #expect(FileManager.default.contents(atPath: folder.appendingPathComponent("fuber-2.mov").path) != nil)
  }

  @Test("every format render writes: HEVC, ProRes and VP9 with alpha, GIF, a PNG sequence")
  func everyFormat() throws {
    let (server, folder) = try server()
    defer { server.stop() }
    for (format, extra) in [("hevc", ""), ("prores", "&transparent=1"), ("vp9", "&transparent=1"), ("gif", ""), ("png", "")] {
      let reply = try post("/export?format=\(format)&scale=0.25&fps=6\(extra)", to: server)
      #expect(reply.status == 202, "\(format): \(reply.text)")
      // Five exports are one more than may wait: on a busy machine the first may not have
      // begun when the fifth is asked for (a 429). Each is begun before the next is asked.
      try waitUntilNoneWaits(server)
    }
    let exports = try finishedExports(server)
    #expect(exports.map { $0["state"] as? String } == Array(repeating: "done", count: 5), "\(exports)")
    #expect(exports.map { $0["name"] as? String } == ["fuber-hevc.mp4", "fuber.mov", "fuber.webm", "fuber.gif", "fuber-frames"])
    let expected: [(String, String, Bool)] = [
      ("fuber-hevc.mp4", "hevc", false), ("fuber.mov", "prores", true), ("fuber.webm", "vp9", true), ("fuber.gif", "gif", false),
    ]
    for (name, codec, alpha) in expected {
      let info = try VideoReader.read(folder.appendingPathComponent(name).path)
      #expect(info.codecName == codec, "\(name): \(info.codecName)")
      #expect(info.hasAlpha == alpha, "\(name): alpha \(info.hasAlpha)")
    }
    let frames = try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("fuber-frames").path)
    let frameCount = try #require(exports.last?["frameCount"] as? Int)
    #expect(frames.count == frameCount && frames.sorted().first == "fuber-0001.png", "\(frames.sorted().prefix(2))")
  }

  @Test("a Lottie file exports at its own rate, named after the file")
  func lottieFile() throws {
    let page = try #require(PreviewPage.find(environment: [:], executableURL: nil))
    let folder = try ScratchFolder.make("preview-exports-lottie").appendingPathComponent("exports")
    let ring = PreviewServerTests.repository.appendingPathComponent("Fuzz/corpus/lottie-trim-ring.json")
    let server = try PreviewServer(source: PresetSource(origin: .file(ring.path)), environment: [:], page: page, exportFolder: folder)
    defer { server.stop() }
    let reply = try post("/export?format=vp9&scale=1", to: server)
    #expect(reply.status == 202 && reply.text.contains("\"name\": \"lottie-trim-ring.webm\""), "\(reply.text)")
    let exports = try finishedExports(server)
    #expect(exports.first?["state"] as? String == "done", "\(exports)")
    let info = try VideoReader.read(folder.appendingPathComponent("lottie-trim-ring.webm").path)
    #expect(info.codecName == "vp9" && info.width == 200 && info.height == 200)
    #expect(info.averageFrameRate.0 == 30 && info.averageFrameRate.1 == 1, "the file's own 30 fps")
    #expect(info.decodedFrameCount == 60)
  }

  @Test("render's refusals are the page's, before anything is queued: every check the render would make once begun")
  func refusals() throws {
    let (server, folder) = try server()
    defer { server.stop() }
    let refused: [(String, String)] = [
      ("format=h264&transparent=1", "transparent needs a format with alpha"),
      ("format=avi", "format avi: expected one of h264, hevc, prores, vp9, gif, png"),
      ("format=", "format: expected one of h264, hevc, prores, vp9, gif, png"),
      ("format=gif&loops=0", "loops 0: expected a whole number from 1 to 10000"),
      // What the render found only once it had begun: the preset's parameters, the clip's
      // length, the frame's size for the encoder, the canvas against the format.
      ("format=gif&param.nope=1", "nope"),
      ("format=gif&param.backgroundColor=purplish", "backgroundColor"),
      ("format=h264&loops=10000&fps=60", "at most \(RenderJob.maximumFrames)"),
      ("format=vp9&scale=16", "6000x10672"),
      ("format=h264&param.backgroundColor=%2300000000", "canvas background is transparent"),
      // An option the panel does not have is no option at all.
      ("format=gif&colour=red", "colour: not an export option"),
      ("format=gif&param.=1", "param.: expected param.NAME"),
      // Numbers as people write them: no sign, no exponent, no hexadecimal.
      // Read as render reads them, and named as the page names them.
      ("format=gif&loops=%2B2", "loops +2: expected a whole number from 1 to 10000"),
      ("format=gif&fps=%2B30", "fps +30: expected a whole number from 1 to 240"),
      ("format=gif&scale=1e0", "scale 1e0: expected pixels per point"),
      ("format=gif&scale=0x1", "scale 0x1: expected pixels per point"),
      ("format=gif&size=%2B64x64", "size +64x64: expected WIDTHxHEIGHT"),
      ("format=gif&size=64xx64", "size 64xx64: expected WIDTHxHEIGHT in pixels, each from 1 to 4096"),
      ("format=gif&size=64x64&scale=2", "size or scale: give one of them, not both"),
    ]
    for (query, message) in refused {
      let reply = try post("/export?\(query)", to: server)
      #expect(reply.status == 400 && reply.text.contains(message), "\(query) → \(reply.status) \(reply.text)")
    }
    #expect(try finishedExports(server).isEmpty, "nothing was queued")
    #expect(!FileManager.default.fileExists(atPath: folder.path), "nothing was written, not even the folder")
  }

  @Test("only the page can export: no token, another token, a GET, another origin are refused")
  func onlyThePageExports() throws {
    let (server, folder) = try server()
    defer { server.stop() }
    #expect(try post("/export?format=gif", to: server, token: "0123456789abcdef0123456789abcdef").status == 403)
    #expect(try RawHTTPClient.get("/export?format=gif", port: server.port).status == 405)
    let foreign = try RawHTTPClient.exchange(
      "POST /export?format=gif HTTP/1.1\r\nHost: 127.0.0.1:\(server.port)\r\nOrigin: https://evil.example\r\n"
        + "\(HTTPRequestGuard.tokenHeader): \(try Self.pageToken(server))\r\nContent-Length: 0\r\nConnection: close\r\n\r\n",
      port: server.port)
    #expect(foreign.status == 403)
    #expect(try post("/frame.png?t=1", to: server).status == 405, "a POST reaches nothing but the export routes")
    #expect(try finishedExports(server).isEmpty)
    #expect(!FileManager.default.fileExists(atPath: folder.path))
  }

  @Test("a cancelled export leaves nothing; at most four wait")
  func cancelAndBound() throws {
    let (server, folder) = try server()
    defer { server.stop() }
    // A long render, so it is still rendering when cancelled.
    let long = try post("/export?format=h264&scale=0.5&loops=200", to: server)
    #expect(long.status == 202)
    try waitUntilRendering(server)
    for _ in 0..<PreviewExports.waitingLimit { #expect(try post("/export?format=gif&scale=0.25", to: server).status == 202) }
    let refused = try post("/export?format=gif&scale=0.25", to: server)
    #expect(refused.status == 429, "\(refused.status) \(refused.text)")
    for id in 1...(1 + PreviewExports.waitingLimit) { #expect(try post("/export/cancel?id=\(id)", to: server).status == 200) }
    #expect(try post("/export/cancel?id=99", to: server).status == 404)
    let exports = try finishedExports(server)
    #expect(exports.allSatisfy { $0["state"] as? String == "cancelled" }, "\(exports)")
    #expect(!FileManager.default.fileExists(atPath: folder.path), "nothing half-written: \(folder.path)")
  }

  @Test("stopping the server cancels the export under way and waits for it to clean up")
  func stopCancels() throws {
    let (server, folder) = try server()
    #expect(try post("/export?format=prores&scale=0.5&loops=200", to: server).status == 202)
    try waitUntilRendering(server)
    server.stop()
    let left = (try? FileManager.default.subpathsOfDirectory(atPath: folder.path)) ?? []
    #expect(left.isEmpty && !FileManager.default.fileExists(atPath: folder.path), "left behind: \(left)")
  }
}
