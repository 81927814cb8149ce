import SplashCore
import SplashEncode
import SplashPipeline

/// Connects the pipeline's `FrameSink` to a video writer, in any of its formats (this module
/// is the one place that knows both): workers convert into pooled YUV pictures, the encoder
/// appends them in order.
public final class EncoderSink: OutputSink, @unchecked Sendable {
  public let writer: VideoWriter
  private var converters: [FrameConverter] = []
  private var pictures: [YUVPicture] = []

  public init(writer: VideoWriter) {
    self.writer = writer
  }

  public func start(workers: Int, slots: Int) throws {
    converters = try (0..<workers).map { _ in try writer.makeConverter() }
    pictures = try (0..<slots).map { _ in try writer.makePicture() }
  }

  public func prepare(_ frame: PixelBuffer, index: Int, slot: Int, worker: Int) throws {
    try converters[worker].convert(frame, into: pictures[slot])
  }

  public func consume(slot: Int) throws {
    try writer.append(pictures[slot])
  }

  public func consumeRepeat() throws {
    try writer.appendRepeat()
  }

  public func complete() throws { try writer.complete() }
  public func checkCommittable() throws { try writer.checkCommittable() }
  public func commit() throws { try writer.commit() }
  public func abandon() { writer.abandon() }
  public var writtenPath: String { writer.destination }
}
