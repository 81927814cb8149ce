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
  @inlinable public var anchor: Point {
    Point(x: bounds.minX + anchorPoint.x * bounds.width, y: bounds.minY + anchorPoint.y * bounds.height)
  }

  /// The layer's own space mapped into its superlayer's, or `nil` when the transform has
  /// perspective, which no affine map draws.
  public var toSuperlayer: AffineTransform? {
    withUnsafePointer(to: self) { Self.toSuperlayer(of: $0) }
  }

  /// `toSuperlayer` of the values at `properties`, reading only the fields it needs.
  ///
  /// Asked of a layer's properties where they are kept (`PresentationLayer.toSuperlayer`),
  /// a getter on the value was handed a copy of all 736 bytes first: the compiler cannot
  /// tell that nothing writes the kept value during the call. The display list asks this
  /// three or four times of every layer each frame.
  @usableFromInline static func toSuperlayer(of properties: UnsafePointer<LayerProperties>) -> AffineTransform? {
    guard let flat = properties.pointee.transform.flattened else { return nil }
    let anchor = properties.pointee.anchor
    let position = properties.pointee.position
    return AffineTransform(translationX: -anchor.x, y: -anchor.y)
      .concatenating(flat)
      .concatenating(AffineTransform(translationX: position.x, y: position.y))
  }
}

extension PresentationLayer {
  /// The layer's own space mapped into its superlayer's (`LayerProperties.toSuperlayer`),
  /// read where the properties are kept. Inlinable: called on a layer reached through an array
  /// or a box, a getter of the layer was handed a copy of the layer first.
  @inlinable public var toSuperlayer: AffineTransform? {
    $properties.withAddress { LayerProperties.toSuperlayer(of: $0) }
  }
}

extension LayerProperties {
  /// Whether the values at `left` and `right` place a layer differently in its superlayer:
  /// position, transform, anchor point or bounds (what the motion probe compares), read where
  /// they lie.
  static func placedApart(_ left: UnsafePointer<LayerProperties>, _ right: UnsafePointer<LayerProperties>) -> Bool {
    left.pointee.position != right.pointee.position || left.pointee.transform != right.pointee.transform
      || left.pointee.anchorPoint != right.pointee.anchorPoint || left.pointee.bounds != right.pointee.bounds
  }

  /// Whether the values at `left` and `right` differ in what animations change most often:
  /// place, opacity, and a shape's trim and stroke width. Then they are not equal, and
  /// comparing them whole (their bytes, then field by field) is not needed. An animated layer
  /// that moves, fades, or draws its stroke on differs there from its last frame:
  /// 5344-honey-sack-hud's 69 cells trace their outlines, and comparing each whole with its
  /// last frame took some 1,400 instructions.
  static func apartWhereAnimated(_ left: UnsafePointer<LayerProperties>, _ right: UnsafePointer<LayerProperties>) -> Bool {
    left.pointee.opacity != right.pointee.opacity || left.pointee.shape.strokeEnd != right.pointee.shape.strokeEnd
      || left.pointee.shape.strokeStart != right.pointee.shape.strokeStart
      || left.pointee.shape.lineWidth != right.pointee.shape.lineWidth || placedApart(left, right)
  }

  /// Whether the values at `left` and `right` are equal but for where they place the layer by
  /// its own `position` and `transform`, read where they lie: field by field, what changes
  /// most often first (a copy placed alike and compared whole copied all 736 bytes and
  /// retained what they hold). `LayerPropertiesApartFromPlaceTests` holds the fields compared
  /// to every field the type has, so that one added later is not left out.
  public static func equalApartFromPlace(_ left: UnsafePointer<LayerProperties>, _ right: UnsafePointer<LayerProperties>) -> Bool {
    let (a, b) = (left, right)
    // A Lottie trim or stroke width that animates is the most common change: its numbers are
    // read before the shape's whole values, which are copied to be compared.
    return a.pointee.opacity == b.pointee.opacity && a.pointee.shape.strokeEnd == b.pointee.shape.strokeEnd
      && a.pointee.shape.strokeStart == b.pointee.shape.strokeStart && a.pointee.shape.lineWidth == b.pointee.shape.lineWidth
      && a.pointee.shape.fillColor == b.pointee.shape.fillColor && a.pointee.shape.strokeColor == b.pointee.shape.strokeColor
      && a.pointee.shape == b.pointee.shape && a.pointee.bounds == b.pointee.bounds
      && a.pointee.anchorPoint == b.pointee.anchorPoint && a.pointee.zPosition == b.pointee.zPosition
      && a.pointee.sublayerTransform == b.pointee.sublayerTransform && a.pointee.isHidden == b.pointee.isHidden
      && a.pointee.backgroundColor == b.pointee.backgroundColor && a.pointee.cornerRadius == b.pointee.cornerRadius
      && a.pointee.masksToBounds == b.pointee.masksToBounds && a.pointee.borderWidth == b.pointee.borderWidth
      && a.pointee.borderColor == b.pointee.borderColor && a.pointee.contents == b.pointee.contents
      && a.pointee.contentsRect == b.pointee.contentsRect && a.pointee.$shadow == b.pointee.$shadow
      && a.pointee.invertsMask == b.pointee.invertsMask && a.pointee.maskMode == b.pointee.maskMode
      && a.pointee.blurRadius == b.pointee.blurRadius && a.pointee.colorOverlay == b.pointee.colorOverlay
      && a.pointee.blendMode == b.pointee.blendMode && a.pointee.$text == b.pointee.$text
      && a.pointee.$gradient == b.pointee.$gradient && a.pointee.$replicator == b.pointee.$replicator
  }
}
