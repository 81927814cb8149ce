import SplashCore
import SplashEncode
import SplashPipeline

/// Connects the pipeline's `FrameSink` to the H.264 writer (the CLI is the one place that
/// knows both).
struct EncoderSink: FrameSink {
  let writer: H264Writer

  func append(_ frame: PixelBuffer) throws {
    try writer.append(frame)
  }

  func finish() throws {
    try writer.finish()
  }
}
