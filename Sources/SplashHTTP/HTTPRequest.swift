/// A request as the server hands it to its handler: checked already (see `HTTPRequestGuard`),
/// so its path is absolute, plain and short.
public struct HTTPRequest: Sendable, Equatable {
  /// `GET`, `HEAD`, or `POST` from the server's own page (see `HTTPRequestGuard`).
  public var method: String
  /// The path, percent-decoded, starting with `/`, without the query.
  public var path: String
  /// The query's arguments, percent-decoded (the guard refuses an argument given twice).
  public var query: [String: String]
  /// The headers, by lowercased name; a list header given twice has its values joined with
  /// ", " (the guard refuses any other given twice).
  public var headers: [String: String]

  /// Whether the client still waits for the answer, and until when (not part of equality).
  public var client: HTTPClientWait

  public init(
    method: String, path: String, query: [String: String] = [:], headers: [String: String] = [:],
    client: HTTPClientWait = .patient
  ) {
    self.method = method
    self.path = path
    self.query = query
    self.headers = headers
    self.client = client
  }

  public static func == (lhs: HTTPRequest, rhs: HTTPRequest) -> Bool {
    lhs.method == rhs.method && lhs.path == rhs.path && lhs.query == rhs.query && lhs.headers == rhs.headers
  }

  /// The path's components (`/a/b.png` → `["a", "b.png"]`).
  public var components: [Substring] { path.split(separator: "/") }
}
