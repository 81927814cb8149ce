import CMicroHTTPD
import Foundation

/// An HTTP server on the loopback interface, through libmicrohttpd: each request is checked
/// (`HTTPRequestGuard`), then answered by the handler on the connection's own thread.
///
/// Bounded by construction: at most `connectionLimit` connections at once (so at most that many
/// handlers run), each closed after `idleTimeout` seconds without traffic, and each request's
/// headers and target within `requestMemoryLimit` bytes (libmicrohttpd answers a longer one
/// itself, with 414 or 431). A slow client holds its own connection's thread, never another's.
public final class HTTPServer: @unchecked Sendable {
  // Unchecked: `daemon` is set once in `init` and cleared under `lock` in `stop`; libmicrohttpd
  // calls the handler on its threads, which `stop` joins before the context is released.

  /// What the C callback reaches through its context pointer.
  final class Context: Sendable {
    let requestGuard: HTTPRequestGuard
    let handler: @Sendable (HTTPRequest) -> HTTPResponse

    init(requestGuard: HTTPRequestGuard, handler: @escaping @Sendable (HTTPRequest) -> HTTPResponse) {
      self.requestGuard = requestGuard
      self.handler = handler
    }
  }

  public static let connectionLimit: UInt32 = 16
  public static let idleTimeout: UInt32 = 30
  public static let requestMemoryLimit = 32 * 1024

  /// The port listened on (the one the system chose, when asked for 0).
  public let port: UInt16
  /// This run's secret that a POST must carry (`HTTPRequestGuard.tokenHeader`); `nil` when the
  /// server takes no POST. Handed only to the server's own page.
  public let postToken: String?
  private var daemon: OpaquePointer?
  /// What the C callback reads: retained here, released once the daemon has stopped.
  private let box: Unmanaged<ContextBox>
  private let lock = NSLock()

  /// Starts listening on `127.0.0.1:port` (0: any free port).
  ///
  /// - Parameter acceptsPost: Whether POST requests are taken (from the server's own page, with
  ///   `postToken`), for handlers that change something.
  /// - Throws: `HTTPServerError` when the port cannot be had (in use, or not allowed).
  public init(port: UInt16 = 0, acceptsPost: Bool = false, handler: @escaping @Sendable (HTTPRequest) -> HTTPResponse) throws {
    // The guard needs the port, known only once listening: until the context is set, a
    // request (possible only in that instant) is dropped rather than answered unchecked.
    let box = Unmanaged.passRetained(ContextBox())
    guard
      let daemon = splash_mhd_start_loopback(
        port, accessHandler, box.toOpaque(), rememberTarget, forgetTarget, Self.connectionLimit, Self.idleTimeout,
        Self.requestMemoryLimit)
    else {
      box.release()
      throw HTTPServerError(message: "cannot listen on 127.0.0.1:\(port) (in use, or not allowed)")
    }
    let bound = splash_mhd_port(daemon)
    let postToken = acceptsPost ? Self.randomToken() : nil
    box.takeUnretainedValue().set(Context(requestGuard: HTTPRequestGuard(port: bound, postToken: postToken), handler: handler))
    self.port = bound
    self.postToken = postToken
    self.daemon = daemon
    self.box = box
  }

  /// Stops listening, waits for the requests being answered, and closes every connection.
  public func stop() {
    lock.lock()
    let running = daemon
    daemon = nil
    lock.unlock()
    guard let running else { return }
    MHD_stop_daemon(running)
    box.release()
  }

  deinit { stop() }

  /// The headers sent with `response`: its own, and those every answer carries.
  ///
  /// What is served is made for this one local user: never cached by the browser, never
  /// taken for another type than the one given, and never shown inside another site's page,
  /// where a click meant for that page could land on the preview's Export button
  /// (`frame-ancestors 'none'`, and `X-Frame-Options` for browsers that predate it). A
  /// response's own policy keeps its directives, with `frame-ancestors 'none'` added.
  static func headers(of response: HTTPResponse) -> [(String, String)] {
    let noFraming = "frame-ancestors 'none'"
    var policy = noFraming
    var own: [(String, String)] = []
    for (name, value) in response.headers {
      if name.lowercased() == "content-security-policy" {
        policy = value.contains("frame-ancestors") ? value : value + "; " + noFraming
      } else {
        own.append((name, value))
      }
    }
    return [
      ("Content-Type", response.contentType), ("Cache-Control", "no-store"), ("X-Content-Type-Options", "nosniff"),
      ("Content-Security-Policy", policy), ("X-Frame-Options", "DENY"),
    ] + own
  }

