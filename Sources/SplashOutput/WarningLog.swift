import Foundation

/// Prints each warning once, whichever worker raised it first.
public final class WarningLog: @unchecked Sendable {
  private let log: (String) -> Void
  private let lock = NSLock()
  private var seen: Set<String> = []

  public init(log: @escaping (String) -> Void) {
    self.log = log
  }

  public func warn(_ message: String) {
    lock.lock()
    let isNew = seen.insert(message).inserted
    lock.unlock()
    if isNew { log("splashvid: warning: \(message)") }
  }
}
