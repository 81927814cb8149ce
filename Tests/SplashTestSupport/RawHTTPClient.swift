import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// A client that sends exactly the bytes a test writes, as a hostile page or program could:
/// any `Host`, any target, unencoded. `URLSession` would normalise them away.
public enum RawHTTPClient {
  public struct Reply {
    /// The status code, or 0 when the server closed without answering.
    public var status: Int
    public var headers: [String: String]
    public var body: [UInt8]
    public var text: String { String(decoding: body, as: UTF8.self) }
  }

  /// A socket connected to `address:port`, or `nil` with the error number when refused.
  public static func connect(port: UInt16, address: String = "127.0.0.1") -> (socket: Int32?, error: Int32) {
    let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard descriptor >= 0 else { return (nil, errno) }
    var timeout = timeval(tv_sec: 20, tv_usec: 0)
    setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    var target = sockaddr_in()
    target.sin_family = sa_family_t(AF_INET)
    target.sin_port = port.bigEndian
    inet_pton(AF_INET, address, &target.sin_addr)
    let result = withUnsafePointer(to: &target) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
    }
    guard result == 0 else {
      let error = errno
      close(descriptor)
      return (nil, error)
    }
    return (descriptor, 0)
  }

  /// Writes all of `bytes` to `socket`.
  public static func send(_ bytes: [UInt8], to socket: Int32) {
    var sent = 0
    while sent < bytes.count {
      let count = bytes[sent...].withUnsafeBytes { Glibc.send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
      guard count > 0 else { return }
      sent += count
    }
  }

  /// Sends `request` (the whole text, `\r\n` line ends written by the caller) and reads the
  /// reply to the end of the connection.
  public static func exchange(_ request: String, port: UInt16) throws -> Reply {
    guard let socket = connect(port: port).socket else { throw ClientError(message: "cannot connect to port \(port)") }
    defer { close(socket) }
    send(Array(request.utf8), to: socket)
    return read(socket)
  }

  /// A GET of `target` with `host` (the server's own by default), the connection closed after.
  public static func get(_ target: String, port: UInt16, host: String? = nil, method: String = "GET") throws -> Reply {
    let hostLine = host.map { "Host: \($0)\r\n" } ?? "Host: 127.0.0.1:\(port)\r\n"
    return try exchange("\(method) \(target) HTTP/1.1\r\n\(hostLine)Connection: close\r\n\r\n", port: port)
  }

  /// Reads the reply on `socket` until the server closes it.
  public static func read(_ socket: Int32) -> Reply {
    var received: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 65_536)
    while true {
      let count = chunk.withUnsafeMutableBytes { recv(socket, $0.baseAddress, $0.count, 0) }
      guard count > 0 else { break }
      received += chunk[..<count]
    }
    let separator: [UInt8] = [13, 10, 13, 10]
    guard let end = (0..<max(received.count - 3, 0)).first(where: { Array(received[$0..<$0 + 4]) == separator }) else {
      return Reply(status: 0, headers: [:], body: received)
    }
    let head = String(decoding: received[..<end], as: UTF8.self).components(separatedBy: "\r\n")
    let status = head.first.flatMap { line in line.split(separator: " ").dropFirst().first.flatMap { Int($0) } } ?? 0
    var headers: [String: String] = [:]
    for line in head.dropFirst() {
      guard let colon = line.firstIndex(of: ":") else { continue }
      headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
    }
    return Reply(status: status, headers: headers, body: Array(received[(end + 4)...]))
  }

  public struct ClientError: Error, CustomStringConvertible {
    let message: String
    public var description: String { message }
  }
}
