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

  /// Whether two decoded PNGs hold the same pixels, byte for byte.
  static func samePixels(_ found: PixelBuffer, _ expected: PixelBuffer) -> Bool {
    Data(bytes: found.bytes, count: found.bytesPerRow * found.height)
      == Data(bytes: expected.bytes, count: expected.bytesPerRow * expected.height)
  }

  /// A preview of the preset `text`, saved as `name` in a folder of its own, whose log lines
  /// are kept; and a reader of the warnings its scene.json lists.
  private func loggingServer(_ text: String, name: String) throws -> (
    server: PreviewServer, file: URL, logged: Locked<[String]>, warnings: () throws -> [String]
  ) {
    let folder = try ScratchFolder.make("preview-log")
    let file = folder.appendingPathComponent(name)
    try text.write(to: file, atomically: false, encoding: .utf8)
    let logged = Locked<[String]>([])
    let server = try PreviewServer(
      source: PresetSource(origin: .file(file.path)), environment: [:], page: try page(),
      exportFolder: folder.appendingPathComponent("exports"), log: { line in logged.withLock { $0.append(line) } })
    return (server, file, logged, { try Self.sceneWarnings(server) })
  }

  /// The warnings `server`'s scene.json lists, asked for with `query` (`&param.NAME=VALUE…`).
  private static func sceneWarnings(_ server: PreviewServer, query: String = "") throws -> [String] {
    let body = try RawHTTPClient.get("/scene.json?v=1\(query)", port: server.port).body
    let json = try #require(try JSONSerialization.jsonObject(with: Data(body)) as? [String: Any])
    return try #require(json["warnings"] as? [String])
  }

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
      #expect(Self.samePixels(found, expected), "t = \(time): the preview's frame differs from still's")
    }
  }

  /// Waits until `condition` holds, asking every 10 ms, for at most 30 s.
  private static func waitUntil(_ what: String, _ condition: () -> Bool) {
    let deadline = Date().addingTimeInterval(30)
    while !condition() {
      guard Date() < deadline else {
        Issue.record("never: \(what)")
        return
      }
      usleep(10_000)
    }
  }

  @Test("frames beyond those drawn and waiting are a 503 at once; a frame whose client left is never drawn; the page is answered meanwhile")
  func frameQueue() throws {
    let server = try PreviewServer(scene: try scene(), page: try page(), frameLimits: PreviewFrames.Limits(drawing: 1, waiting: 2))
    defer { server.stop() }
    let queue = server.frames.queue
    // The test holds the one place to draw, as a long frame would.
    try #require(queue.enter(for: .patient) == .admitted)
    var held = true
    defer { if held { queue.leave() } }
    func ask(_ time: Double) throws -> Int32 {
      let socket = try #require(RawHTTPClient.connect(port: server.port).socket)
      RawHTTPClient.send(
        Array("GET /frame.png?t=\(time)&size=40x40 HTTP/1.1\r\nHost: 127.0.0.1:\(server.port)\r\nConnection: close\r\n\r\n".utf8),
        to: socket)
      return socket
    }
    let leaving = try ask(0.1)
    Self.waitUntil("the first frame waits") { queue.counts.waiting == 1 }
    let staying = try ask(0.2)
    defer { close(staying) }
    Self.waitUntil("the second frame waits") { queue.counts.waiting == 2 }
    for time in [0.3, 0.4] {
      let refused = try RawHTTPClient.get("/frame.png?t=\(time)&size=40x40", port: server.port)
      #expect(refused.status == 503 && refused.headers["retry-after"] == "1", "\(refused.status) \(refused.text)")
    }
    // The page and its scene are answered while frames wait.
    #expect(try RawHTTPClient.get("/scene.json", port: server.port).status == 200)
    #expect(try RawHTTPClient.get("/", port: server.port).status == 200)

    close(leaving)
    Self.waitUntil("the frame whose client left leaves the queue") { queue.counts.waiting == 1 }
    queue.leave()
    held = false
    let drawn = RawHTTPClient.read(staying)
    #expect(drawn.status == 200 && drawn.headers["content-type"] == "image/png", "\(drawn.status) \(drawn.text)")
    #expect(server.frames.drawnCount == 1, "only the frame someone waited for was drawn")
  }

  @Test("the backends, and the pictures they keep, are let go once no frame has been asked for a while")
  func idleBackendsAreReleased() throws {
    let scene = try scene()
    let frames = PreviewFrames(limits: PreviewFrames.Limits(idleRelease: .milliseconds(100)))
    _ = try frames.png(of: scene, version: 1, at: 1, width: 400, height: 400)
    #expect(frames.idleBackendCount == 1, "kept for the next frame")
    Self.waitUntil("the idle backend is let go") { frames.idleBackendCount == 0 }
    _ = try frames.png(of: scene, version: 1, at: 2, width: 400, height: 400)
    #expect(frames.drawnCount == 2)
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
    #expect(json["framesPerSecond"] as? Int == 60 && json["version"] as? Int == 1)
  }

  @Test("the page's four files are served with their types; nothing else of its folder is")
  func pageFiles() throws {
    let server = try PreviewServer(scene: try scene(), page: try page())
    defer { server.stop() }
    for (path, type, marker) in [
      ("/", "text/html; charset=utf-8", "<script src=\"/preview.js\">"), ("/preview.css", "text/css; charset=utf-8", "#frame"),
      ("/preview.js", "text/javascript; charset=utf-8", "/frame.png?t="),
      ("/export.js", "text/javascript; charset=utf-8", "/exports.json"),
    ] {
      let reply = try RawHTTPClient.get(path, port: server.port)
      #expect(reply.status == 200 && reply.headers["content-type"] == type, "\(path)")
      #expect(reply.text.contains(marker), "\(path)")
      #expect(reply.headers["x-frame-options"] == "DENY", "\(path): no other page may frame it")
    }
    let policy = try RawHTTPClient.get("/", port: server.port).headers["content-security-policy"]
    #expect(policy == PreviewPage.contentSecurityPolicy + "; frame-ancestors 'none'", "\(policy ?? "none")")
    for path in ["/index.html", "/preview.js/", "/presets/fuber.json5", "/../presets/fuber.json5", "/etc/passwd"] {
      let reply = try RawHTTPClient.get(path, port: server.port)
      #expect((400..<500).contains(reply.status), "\(path) → \(reply.status)")
    }
  }

  @Test("a bad time or size is a 400 that says what was expected")
  func badQueries() throws {
    let document = PreviewDocument(scene: try scene())
    let frames = PreviewFrames()
    let page = try page()
    for (query, expected) in [
      (["t": "soon"], "expected t=SECONDS"), ([:], "found none"), (["t": "nan"], "expected t=SECONDS"),
      (["t": "1e9"], "within a day"), (["t": "1", "size": "0x10"], "expected size=WIDTHxHEIGHT"),
      (["t": "1", "size": "5000x10"], "from 1 to 4096"),
    ] {
      let response = PreviewServer.respond(
        to: HTTPRequest(method: "GET", path: "/frame.png", query: query), document: document, frames: frames, page: page)
      #expect(response.status == 400, "\(query)")
      #expect(String(decoding: response.body, as: UTF8.self).contains(expected), "\(query)")
    }
    let small = PreviewServer.respond(
      to: HTTPRequest(method: "GET", path: "/frame.png", query: ["t": "1", "size": "30x40"]), document: document, frames: frames,
      page: page)
    #expect(small.status == 200)
    let folder = try ScratchFolder.make("preview")
    try Data(small.body).write(to: folder.appendingPathComponent("small.png"))
    let decoded = try PNGReader.read(folder.appendingPathComponent("small.png").path)
    #expect(decoded.width == 30 && decoded.height == 40)
  }

  @Test("saving a broken file shows its problem, with line and column; saving a fixed one recovers")
  func liveReload() throws {
    let folder = try ScratchFolder.make("preview-reload")
    let file = folder.appendingPathComponent("loader.json5")
    let good = try String(contentsOf: Self.fuber, encoding: .utf8)
    try good.write(to: file, atomically: false, encoding: .utf8)
    let server = try PreviewServer(
      source: PresetSource(origin: .file(file.path)), environment: [:], page: try page(), exportFolder: try ScratchFolder.make("exports"))
    defer { server.stop() }
    func state() throws -> [String: Any] {
      try #require(try JSONSerialization.jsonObject(with: Data(RawHTTPClient.get("/scene.json", port: server.port).body)) as? [String: Any])
    }
    /// Writes `text` and moves the file's time on, so the change is seen even within one clock tick.
    func save(_ text: String, seconds: Double) throws {
      try text.write(to: file, atomically: false, encoding: .utf8)
      try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: seconds)], ofItemAtPath: file.path)
    }
    #expect(try state()["version"] as? Int == 1 && state()["problem"] == nil)
    #expect(try state()["version"] as? Int == 1, "nothing changed, nothing reloaded")

    // A comma dropped between the first two members of the document.
    let broken = good.replacingOccurrences(of: "schemaVersion: 1,", with: "schemaVersion: 1")
    try #require(broken != good)
    try save(broken, seconds: 5)
    let problem = try state()
    #expect(problem["version"] as? Int == 2)
    let text = try #require(problem["problem"] as? String)
    #expect(text.contains("loader.json5:") && text.contains("expected"), "\(text)")
    let frame = try RawHTTPClient.get("/frame.png?t=1", port: server.port)
    #expect(frame.status == 409 && frame.text.contains("loader.json5:"))

    // The fix: a faster cycle, so the new scene is seen to be the one loaded.
    try save(good.replacingOccurrences(of: "cycle: 3.0", with: "cycle: 2.0"), seconds: 10)
    let fixed = try state()
    #expect(fixed["version"] as? Int == 3 && fixed["problem"] == nil)
    #expect((fixed["clip"] as? [String: Double])?["cycle"] == 2)
    #expect(try RawHTTPClient.get("/frame.png?t=1", port: server.port).status == 200)
  }

  @Test("parameters: scene.json lists them; a frame with param.NAME is still's with --param NAME; a bad one is a 400")
  func parameters() throws {
    let server = try PreviewServer(
      source: PresetSource(origin: .file(Self.fuber.path)), environment: [:], page: try page(),
      exportFolder: try ScratchFolder.make("exports"))
    defer { server.stop() }
    let json = try #require(
      try JSONSerialization.jsonObject(with: Data(RawHTTPClient.get("/scene.json", port: server.port).body)) as? [String: Any])
    let parameters = try #require(json["parameters"] as? [[String: String]])
    #expect(parameters.map { $0["name"] ?? "" }.contains("backgroundColor"))
    #expect(parameters.first { $0["name"] == "backgroundColor" }?["kind"] == "color")
    #expect(parameters.first { $0["name"] == "backgroundColor" }?["default"] == "#0F4E65")

    let folder = try ScratchFolder.make("preview-parameters")
    let reply = try RawHTTPClient.get("/frame.png?t=1.5&param.backgroundColor=%23FF0000", port: server.port)
    #expect(reply.status == 200)
    try Data(reply.body).write(to: folder.appendingPathComponent("served.png"))
    let still = folder.appendingPathComponent("still.png")
    try StillJob(
      source: PresetSource(origin: .file(Self.fuber.path), parameters: ["backgroundColor": "#FF0000"]), moment: .time(1.5),
      size: OutputSize(), outputPath: still.path
    ).run(environment: [:], log: { _ in })
    let served = try PNGReader.read(folder.appendingPathComponent("served.png").path)
    let expected = try PNGReader.read(still.path)
    #expect(Self.samePixels(served, expected))
    let plain = try RawHTTPClient.get("/frame.png?t=1.5", port: server.port)
    #expect(plain.body != reply.body, "the parameter changes the frame")

    let bad = try RawHTTPClient.get("/frame.png?t=1.5&param.backgroundColor=purplish", port: server.port)
    #expect(bad.status == 400 && bad.text.contains("backgroundColor"), "\(bad.text)")
    let unknown = try RawHTTPClient.get("/frame.png?t=1.5&param.nope=1", port: server.port)
    #expect(unknown.status == 400 && unknown.text.contains("nope"), "\(unknown.text)")
  }

  @Test("the load's warnings (and a broken save's problem) are on scene.json and in the log, and gone once the file is fixed")
  func warnings() throws {
    let warned = """
      { schemaVersion: 1, canvas: { size: [100, 100] }, clip: { cycle: 1 },
        layers: [ { id: "empty", type: "shape", fillColor: "#ff0000" } ] }
      """
    let (server, file, logged, warnings) = try loggingServer(warned, name: "w.json5")
    defer { server.stop() }
    let expected = "\(file.path): layers[0]: warning: this shape layer has no \"path\", so it draws nothing"
    #expect(try warnings() == [expected])
    #expect(logged.withLock { $0 } == ["splashvid: \(expected)"])

    // A broken save is printed too, once, as the page shows it.
    try "{ schemaVersion: 1, canvas: ".write(to: file, atomically: false, encoding: .utf8)
    try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: 2)], ofItemAtPath: file.path)
    let broken = try RawHTTPClient.get("/scene.json", port: server.port).text
    #expect(broken.contains("\"problem\""))
    _ = try RawHTTPClient.get("/scene.json", port: server.port)
    let lines = logged.withLock { $0 }
    #expect(
      lines.count == 2 && lines.last?.hasPrefix("splashvid: \(file.path): not valid JSON5: line 1, column 29") == true,
      "\(lines.last ?? "")")

    try warned.replacingOccurrences(of: "fillColor", with: "path: { rect: [0, 0, 10, 10] }, fillColor").write(
      to: file, atomically: false, encoding: .utf8)
    try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: 5)], ofItemAtPath: file.path)
    #expect(try warnings() == [])
  }

  @Test("layers.json is the inspect tree's shape: each layer's id and type, mask and sublayers, without the values")
  func layerOutline() throws {
    let server = try PreviewServer(scene: try scene(), page: try page())
    defer { server.stop() }
    func json(_ target: String) throws -> [String: Any] {
      let reply = try RawHTTPClient.get(target, port: server.port)
      #expect(reply.status == 200 && reply.headers["content-type"] == "application/json")
      return try #require(try JSONSerialization.jsonObject(with: Data(reply.body)) as? [String: Any])
    }
    func shape(_ layer: [String: Any]) -> [String: Any] {
      var kept: [String: Any] = ["id": layer["id"] ?? "", "type": layer["type"] ?? ""]
      if let mask = layer["mask"] as? [String: Any] { kept["mask"] = shape(mask) }
      kept["sublayers"] = (layer["sublayers"] as? [[String: Any]] ?? []).map(shape)
      return kept
    }
    let tree = try json("/inspect.json?t=1.5")
    let outline = try json("/layers.json?t=1.5")
    let expected = (tree["layers"] as? [[String: Any]] ?? []).map(shape)
    let found = try #require(outline["layers"] as? [[String: Any]])
    #expect(!found.isEmpty)
    #expect(NSArray(array: found).isEqual(to: expected), "the outline differs from the tree's shape")
    #expect(Set(outline.keys) == ["layers"])
  }

  @Test("what drawing warns of (a font not installed) joins the warnings once a frame is drawn, once a version")
  func drawingWarnings() throws {
    let preset = """
      { schemaVersion: 1, canvas: { size: [100, 100] }, clip: { cycle: 1 },
        layers: [ { id: "label", type: "text", bounds: [0, 0, 100, 40], position: [50, 50], string: "Hi",
                    fontFamily: "NoSuchFontFamilyAnywhere", fontSize: 20 } ] }
      """
    let (server, file, logged, warnings) = try loggingServer(preset, name: "t.json5")
    defer { server.stop() }
    #expect(try warnings() == [], "nothing drawn yet")
    for time in [0.1, 0.5, 0.1] { #expect(try RawHTTPClient.get("/frame.png?t=\(time)", port: server.port).status == 200) }
    let found = try warnings()
    #expect(found.count == 1 && found[0].contains("\"NoSuchFontFamilyAnywhere\" is not installed"), "\(found)")
    #expect(logged.withLock { $0 } == found.map { "splashvid: \($0)" }, "printed once")

    // A save is a new version: its frames warn again, or not, for themselves.
    try preset.replacingOccurrences(of: "NoSuchFontFamilyAnywhere", with: "Lato").write(to: file, atomically: false, encoding: .utf8)
    try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: 5)], ofItemAtPath: file.path)
    #expect(try warnings() == [])
    #expect(try RawHTTPClient.get("/frame.png?t=0.5", port: server.port).status == 200)
    #expect(try warnings() == [], "Lato is installed")
  }

  @Test("drawing warnings are those of the parameter values asked for, cached frames included; each is printed once a version")
  func drawingWarningsByParameters() throws {
    let preset = """
      { schemaVersion: 1,
        parameters: { font: { type: "font", default: "Lato" }, ink: { type: "color", default: "#000000" } },
        canvas: { size: [100, 100] }, clip: { cycle: 1 },
        layers: [ { id: "label", type: "text", bounds: [0, 0, 100, 40], position: [50, 50], string: "Hi",
                    fontFamily: "$font", fontSize: 20, foregroundColor: "$ink" } ] }
      """
    let (server, _, logged, _) = try loggingServer(preset, name: "p.json5")
    defer { server.stop() }
    let missing = "&param.font=NoSuchFontFamilyAnywhere"
    func warnings(_ query: String) throws -> [String] { try Self.sceneWarnings(server, query: query) }
    func draw(_ query: String, at time: Double) throws {
      #expect(try RawHTTPClient.get("/frame.png?t=\(time)\(query)", port: server.port).status == 200)
    }

    try draw(missing, at: 0.1)
    let found = try warnings(missing)
    #expect(found.count == 1 && found[0].contains("\"NoSuchFontFamilyAnywhere\" is not installed"), "\(found)")
    // Corrected on the page: Lato's frames (on the same backends) warn of nothing.
    try draw("&param.font=Lato", at: 0.1)
    #expect(try warnings("&param.font=Lato") == [])
    #expect(try warnings("") == [], "the default is Lato")
    // Chosen again: its frame comes from the cache, and its warning is still listed.
    try draw(missing, at: 0.1)
    #expect(try warnings(missing) == found)
    // The same name with another colour: new values, drawn on a backend that said this
    // warning before, which must say it again for them.
    let red = missing + "&param.ink=%23ff0000"
    try draw(red, at: 0.1)
    #expect(try warnings(red) == found)
    // Another wrong name is drawn on a backend that warned before, and says its own warning.
    try draw("&param.font=NoSuchFontFamilyEither", at: 0.5)
    #expect(try warnings("&param.font=NoSuchFontFamilyEither").first?.contains("NoSuchFontFamilyEither") == true)
    try draw(missing, at: 0.5)
    #expect(try warnings(missing) == found, "a new frame with the first name adds nothing new")
    #expect(
      logged.withLock { $0 }.filter { $0.contains("NoSuchFontFamilyAnywhere") } == found.map { "splashvid: \($0)" },
      "printed once, however often the page goes back to it")
  }
}
