import SplashCore

/// An animatable property of a layer, named by its Core Animation key path.
///
/// Animations target properties through this type, never through strings, so a preset with an
/// unknown key path fails validation instead of animating nothing. Sub-key paths of `transform`
/// read and write one component of the decomposed transform and leave the others as they are
/// (see `TransformComponent`), so `transform.rotation.z` from 0 to 2π is a full turn: the
/// animation interpolates the angle, not the matrix.
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
  /// `isHidden`, carried as 0 (shown) or 1 (hidden); it switches at the midpoint, so it is
  /// effectively discrete.
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

  /// Whether the property places layers in the frame: the layer's position, bounds, anchor
  /// and transforms, and the replicator properties that place its copies. What the motion
  /// probe of `Scene.presentation(at:)` evaluates.
  public var placesLayers: Bool {
    switch self {
    case .position, .positionX, .positionY, .bounds, .boundsOrigin, .boundsSize, .boundsWidth, .boundsHeight, .anchorPoint,
      .transform, .rotation, .rotationX, .rotationY, .rotationZ, .scale, .scaleX, .scaleY, .scaleZ, .translation,
      .translationX, .translationY, .translationZ, .sublayerTransform, .instanceTransform, .instanceDelay:
      true
    default: false
    }
  }

  /// Whether the property is applied when the layer's picture is composited rather than drawn
  /// into it: where the layer is (position, anchor point, transform, stacking) and how opaque.
  /// A layer whose other properties, and whose sublayers, never change draws the same picture
  /// all the time (see `PresentationLayer.hasFixedContent`).
  public var isAppliedWhenCompositing: Bool {
    switch self {
    case .position, .positionX, .positionY, .anchorPoint, .zPosition, .transform, .rotation, .rotationX, .rotationY,
      .rotationZ, .scale, .scaleX, .scaleY, .scaleZ, .translation, .translationX, .translationY, .translationZ, .opacity,
      .hidden:
      true
    default: false
    }
  }

  /// The kind of value an animation of this property carries.
  public var valueKind: AnimatableValue.Kind {
    switch self {
    case .position, .boundsOrigin, .anchorPoint, .startPoint, .endPoint: .point
    case .bounds: .rect
    case .boundsSize, .translation, .shadowOffset: .size
    case .transform, .sublayerTransform, .instanceTransform: .transform
    case .backgroundColor, .borderColor, .shadowColor, .fillColor, .strokeColor, .foregroundColor, .instanceColor: .color
    case .path: .path
    case .lineDashPattern, .locations: .numbers
    case .colors: .colors
    default: .scalar
    }
  }

  /// Whether the value is an angle (written with a unit in presets).
  public var isAngle: Bool {
    switch self {
    case .rotation, .rotationX, .rotationY, .rotationZ: true
    default: false
    }
  }

  /// The layer kinds that have this property (every kind has the `CALayer` ones).
  public var layerKinds: Set<LayerKind> {
    switch self {
    case .path, .fillColor, .strokeColor, .lineWidth, .strokeStart, .strokeEnd, .miterLimit, .lineDashPhase,
      .lineDashPattern:
      [.shape]
    case .fontSize, .foregroundColor: [.text]
    case .colors, .locations, .startPoint, .endPoint: [.gradient]
    case .instanceTransform, .instanceDelay, .instanceColor, .instanceRedOffset, .instanceGreenOffset, .instanceBlueOffset,
      .instanceAlphaOffset:
      [.replicator]
    default: Set(LayerKind.allCases)
    }
  }

  /// The property's value in `properties`.
  public func value(in properties: LayerProperties) -> AnimatableValue {
    // Transform components are decomposed only for the sub-key paths; this runs per frame.
    var components: TransformComponents { TransformComponents(properties.transform) }
    switch self {
    case .position: return .point(properties.position)
    case .positionX: return .scalar(properties.position.x)
    case .positionY: return .scalar(properties.position.y)
    case .bounds: return .rect(properties.bounds)
    case .boundsOrigin: return .point(properties.bounds.origin)
    case .boundsSize: return .size(properties.bounds.size)
    case .boundsWidth: return .scalar(properties.bounds.width)
    case .boundsHeight: return .scalar(properties.bounds.height)
    case .anchorPoint: return .point(properties.anchorPoint)
    case .zPosition: return .scalar(properties.zPosition)
    case .transform: return .transform(properties.transform)
    case .rotation, .rotationZ: return .scalar(components.rotation.z)
    case .rotationX: return .scalar(components.rotation.x)
    case .rotationY: return .scalar(components.rotation.y)
    case .scale: return .scalar((components.scale.x + components.scale.y + components.scale.z) / 3)
    case .scaleX: return .scalar(components.scale.x)
    case .scaleY: return .scalar(components.scale.y)
    case .scaleZ: return .scalar(components.scale.z)
    case .translation: return .size(Size(width: components.translation.x, height: components.translation.y))
    case .translationX: return .scalar(components.translation.x)
    case .translationY: return .scalar(components.translation.y)
    case .translationZ: return .scalar(components.translation.z)
    case .sublayerTransform: return .transform(properties.sublayerTransform)
    case .opacity: return .scalar(properties.opacity)
    case .hidden: return .scalar(properties.isHidden ? 1 : 0)
    case .backgroundColor: return .color(properties.backgroundColor)
    case .cornerRadius: return .scalar(properties.cornerRadius)
    case .borderWidth: return .scalar(properties.borderWidth)
    case .borderColor: return .color(properties.borderColor)
    case .shadowColor: return .color(properties.shadow.color)
    case .shadowOpacity: return .scalar(properties.shadow.opacity)
    case .shadowOffset: return .size(properties.shadow.offset)
    case .shadowRadius: return .scalar(properties.shadow.radius)
    case .path: return .path(properties.shape.path ?? Path())
    case .fillColor: return .color(properties.shape.fillColor)
    case .strokeColor: return .color(properties.shape.strokeColor)
    case .lineWidth: return .scalar(properties.shape.lineWidth)
    case .strokeStart: return .scalar(properties.shape.strokeStart)
    case .strokeEnd: return .scalar(properties.shape.strokeEnd)
    case .miterLimit: return .scalar(properties.shape.miterLimit)
    case .lineDashPhase: return .scalar(properties.shape.lineDashPhase)
    case .lineDashPattern: return .numbers(properties.shape.lineDashPattern)
    case .fontSize: return .scalar(properties.text.fontSize)
    case .foregroundColor: return .color(properties.text.foregroundColor)
    case .colors: return .colors(properties.gradient.colors)
    case .locations: return .numbers(properties.gradient.locations)
    case .startPoint: return .point(properties.gradient.startPoint)
    case .endPoint: return .point(properties.gradient.endPoint)
    case .instanceTransform: return .transform(properties.replicator.instanceTransform)
    case .instanceDelay: return .scalar(properties.replicator.instanceDelay)
    case .instanceColor: return .color(properties.replicator.instanceColor)
    case .instanceRedOffset: return .scalar(properties.replicator.instanceRedOffset)
    case .instanceGreenOffset: return .scalar(properties.replicator.instanceGreenOffset)
    case .instanceBlueOffset: return .scalar(properties.replicator.instanceBlueOffset)
    case .instanceAlphaOffset: return .scalar(properties.replicator.instanceAlphaOffset)
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
    case (.boundsOrigin, .point(let point)): properties.bounds.origin = point
    case (.boundsSize, .size(let size)): properties.bounds.size = size
    case (.boundsWidth, .scalar(let number)): properties.bounds.size.width = number
    case (.boundsHeight, .scalar(let number)): properties.bounds.size.height = number
    case (.anchorPoint, .point(let point)): properties.anchorPoint = point
    case (.zPosition, .scalar(let number)): properties.zPosition = number
    case (.transform, .transform(let transform)): properties.transform = transform
    case (.rotation, .scalar(let angle)), (.rotationZ, .scalar(let angle)):
      updateTransform(in: &properties) { $0.rotation.z = angle }
    case (.rotationX, .scalar(let angle)): updateTransform(in: &properties) { $0.rotation.x = angle }
    case (.rotationY, .scalar(let angle)): updateTransform(in: &properties) { $0.rotation.y = angle }
    case (.scale, .scalar(let factor)): updateTransform(in: &properties) { $0.scale = (factor, factor, factor) }
    case (.scaleX, .scalar(let factor)): updateTransform(in: &properties) { $0.scale.x = factor }
    case (.scaleY, .scalar(let factor)): updateTransform(in: &properties) { $0.scale.y = factor }
    case (.scaleZ, .scalar(let factor)): updateTransform(in: &properties) { $0.scale.z = factor }
    case (.translation, .size(let offset)):
      updateTransform(in: &properties) {
        $0.translation.x = offset.width
        $0.translation.y = offset.height
      }
    case (.translationX, .scalar(let offset)): updateTransform(in: &properties) { $0.translation.x = offset }
    case (.translationY, .scalar(let offset)): updateTransform(in: &properties) { $0.translation.y = offset }
    case (.translationZ, .scalar(let offset)): updateTransform(in: &properties) { $0.translation.z = offset }
    case (.sublayerTransform, .transform(let transform)): properties.sublayerTransform = transform
    case (.opacity, .scalar(let number)): properties.opacity = number
    case (.hidden, .scalar(let number)): properties.isHidden = number >= 0.5
    case (.backgroundColor, .color(let color)): properties.backgroundColor = color
    case (.cornerRadius, .scalar(let number)): properties.cornerRadius = number
    case (.borderWidth, .scalar(let number)): properties.borderWidth = number
    case (.borderColor, .color(let color)): properties.borderColor = color
    case (.shadowColor, .color(let color)): properties.shadow.color = color
    case (.shadowOpacity, .scalar(let number)): properties.shadow.opacity = number
    case (.shadowOffset, .size(let size)): properties.shadow.offset = size
    case (.shadowRadius, .scalar(let number)): properties.shadow.radius = number
    case (.path, .path(let path)): properties.shape.path = path
    case (.fillColor, .color(let color)): properties.shape.fillColor = color
    case (.strokeColor, .color(let color)): properties.shape.strokeColor = color
    case (.lineWidth, .scalar(let number)): properties.shape.lineWidth = number
    case (.strokeStart, .scalar(let number)): properties.shape.strokeStart = number
    case (.strokeEnd, .scalar(let number)): properties.shape.strokeEnd = number
    case (.miterLimit, .scalar(let number)): properties.shape.miterLimit = number
    case (.lineDashPhase, .scalar(let number)): properties.shape.lineDashPhase = number
    case (.lineDashPattern, .numbers(let numbers)): properties.shape.lineDashPattern = numbers
    case (.fontSize, .scalar(let number)): properties.text.fontSize = number
    case (.foregroundColor, .color(let color)): properties.text.foregroundColor = color
    case (.colors, .colors(let colors)): properties.gradient.colors = colors
    case (.locations, .numbers(let numbers)): properties.gradient.locations = numbers
    case (.startPoint, .point(let point)): properties.gradient.startPoint = point
    case (.endPoint, .point(let point)): properties.gradient.endPoint = point
    case (.instanceTransform, .transform(let transform)): properties.replicator.instanceTransform = transform
    case (.instanceDelay, .scalar(let seconds)): properties.replicator.instanceDelay = seconds
    case (.instanceColor, .color(let color)): properties.replicator.instanceColor = color
    case (.instanceRedOffset, .scalar(let offset)): properties.replicator.instanceRedOffset = offset
    case (.instanceGreenOffset, .scalar(let offset)): properties.replicator.instanceGreenOffset = offset
    case (.instanceBlueOffset, .scalar(let offset)): properties.replicator.instanceBlueOffset = offset
    case (.instanceAlphaOffset, .scalar(let offset)): properties.replicator.instanceAlphaOffset = offset
    default: break
    }
  }

  private func updateTransform(in properties: inout LayerProperties, _ change: (inout TransformComponents) -> Void) {
    var components = TransformComponents(properties.transform)
    change(&components)
    properties.transform = components.transform
  }
}
