import SplashCairo
import SplashCore
import SplashFiles
import SplashPipeline

/// The poster: one frame of the render pass, written as a PNG when the pass completes.
///
/// The pipeline always renders the poster's frame (`RenderPipeline.alwaysRendered`), so it
/// reaches `prepare` even inside a hold; the sink keeps a copy of it until `finish`.
public final class PosterSink: OutputSink, @unchecked Sendable {
  private let frame: Int
  private var copy: PixelBuffer?
  /// Created with the sink, so a poster that cannot be written fails before the render.
  private let file: OutputFile

  public init(path: String, frame: Int, placement: OutputFile.Placement = .replacing) throws {
    self.frame = frame
    file = try OutputFile(destination: path, placement: placement)
  }

  public func start(workers: Int, slots: Int) throws {}

  public func prepare(_ rendered: PixelBuffer, index: Int, slot: Int, worker: Int) throws {
    guard index == frame else { return }
    // Only one worker ever sees this index, so no lock is needed.
    guard let copy = PixelBuffer(width: rendered.width, height: rendered.height) else {
      throw PosterError(message: "cannot hold a \(rendered.width)x\(rendered.height) poster")
    }
    copy.bytes.copyMemory(from: rendered.bytes, byteCount: rendered.byteCount)
    self.copy = copy
  }

  public func consume(slot: Int) throws {}
  public func consumeRepeat() throws {}

  public func complete() throws {
    guard let copy else { throw PosterError(message: "frame \(frame) never reached the poster") }
    try PNGWriter.write(copy, into: file)
  }

  public func checkCommittable() throws { try file.checkCommittable() }
  public func commit() throws { try file.commit() }
  public func abandon() { file.discard() }
  public var writtenPath: String { file.destination }
}

public struct PosterError: Error, CustomStringConvertible {
  public var message: String
  public var description: String { "poster: \(message)" }
}
