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

  public init(method: String, path: String, query: [String: String] = [:], headers: [String: String] = [:]) {
    self.method = method
    self.path = path
    self.query = query
    self.headers = headers
  }

  /// The path's components (`/a/b.png` → `["a", "b.png"]`).
  public var components: [Substring] { path.split(separator: "/") }
}
