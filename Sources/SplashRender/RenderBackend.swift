import SplashCore
import SplashModel

/// Something that draws a presentation tree into pixels.
///
/// A backend instance belongs to one worker at a time: it may keep surfaces and caches between
/// frames, so it is not shared across threads. Drawing the same tree into buffers of the same
/// size always gives the same pixels.
public protocol RenderBackend {
  /// Draws `tree` over the whole of `buffer`, mapping the canvas through `viewport`.
  ///
  /// - Throws: `RenderError` when the drawing library fails.
  func render(_ tree: PresentationTree, viewport: Viewport, into buffer: PixelBuffer) throws
}

/// A failure inside a rendering backend, with the library's own message.
public struct RenderError: Error, Sendable, CustomStringConvertible {
  /// What was being done, e.g. "creating a drawing surface".
  public var stage: String
  /// The drawing library's message.
  public var message: String

  public init(stage: String, message: String) {
    self.stage = stage
    self.message = message
  }

  public var description: String { "render: \(stage): \(message)" }
}
