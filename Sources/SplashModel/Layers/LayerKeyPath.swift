import SplashCore

/// An animatable property of a layer, named by its Core Animation key path.
///
/// Animations target properties through this type, never through strings, so a preset with an
/// unknown key path fails validation instead of animating nothing. Sub-key paths of `transform`
/// act on one component of the decomposed transform and leave the others as they are, so
/// `transform.rotation.z` from 0 to 2π is a full turn (a whole-`transform` animation would take
/// the shorter way round and not move).
public enum LayerKeyPath: String, Sendable, Hashable, CaseIterable {
  case position
  case positionX = "position.x"
  case positionY = "position.y"
  case bounds
  case boundsSize = "bounds.size"
  case boundsWidth = "bounds.size.width"
  case boundsHeight = "bounds.size.height"
  case anchorPoint
  case transform
  case rotation = "transform.rotation"
  case rotationZ = "transform.rotation.z"
  case scale = "transform.scale"
  case scaleX = "transform.scale.x"
  case scaleY = "transform.scale.y"
  case translationX = "transform.translation.x"
  case translationY = "transform.translation.y"
  case opacity
  case backgroundColor
  case cornerRadius
  case path
  case fillColor
  case strokeColor
  case lineWidth
  case strokeStart
  case strokeEnd
  case miterLimit

  /// The kind of value an animation of this property carries.
  public var valueKind: AnimatableValue.Kind {
    switch self {
    case .position, .anchorPoint: .point
    case .bounds: .rect
    case .boundsSize: .size
    case .transform: .transform
    case .backgroundColor, .fillColor, .strokeColor: .color
    case .path: .path
    default: .scalar
    }
  }

  /// The property's value in `properties`.
  public func value(in properties: LayerProperties) -> AnimatableValue {
    // Decomposing is only needed for transform sub-key paths; this runs per animation per frame.
    var parts: DecomposedTransform { DecomposedTransform(properties.transform) }
    switch self {
    case .position: return .point(properties.position)
    case .positionX: return .scalar(properties.position.x)
    case .positionY: return .scalar(properties.position.y)
    case .bounds: return .rect(properties.bounds)
    case .boundsSize: return .size(properties.bounds.size)
    case .boundsWidth: return .scalar(properties.bounds.width)
    case .boundsHeight: return .scalar(properties.bounds.height)
    case .anchorPoint: return .point(properties.anchorPoint)
    case .transform: return .transform(properties.transform)
    case .rotation, .rotationZ: return .scalar(parts.rotation)
    case .scale: return .scalar((parts.scaleX + parts.scaleY) / 2)
    case .scaleX: return .scalar(parts.scaleX)
    case .scaleY: return .scalar(parts.scaleY)
    case .translationX: return .scalar(parts.translation.x)
    case .translationY: return .scalar(parts.translation.y)
    case .opacity: return .scalar(properties.opacity)
    case .backgroundColor: return .color(properties.backgroundColor)
    case .cornerRadius: return .scalar(properties.cornerRadius)
    case .path: return .path(properties.path ?? Path())
    case .fillColor: return .color(properties.fillColor)
    case .strokeColor: return .color(properties.strokeColor)
    case .lineWidth: return .scalar(properties.lineWidth)
    case .strokeStart: return .scalar(properties.strokeStart)
    case .strokeEnd: return .scalar(properties.strokeEnd)
    case .miterLimit: return .scalar(properties.miterLimit)
    }
  }

  /// Stores `value` into `properties`; a value of the wrong kind is ignored (validation keeps
  /// such values out of scenes).
  public func set(_ value: AnimatableValue, in properties: inout LayerProperties) {
    switch (self, value) {
    case (.position, .point(let point)): properties.position = point
    case (.positionX, .scalar(let number)): properties.position.x = number
    case (.positionY, .scalar(let number)): properties.position.y = number
    case (.bounds, .rect(let rect)): properties.bounds = rect
    case (.boundsSize, .size(let size)): properties.bounds.size = size
    case (.boundsWidth, .scalar(let number)): properties.bounds.size.width = number
    case (.boundsHeight, .scalar(let number)): properties.bounds.size.height = number
    case (.anchorPoint, .point(let point)): properties.anchorPoint = point
    case (.transform, .transform(let transform)): properties.transform = transform
    case (.rotation, .scalar(let number)), (.rotationZ, .scalar(let number)):
      updateTransform(in: &properties) { $0.rotation = number }
    case (.scale, .scalar(let number)):
      updateTransform(in: &properties) {
        $0.scaleX = number
        $0.scaleY = number
      }
    case (.scaleX, .scalar(let number)): updateTransform(in: &properties) { $0.scaleX = number }
    case (.scaleY, .scalar(let number)): updateTransform(in: &properties) { $0.scaleY = number }
    case (.translationX, .scalar(let number)):
      updateTransform(in: &properties) { $0.translation.x = number }
    case (.translationY, .scalar(let number)):
      updateTransform(in: &properties) { $0.translation.y = number }
    case (.opacity, .scalar(let number)): properties.opacity = number
    case (.backgroundColor, .color(let color)): properties.backgroundColor = color
    case (.cornerRadius, .scalar(let number)): properties.cornerRadius = number
    case (.path, .path(let path)): properties.path = path
    case (.fillColor, .color(let color)): properties.fillColor = color
    case (.strokeColor, .color(let color)): properties.strokeColor = color
    case (.lineWidth, .scalar(let number)): properties.lineWidth = number
    case (.strokeStart, .scalar(let number)): properties.strokeStart = number
    case (.strokeEnd, .scalar(let number)): properties.strokeEnd = number
    case (.miterLimit, .scalar(let number)): properties.miterLimit = number
    default: break
    }
  }

  private func updateTransform(
    in properties: inout LayerProperties, _ change: (inout DecomposedTransform) -> Void
  ) {
    var parts = DecomposedTransform(properties.transform)
    change(&parts)
    properties.transform = parts.transform
  }
}
