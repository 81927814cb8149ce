/// The layer properties no animation changes.
extension LayerPropertyRegistry {
  public static let masksToBounds = FixedLayerProperty("masksToBounds") { .flag($0.masksToBounds) }
  public static let contents = FixedLayerProperty("contents") { $0.contents.map { .text($0.imagePath) } ?? .absent }
  /// `CALayer`'s default, `resize`, when there are no contents to fit.
  public static let contentsGravity = FixedLayerProperty("contentsGravity") {
    .text(($0.contents?.gravity ?? .resize).rawValue)
  }
  public static let fillRule = FixedLayerProperty("fillRule", layerKinds: [.shape]) { .text($0.shape.fillRule.rawValue) }
  public static let lineCap = FixedLayerProperty("lineCap", layerKinds: [.shape]) { .text($0.shape.lineCap.rawValue) }
  public static let lineJoin = FixedLayerProperty("lineJoin", layerKinds: [.shape]) { .text($0.shape.lineJoin.rawValue) }
  public static let string = FixedLayerProperty("string", layerKinds: [.text]) { .text($0.text.string) }
  public static let fontFamily = FixedLayerProperty("fontFamily", layerKinds: [.text]) { .text($0.text.fontFamily) }
  public static let fontWeight = FixedLayerProperty("fontWeight", layerKinds: [.text]) { .number($0.text.fontWeight) }
  public static let alignmentMode = FixedLayerProperty("alignmentMode", layerKinds: [.text]) {
    .text($0.text.alignment.rawValue)
  }
  public static let wrapped = FixedLayerProperty("wrapped", layerKinds: [.text]) { .flag($0.text.isWrapped) }
  public static let gradientType = FixedLayerProperty("gradientType", layerKinds: [.gradient]) {
    .text($0.gradient.kind.rawValue)
  }
  /// Animatable in Core Animation; here the instances are counted when the preset compiles.
  public static let instanceCount = FixedLayerProperty("instanceCount", layerKinds: [.replicator]) {
    .number(Double($0.replicator.instanceCount))
  }
  /// Only false: instances are flattened into the replicator's plane.
  public static let preservesDepth = FixedLayerProperty("preservesDepth", layerKinds: [.replicator]) { _ in .flag(false) }
}
