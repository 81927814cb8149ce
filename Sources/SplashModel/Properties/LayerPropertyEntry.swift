/// A layer property of either sort, as the registry lists them all in order.
public enum LayerPropertyEntry: Sendable {
  case animatable(AnyLayerProperty)
  case fixed(AnyFixedLayerProperty)

  /// The Core Animation name, which is also the preset key.
  public var name: String {
    switch self {
    case .animatable(let property): property.name
    case .fixed(let property): property.name
    }
  }

  /// The layer kinds that have the property.
  public var layerKinds: Set<LayerKind> {
    switch self {
    case .animatable(let property): property.layerKinds
    case .fixed(let property): property.layerKinds
    }
  }
}
