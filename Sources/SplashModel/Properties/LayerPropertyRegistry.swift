/// Every animatable layer property, one typed entry each: the one table that `LayerKeyPath`,
/// the preset compiler, `inspect` and the documentation check read.
///
/// Adding an animatable property is one entry here (in the extension of its layer kind), its
/// case in `LayerKeyPath`, and the code that draws it.
public enum LayerPropertyRegistry {
  /// The whole properties, each a preset key and a key path, in the order `inspect` and the
  /// documentation list them.
  public static let properties: [AnyLayerProperty] = [
    position, bounds, anchorPoint, zPosition, transform, sublayerTransform, opacity, hidden, backgroundColor, cornerRadius,
    borderWidth, borderColor, shadowColor, shadowOpacity, shadowOffset, shadowRadius,
    path, fillColor, strokeColor, lineWidth, strokeStart, strokeEnd, miterLimit, lineDashPattern, lineDashPhase,
    fontSize, foregroundColor,
    colors, locations, startPoint, endPoint,
    instanceTransform, instanceDelay, instanceColor, instanceRedOffset, instanceGreenOffset, instanceBlueOffset,
    instanceAlphaOffset,
  ]

  /// The sub-key paths: one component of a whole property's value (`position.x`,
  /// `transform.rotation.z`), animatable on its own but not a preset key.
  public static let components: [AnyLayerProperty] = [
    positionX, positionY, boundsOrigin, boundsSize, boundsWidth, boundsHeight,
    rotationX, rotationY, rotationZ, scale, scaleX, scaleY, scaleZ, translation, translationX, translationY, translationZ,
  ]

  /// The properties of layers of `kind`, in registry order.
  public static func properties(of kind: LayerKind) -> [AnyLayerProperty] {
    properties.filter { $0.layerKinds.contains(kind) }
  }

  /// The entry a key path names, whole property, component or alias.
  public static func property(named keyPath: String) -> AnyLayerProperty? {
    (properties + components).first { $0.name == keyPath || $0.aliases.contains(keyPath) }
  }
}
