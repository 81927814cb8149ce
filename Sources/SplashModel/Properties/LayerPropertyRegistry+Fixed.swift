/// The layer properties no animation changes, by the layer kinds that have them.
extension LayerPropertyRegistry {
  public static let fixedProperties: [FixedLayerProperty] = [
    FixedLayerProperty("masksToBounds"), FixedLayerProperty("contents"), FixedLayerProperty("contentsGravity"),
    FixedLayerProperty("fillRule", layerKinds: [.shape]), FixedLayerProperty("lineCap", layerKinds: [.shape]),
    FixedLayerProperty("lineJoin", layerKinds: [.shape]),
    FixedLayerProperty("string", layerKinds: [.text]), FixedLayerProperty("fontFamily", layerKinds: [.text]),
    FixedLayerProperty("fontWeight", layerKinds: [.text]), FixedLayerProperty("alignmentMode", layerKinds: [.text]),
    FixedLayerProperty("wrapped", layerKinds: [.text]),
    FixedLayerProperty("gradientType", layerKinds: [.gradient]),
    // Animatable in Core Animation; here the instances are counted when the preset compiles.
    FixedLayerProperty("instanceCount", layerKinds: [.replicator]),
    // Only false: instances are flattened into the replicator's plane.
    FixedLayerProperty("preservesDepth", layerKinds: [.replicator]),
  ]

  /// The names of every property, animatable or fixed, that layers of `kind` have.
  public static func names(of kind: LayerKind) -> Set<String> {
    Set(properties(of: kind).map(\.name) + fixedProperties.filter { $0.layerKinds.contains(kind) }.map(\.name))
  }
}
