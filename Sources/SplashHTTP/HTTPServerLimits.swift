/// How much of the machine an `HTTPServer`'s clients may hold, and for how long.
///
/// Each connection holds a thread of its own (libmicrohttpd's thread per connection), so that
/// a handler may take its time (drawing a frame) without holding up any other request. What
/// keeps a client from holding its thread for ever is time: a request must arrive whole
/// within `requestDeadline`, however it trickles in, and its answer must be read within
/// `answerDeadline`. A client that sends or reads a byte now and then is cut off there, where
/// an idle timeout would wait for as long as the bytes keep coming.
public struct HTTPServerLimits: Sendable, Equatable {
  /// Connections open at once; more wait in the system's queue until one closes. Well above
  /// what a browser opens (6 a host), so that slow clients leave room for the page until
  /// their deadline.
  public var connections: Int
  /// How long a request's line and headers may take to arrive, from the moment its connection
  /// opens or the previous answer on it was sent; also how long an idle connection is kept.
  public var requestDeadline: Duration
  /// How long a handler has to answer, from the moment the request arrived (it is told the
  /// moment, `HTTPClientWait.deadline`, and may give up on work that would end later); and
  /// how long the client then has to read the answer.
  public var answerDeadline: Duration
  /// The bytes a request's line and headers may take (libmicrohttpd answers a longer one
  /// itself, with 414 or 431).
  public var requestMemory: Int

  public init(
    connections: Int = 64, requestDeadline: Duration = .seconds(10), answerDeadline: Duration = .seconds(30),
    requestMemory: Int = 32 * 1024
  ) {
    self.connections = connections
    self.requestDeadline = requestDeadline
    self.answerDeadline = answerDeadline
    self.requestMemory = requestMemory
  }
}