  /// 128 bits from the system's generator, in hex.
  private static func randomToken() -> String {
    var generator = SystemRandomNumberGenerator()
    return (0..<4).map { _ in String(format: "%08x", UInt32.random(in: .min ... .max, using: &generator)) }.joined()
  }
}

/// The server's context, set once its port is known and read by every request after.
final class ContextBox: @unchecked Sendable {
  // Unchecked: written once under `lock` before the first request can be accepted, read under it.
  private var context: HTTPServer.Context?
  private let lock = NSLock()

  func set(_ context: HTTPServer.Context) {
    lock.lock()
    self.context = context
    lock.unlock()
  }

  var value: HTTPServer.Context? {
    lock.lock()
    defer { lock.unlock() }
    return context
  }
}

/// A request's target exactly as sent, kept as the request's context from the moment its
/// line is read until it is answered.
private final class RawTarget {
  let text: String
  init(_ text: String) { self.text = text }
}

private let rememberTarget: splash_mhd_target_callback = { _, target, _ in
  Unmanaged.passRetained(RawTarget(target.map { String(cString: $0) } ?? "")).toOpaque()
}

private let forgetTarget: MHD_RequestCompletedCallback = { _, _, requestContext, _ in
  guard let requestContext, let kept = requestContext.pointee else { return }
  Unmanaged<RawTarget>.fromOpaque(kept).release()
  requestContext.pointee = nil
}

/// libmicrohttpd's request callback: checks the request, asks the handler, queues its answer.
private let accessHandler: MHD_AccessHandlerCallback = { opaque, connection, _, method, _, _, _, requestContext in
  guard let opaque, let connection, let method, let kept = requestContext?.pointee,
    let context = Unmanaged<ContextBox>.fromOpaque(opaque).takeUnretainedValue().value
  else { return .NO }
  let target = Unmanaged<RawTarget>.fromOpaque(kept).takeUnretainedValue().text
  let response =
    switch context.requestGuard.check(method: String(cString: method), target: target, fields: headerFields(of: connection)) {
    case .success(let request): context.handler(request)
    case .failure(let refusal): refusal.response
    }
  return queue(response, on: connection)
}

/// A request's header lines in the order sent, repeats included: the guard must see a header
/// given twice to refuse it.
private func headerFields(of connection: OpaquePointer) -> [(name: String, value: String)] {
  final class Collected { var fields: [(name: String, value: String)] = [] }
  let collected = Collected()
  withExtendedLifetime(collected) {
    _ = MHD_get_connection_values(
      connection, .HEADER_KIND,
      { opaque, _, key, value in
        guard let opaque, let key else { return .YES }
        let collected = Unmanaged<Collected>.fromOpaque(opaque).takeUnretainedValue()
        collected.fields.append((String(cString: key), value.map { String(cString: $0) } ?? ""))
        return .YES
      }, Unmanaged.passUnretained(collected).toOpaque())
  }
  return collected.fields
}

private func queue(_ response: HTTPResponse, on connection: OpaquePointer) -> MHD_Result {
  let made = response.body.withUnsafeBytes { splash_mhd_copied_response($0.count, $0.baseAddress) }
  guard let made else { return .NO }
  defer { MHD_destroy_response(made) }
  for (name, value) in HTTPServer.headers(of: response) { _ = MHD_add_response_header(made, name, value) }
  return MHD_queue_response(connection, UInt32(response.status), made)
}

/// The server could not start.
public struct HTTPServerError: Error, CustomStringConvertible, Sendable {
  public let message: String
  public var description: String { message }
}
