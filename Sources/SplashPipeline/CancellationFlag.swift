import Synchronization

/// A flag that stops a running pipeline: set by a signal handler or by the first failure.
public final class CancellationFlag: Sendable {
  private let state = Atomic<Bool>(false)

  public init() {}

  public func cancel() { state.store(true, ordering: .relaxed) }

  public var isCancelled: Bool { state.load(ordering: .relaxed) }
}

/// The pipeline stopped because its cancellation flag was set (Ctrl-C, SIGTERM).
public struct PipelineCancelled: Error, CustomStringConvertible {
  public init() {}
  public var description: String { "interrupted" }
}
