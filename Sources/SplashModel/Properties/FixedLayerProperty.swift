/// A layer property that animations cannot change: set once, by the preset or the Lottie
/// file (`masksToBounds`, a shape's `fillRule`, a text layer's `string`).
///
/// Core Animation animates none of these (or, like `instanceCount`, splashvid fixes them when
/// the preset compiles), so they carry no `AnimatableValue`: each is read as a
/// `FixedLayerValue`, the plain JSON-like value presets write.
public struct FixedLayerProperty: Sendable {
  /// The Core Animation name, which is also the preset key.
  public let name: String
  /// The layer kinds that have the property (every kind has `CALayer`'s).
  public let layerKinds: Set<LayerKind>
  private let read: @Sendable (LayerProperties) -> FixedLayerValue

  init(
    _ name: String, layerKinds: Set<LayerKind> = Set(LayerKind.allCases),
    read: @escaping @Sendable (LayerProperties) -> FixedLayerValue
  ) {
    self.name = name
    self.layerKinds = layerKinds
    self.read = read
  }

  /// The property's value in `properties`.
  public func value(in properties: LayerProperties) -> FixedLayerValue { read(properties) }
}

/// The value of a `FixedLayerProperty` as a preset writes it.
public enum FixedLayerValue: Sendable, Hashable {
  case flag(Bool)
  case number(Double)
  /// A string, or an enumeration's case by its raw value.
  case text(String)
  /// No value (a layer without `contents`).
  case absent
}
