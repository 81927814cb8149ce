import SplashCore
import SplashModel

/// Something that draws a frame's display list into pixels, and measures text for it.
///
/// The display list decides what a frame draws and how (`DisplayList`, `DrawPlan`); the
/// backend executes it. A backend instance belongs to one worker at a time: it may keep
/// surfaces and caches between frames, so it is not shared across threads. Drawing the same
/// list into buffers of the same size always gives the same pixels.
public protocol RenderBackend: TextMeasuring {
  /// Draws `list` over the whole of `buffer`, its canvas mapped through the list's viewport.
  ///
  /// A backend may take the pixels `buffer` holds for those of the list it drew there last:
  /// when `list` follows that one (`DisplayList.follows`), only its `changedRegion` is drawn
  /// again. So nothing else writes into a buffer a backend draws into.
  ///
  /// - Throws: `RenderError` when the drawing library fails.
  func render(_ list: DisplayList, into buffer: PixelBuffer) throws
}

extension RenderBackend {
  /// Builds the display list of `tree` through `viewport` (text measured by this backend) and
  /// draws it: for a caller with a tree alone (a still, a thumbnail).
  public func render(_ tree: PresentationTree, viewport: Viewport, into buffer: PixelBuffer) throws {
    try render(DisplayList(tree, viewport: viewport, measuring: self), into: buffer)
  }
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
