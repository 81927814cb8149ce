import SplashCore

/// Where a layer sits in its superlayer, as Core Animation places it.
///
///     superlayer point = position + transform · (layer point − anchor)
///
/// with the anchor `bounds.origin + anchorPoint × bounds.size` ("CALayer: anchorPoint",
/// Apple's Core Animation Programming Guide, Layer Geometry).
extension LayerProperties {
  /// The anchor point in the layer's own space: what `position` places in the superlayer and
  /// what `transform` and `sublayerTransform` turn and scale about.
  public var anchor: Point {
    Point(x: bounds.minX + anchorPoint.x * bounds.width, y: bounds.minY + anchorPoint.y * bounds.height)
  }

  /// The layer's own space mapped into its superlayer's, or `nil` when the transform has
  /// perspective, which no affine map draws.
  public var toSuperlayer: AffineTransform? {
    guard let flat = transform.flattened else { return nil }
    let anchor = anchor
    return AffineTransform(translationX: -anchor.x, y: -anchor.y)
      .concatenating(flat)
      .concatenating(AffineTransform(translationX: position.x, y: position.y))
  }
}
