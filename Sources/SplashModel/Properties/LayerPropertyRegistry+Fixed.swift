import SplashCore

/// The layer properties no animation changes.
extension LayerPropertyRegistry {
  public static let masksToBounds = FixedLayerProperty<Bool>(
    "masksToBounds", read: { $0.masksToBounds }, write: { $0.masksToBounds = $1 })
  /// The image's path; setting one replaces the contents (and their gravity) with that image.
  public static let contents = FixedLayerProperty<String?>(
    "contents", read: { $0.contents?.imagePath }, write: { $0.contents = $1.map { LayerContents(imagePath: $0) } })
  /// Sets the `contents` entry's whole value: an image file, or image bytes the scene carries
  /// (a Lottie file's embedded or archived images), which the entry's path alone cannot name.
  public static func setContents(_ contents: LayerContents?, in properties: inout LayerProperties) {
    properties.contents = contents
  }
  /// `CALayer`'s default, `resize`, when there are no contents to fit; setting it without
  /// contents changes nothing.
  public static let contentsGravity = FixedLayerProperty<LayerContents.Gravity>(
    "contentsGravity", read: { $0.contents?.gravity ?? .resize }, write: { $0.contents?.gravity = $1 })
  /// The layer's blend mode, by Core Image's filter names as iOS code sets them.
  public static let compositingFilter = FixedLayerProperty<BlendMode>(
    "compositingFilter", read: { $0.blendMode }, write: { $0.blendMode = $1 })
  /// Not Core Animation's: Lottie's inverted mattes and masks (`LayerProperties.invertsMask`).
  public static let invertsMask = FixedLayerProperty<Bool>(
    "invertsMask", read: { $0.invertsMask }, write: { $0.invertsMask = $1 })
  /// Not Core Animation's: Lottie's luma mattes (`MaskMode`).
  public static let maskMode = FixedLayerProperty<MaskMode>("maskMode", read: { $0.maskMode }, write: { $0.maskMode = $1 })
  public static let fillRule = FixedLayerProperty<FillRule>(
    "fillRule", layerKinds: [.shape], read: { $0.shape.fillRule }, write: { $0.shape.fillRule = $1 })
  public static let lineCap = FixedLayerProperty<LineCap>(
    "lineCap", layerKinds: [.shape], read: { $0.shape.lineCap }, write: { $0.shape.lineCap = $1 })
  public static let lineJoin = FixedLayerProperty<LineJoin>(
    "lineJoin", layerKinds: [.shape], read: { $0.shape.lineJoin }, write: { $0.shape.lineJoin = $1 })
  public static let string = FixedLayerProperty<String>(
    "string", layerKinds: [.text], read: { $0.text.string }, write: { $0.text.string = $1 })
  public static let fontFamily = FixedLayerProperty<String>(
    "fontFamily", layerKinds: [.text], read: { $0.text.fontFamily }, write: { $0.text.fontFamily = $1 })
  public static let fontWeight = FixedLayerProperty<Double>(
    "fontWeight", layerKinds: [.text], read: { $0.text.fontWeight }, write: { $0.text.fontWeight = $1 })
  /// Not `CATextLayer`'s: Lottie text (see `TextStyle`). What the top of the bounds is on the
  /// text: `top` as `CATextLayer` draws, or `firstBaseline`, where Lottie puts a text's origin.
  public static let verticalPlacement = FixedLayerProperty<TextStyle.VerticalPlacement>(
    "verticalPlacement", layerKinds: [.text], read: { $0.text.verticalPlacement }, write: { $0.text.verticalPlacement = $1 })
  /// Not `CATextLayer`'s (a font name says it there): the italic face of the family.
  public static let italic = FixedLayerProperty<Bool>(
    "italic", layerKinds: [.text], read: { $0.text.isItalic }, write: { $0.text.isItalic = $1 })
  /// Not `CATextLayer`'s: extra space between characters, in points.
  public static let tracking = FixedLayerProperty<Double>(
    "tracking", layerKinds: [.text], read: { $0.text.tracking }, write: { $0.text.tracking = $1 })
  /// Not `CATextLayer`'s: the distance between baselines in points, or absent for the font's.
  public static let lineHeight = FixedLayerProperty<Double?>(
    "lineHeight", layerKinds: [.text], read: { $0.text.lineHeight }, write: { $0.text.lineHeight = $1 })
  /// Not `CATextLayer`'s: the glyphs' outline, its colour (clear: none), width in points, and
  /// whether it is drawn over the fill.
  public static let outlineColor = FixedLayerProperty<Color>(
    "outlineColor", layerKinds: [.text], read: { $0.text.strokeColor }, write: { $0.text.strokeColor = $1 })
  public static let outlineWidth = FixedLayerProperty<Double>(
    "outlineWidth", layerKinds: [.text], read: { $0.text.strokeWidth }, write: { $0.text.strokeWidth = $1 })
  public static let outlineOverFill = FixedLayerProperty<Bool>(
    "outlineOverFill", layerKinds: [.text], read: { $0.text.strokesOverFill }, write: { $0.text.strokesOverFill = $1 })
  public static let alignmentMode = FixedLayerProperty<TextStyle.Alignment>(
    "alignmentMode", layerKinds: [.text], read: { $0.text.alignment }, write: { $0.text.alignment = $1 })
  public static let wrapped = FixedLayerProperty<Bool>(
    "wrapped", layerKinds: [.text], read: { $0.text.isWrapped }, write: { $0.text.isWrapped = $1 })
  public static let gradientType = FixedLayerProperty<GradientStyle.Kind>(
    "gradientType", layerKinds: [.gradient], read: { $0.gradient.kind }, write: { $0.gradient.kind = $1 })
  /// Animatable in Core Animation; here the instances are counted when the preset compiles.
  public static let instanceCount = FixedLayerProperty<Int>(
    "instanceCount", layerKinds: [.replicator], read: { $0.replicator.instanceCount },
    write: { $0.replicator.instanceCount = $1 })
  /// Only false: instances are flattened into the replicator's plane, so there is nothing to set.
  public static let preservesDepth = FixedLayerProperty<Bool>(
    "preservesDepth", layerKinds: [.replicator], read: { _ in false }, write: { _, _ in })
}
