/// The checks every request passes before a handler sees it: what keeps a server on the
/// loopback interface from being reached, through the browser, by any page on the web, or
/// from serving more than its handler means to.
///
/// - **Host.** A page elsewhere can make the browser send requests to 127.0.0.1 by pointing a
///   name it controls there (DNS rebinding); such a request still carries that name in its
///   `Host` header. Only `127.0.0.1:PORT` and `localhost:PORT` are answered.
/// - **Method.** Only `GET` and `HEAD`: nothing is changed through the server.
/// - **Target.** Read here from the bytes as sent, not as the library decoded them: at most
///   `maximumTargetLength` bytes; an absolute path (`/…`), never a full URL
///   (`http://elsewhere/`); percent escapes that decode to UTF-8; no `.` or `..` component,
///   even encoded, no empty component (`//`), backslash or control character (`%00`), so no
///   path can name a file outside the folders a handler serves from.
public struct HTTPRequestGuard: Sendable {
  /// The longest target (path and query) answered; a frame's URL is well under 200 bytes.
  public static let maximumTargetLength = 2_048

  /// The `Host` values answered.
  public let allowedHosts: Set<String>

  public init(port: UInt16) {
    allowedHosts = ["127.0.0.1:\(port)", "localhost:\(port)"]
  }

  /// The request `target` asks for, or the refusal to send instead.
  ///
  /// - Parameter target: The request target exactly as sent (`/frame.png?t=1.5`).
  public func check(method: String, target: String, host: String?) -> Result<HTTPRequest, HTTPRefusal> {
    guard let host, allowedHosts.contains(host.lowercased()) else {
      return .failure(
        HTTPRefusal(status: 421, reason: "this server answers only requests for \(allowedHosts.sorted().joined(separator: " or "))"))
    }
    guard method == "GET" || method == "HEAD" else { return .failure(HTTPRefusal(status: 405, reason: "only GET and HEAD are answered")) }
    guard target.utf8.count <= Self.maximumTargetLength else {
      return .failure(HTTPRefusal(status: 414, reason: "a request target of at most \(Self.maximumTargetLength) bytes is answered"))
    }
    guard target.hasPrefix("/") else { return .failure(HTTPRefusal(status: 400, reason: "expected a path starting with /")) }
    let rawPath = target.prefix { $0 != "?" }
    let rawQuery = target.dropFirst(rawPath.count + 1)
    guard let path = Self.percentDecoded(rawPath), Self.isPlain(path) else {
      return .failure(HTTPRefusal(status: 400, reason: "expected a plain path (no \".\", \"..\", \"//\", \"\\\\\" or control characters)"))
    }
    var query: [String: String] = [:]
    for argument in rawQuery.split(separator: "&") where !argument.isEmpty {
      let name = argument.prefix { $0 != "=" }
      let value = argument.dropFirst(name.count + 1)
      guard let decodedName = Self.percentDecoded(name, plusIsSpace: true), let decodedValue = Self.percentDecoded(value, plusIsSpace: true)
      else { return .failure(HTTPRefusal(status: 400, reason: "expected a query of percent-encoded UTF-8")) }
      query[decodedName] = decodedValue
    }
    return .success(HTTPRequest(method: method, path: path, query: query))
  }

  /// Whether a decoded path names nothing but plain components below the root.
  private static func isPlain(_ path: String) -> Bool {
    let components = path.dropFirst().split(separator: "/", omittingEmptySubsequences: false)
    return components.enumerated().allSatisfy { index, component in
      // The last component may be empty: `/` and `/folder/`.
      (component.isEmpty ? index == components.count - 1 : component != "." && component != "..")
        && !component.unicodeScalars.contains { $0 == "\\" || $0.value < 0x20 || $0.value == 0x7F }
    }
  }

  /// `text` with its `%XX` escapes decoded (and `+` as a space in a query), or `nil` when an
  /// escape is malformed or the bytes are not UTF-8.
  static func percentDecoded(_ text: Substring, plusIsSpace: Bool = false) -> String? {
    var bytes: [UInt8] = []
    var iterator = text.utf8.makeIterator()
    while let byte = iterator.next() {
      switch byte {
      case UInt8(ascii: "%"):
        guard let high = iterator.next().flatMap(hexValue), let low = iterator.next().flatMap(hexValue) else { return nil }
        bytes.append(high << 4 | low)
      case UInt8(ascii: "+") where plusIsSpace: bytes.append(UInt8(ascii: " "))
      default: bytes.append(byte)
      }
    }
    return String(validating: bytes, as: UTF8.self)
  }

  private static func hexValue(_ byte: UInt8) -> UInt8? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
    default: nil
    }
  }
}

/// Why a request is not handled: its status and one line for the client.
public struct HTTPRefusal: Error, Sendable, Equatable {
  public var status: Int
  public var reason: String

  public init(status: Int, reason: String) {
    self.status = status
    self.reason = reason
  }

  public var response: HTTPResponse { .text(reason, status: status) }
}
