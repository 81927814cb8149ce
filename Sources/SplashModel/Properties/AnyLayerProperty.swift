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
  private let read: @Sendable (LayerProperties) -> AnimatableValue
  private let write: @Sendable (inout LayerProperties, AnimatableValue) -> Void

  init(
    name: String, aliases: [String], layerKinds: Set<LayerKind>, valueKind: AnimatableValue.Kind,
    traits: LayerPropertyTraits, read: @escaping @Sendable (LayerProperties) -> AnimatableValue,
    write: @escaping @Sendable (inout LayerProperties, AnimatableValue) -> Void
  ) {
    self.name = name
    self.aliases = aliases
    self.layerKinds = layerKinds
    self.valueKind = valueKind
    self.traits = traits
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

  /// The value a layer has when nothing sets the property: `LayerProperties()`'s.
  public final var animatableDefault: AnimatableValue { read(LayerProperties()) }
}
