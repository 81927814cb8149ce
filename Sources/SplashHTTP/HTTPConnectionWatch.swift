import CMicroHTTPD
import Dispatch
import Foundation

/// The deadlines of an `HTTPServer`'s connections (`HTTPServerLimits`), kept by a watch that
/// shuts the socket of a connection past its deadline, which ends its thread's wait.
///
/// libmicrohttpd tells the watch when a connection opens and closes, and the server when a
/// request arrives and its answer is queued; a connection is watched while it waits for a
/// request and while its answer is sent, not while its handler runs (the handler is told its
/// deadline instead).
final class HTTPConnectionWatch: @unchecked Sendable {
  // Unchecked: `connections` is read and written under `lock` only; the timer is set up in
  // `start` and cancelled in `stop`, which the server calls once each.

  private enum Phase {
    /// Waiting for a request's line and headers, due by the instant.
    case receiving(due: ContinuousClock.Instant)
    /// The handler runs.
    case answering
    /// The answer is being sent, due by the instant.
    case sending(due: ContinuousClock.Instant)
  }

  private struct Watched {
    var socket: Int32
    var phase: Phase
    var isCut = false
  }

  let limits: HTTPServerLimits
  private var connections: [Int: Watched] = [:]
  private let lock = NSLock()
  private let queue = DispatchQueue(label: "splashvid.http.watch")
  private var timer: DispatchSourceTimer?

  init(limits: HTTPServerLimits) {
    self.limits = limits
  }

  /// Looks for connections past their deadlines from now on, a few times a deadline.
  func start() {
    let shortest = min(limits.requestDeadline, limits.answerDeadline)
    let period = max(min(shortest / 4, .milliseconds(250)), .milliseconds(10))
    let milliseconds = Int(period.components.seconds * 1_000 + period.components.attoseconds / 1_000_000_000_000_000)
    let timer = DispatchSource.makeTimerSource(queue: queue)
    timer.schedule(deadline: .now(), repeating: .milliseconds(milliseconds), leeway: .milliseconds(milliseconds / 4))
    timer.setEventHandler { [weak self] in self?.cutOverdue() }
    timer.resume()
    self.timer = timer
  }

  /// Stops looking, once the look under way (if any) is over.
  func stop() {
    timer?.cancel()
    queue.sync {}
  }

  func opened(_ connection: OpaquePointer, socket: Int32) {
    update(connection) { $0 = Watched(socket: socket, phase: .receiving(due: .now + limits.requestDeadline)) }
  }

  /// Called before libmicrohttpd closes the socket: the watch never shuts a socket once
  /// closed, whose number may be another's by then.
  func closed(_ connection: OpaquePointer) {
    update(connection) { $0 = nil }
  }

  /// The request arrived: its handler runs.
  func answering(_ connection: OpaquePointer) {
    update(connection) { $0?.phase = .answering }
  }

  /// The answer is queued: the client has `answerDeadline` to read it.
  func sending(_ connection: OpaquePointer) {
    update(connection) { $0?.phase = .sending(due: .now + limits.answerDeadline) }
  }

  /// The answer is sent (or the request abandoned): a next request has `requestDeadline`.
  func awaiting(_ connection: OpaquePointer) {
    update(connection) { $0?.phase = .receiving(due: .now + limits.requestDeadline) }
  }

  private func update(_ connection: OpaquePointer, _ change: (inout Watched?) -> Void) {
    lock.lock()
    defer { lock.unlock() }
    change(&connections[Int(bitPattern: connection)])
  }

  /// Shuts the socket of every connection past its deadline. The lock is held meanwhile, so
  /// `closed`, and the socket's closing after it, wait until this is done.
  private func cutOverdue() {
    let now = ContinuousClock.now
    lock.lock()
    defer { lock.unlock() }
    for (key, watched) in connections where !watched.isCut && watched.socket >= 0 {
      let due: ContinuousClock.Instant? =
        switch watched.phase {
        case .receiving(let due), .sending(let due): due
        case .answering: nil
        }
      guard let due, now >= due else { continue }
      // Both ways: the connection's thread, waiting to read or to write, wakes to an end.
      _ = shutdown(watched.socket, Int32(SHUT_RDWR))
      connections[key]?.isCut = true
    }
  }
}
