/// An animatable property of a layer, named by its Core Animation key path.
///
/// Animations target properties through this type, never through bare strings, so a preset
/// with an unknown key path fails validation instead of animating nothing. Every key path is an
/// entry of `LayerPropertyRegistry`, by its name or an alias, and takes what it is and how it
/// animates from that entry: adding a property to the registry adds its key path, with nothing
/// to change here. Code names one through its entry (`LayerPropertyRegistry.opacity.keyPath`);
/// a preset's text is parsed with `init(rawValue:)`.
///
/// Sub-key paths of `transform` read and write one component of the decomposed transform (see
/// `LayerPropertyRegistry.rotationZ`).
public struct LayerKeyPath: Sendable, Hashable, RawRepresentable, CaseIterable, CustomStringConvertible {
  /// The key path as written: the entry's name, or one of its aliases (`transform.rotation`).
  public let rawValue: String
  /// The registry entry the key path reads and writes.
  public let property: AnyLayerProperty

  /// The key path `rawValue` names, or `nil` when no registry entry has that name or alias.
  public init?(rawValue: String) {
    guard let property = LayerPropertyRegistry.property(named: rawValue) else { return nil }
    self.init(property: property, name: rawValue)
  }

  init(property: AnyLayerProperty, name: String) {
    self.property = property
    self.rawValue = name
  }

  /// Every key path the registry has, names and aliases, in registry order: each whole
  /// property followed by its components, and a path before those that extend it
  /// (`transform`, `transform.rotation`, `transform.rotation.x`, …).
  public static let allCases: [LayerKeyPath] = {
    var components = LayerPropertyRegistry.components.flatMap(\.keyPaths)
    var ordered: [LayerKeyPath] = []
    for whole in LayerPropertyRegistry.properties {
      ordered += whole.keyPaths
      let extending = components.filter { $0.rawValue.hasPrefix(whole.name + ".") }
      components.removeAll { $0.rawValue.hasPrefix(whole.name + ".") }
      var placed: Set<String> = []
      for keyPath in extending where !placed.contains(keyPath.rawValue) {
        // The paths this one extends come first.
        for parent in extending where !placed.contains(parent.rawValue) && keyPath.rawValue.hasPrefix(parent.rawValue + ".") {
          ordered.append(parent)
          placed.insert(parent.rawValue)
        }
        ordered.append(keyPath)
        placed.insert(keyPath.rawValue)
      }
    }
    // A component of no whole property would be a registry mistake; it is still a key path.
    return ordered + components
  }()

  public static func == (lhs: LayerKeyPath, rhs: LayerKeyPath) -> Bool {
    lhs.property === rhs.property && lhs.rawValue == rhs.rawValue
  }

  public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(property)) }

  public var description: String { rawValue }

  /// Whether `keyPath` addresses `property`, by its name or an alias: lets a `switch` over key
  /// paths list registry entries (`case LayerPropertyRegistry.path:`).
  public static func ~= (property: AnyLayerProperty, keyPath: LayerKeyPath) -> Bool { keyPath.property === property }

  /// Whether the property places layers in the frame (see `LayerPropertyTraits.placesLayers`).
  public var placesLayers: Bool { property.traits.contains(.placesLayers) }

  /// Whether the property is applied when the layer's picture is composited rather than drawn
  /// into it (see `LayerPropertyTraits.appliedWhenCompositing`).
  public var isAppliedWhenCompositing: Bool { property.traits.contains(.appliedWhenCompositing) }

  /// The kind of value an animation of this property carries.
  public var valueKind: AnimatableValue.Kind { property.valueKind }

  /// Whether the value is an angle (written with a unit in presets).
  public var isAngle: Bool { property.traits.contains(.angle) }

  /// The layer kinds that have this property (every kind has the `CALayer` ones).
  public var layerKinds: Set<LayerKind> { property.layerKinds }

  /// The property's value in `properties`.
  public func value(in properties: LayerProperties) -> AnimatableValue { property.animatableValue(in: properties) }

  /// Stores `value` into `properties`; a value of the wrong kind is ignored (validation keeps
  /// such values out of scenes).
  public func set(_ value: AnimatableValue, in properties: inout LayerProperties) {
    property.setAnimatableValue(value, in: &properties)
  }
}

extension AnyLayerProperty {
  /// The key path of the property's own name, which animations of it target.
  public var keyPath: LayerKeyPath { LayerKeyPath(property: self, name: name) }

  /// The key paths that address the property: its name, then its aliases.
  public var keyPaths: [LayerKeyPath] { ([name] + aliases).map { LayerKeyPath(property: self, name: $0) } }
}
