import SplashCore
import SplashModel

extension LayerProperties {
  /// Sets the layer's frame as `CALayer`'s `frame` setter does: the bounds take the frame's
  /// size (their origin stays) and the position moves so that the bounds, placed by the anchor
  /// point, cover the frame.
  ///
  /// Apple's documentation of `CALayer.frame`
  /// (https://developer.apple.com/documentation/quartzcore/calayer/frame): the frame is "a
  /// computed property that is derived from the values in the bounds, anchorPoint and position
  /// properties. When you assign a new value to this property, the layer changes its position
  /// and bounds properties to match the rectangle you specified." With the default anchor point
  /// (0.5, 0.5) the position is the frame's centre; in general
  ///
  ///     position = (x + anchorPoint.x × width, y + anchorPoint.y × height)
  ///
  /// The transform plays no part, as on a layer whose transform is still the identity when the
  /// frame is set (Apple: "Do not set the frame if the transform property applies a rotation
  /// transform that is not a multiple of 90 degrees"); a preset's `transform` then applies
  /// about the anchor point, as it would when set after the frame.
  mutating func setFrame(_ frame: Rect) {
    bounds.size = frame.size
    position = Point(
      x: frame.origin.x + anchorPoint.x * frame.size.width, y: frame.origin.y + anchorPoint.y * frame.size.height)
  }
}
