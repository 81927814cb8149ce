/// A layer property that animations cannot change, typed: set once, by the preset or the
/// Lottie file (`masksToBounds`, a shape's `fillRule`, a text layer's `string`).
///
/// Core Animation animates none of these (or, like `instanceCount`, splashvid fixes them when
/// the preset compiles), so they carry no `AnimatableValue`. Reading and writing take `Value`
/// itself, so a value of another type does not compile; `AnyFixedLayerProperty` carries them
/// as `FixedLayerValue`, the plain JSON-like value presets write and `inspect` prints.
public final class FixedLayerProperty<Value: FixedLayerValueRepresentable>: AnyFixedLayerProperty, @unchecked Sendable {
  private let typedRead: @Sendable (LayerProperties) -> Value
  private let typedWrite: @Sendable (inout LayerProperties, Value) -> Void

  /// - Parameters:
  ///   - name: The Core Animation name, which is also the preset key.
  ///   - layerKinds: The kinds that have it; every kind by default (a `CALayer` property).
  ///   - read: The value in a layer's properties.
  ///   - write: Stores a value into a layer's properties.
  init(
    _ name: String, layerKinds: Set<LayerKind> = Set(LayerKind.allCases), read: @escaping @Sendable (LayerProperties) -> Value,
    write: @escaping @Sendable (inout LayerProperties, Value) -> Void
  ) {
    typedRead = read
    typedWrite = write
    super.init(
      name: name, layerKinds: layerKinds, valueKind: Value.fixedKind, choices: Value.choices,
      read: { read($0).fixedValue },
      write: { properties, value in
        guard let typed = Value(fixedValue: value) else { return false }
        write(&properties, typed)
        return true
      })
  }

  /// The property's value in `properties`.
  public func value(in properties: LayerProperties) -> Value { typedRead(properties) }

  /// Stores `value` into `properties`.
  public func set(_ value: Value, in properties: inout LayerProperties) { typedWrite(&properties, value) }
}

/// A fixed layer property whatever its value type, as the registry lists them.
public class AnyFixedLayerProperty: @unchecked Sendable {
  // Unchecked only because the class is not final: every stored property is an immutable
  // `let` of a Sendable type, and the one subclass adds only such lets.

  /// The Core Animation name, which is also the preset key.
  public let name: String
  /// The layer kinds that have the property (every kind has `CALayer`'s).
  public let layerKinds: Set<LayerKind>
  /// How its values are written.
  public let valueKind: FixedLayerValue.Kind
  /// The only texts its value may be, for an enumeration; `nil` for any.
  public let choices: [String]?
  private let read: @Sendable (LayerProperties) -> FixedLayerValue
  private let write: @Sendable (inout LayerProperties, FixedLayerValue) -> Bool

  init(
    name: String, layerKinds: Set<LayerKind>, valueKind: FixedLayerValue.Kind, choices: [String]?,
    read: @escaping @Sendable (LayerProperties) -> FixedLayerValue,
    write: @escaping @Sendable (inout LayerProperties, FixedLayerValue) -> Bool
  ) {
    self.name = name
    self.layerKinds = layerKinds
    self.valueKind = valueKind
    self.choices = choices
    self.read = read
    self.write = write
  }

  /// The property's value in `properties`.
  public final func value(in properties: LayerProperties) -> FixedLayerValue { read(properties) }

  /// Stores `value` into `properties`, or returns false and changes nothing when `value` is
  /// not one of the property's (a text for a flag, a name not among `choices`).
  @discardableResult
  public final func setFixedValue(_ value: FixedLayerValue, in properties: inout LayerProperties) -> Bool {
    write(&properties, value)
  }
}
