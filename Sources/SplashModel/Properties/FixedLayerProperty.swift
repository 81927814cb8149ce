/// A layer property that animations cannot change: set once, by the preset or the Lottie
/// file (`masksToBounds`, a shape's `fillRule`, a text layer's `string`).
///
/// Core Animation animates none of these (or, like `instanceCount`, splashvid fixes them when
/// the preset compiles), so they carry no `AnimatableValue`; the registry lists them so the
/// keys a layer kind has are known in one place.
public struct FixedLayerProperty: Sendable, Hashable {
  /// The Core Animation name, which is also the preset key.
  public let name: String
  /// The layer kinds that have the property (every kind has `CALayer`'s).
  public let layerKinds: Set<LayerKind>

  init(_ name: String, layerKinds: Set<LayerKind> = Set(LayerKind.allCases)) {
    self.name = name
    self.layerKinds = layerKinds
  }
}
