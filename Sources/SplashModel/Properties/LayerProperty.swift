/// One animatable layer property, typed: its name, the layer kinds that have it, how to read
/// and write it in `LayerProperties`, and how it animates.
///
/// Its default is what `LayerProperties()` holds, so the registry cannot disagree with the
/// model. Reading and writing take `Value` itself, so a value of another type does not compile;
/// the inherited `AnimatableValue` accessors serve animations, which carry values untyped.
public final class LayerProperty<Value: AnimatableValueRepresentable>: AnyLayerProperty, @unchecked Sendable {
  private let typedRead: @Sendable (LayerProperties) -> Value
  private let typedWrite: @Sendable (inout LayerProperties, Value) -> Void

  /// - Parameters:
  ///   - name: The Core Animation key path.
  ///   - layerKinds: The kinds that have it; every kind by default (a `CALayer` property).
  ///   - unset: Whether a layer holds no value (see `AnyLayerProperty.isUnset(in:)`); never,
  ///     by default.
  ///   - read: The value in a layer's properties.
  ///   - write: Stores a value into a layer's properties.
  init(
    _ name: String, aliases: [String] = [], layerKinds: Set<LayerKind> = Set(LayerKind.allCases),
    traits: LayerPropertyTraits = [], unset: (@Sendable (LayerProperties) -> Bool)? = nil,
    read: @escaping @Sendable (LayerProperties) -> Value,
    write: @escaping @Sendable (inout LayerProperties, Value) -> Void
  ) {
    typedRead = read
    typedWrite = write
    super.init(
      name: name, aliases: aliases, layerKinds: layerKinds, valueKind: Value.animatableKind, traits: traits,
      valueType: Value.self, unset: unset,
      read: { read($0).animatableValue },
      write: { properties, value in
        if let typed = Value(animatableValue: value) { write(&properties, typed) }
      })
  }

  /// The property's value in `properties`.
  public func value(in properties: LayerProperties) -> Value { typedRead(properties) }

  /// Stores `value` into `properties`.
  public func set(_ value: Value, in properties: inout LayerProperties) { typedWrite(&properties, value) }

  /// The value a layer has when nothing sets the property: `LayerProperties()`'s.
  public var defaultValue: Value { typedRead(LayerProperties()) }
}
