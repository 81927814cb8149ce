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

  @Test("only GET and HEAD are answered")
  func methods() throws {
    let server = try echoServer()
    defer { server.stop() }
    let post = try RawHTTPClient.exchange(
      "POST / HTTP/1.1\r\nHost: 127.0.0.1:\(server.port)\r\nContent-Length: 2\r\nConnection: close\r\n\r\nab", port: server.port)
    #expect(post.status == 405)
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
