import SplashCore
import SplashPipeline

/// Several outputs fed from one render pass: every frame is rendered once and handed to each
/// sink in turn (each converts it for its own encoder in its own slots).
public final class FanOutSink: FrameSink, @unchecked Sendable {
  private let sinks: [any OutputSink]

  public init(_ sinks: [any OutputSink]) {
    self.sinks = sinks
  }

  public func start(workers: Int, slots: Int) throws {
    for sink in sinks { try sink.start(workers: workers, slots: slots) }
  }

  public func prepare(_ frame: PixelBuffer, index: Int, slot: Int, worker: Int) throws {
    for sink in sinks { try sink.prepare(frame, index: index, slot: slot, worker: worker) }
  }

  public func consume(slot: Int) throws {
    for sink in sinks { try sink.consume(slot: slot) }
  }

  public func consumeRepeat() throws {
    for sink in sinks { try sink.consumeRepeat() }
  }

  /// Completes every output, checks that each can be put in place, then puts them all in
  /// place: a failure while completing or checking any of them leaves none (the caller
  /// abandons them all).
  public func finish() throws {
    for sink in sinks { try sink.complete() }
    for sink in sinks { try sink.checkCommittable() }
    for sink in sinks { try sink.commit() }
  }
}
