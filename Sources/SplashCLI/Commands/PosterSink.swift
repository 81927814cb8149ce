import SplashCairo
import SplashCore
import SplashPipeline

/// The poster: one frame of the render pass, written as a PNG when the pass completes.
///
/// The pipeline always renders the poster's frame (`RenderPipeline.alwaysRendered`), so it
/// reaches `prepare` even inside a hold; the sink keeps a copy of it until `finish`.
final class PosterSink: FrameSink, @unchecked Sendable {
  private let path: String
  private let frame: Int
  private var copy: PixelBuffer?

  init(path: String, frame: Int) {
    self.path = path
    self.frame = frame
  }

  func start(workers: Int, slots: Int) throws {}

  func prepare(_ rendered: PixelBuffer, index: Int, slot: Int, worker: Int) throws {
    guard index == frame else { return }
    // Only one worker ever sees this index, so no lock is needed.
    guard let copy = PixelBuffer(width: rendered.width, height: rendered.height) else {
      throw PosterError(message: "cannot hold a \(rendered.width)x\(rendered.height) poster")
    }
    copy.bytes.copyMemory(from: rendered.bytes, byteCount: rendered.byteCount)
    self.copy = copy
  }

  func consume(slot: Int) throws {}
  func consumeRepeat() throws {}

  func finish() throws {
    guard let copy else { throw PosterError(message: "frame \(frame) never reached the poster") }
    try PNGWriter.write(copy, to: path)
  }
}

struct PosterError: Error, CustomStringConvertible {
  var message: String
  var description: String { "poster: \(message)" }
}
