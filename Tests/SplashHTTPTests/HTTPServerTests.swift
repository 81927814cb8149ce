import Foundation
import SplashTestSupport
import Testing

@testable import SplashHTTP

#if canImport(Glibc)
import Glibc
#endif

/// The loopback server: what it answers, and every request a page elsewhere or another program
/// could send to reach more than the handler serves, refused before the handler sees it.
@Suite("The HTTP server answers only plain local requests")
struct HTTPServerTests {
  /// A server whose handler echoes the request it was given.
  private func echoServer() throws -> HTTPServer {
    try HTTPServer { request in
      let query = request.query.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: "&")
      return .text("\(request.method) \(request.path) \(query)", status: 200)
    }
  }

  @Test("a plain GET reaches the handler with its path and decoded query; HEAD has no body")
  func answers() throws {
    let server = try echoServer()
    defer { server.stop() }
    #expect(server.port != 0)
    let reply = try RawHTTPClient.get("/frame.png?t=1.5&size=10x20&name=a%20b", port: server.port)
    #expect(reply.status == 200)
    #expect(reply.text == "GET /frame.png name=a b&size=10x20&t=1.5\n")
    #expect(reply.headers["cache-control"] == "no-store" && reply.headers["x-content-type-options"] == "nosniff")
    let head = try RawHTTPClient.get("/", port: server.port, method: "HEAD")
    #expect(head.status == 200 && head.body.isEmpty)
    let named = try RawHTTPClient.get("/", port: server.port, host: "LocalHost:\(server.port)")
    #expect(named.status == 200, "a host name's case does not matter")
  }

  @Test("no response may be framed by another page: frame-ancestors 'none' and X-Frame-Options on answers and refusals")
  func framingIsRefused() throws {
    let server = try HTTPServer { request in
      request.path == "/own"
        ? HTTPResponse(
          contentType: "text/html", body: Array("<p>".utf8), headers: [("Content-Security-Policy", "default-src 'none'")])
        : .text("GET \(request.path)", status: 200)
    }
    defer { server.stop() }
    let replies = [
      ("an answer", try RawHTTPClient.get("/", port: server.port)),
      ("a refused Host", try RawHTTPClient.get("/", port: server.port, host: "evil.example")),
      ("a refused path", try RawHTTPClient.get("/a/../b", port: server.port)),
      ("a refused method", try RawHTTPClient.get("/", port: server.port, method: "OPTIONS")),
    ]
    for (what, reply) in replies {
      #expect(reply.headers["content-security-policy"] == "frame-ancestors 'none'", "\(what): \(reply.headers)")
      #expect(reply.headers["x-frame-options"] == "DENY", "\(what): \(reply.headers)")
    }
    let own = try RawHTTPClient.get("/own", port: server.port)
    #expect(
      own.headers["content-security-policy"] == "default-src 'none'; frame-ancestors 'none'",
      "a handler's own policy keeps the server's frame-ancestors: \(own.headers)")
  }

  @Test("another Host is refused: a rebound name, another port, none at all")
  func hostIsChecked() throws {
    let server = try echoServer()
    defer { server.stop() }
    for host in ["evil.example:\(server.port)", "evil.example", "127.0.0.1:\(server.port &+ 1)", "127.0.0.1", "[::1]:\(server.port)"] {
      let reply = try RawHTTPClient.get("/", port: server.port, host: host)
      #expect(reply.status == 421, "Host: \(host) → \(reply.status)")
      #expect(!reply.text.contains("GET /"), "the handler never saw it")
    }
    let bare = try RawHTTPClient.exchange("GET / HTTP/1.0\r\n\r\n", port: server.port)
    #expect(bare.status == 421, "no Host")
  }

  @Test("paths that climb or hide are refused: .., encoded .., ., //, backslashes, controls, full URLs")
  func targetsAreChecked() throws {
    let server = try echoServer()
    defer { server.stop() }
    let refused = [
      "/../etc/passwd", "/a/../../etc/passwd", "/%2e%2e/etc/passwd", "/a/%2E%2E/b", "/a/./b", "/a//b", "//etc/passwd",
      "/a%5C..%5Cb", "/a%00b", "/a%0Ab", "/a%zz", "/%C3", "http://127.0.0.1:\(server.port)/", "*",
    ]
    for target in refused {
      let reply = try RawHTTPClient.get(target, port: server.port)
      #expect((400..<500).contains(reply.status) || reply.status == 0, "\(target) → \(reply.status) \(reply.text)")
      #expect(!reply.text.hasPrefix("GET "), "\(target) reached the handler: \(reply.text)")
    }
    #expect(try RawHTTPClient.get("/folder/", port: server.port).status == 200, "a trailing slash is plain")
  }

  @Test("long targets are refused: over 2 KB by the guard, over the request's memory by the library")
  func longTargets() throws {
    let server = try echoServer()
    defer { server.stop() }
    let long = try RawHTTPClient.get("/" + String(repeating: "a", count: 3_000), port: server.port)
    #expect(long.status == 414)
    let longQuery = try RawHTTPClient.get("/?t=" + String(repeating: "1", count: 3_000), port: server.port)
    #expect(longQuery.status == 414)
    let huge = try RawHTTPClient.get("/" + String(repeating: "a", count: 100_000), port: server.port)
    #expect((400..<500).contains(huge.status) || huge.status == 0, "\(huge.status)")
    #expect(!huge.text.hasPrefix("GET "))
  }

  @Test("only GET and HEAD are answered by a server that takes no POST")
  func methods() throws {
    let server = try echoServer()
    defer { server.stop() }
    #expect(server.postToken == nil)
    let post = try RawHTTPClient.exchange(
      "POST / HTTP/1.1\r\nHost: 127.0.0.1:\(server.port)\r\nContent-Length: 2\r\nConnection: close\r\n\r\nab", port: server.port)
    #expect(post.status == 405)
  }

  /// A POST as a page would send it: `origin` and `token` headers when given.
  private func post(_ target: String, server: HTTPServer, origin: String?, token: String?, body: String = "") throws -> RawHTTPClient.Reply
  {
    var request = "POST \(target) HTTP/1.1\r\nHost: 127.0.0.1:\(server.port)\r\nConnection: close\r\n"
    if let origin { request += "Origin: \(origin)\r\n" }
    if let token { request += "\(HTTPRequestGuard.tokenHeader): \(token)\r\n" }
    request += "Content-Length: \(body.utf8.count)\r\n\r\n\(body)"
    return try RawHTTPClient.exchange(request, port: server.port)
  }

  @Test("a POST is answered only from the server's own page, with this run's token and no body")
  func postNeedsOriginAndToken() throws {
    let server = try HTTPServer(acceptsPost: true) { request in .text("\(request.method) \(request.path)", status: 200) }
    defer { server.stop() }
    let token = try #require(server.postToken)
    #expect(token.count == 32 && token.allSatisfy(\.isHexDigit))
    let own = "http://127.0.0.1:\(server.port)"
    let allowed = try post("/export?format=gif", server: server, origin: own, token: token)
    #expect(allowed.status == 200 && allowed.text == "POST /export\n")
    let byName = try post("/export", server: server, origin: "http://localhost:\(server.port)", token: token)
    #expect(byName.status == 200)
    let refused: [(String?, String?, String, Int)] = [
      (nil, token, "no Origin (a client that is not a page)", 403),
      ("https://evil.example", token, "another site's page", 403),
      ("http://127.0.0.1:\(server.port &+ 1)", token, "a page of another local server", 403),
      ("null", token, "a sandboxed page", 403),
      (own, nil, "no token", 403),
      (own, String(token.reversed()), "another token", 403),
      (own, String(token.dropLast()), "a token cut short", 403),
    ]
    for (origin, given, what, status) in refused {
      let reply = try post("/export", server: server, origin: origin, token: given)
      #expect(reply.status == status, "\(what) → \(reply.status) \(reply.text)")
      #expect(!reply.text.hasPrefix("POST "), "\(what) reached the handler")
    }
    let withBody = try post("/export", server: server, origin: own, token: token, body: "format=gif")
    #expect(withBody.status == 413)
    let preflight = try RawHTTPClient.get("/export", port: server.port, method: "OPTIONS")
    #expect(preflight.status == 405, "a CORS preflight is never granted")
    let get = try RawHTTPClient.get("/export", port: server.port)
    #expect(get.status == 200 && get.text == "GET /export\n")
  }

  @Test("a header the guard reads, given twice, is refused: which one the client meant cannot be told")
  func repeatedHeaders() throws {
    let server = try HTTPServer(acceptsPost: true) { request in
      .text("\(request.method) \(request.path) accept=\(request.headers["accept"] ?? "none")", status: 200)
    }
    defer { server.stop() }
    let token = try #require(server.postToken)
    let host = "Host: 127.0.0.1:\(server.port)\r\n"
    let origin = "Origin: http://127.0.0.1:\(server.port)\r\n"
    let tokenLine = "\(HTTPRequestGuard.tokenHeader): \(token)\r\n"
    let post = "POST /export HTTP/1.1\r\n"
    let get = "GET / HTTP/1.1\r\n"
    let refused: [(String, String)] = [
      ("Host: evil.example\r\n" + host, "a rebound name, then the server's own"),
      (host + "Host: evil.example\r\n", "the server's own name, then a rebound one"),
      (host + host, "the same Host twice"),
      (host + "HOST: localhost:\(server.port)\r\n", "two Host headers that differ in case and name"),
      (host + "Sec-Fetch-Site: cross-site\r\nSec-Fetch-Site: same-origin\r\n", "two Sec-Fetch-Site"),
      (host + "Sec-Fetch-Mode: cors\r\nSec-Fetch-Mode: navigate\r\n", "two Sec-Fetch-Mode"),
    ]
    for (headers, what) in refused {
      let reply = try RawHTTPClient.exchange(get + headers + "Connection: close\r\n\r\n", port: server.port)
      #expect(reply.status == 400, "\(what) → \(reply.status) \(reply.text)")
      #expect(!reply.text.hasPrefix("GET "), "\(what) reached the handler")
    }
    let refusedPosts: [(String, String)] = [
      ("Origin: https://evil.example\r\n" + origin + tokenLine, "another site's Origin, then the page's"),
      (origin + "Origin: https://evil.example\r\n" + tokenLine, "the page's Origin, then another site's"),
      (origin + "\(HTTPRequestGuard.tokenHeader): wrong\r\n" + tokenLine, "a wrong token, then the right one"),
      (origin + tokenLine + "Content-Length: 0\r\n", "two Content-Length"),
    ]
    for (headers, what) in refusedPosts {
      let reply = try RawHTTPClient.exchange(
        post + host + headers + "Content-Length: 0\r\nConnection: close\r\n\r\n", port: server.port)
      #expect(reply.status == 400, "\(what) → \(reply.status) \(reply.text)")
      #expect(!reply.text.hasPrefix("POST "), "\(what) reached the handler")
    }
    let twice = try RawHTTPClient.get("/frame.png?t=1&t=2", port: server.port)
    #expect(twice.status == 400 && twice.text.contains("t given twice"), "a query argument given twice: \(twice.text)")
    // A list header may be repeated: its values are one list, as RFC 9110 joins them.
    let listed = try RawHTTPClient.exchange(
      get + host + "Accept: text/html\r\nAccept: image/png\r\nConnection: close\r\n\r\n", port: server.port)
    #expect(listed.status == 200 && listed.text == "GET / accept=text/html, image/png\n", "\(listed.text)")
    let allowed = try RawHTTPClient.exchange(
      post + host + origin + tokenLine + "Content-Length: 0\r\nConnection: close\r\n\r\n", port: server.port)
    #expect(allowed.status == 200, "one of each is answered: \(allowed.text)")
  }

  @Test("a client that stalls halfway holds only its own connection")
  func slowClient() throws {
    let server = try echoServer()
    defer { server.stop() }
    let stalled = try #require(RawHTTPClient.connect(port: server.port).socket)
    defer { close(stalled) }
    RawHTTPClient.send(Array("GET /slow HTTP/1.1\r\nHost: 127.0.0.1:\(server.port)\r\n".utf8), to: stalled)
    let reply = try RawHTTPClient.get("/other", port: server.port)
    #expect(reply.status == 200 && reply.text.hasPrefix("GET /other"))
  }

  /// Opens `count` connections that each send a request's first lines, then one more byte of
  /// a header every 100 ms, as a client that trickles its request to hold the server; each
  /// stops once the server has closed its connection, and hands back what it read.
  private func trickle(_ count: Int, port: UInt16) throws -> [DispatchWorkItem] {
    try (0..<count).map { _ in
      let socket = try #require(RawHTTPClient.connect(port: port).socket)
      RawHTTPClient.send(Array("GET /slow HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nX-Slow: ".utf8), to: socket)
      let item = DispatchWorkItem {
        defer { close(socket) }
        for _ in 0..<600 {
          usleep(100_000)
          let sent = [UInt8(ascii: "a")].withUnsafeBytes { Glibc.send(socket, $0.baseAddress, 1, Int32(MSG_NOSIGNAL)) }
          var probe = pollfd(fd: socket, events: Int16(POLLIN), revents: 0)
          if sent <= 0 || (poll(&probe, 1, 0) > 0 && probe.revents != 0) { break }
        }
      }
      DispatchQueue.global().async(execute: item)
      return item
    }
  }

  @Test("sixteen clients that trickle their requests leave the server answering others")
  func tricklingClientsLeaveRoom() throws {
    let server = try echoServer()
    defer { server.stop() }
    let trickling = try trickle(16, port: server.port)
    let reply = try RawHTTPClient.get("/other", port: server.port)
    #expect(reply.status == 200 && reply.text.hasPrefix("GET /other"), "\(reply.status) \(reply.text)")
    server.stop()
    for item in trickling { item.wait() }
  }

  @Test("a client that trickles its request is cut off at the request deadline, however steady its pace")
  func requestDeadline() throws {
    let server = try HTTPServer(limits: HTTPServerLimits(connections: 4, requestDeadline: .seconds(1))) { request in
      .text("\(request.method) \(request.path)", status: 200)
    }
    defer { server.stop() }
    // As many as the server takes: the next request waits until their deadline frees a place.
    let trickling = try trickle(4, port: server.port)
    let reply = try RawHTTPClient.get("/other", port: server.port)
    #expect(reply.status == 200 && reply.text == "GET /other\n", "\(reply.status) \(reply.text)")
    // Each trickler stops only once its connection is closed; none was answered.
    for item in trickling { item.wait() }
  }

  @Test("a client that does not read its answer is cut off at the answer deadline")
  func answerDeadline() throws {
    let large = [UInt8](repeating: 0x61, count: 64 << 20)
    let server = try HTTPServer(limits: HTTPServerLimits(answerDeadline: .seconds(1))) { request in
      request.path == "/large" ? HTTPResponse(contentType: "text/plain", body: large) : .text("small", status: 200)
    }
    defer { server.stop() }
    let socket = try #require(RawHTTPClient.connect(port: server.port).socket)
    defer { close(socket) }
    RawHTTPClient.send(Array("GET /large HTTP/1.1\r\nHost: 127.0.0.1:\(server.port)\r\n\r\n".utf8), to: socket)
    // Slower than the deadline: more than the socket's buffers hold stays unsent meanwhile.
    sleep(3)
    let reply = RawHTTPClient.read(socket)
    #expect(reply.status == 200 && reply.body.count < large.count, "the answer was cut: \(reply.body.count) of \(large.count) bytes")
    #expect(try RawHTTPClient.get("/", port: server.port).text == "small\n")
  }

  @Test("a handler is told when its client leaves, and when its answer's deadline passes")
  func handlerHearsTheClient() throws {
    final class Heard: @unchecked Sendable {
      let lock = NSLock()
      var outcomes: [String: Bool] = [:]
      let done = DispatchSemaphore(value: 0)
    }
    let heard = Heard()
    let server = try HTTPServer(limits: HTTPServerLimits(answerDeadline: .seconds(2))) { request in
      // Waits, as a frame waits its turn, until no one waits for it.
      while !request.client.isAbandoned { usleep(10_000) }
      heard.lock.lock()
      heard.outcomes[request.path] = ContinuousClock.now < request.client.deadline
      heard.lock.unlock()
      heard.done.signal()
      return .text("too late", status: 503)
    }
    defer { server.stop() }
    let leaving = try #require(RawHTTPClient.connect(port: server.port).socket)
    RawHTTPClient.send(Array("GET /left HTTP/1.1\r\nHost: 127.0.0.1:\(server.port)\r\n\r\n".utf8), to: leaving)
    close(leaving)
    #expect(heard.done.wait(timeout: .now() + 30) == .success)
    let waited = try RawHTTPClient.get("/waited", port: server.port)
    #expect(heard.done.wait(timeout: .now() + 30) == .success)
    #expect(waited.status == 503)
    heard.lock.lock()
    defer { heard.lock.unlock() }
    #expect(heard.outcomes == ["/left": true, "/waited": false], "left before the deadline; waited until it passed")
  }

  @Test("it listens on the loopback interface only, and not at all once stopped")
  func loopbackOnly() throws {
    let server = try echoServer()
    let port = server.port
    // Every other IPv4 address of this machine refuses the port.
    for address in Self.otherAddresses() {
      let attempt = RawHTTPClient.connect(port: port, address: address)
      if let socket = attempt.socket { close(socket) }
      #expect(attempt.socket == nil, "\(address):\(port) accepted a connection")
    }
    server.stop()
    let afterwards = RawHTTPClient.connect(port: port)
    if let socket = afterwards.socket { close(socket) }
    #expect(afterwards.socket == nil, "still listening after stop")
  }

  /// This machine's IPv4 addresses other than the loopback ones.
  private static func otherAddresses() -> [String] {
    var first: UnsafeMutablePointer<ifaddrs>?
    guard getifaddrs(&first) == 0 else { return [] }
    defer { freeifaddrs(first) }
    var addresses: [String] = []
    var current = first
    while let entry = current {
      defer { current = entry.pointee.ifa_next }
      guard let address = entry.pointee.ifa_addr, address.pointee.sa_family == sa_family_t(AF_INET) else { continue }
      var name = [CChar](repeating: 0, count: Int(INET_ADDRSTRLEN))
      address.withMemoryRebound(to: sockaddr_in.self, capacity: 1) {
        var inet = $0.pointee.sin_addr
        _ = inet_ntop(AF_INET, &inet, &name, socklen_t(INET_ADDRSTRLEN))
      }
      let text = String(decoding: name.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
      if !text.hasPrefix("127.") { addresses.append(text) }
    }
    return addresses
  }

  @Test("a port already in use is a clear error")
  func portInUse() throws {
    let server = try echoServer()
    defer { server.stop() }
    #expect(throws: HTTPServerError.self) { _ = try HTTPServer(port: server.port) { _ in .text("", status: 200) } }
  }
}
