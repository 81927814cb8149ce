import Foundation
import SplashCore
import SplashHTTP
import SplashModel
import SplashOutput
import SplashPresets

/// `splashvid preview`'s server: the page, the scene's timing and its frames, on the loopback
/// interface (`HTTPServer`, whose guard checks every request first).
///
///     GET /                   the page (preview/index.html, preview.css, preview.js, export.js)
///     GET /scene.json         canvas, frame size, clip window, rate, version, parameters and
///                             the warnings of the load and of drawing its frames, or the
///                             problem that stops the file from loading (the page polls it)
///                 [&param.NAME=VALUE …] the drawing warnings of frames with these values
///     GET /inspect.json?t=T   `inspect --time T`: the tree, or one layer with &layer=ID
///     GET /layers.json?t=T    the tree's shape alone (ids, types, masks, sublayers)
///     GET /images.json        the images an image parameter may be set to (`PreviewImages`)
///     GET /frame.png?t=T      the frame at scene time T, as `still --time T` draws it
///                 [&size=WxH] … at another size
///                 [&param.NAME=VALUE …] with parameters set, as `--param NAME=VALUE` sets them
///     POST /export?format=F…  renders a file in the background (`PreviewExportRequest`)
///     POST /export/cancel?id=N
///     GET /exports.json       the exports, with their progress
///
/// A POST changes something (it writes a file), so it is answered only from the page this
/// server gave out: `HTTPRequestGuard` checks its `Origin` and this run's token, which the
/// page carries in its `splashvid-token` meta element.
public final class PreviewServer: Sendable {
  /// The largest frame side a page may ask for.
  static let maximumSide = 4_096

  public let port: UInt16
  private let server: HTTPServer
  private let exports: PreviewExports?
  /// The frames drawn and kept, with their queue.
  let frames: PreviewFrames

  /// Starts serving `source`, loaded again whenever it changes, with `page` on
  /// `127.0.0.1:port` (0: any free port).
  ///
  /// - Parameters:
  ///   - exportFolder: Where the export panel writes its files.
  ///   - log: Told each load's warnings, and each export's warnings, summary or failure, one line each.
  /// - Throws: the first load's error; `HTTPServerError` when the port cannot be had.
  public convenience init(
    source: PresetSource, environment: [String: String], page: PreviewPage, port: UInt16 = 0, exportFolder: URL,
    log: @escaping @Sendable (String) -> Void = { _ in }
  ) throws {
    try self.init(
      document: PreviewDocument(source: source, environment: environment, log: log), page: page, port: port,
      exports: PreviewExports(source: source, folder: exportFolder, environment: environment, log: log), log: log)
  }

  /// Starts serving a scene that never changes, with no export panel.
  convenience init(scene: Scene, page: PreviewPage, port: UInt16 = 0, frameLimits: PreviewFrames.Limits = .init()) throws {
    try self.init(document: PreviewDocument(scene: scene), page: page, port: port, exports: nil, frameLimits: frameLimits)
  }

  init(
    document: PreviewDocument, page: PreviewPage, port: UInt16, exports: PreviewExports?, frameLimits: PreviewFrames.Limits = .init(),
    log: @escaping @Sendable (String) -> Void = { _ in }
  ) throws {
    let frames = PreviewFrames(limits: frameLimits, log: log)
    let token = Locked<String>("")
    // The token is the server's, known once it listens; no request is answered before.
    let server = try HTTPServer(port: port, acceptsPost: exports != nil) { request in
      PreviewServer.respond(to: request, document: document, frames: frames, page: page, exports: exports, token: token.withLock { $0 })
    }
    token.withLock { $0 = server.postToken ?? "" }
    self.server = server
    self.port = server.port
    self.exports = exports
    self.frames = frames
  }

  /// Where a browser opens the page.
  public var address: String { "http://127.0.0.1:\(port)/" }

  /// Stops serving; the requests being answered finish first. Then cancels the exports and
  /// waits until the one rendering has removed what it began.
  public func stop() {
    server.stop()
    exports?.stop()
  }

