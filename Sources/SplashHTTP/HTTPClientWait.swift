/// Whether a request's client still waits for its answer: until the answer's deadline, and
/// while its connection is open. A handler with long work to do (a frame to draw behind
/// others) asks before it begins, and while it waits its turn, so that work for a client that
/// left, or that would come too late, is never done.
public struct HTTPClientWait: Sendable {
  /// When the answer is due (`HTTPServerLimits.answerDeadline` after the request arrived).
  public let deadline: ContinuousClock.Instant
  private let hasLeft: @Sendable () -> Bool

  /// - Parameter hasLeft: Whether the client closed its connection; asked only while the
  ///   handler runs, on its thread.
  public init(deadline: ContinuousClock.Instant, hasLeft: @escaping @Sendable () -> Bool = { false }) {
    self.deadline = deadline
    self.hasLeft = hasLeft
  }

  /// A client that waits as long as it takes (a request made in a test, not over a connection).
  public static var patient: HTTPClientWait { HTTPClientWait(deadline: .now + .seconds(365 * 86_400)) }

  /// Whether no one will take the answer: the deadline passed, or the client closed its
  /// connection (a next request it sent and no one read yet does not count).
  public var isAbandoned: Bool { ContinuousClock.now >= deadline || hasLeft() }
}
