import SplashCore
import SplashEncode
import SplashPipeline

/// Connects the pipeline's `FrameSink` to the H.264 writer (the CLI is the one place that
/// knows both): workers convert into pooled YUV pictures, the encoder appends them in order.
final class EncoderSink: OutputSink, @unchecked Sendable {
  let writer: VideoWriter
  private var converters: [FrameConverter] = []
  private var pictures: [YUVPicture] = []

  init(writer: VideoWriter) {
    self.writer = writer
  }

  func start(workers: Int, slots: Int) throws {
    converters = try (0..<workers).map { _ in try writer.makeConverter() }
    pictures = try (0..<slots).map { _ in try writer.makePicture() }
  }

  func prepare(_ frame: PixelBuffer, index: Int, slot: Int, worker: Int) throws {
    try converters[worker].convert(frame, into: pictures[slot])
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