  static func respond(
    to request: HTTPRequest, document: PreviewDocument, frames: PreviewFrames, page: PreviewPage, exports: PreviewExports? = nil,
    token: String = ""
  ) -> HTTPResponse {
    let writes = ["/export", "/export/cancel"].contains(request.path)
    guard writes == (request.method == "POST") else {
      return .text("\(request.path) answers \(writes ? "POST" : "GET and HEAD") only", status: 405)
    }
    if let file = page.file(for: request.path, token: token) {
      let policy = file.type.hasPrefix("text/html") ? [("Content-Security-Policy", PreviewPage.contentSecurityPolicy)] : []
      return HTTPResponse(contentType: file.type, body: file.bytes, headers: policy)
    }
    switch request.path {
    case "/images.json":
      let images = document.images
      let list = (images?.list(excluding: exports?.folder) ?? []).map(JSONText.quote).joined(separator: ", ")
      let body = "{\"folder\": \(images.map { JSONText.quote($0.folder) } ?? "null"), \"images\": [\(list)]}"
      return HTTPResponse(contentType: "application/json", body: Array(body.utf8))
    case "/export", "/export/cancel", "/exports.json":
      guard let exports else { return .text("this preview has no export panel", status: 404) }
      return exportResponse(to: request, document: document, exports: exports)
    case "/scene.json":
      let snapshot = document.current()
      let description =
        switch snapshot.state {
        case .scene(let scene):
          // The drawing warnings of the page's parameter values, which it sends as a frame's.
          sceneDescription(
            scene, version: snapshot.version, parameters: snapshot.parameters, takesKeyPaths: snapshot.document?.isLottie == true,
            warnings: snapshot.warnings
              + frames.warnings(version: snapshot.version, variant: PreviewDocument.variant(of: Self.overrides(in: request))))
        case .problem(let problem): "{\"version\": \(snapshot.version), \"problem\": \(JSONText.quote(problem))}"
        }
      return HTTPResponse(contentType: "application/json", body: Array(description.utf8))
    case "/frame.png":
      do {
        let (scene, snapshot, variant) = try Self.scene(for: request, document: document)
        let time = try Self.time(request.query["t"])
        let size = try Self.size(request.query["size"], scene: scene)
        let png = try frames.png(
          of: scene, version: snapshot.version, variant: variant, at: time, width: size.width, height: size.height,
          client: request.client)
        return HTTPResponse(contentType: "image/png", body: png)
      } catch let refusal as HTTPRefusal {
        return refusal.response
      } catch {
        return .text("cannot draw the frame: \(error)", status: 500)
      }
    case "/inspect.json", "/layers.json":
      do {
        let (scene, _, _) = try Self.scene(for: request, document: document)
        let time = try Self.time(request.query["t"])
        if request.path == "/layers.json" {
          return HTTPResponse(contentType: "application/json", body: Array(Inspection.outline(of: scene, at: time).utf8))
        }
        guard let id = request.query["layer"] else {
          return HTTPResponse(contentType: "application/json", body: Array(Inspection.tree(of: scene, at: time).utf8))
        }
        guard let layer = Inspection.layer(id, of: scene, at: time) else { return .text("no layer \"\(id)\" at \(time) s", status: 404) }
        return HTTPResponse(contentType: "application/json", body: Array(layer.utf8))
      } catch let refusal as HTTPRefusal {
        return refusal.response
      } catch {
        return .text("cannot inspect: \(error)", status: 500)
      }
    default:
      return .text("nothing at \(request.path)", status: 404)
    }
  }

  private static func exportResponse(to request: HTTPRequest, document: PreviewDocument, exports: PreviewExports) -> HTTPResponse {
    do {
      switch request.path {
      case "/export":
        let snapshot = document.current()
        if case .problem(let problem) = snapshot.state { throw HTTPRefusal(status: 409, reason: problem) }
        var exportRequest = try PreviewExportRequest(query: request.query)
        // The parameters are compiled into the scene as the render will compile them, and the
        // render's checks made on it, so that what the render would refuse is refused now.
        let scene: Scene?
        do {
          scene = try document.scene(of: snapshot, overrides: exportRequest.parameters)
          exportRequest.parameters = try document.resolved(exportRequest.parameters, of: snapshot)
        } catch {
          throw HTTPRefusal(status: 400, reason: "\(error)")
        }
        guard let scene else { throw HTTPRefusal(status: 409, reason: "nothing to export") }
        try exportRequest.check(against: scene, environment: document.environment)
        let export = try exports.start(exportRequest)
        let body = "{\"id\": \(export.id), \"name\": \(JSONText.quote(export.name))}"
        return HTTPResponse(status: 202, contentType: "application/json", body: Array(body.utf8))
      case "/export/cancel":
        guard let id = request.query["id"].flatMap({ Int($0) }), exports.cancel(id: id) else {
          throw HTTPRefusal(status: 404, reason: "no export \(request.query["id"] ?? "none") to cancel")
        }
        return .text("cancelling export \(id)", status: 200)
      default:
        return HTTPResponse(contentType: "application/json", body: Array(exports.description().utf8))
      }
    } catch let refusal as HTTPRefusal {
      return refusal.response
    } catch {
      return .text("cannot export: \(error)", status: 500)
    }
  }

