/// The checks every request passes before a handler sees it: what keeps a server on the
/// loopback interface from being reached, through the browser, by any page on the web, or
/// from serving more than its handler means to.
///
/// - **Host.** A page elsewhere can make the browser send requests to 127.0.0.1 by pointing a
///   name it controls there (DNS rebinding); such a request still carries that name in its
///   `Host` header. Only `127.0.0.1:PORT` and `localhost:PORT` are answered.
/// - **Method.** `GET` and `HEAD`, which change nothing. `POST`, which may (the preview's
///   export writes a file), only when the server takes it (`postToken`), and only from the
///   server's own page: any page on the web can make the browser send a simple request here,
///   but a browser always names the page's origin in `Origin` on a POST, and a custom header
///   (`X-Request-Token`) makes it ask first (a CORS preflight, `OPTIONS`, refused here), so only
///   the page that was given the token can send it. A POST carries its arguments in the query:
///   no body is read.
/// - **Target.** Read here from the bytes as sent, not as the library decoded them: at most
///   `maximumTargetLength` bytes; an absolute path (`/…`), never a full URL
///   (`http://elsewhere/`); percent escapes that decode to UTF-8; no `.` or `..` component,
///   even encoded, no empty component (`//`), backslash or control character (`%00`), so no
///   path can name a file outside the folders a handler serves from.
/// - **Headers.** A header the guard reads (`Host`, `Origin`, the token, the body's length and
///   encoding) or a browser's fetch metadata (`Sec-Fetch-*`) given twice is refused: a guard
///   that checked one copy while a proxy, the library or a handler read the other would be
///   no guard (`Host: evil` then `Host: 127.0.0.1`). Other headers given twice are one list,
///   their values joined with ", " as RFC 9110 joins them. A query argument given twice is
///   refused for the same reason.
public struct HTTPRequestGuard: Sendable {
  /// The longest target (path and query) answered; a frame's URL is well under 200 bytes.
  public static let maximumTargetLength = 2_048

  /// The header a POST must carry `postToken` in.
  public static let tokenHeader = "X-Request-Token"

  /// The headers (lowercased) that may appear once only: those the guard reads, and the
  /// browser's fetch metadata, which says one thing about one request.
  public static let singleHeaders: Set<String> = [
    "host", "origin", tokenHeader.lowercased(), "content-length", "transfer-encoding", "sec-fetch-site", "sec-fetch-mode",
    "sec-fetch-dest", "sec-fetch-user",
  ]

  /// The `Host` values answered.
  public let allowedHosts: Set<String>
  /// The `Origin` values a POST may come from: the server's own pages.
  public let allowedOrigins: Set<String>
  /// The secret a POST must carry in `tokenHeader`; `nil`: POST is refused.
  public let postToken: String?

  public init(port: UInt16, postToken: String? = nil) {
    allowedHosts = ["127.0.0.1:\(port)", "localhost:\(port)"]
    allowedOrigins = ["http://127.0.0.1:\(port)", "http://localhost:\(port)"]
    self.postToken = postToken
  }

  /// The request `target` asks for, or the refusal to send instead.
  ///
  /// - Parameters:
  ///   - target: The request target exactly as sent (`/frame.png?t=1.5`).
  ///   - fields: The request's header lines in the order sent, names in any case.
  public func check(method: String, target: String, fields: [(name: String, value: String)]) -> Result<HTTPRequest, HTTPRefusal> {
    var headers: [String: String] = [:]
    for (name, value) in fields {
      let name = name.lowercased()
      guard let earlier = headers[name] else {
        headers[name] = value
        continue
      }
      if Self.singleHeaders.contains(name) {
        return .failure(HTTPRefusal(status: 400, reason: "\(name) given twice; a request names one"))
      }
      headers[name] = earlier + ", " + value
    }
    return check(method: method, target: target, headers: headers)
  }

  /// `check(method:target:fields:)` once each header is known to be given once.
  func check(method: String, target: String, headers: [String: String]) -> Result<HTTPRequest, HTTPRefusal> {
    guard let host = headers["host"], allowedHosts.contains(host.lowercased()) else {
      return .failure(
        HTTPRefusal(status: 421, reason: "this server answers only requests for \(allowedHosts.sorted().joined(separator: " or "))"))
    }
    switch method {
    case "GET", "HEAD": break
    case "POST" where postToken != nil:
      if let refusal = checkPost(headers: headers) { return .failure(refusal) }
    default:
      return .failure(HTTPRefusal(status: 405, reason: "only \(postToken == nil ? "GET and HEAD" : "GET, HEAD and POST") are answered"))
    }
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
      // As with a header: `format=gif&format=h264` means no one thing.
      guard query.updateValue(decodedValue, forKey: decodedName) == nil else {
        return .failure(HTTPRefusal(status: 400, reason: "\(decodedName) given twice in the query; a request names one"))
      }
    }
    return .success(HTTPRequest(method: method, path: path, query: query, headers: headers))
  }

  /// Why a POST is refused: not from the server's own page, without the token, or with a body.
  private func checkPost(headers: [String: String]) -> HTTPRefusal? {
    guard let origin = headers["origin"], allowedOrigins.contains(origin.lowercased()) else {
      return HTTPRefusal(status: 403, reason: "a POST is answered only from this server's own page (Origin \(headers["origin"] ?? "none"))")
    }
    guard let postToken, let token = headers[Self.tokenHeader.lowercased()], Self.equalInConstantTime(token, postToken) else {
      return HTTPRefusal(status: 403, reason: "a POST needs this run's token in \(Self.tokenHeader), as the page sends it")
    }
    if (headers["content-length"].map { $0 != "0" } ?? false) || headers["transfer-encoding"] != nil {
      return HTTPRefusal(status: 413, reason: "a POST's arguments go in its query; no body is read")
    }
    return nil
  }

  /// Whether two texts are equal, in a time that does not tell how much of them matched.
  static func equalInConstantTime(_ given: String, _ expected: String) -> Bool {
    let given = Array(given.utf8)
    let expected = Array(expected.utf8)
    guard given.count == expected.count else { return false }
    return zip(given, expected).reduce(UInt8(0)) { $0 | ($1.0 ^ $1.1) } == 0
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
  /// For a refusal of the moment (503): after how many seconds to ask again (`Retry-After`).
  public var retryAfter: Int?

  public init(status: Int, reason: String, retryAfter: Int? = nil) {
    self.status = status
    self.reason = reason
    self.retryAfter = retryAfter
  }

  public var response: HTTPResponse {
    var response = HTTPResponse.text(reason, status: status)
    if let retryAfter { response.headers.append(("Retry-After", "\(retryAfter)")) }
    return response
  }
}
