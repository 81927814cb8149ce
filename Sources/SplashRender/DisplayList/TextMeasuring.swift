import SplashCore
import SplashModel

/// Measures where a text layer's glyphs fall, for the display list's extents.
///
/// Text may draw outside its layer's bounds (one line is not clipped), and only the backend
/// that lays it out knows where: the display list asks it, and stays independent of it.
public protocol TextMeasuring {
  /// The ink of the text `properties` lay out, in the layer's own space, or `nil` for none.
  func textExtents(_ properties: LayerProperties) -> Rect?
}
