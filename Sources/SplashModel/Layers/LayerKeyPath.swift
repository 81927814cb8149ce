import SplashCore

/// An animatable property of a layer, named by its Core Animation key path.
///
/// Animations target properties through this type, never through strings, so a preset with an
/// unknown key path fails validation instead of animating nothing. Each case names an entry of
/// `LayerPropertyRegistry`, which says what the property is and how it animates; sub-key paths
/// of `transform` read and write one component of the decomposed transform (see
/// `LayerPropertyRegistry.rotationZ`).
public enum LayerKeyPath: String, Sendable, Hashable, CaseIterable {
  case position
  case positionX = "position.x"
  case positionY = "position.y"
  case bounds
  case boundsOrigin = "bounds.origin"
  case boundsSize = "bounds.size"
  case boundsWidth = "bounds.size.width"
  case boundsHeight = "bounds.size.height"
  case anchorPoint
  case zPosition
  case transform
  case rotation = "transform.rotation"
  case rotationX = "transform.rotation.x"
  case rotationY = "transform.rotation.y"
  case rotationZ = "transform.rotation.z"
  case scale = "transform.scale"
  case scaleX = "transform.scale.x"
  case scaleY = "transform.scale.y"
  case scaleZ = "transform.scale.z"
  case translation = "transform.translation"
  case translationX = "transform.translation.x"
  case translationY = "transform.translation.y"
  case translationZ = "transform.translation.z"
  case sublayerTransform
  case opacity
  /// `isHidden`, carried as 0 (shown) or 1 (hidden) (see `LayerPropertyRegistry.hidden`).
  case hidden
  case backgroundColor
  case cornerRadius
  case borderWidth
  case borderColor
  case shadowColor
  case shadowOpacity
  case shadowOffset
  case shadowRadius
  case path
  case fillColor
  case strokeColor
  case lineWidth
  case strokeStart
  case strokeEnd
  case miterLimit
  case lineDashPhase
  case lineDashPattern
  case fontSize
  case foregroundColor
  case colors
  case locations
  case startPoint
  case endPoint
  case instanceTransform
  case instanceDelay
  case instanceColor
  case instanceRedOffset
  case instanceGreenOffset
  case instanceBlueOffset
  case instanceAlphaOffset

  /// The registry entry this key path reads and writes (`transform.rotation` is
  /// `transform.rotation.z`'s alias, so both name one entry).
  public var property: AnyLayerProperty {
    typealias R = LayerPropertyRegistry
    return switch self {
    case .position: R.position
    case .positionX: R.positionX
    case .positionY: R.positionY
    case .bounds: R.bounds
    case .boundsOrigin: R.boundsOrigin
    case .boundsSize: R.boundsSize
    case .boundsWidth: R.boundsWidth
    case .boundsHeight: R.boundsHeight
    case .anchorPoint: R.anchorPoint
    case .zPosition: R.zPosition
    case .transform: R.transform
    case .rotation: R.rotationZ
    case .rotationX: R.rotationX
    case .rotationY: R.rotationY
    case .rotationZ: R.rotationZ
    case .scale: R.scale
    case .scaleX: R.scaleX
    case .scaleY: R.scaleY
    case .scaleZ: R.scaleZ
    case .translation: R.translation
    case .translationX: R.translationX
    case .translationY: R.translationY
    case .translationZ: R.translationZ
    case .sublayerTransform: R.sublayerTransform
    case .opacity: R.opacity
    case .hidden: R.hidden
    case .backgroundColor: R.backgroundColor
    case .cornerRadius: R.cornerRadius
    case .borderWidth: R.borderWidth
    case .borderColor: R.borderColor
    case .shadowColor: R.shadowColor
    case .shadowOpacity: R.shadowOpacity
    case .shadowOffset: R.shadowOffset
    case .shadowRadius: R.shadowRadius
    case .path: R.path
    case .fillColor: R.fillColor
    case .strokeColor: R.strokeColor
    case .lineWidth: R.lineWidth
    case .strokeStart: R.strokeStart
    case .strokeEnd: R.strokeEnd
    case .miterLimit: R.miterLimit
    case .lineDashPhase: R.lineDashPhase
    case .lineDashPattern: R.lineDashPattern
    case .fontSize: R.fontSize
    case .foregroundColor: R.foregroundColor
    case .colors: R.colors
    case .locations: R.locations
    case .startPoint: R.startPoint
    case .endPoint: R.endPoint
    case .instanceTransform: R.instanceTransform
    case .instanceDelay: R.instanceDelay
    case .instanceColor: R.instanceColor
    case .instanceRedOffset: R.instanceRedOffset
    case .instanceGreenOffset: R.instanceGreenOffset
    case .instanceBlueOffset: R.instanceBlueOffset
    case .instanceAlphaOffset: R.instanceAlphaOffset
    }
  }

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
