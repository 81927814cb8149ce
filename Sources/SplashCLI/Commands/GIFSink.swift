import SplashCore
import SplashEncode
import SplashPipeline

/// Connects the pipeline's `FrameSink` to a GIF writer: workers map frames to palette indices
/// in pooled pictures, the encoder appends them in order (the GIF twin of `EncoderSink`).
final class GIFSink: OutputSink, @unchecked Sendable {
  let writer: GIFWriter
  private var pictures: [GIFPicture] = []

  init(writer: GIFWriter) {
    self.writer = writer
  }

  func start(workers: Int, slots: Int) throws {
    pictures = try (0..<slots).map { _ in try writer.makePicture() }
  }

  func prepare(_ frame: PixelBuffer, index: Int, slot: Int, worker: Int) throws {
    // The palette lookup is read-only, so workers share the writer's.
    try writer.map(frame, into: pictures[slot])
  }

  func consume(slot: Int) throws {
    try writer.append(pictures[slot])
  }

  func consumeRepeat() throws {
    try writer.appendRepeat()
  }

  func complete() throws { try writer.complete() }
  func checkCommittable() throws { try writer.checkCommittable() }
  func commit() throws { try writer.commit() }
  func abandon() { writer.abandon() }
}
