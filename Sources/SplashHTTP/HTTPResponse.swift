/// What a handler answers: a status, a content type and the whole body.
public struct HTTPResponse: Sendable, Equatable {
  public var status: Int
  public var contentType: String
  public var body: [UInt8]
  /// Extra headers, in order.
  public var headers: [(String, String)]

  public init(status: Int = 200, contentType: String, body: [UInt8], headers: [(String, String)] = []) {
    self.status = status
    self.contentType = contentType
    self.body = body
    self.headers = headers
  }

  /// A plain-text answer: an error's one line.
  public static func text(_ text: String, status: Int) -> HTTPResponse {
    HTTPResponse(status: status, contentType: "text/plain; charset=utf-8", body: Array((text + "\n").utf8))
  }

  public static func == (lhs: HTTPResponse, rhs: HTTPResponse) -> Bool {
    lhs.status == rhs.status && lhs.contentType == rhs.contentType && lhs.body == rhs.body
      && lhs.headers.map { [$0.0, $0.1] } == rhs.headers.map { [$0.0, $0.1] }
  }
}
