/// Every layer property, one entry each: the one table that `LayerKeyPath`, the preset
/// compiler, `inspect` and the documentation check read.
///
/// An animatable property is a typed `LayerProperty` (in the extension of its layer kind), which
/// is also its key path (`LayerKeyPath`); a property no animation changes is a
/// `FixedLayerProperty`. Either is listed once in `entries`. An animatable property then needs
/// only the code that draws it: presets read its value and animations by its value kind, and
/// `inspect` prints it. A fixed one also needs the preset compiler's reading of its value.
public enum LayerPropertyRegistry {
  /// Every layer property, animatable or fixed, in the order `inspect` prints them and the
  /// preset compiler reads them: `CALayer`'s, then each kind's own.
  public static let entries: [LayerPropertyEntry] = [
    .animatable(position), .animatable(bounds), .animatable(anchorPoint), .animatable(zPosition),
    .animatable(transform), .animatable(sublayerTransform), .animatable(opacity), .animatable(hidden),
    .animatable(backgroundColor), .animatable(cornerRadius), .fixed(masksToBounds), .animatable(borderWidth),
    .animatable(borderColor), .fixed(contents), .fixed(contentsGravity), .animatable(contentsRect),
    .animatable(shadowColor),
    .animatable(shadowOpacity), .animatable(shadowOffset), .animatable(shadowRadius), .animatable(blurRadius), .animatable(colorOverlay),
    .fixed(compositingFilter),
    .fixed(invertsMask), .fixed(maskMode),

    .animatable(path), .animatable(fillColor), .fixed(fillRule), .animatable(strokeColor), .animatable(lineWidth),
    .animatable(strokeStart), .animatable(strokeEnd), .fixed(lineCap), .fixed(lineJoin), .animatable(miterLimit),
    .animatable(lineDashPattern), .animatable(lineDashPhase),

    .fixed(string), .fixed(fontFamily), .fixed(fontWeight), .animatable(fontSize), .animatable(foregroundColor),
    .fixed(alignmentMode), .fixed(wrapped), .fixed(verticalPlacement), .fixed(italic), .fixed(tracking), .fixed(lineHeight),
    .fixed(outlineColor), .fixed(outlineWidth), .fixed(outlineOverFill),

    .fixed(gradientType), .animatable(colors), .animatable(locations), .animatable(startPoint), .animatable(endPoint),

    .fixed(instanceCount), .animatable(instanceTransform), .animatable(instanceDelay), .animatable(instanceColor),
    .animatable(instanceRedOffset), .animatable(instanceGreenOffset), .animatable(instanceBlueOffset),
    .animatable(instanceAlphaOffset), .fixed(preservesDepth),
  ]

  /// The whole animatable properties, each a preset key and a key path, in `entries` order.
  public static let properties: [AnyLayerProperty] = entries.compactMap {
    if case .animatable(let property) = $0 { property } else { nil }
  }

  /// The properties no animation changes, in `entries` order.
  public static let fixedProperties: [AnyFixedLayerProperty] = entries.compactMap {
    if case .fixed(let property) = $0 { property } else { nil }
  }

  /// The entries of layers of `kind`, in order.
  public static func entries(of kind: LayerKind) -> [LayerPropertyEntry] {
    entries.filter { $0.layerKinds.contains(kind) }
  }

  /// The names of every property, animatable or fixed, that layers of `kind` have.
  public static func names(of kind: LayerKind) -> Set<String> { Set(entries(of: kind).map(\.name)) }

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
  public static func property(named keyPath: String) -> AnyLayerProperty? { byKeyPath[keyPath] }

  /// Each entry by its name and by each of its aliases.
  private static let byKeyPath: [String: AnyLayerProperty] = Dictionary(
    (properties + components).flatMap { property in ([property.name] + property.aliases).map { ($0, property) } },
    uniquingKeysWith: { first, _ in first })
}
