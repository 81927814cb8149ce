import SplashCore

/// Where rendered frames go, in order: an encoder, a file of stills, or a test's memory.
public protocol FrameSink {
  /// Takes the next frame. The buffer may be reused for a later frame once this returns.
  func append(_ frame: PixelBuffer) throws
  /// Completes the output; called once, after the last frame, only if every append succeeded.
  func finish() throws
}
