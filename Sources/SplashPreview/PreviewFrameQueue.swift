import Foundation
import SplashHTTP

/// The frames being drawn and those waiting their turn: at most `drawingLimit` drawn at once
/// and `waitingLimit` waiting, first come first drawn.
///
/// A frame beyond is refused at once (`PreviewFrames` answers 503 with `Retry-After`) rather
/// than held: so frame work never holds more than `drawingLimit + waitingLimit` of the
/// server's connections, and the page, `/scene.json` and the rest are answered on the others
/// however many frames are asked for. A waiting frame whose client left, or whose answer's
/// deadline passed, leaves the queue without being drawn.
final class PreviewFrameQueue: @unchecked Sendable {
  // Unchecked: `drawing`, `waiting` and `nextTicket` are touched only while `condition` is locked.

  enum Admission: Equatable {
    /// The frame may be drawn now; `leave()` when done.
    case admitted
    /// As many frames as may wait already wait.
    case full
    /// The client left, or the deadline passed, while the frame waited.
    case abandoned
  }

  let drawingLimit: Int
  let waitingLimit: Int
  /// How often a waiting frame asks whether its client still waits (no wake-up comes when a
  /// client leaves).
  static let checkInterval = 0.05

  private let condition = NSCondition()
  private var drawing = 0
  /// The waiting frames' tickets, oldest first.
  private var waiting: [Int] = []
  private var nextTicket = 0

  init(drawingLimit: Int, waitingLimit: Int) {
    self.drawingLimit = drawingLimit
    self.waitingLimit = waitingLimit
  }

  /// Waits for the frame's turn, unless too many wait or no one waits for it any more.
  func enter(for client: HTTPClientWait) -> Admission {
    condition.lock()
    defer { condition.unlock() }
    if waiting.isEmpty, drawing < drawingLimit {
      drawing += 1
      return .admitted
    }
    guard waiting.count < waitingLimit else { return .full }
    let ticket = nextTicket
    nextTicket += 1
    waiting.append(ticket)
    while true {
      if waiting.first == ticket, drawing < drawingLimit {
        waiting.removeFirst()
        drawing += 1
        // The next in line may be admitted too, if another place is free.
        condition.broadcast()
        return .admitted
      }
      if client.isAbandoned {
        waiting.removeAll { $0 == ticket }
        condition.broadcast()
        return .abandoned
      }
      // Woken or timed out alike, the loop looks at the queue and the client again.
      _ = condition.wait(until: Date(timeIntervalSinceNow: Self.checkInterval))
    }
  }

  /// A frame admitted is done.
  func leave() {
    condition.lock()
    drawing -= 1
    condition.broadcast()
    condition.unlock()
  }

  /// The frames drawn and waiting now.
  var counts: (drawing: Int, waiting: Int) {
    condition.lock()
    defer { condition.unlock() }
    return (drawing, waiting.count)
  }
}
