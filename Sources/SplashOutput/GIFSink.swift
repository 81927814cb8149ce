import SplashCore
import SplashEncode
import SplashPipeline

/// Connects the pipeline's `FrameSink` to a GIF writer: workers map frames to palette indices
/// in pooled pictures, the encoder appends them in order (the GIF twin of `EncoderSink`).
public final class GIFSink: OutputSink, @unchecked Sendable {
  public let writer: GIFWriter
  private var pictures: [GIFPicture] = []

  public init(writer: GIFWriter) {
    self.writer = writer
  }

  public func start(workers: Int, slots: Int) throws {
    pictures = try (0..<slots).map { _ in try writer.makePicture() }
  }

  public func prepare(_ frame: PixelBuffer, index: Int, slot: Int, worker: Int) throws {
    // The palette lookup is read-only, so workers share the writer's.
    try writer.map(frame, into: pictures[slot])
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
