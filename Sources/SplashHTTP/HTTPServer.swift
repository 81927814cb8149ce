import CMicroHTTPD
import Foundation

/// An HTTP server on the loopback interface, through libmicrohttpd: each request is checked
/// (`HTTPRequestGuard`), then answered by the handler on the connection's own thread.
///
/// Bounded by construction (`HTTPServerLimits`): at most `limits.connections` connections at
/// once (so at most that many handlers run), each request's line and headers within
/// `limits.requestMemory` bytes and `limits.requestDeadline`, and each answer read within
/// `limits.answerDeadline` (`HTTPConnectionWatch` cuts a connection past its deadline). A
/// slow client holds its own connection's thread, never another's, and only until its
/// deadline; the handler is told whether its client still waits (`HTTPRequest.client`).
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

  public let limits: HTTPServerLimits
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
  public init(
    port: UInt16 = 0, acceptsPost: Bool = false, limits: HTTPServerLimits = HTTPServerLimits(),
    handler: @escaping @Sendable (HTTPRequest) -> HTTPResponse
  ) throws {
    // The guard needs the port, known only once listening: until the context is set, a
    // request (possible only in that instant) is dropped rather than answered unchecked.
    let watch = HTTPConnectionWatch(limits: limits)
    let box = Unmanaged.passRetained(ContextBox(watch: watch))
    // libmicrohttpd's own idle timeout stays as a backstop behind the watch's deadlines.
    let backstop = (limits.requestDeadline + limits.answerDeadline).components.seconds + 1
    guard
      let daemon = splash_mhd_start_loopback(
        port, accessHandler, box.toOpaque(), rememberTarget, forgetTarget, noteConnection, UInt32(clamping: limits.connections),
        UInt32(clamping: backstop), limits.requestMemory)
    else {
      box.release()
      throw HTTPServerError(message: "cannot listen on 127.0.0.1:\(port) (in use, or not allowed)")
    }
    watch.start()
    let bound = splash_mhd_port(daemon)
    let postToken = acceptsPost ? Self.randomToken() : nil
    box.takeUnretainedValue().set(Context(requestGuard: HTTPRequestGuard(port: bound, postToken: postToken), handler: handler))
    self.port = bound
    self.limits = limits
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
    box.takeUnretainedValue().watch.stop()
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

/// The server's context, set once its port is known and read by every request after, and
/// the watch of its connections' deadlines, there from the first connection.
final class ContextBox: @unchecked Sendable {
  // Unchecked: written once under `lock` before the first request can be accepted, read under it.
  private var context: HTTPServer.Context?
  private let lock = NSLock()
  let watch: HTTPConnectionWatch

  init(watch: HTTPConnectionWatch) {
    self.watch = watch
  }

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

/// A request is over (answered, or abandoned): its target is forgotten, and the connection
/// waits for the next, within the request deadline.
private let forgetTarget: MHD_RequestCompletedCallback = { opaque, connection, requestContext, _ in
  if let opaque, let connection { Unmanaged<ContextBox>.fromOpaque(opaque).takeUnretainedValue().watch.awaiting(connection) }
  guard let requestContext, let kept = requestContext.pointee else { return }
  Unmanaged<RawTarget>.fromOpaque(kept).release()
  requestContext.pointee = nil
}

/// A connection opens or closes (before its socket is closed): the watch begins or ends.
private let noteConnection: MHD_NotifyConnectionCallback = { opaque, connection, _, event in
  guard let opaque, let connection else { return }
  let watch = Unmanaged<ContextBox>.fromOpaque(opaque).takeUnretainedValue().watch
  if event == .CONNECTION_NOTIFY_STARTED {
    watch.opened(connection, socket: splash_mhd_connection_fd(connection))
  } else {
    watch.closed(connection)
  }
}

/// libmicrohttpd's request callback: checks the request, asks the handler, queues its answer.
private let accessHandler: MHD_AccessHandlerCallback = { opaque, connection, _, method, _, _, _, requestContext in
  guard let opaque, let connection, let method, let kept = requestContext?.pointee else { return .NO }
  let box = Unmanaged<ContextBox>.fromOpaque(opaque).takeUnretainedValue()
  guard let context = box.value else { return .NO }
  let target = Unmanaged<RawTarget>.fromOpaque(kept).takeUnretainedValue().text
  box.watch.answering(connection)
  let response: HTTPResponse
  switch context.requestGuard.check(method: String(cString: method), target: target, fields: headerFields(of: connection)) {
  case .success(var request):
    // The socket stays open while the handler runs on this connection's thread.
    let socket = splash_mhd_connection_fd(connection)
    request.client = HTTPClientWait(deadline: .now + box.watch.limits.answerDeadline) { splash_socket_peer_closed(socket) != 0 }
    response = context.handler(request)
  case .failure(let refusal):
    response = refusal.response
  }
  defer { box.watch.sending(connection) }
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
