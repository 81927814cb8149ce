/// An animatable layer property whatever its value type: what animations, the preset
/// compiler and `inspect` iterate over (`LayerPropertyRegistry`).
///
/// Values cross it as `AnimatableValue` (`animatableValue(in:)`, `setAnimatableValue(_:in:)`); `LayerProperty` is the typed entry behind it. A class,
/// so each entry is made once and `LayerKeyPath.property` hands out a reference instead of a
/// copy of its names and closures, on a path that runs per animation per frame.
public class AnyLayerProperty: @unchecked Sendable {
  // Unchecked only because the class is not final: every stored property is an immutable
  // `let` of a Sendable type, and the one subclass (`LayerProperty`) adds only such lets.

  /// The Core Animation key path, which is also the preset key for a whole property.
  public let name: String
  /// Other key paths that address the very same value (`transform.rotation` for
  /// `transform.rotation.z`).
  public let aliases: [String]
  /// The layer kinds that have the property (every kind has `CALayer`'s).
  public let layerKinds: Set<LayerKind>
  /// The kind of value an animation of the property carries.
  public let valueKind: AnimatableValue.Kind
  /// How an animation of the property is written and what it changes (see `LayerPropertyTraits`).
  public let traits: LayerPropertyTraits
  /// The Swift type of the property's value (`Bool` for `hidden`, though an animation
  /// carries it as a number).
  public let valueType: any AnimatableValueRepresentable.Type
  private let unset: (@Sendable (LayerProperties) -> Bool)?
  private let read: @Sendable (LayerProperties) -> AnimatableValue
  private let write: @Sendable (inout LayerProperties, AnimatableValue) -> Void

  init(
    name: String, aliases: [String], layerKinds: Set<LayerKind>, valueKind: AnimatableValue.Kind,
    traits: LayerPropertyTraits, valueType: any AnimatableValueRepresentable.Type,
    unset: (@Sendable (LayerProperties) -> Bool)?, read: @escaping @Sendable (LayerProperties) -> AnimatableValue,
    write: @escaping @Sendable (inout LayerProperties, AnimatableValue) -> Void
  ) {
    self.name = name
    self.aliases = aliases
    self.layerKinds = layerKinds
    self.valueKind = valueKind
    self.traits = traits
    self.valueType = valueType
    self.unset = unset
    self.read = read
    self.write = write
  }

  /// The property's value in `properties`.
  public final func animatableValue(in properties: LayerProperties) -> AnimatableValue { read(properties) }

  /// Stores `value` into `properties`; a value of the wrong kind is ignored (validation keeps
  /// such values out of scenes, and typed callers use `LayerProperty.set`, which cannot be
  /// handed one).
  public final func setAnimatableValue(_ value: AnimatableValue, in properties: inout LayerProperties) {
    write(&properties, value)
  }

  /// Whether the property holds no value at all in `properties` (a shape layer without a
  /// path), which reads as the type's empty value for animations but is shown as absent.
  public final func isUnset(in properties: LayerProperties) -> Bool { unset?(properties) ?? false }

  /// The value a layer has when nothing sets the property: `LayerProperties()`'s.
  public final var animatableDefault: AnimatableValue { read(LayerProperties()) }
}