  /// The scene a request asks for: the document's, with the request's `param.NAME` values set.
  ///
  /// - Throws: `HTTPRefusal`: 409 with the problem while the file does not load, 400 for a
  ///   parameter value the preset refuses.
  private static func scene(
    for request: HTTPRequest, document: PreviewDocument
  ) throws -> (scene: Scene, snapshot: PreviewDocument.Snapshot, variant: String) {
    let snapshot = document.current()
    if case .problem(let problem) = snapshot.state { throw HTTPRefusal(status: 409, reason: problem) }
    let overrides = Self.overrides(in: request)
    let scene: Scene?
    do {
      scene = try document.scene(of: snapshot, overrides: overrides)
    } catch {
      throw HTTPRefusal(status: 400, reason: "\(error)")
    }
    guard let scene else { throw HTTPRefusal(status: 409, reason: "nothing to draw") }
    return (scene, snapshot, PreviewDocument.variant(of: overrides))
  }

  /// The page's parameter values in `request`'s query (`param.NAME=VALUE`), by name.
  private static func overrides(in request: HTTPRequest) -> [String: String] {
    var overrides: [String: String] = [:]
    for (name, value) in request.query where name.hasPrefix("param.") { overrides[String(name.dropFirst(6))] = value }
    return overrides
  }

  /// The frame size when none is asked for: `still`'s (twice the canvas, as an iPhone's
  /// screen has two pixels a point or more).
  static func defaultSize(of scene: Scene) -> PixelSize {
    OutputSize().resolve(canvas: scene.canvasSize, requiresEven: false)
  }

  private static func time(_ text: String?) throws -> Double {
    guard let text, let time = Double(text), time.isFinite, abs(time) <= 86_400 else {
      throw HTTPRefusal(status: 400, reason: "expected t=SECONDS, a scene time within a day, found \(text ?? "none")")
    }
    return time
  }

  private static func size(_ text: String?, scene: Scene) throws -> PixelSize {
    guard let text else { return defaultSize(of: scene) }
    guard let size = PixelSize(text: text, maximumSide: maximumSide) else {
      throw HTTPRefusal(status: 400, reason: "expected size=WIDTHxHEIGHT, each from 1 to \(maximumSide), found \(text)")
    }
    return size
  }

  /// A parameter as the page builds its control: name, kind, default (as `--param` writes it)
  /// and description.
  static func parameterDescription(_ parameter: PresetParameter) -> String {
    let defaultText =
      switch parameter.defaultValue {
      case .string(let text): text
      case .number(let number): DecimalText.shortest(number)
      default: parameter.defaultValue.summary
      }
    return "{\"name\": \(JSONText.quote(parameter.name)), \"kind\": \(JSONText.quote(parameter.kind.rawValue)), "
      + "\"default\": \(JSONText.quote(defaultText)), \"description\": \(JSONText.quote(parameter.description ?? ""))}"
  }

  /// What the page needs to play the scene, as JSON.
  ///
  /// - Parameter takesKeyPaths: whether `param.KEYPATH` sets colours, opacities and texts (a
  ///   Lottie file), for which the page offers a key path field.
  static func sceneDescription(
    _ scene: Scene, version: Int, parameters: [PresetParameter] = [], takesKeyPaths: Bool = false, warnings: [String] = []
  ) -> String {
    func number(_ value: Double) -> String { DecimalText.shortest(value) }
    let size = defaultSize(of: scene)
    let rate = scene.frameNumbering.map { max(1, Int($0.framesPerSecond.rounded())) } ?? RenderJob.defaultFramesPerSecond
    return """
      {"canvas": {"width": \(number(scene.canvasSize.width)), "height": \(number(scene.canvasSize.height))}, \
      "frame": {"width": \(size.width), "height": \(size.height)}, \
      "clip": {"start": \(number(scene.clip.start)), "cycle": \(number(scene.clip.cycle)), "hold": \(number(scene.clip.hold))}, \
      "framesPerSecond": \(rate), "version": \(version), "parameters": [\(parameters.map(parameterDescription).joined(separator: ", "))], \
      "keyPaths": \(takesKeyPaths), \
      "warnings": [\(warnings.map(JSONText.quote).joined(separator: ", "))]}
      """
  }
}
