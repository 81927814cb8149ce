import SplashCore

/// `CALayer`'s animatable properties, which every layer kind has.
extension LayerPropertyRegistry {
  public static let position = LayerProperty<Point>(
    "position", traits: [.placesLayers, .appliedWhenCompositing], read: { $0.position }, write: { $0.position = $1 })
  public static let bounds = LayerProperty<Rect>(
    "bounds", traits: .placesLayers, read: { $0.bounds }, write: { $0.bounds = $1 })
  public static let anchorPoint = LayerProperty<Point>(
    "anchorPoint", traits: [.placesLayers, .appliedWhenCompositing], read: { $0.anchorPoint },
    write: { $0.anchorPoint = $1 })
  public static let zPosition = LayerProperty<Double>(
    "zPosition", traits: .appliedWhenCompositing, read: { $0.zPosition }, write: { $0.zPosition = $1 })
  public static let transform = LayerProperty<Transform3D>(
    "transform", traits: [.placesLayers, .appliedWhenCompositing], read: { $0.transform }, write: { $0.transform = $1 })
  public static let sublayerTransform = LayerProperty<Transform3D>(
    "sublayerTransform", traits: .placesLayers, read: { $0.sublayerTransform }, write: { $0.sublayerTransform = $1 })
  public static let opacity = LayerProperty<Double>(
    "opacity", traits: .appliedWhenCompositing, read: { $0.opacity }, write: { $0.opacity = $1 })
  /// `isHidden`, carried as 0 (shown) or 1 (hidden).
  public static let hidden = LayerProperty<Bool>(
    "hidden", traits: .appliedWhenCompositing, read: { $0.isHidden }, write: { $0.isHidden = $1 })
  public static let backgroundColor = LayerProperty<Color>(
    "backgroundColor", read: { $0.backgroundColor }, write: { $0.backgroundColor = $1 })
  public static let cornerRadius = LayerProperty<Double>(
    "cornerRadius", read: { $0.cornerRadius }, write: { $0.cornerRadius = $1 })
  public static let borderWidth = LayerProperty<Double>(
    "borderWidth", read: { $0.borderWidth }, write: { $0.borderWidth = $1 })
  public static let borderColor = LayerProperty<Color>(
    "borderColor", read: { $0.borderColor }, write: { $0.borderColor = $1 })
  /// Which part of the contents image the layer shows; stepping it through a sprite sheet's
  /// cells with a discrete keyframe animation plays a flip-book.
  public static let contentsRect = LayerProperty<Rect>(
    "contentsRect", read: { $0.contentsRect }, write: { $0.contentsRect = $1 })
  public static let shadowColor = LayerProperty<Color>(
    "shadowColor", read: { $0.shadow.color }, write: { $0.shadow.color = $1 })
  public static let shadowOpacity = LayerProperty<Double>(
    "shadowOpacity", read: { $0.shadow.opacity }, write: { $0.shadow.opacity = $1 })
  public static let shadowOffset = LayerProperty<Size>(
    "shadowOffset", read: { $0.shadow.offset }, write: { $0.shadow.offset = $1 })
  public static let shadowRadius = LayerProperty<Double>(
    "shadowRadius", read: { $0.shadow.radius }, write: { $0.shadow.radius = $1 })
  /// Not Core Animation's on iOS: a Gaussian blur of the layer's picture (see
  /// `LayerProperties.blurRadius`).
  public static let blurRadius = LayerProperty<Double>("blurRadius", read: { $0.blurRadius }, write: { $0.blurRadius = $1 })
  /// Not Core Animation's: a colour laid over the layer's picture (see
  /// `LayerProperties.colorOverlay`).
  public static let colorOverlay = LayerProperty<Color>(
    "colorOverlay", read: { $0.colorOverlay }, write: { $0.colorOverlay = $1 })
}
