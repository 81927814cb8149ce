import SplashCore
import SplashPipeline

/// Several outputs fed from one render pass: every frame is rendered once and handed to each
/// sink in turn (each converts it for its own encoder in its own slots).
final class FanOutSink: FrameSink, @unchecked Sendable {
  private let sinks: [any FrameSink]

  init(_ sinks: [any FrameSink]) {
    self.sinks = sinks
  }

  func start(workers: Int, slots: Int) throws {
    for sink in sinks { try sink.start(workers: workers, slots: slots) }
  }

  func prepare(_ frame: PixelBuffer, index: Int, slot: Int, worker: Int) throws {
    for sink in sinks { try sink.prepare(frame, index: index, slot: slot, worker: worker) }
  }

  func consume(slot: Int) throws {
    for sink in sinks { try sink.consume(slot: slot) }
  }

  func consumeRepeat() throws {
    for sink in sinks { try sink.consumeRepeat() }
  }

  /// Finishes every output in order; the first failure stops the rest, which are then left
  /// unwritten (their writers discard them), while outputs finished before it stay complete.
  func finish() throws {
    for sink in sinks { try sink.finish() }
  }
}
