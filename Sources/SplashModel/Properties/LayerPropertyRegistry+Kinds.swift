import SplashCore

/// The animatable properties that one layer kind adds to `CALayer`'s.
extension LayerPropertyRegistry {
  // MARK: CAShapeLayer

  /// An unset path reads as the empty path, from which an animation morphs.
  public static let path = LayerProperty<Path>(
    "path", layerKinds: [.shape], unset: { $0.shape.path == nil }, read: { $0.shape.path ?? Path() }, write: { $0.shape.path = $1 })
  public static let fillColor = LayerProperty<Color>(
    "fillColor", layerKinds: [.shape], read: { $0.shape.fillColor }, write: { $0.shape.fillColor = $1 })
  public static let strokeColor = LayerProperty<Color>(
    "strokeColor", layerKinds: [.shape], read: { $0.shape.strokeColor }, write: { $0.shape.strokeColor = $1 })
  public static let lineWidth = LayerProperty<Double>(
    "lineWidth", layerKinds: [.shape], read: { $0.shape.lineWidth }, write: { $0.shape.lineWidth = $1 })
  public static let strokeStart = LayerProperty<Double>(
    "strokeStart", layerKinds: [.shape], read: { $0.shape.strokeStart }, write: { $0.shape.strokeStart = $1 })
  public static let strokeEnd = LayerProperty<Double>(
    "strokeEnd", layerKinds: [.shape], read: { $0.shape.strokeEnd }, write: { $0.shape.strokeEnd = $1 })
  public static let miterLimit = LayerProperty<Double>(
    "miterLimit", layerKinds: [.shape], read: { $0.shape.miterLimit }, write: { $0.shape.miterLimit = $1 })
  public static let lineDashPattern = LayerProperty<[Double]>(
    "lineDashPattern", layerKinds: [.shape], read: { $0.shape.lineDashPattern },
    write: { $0.shape.lineDashPattern = $1 })
  public static let lineDashPhase = LayerProperty<Double>(
    "lineDashPhase", layerKinds: [.shape], read: { $0.shape.lineDashPhase }, write: { $0.shape.lineDashPhase = $1 })

  // MARK: Text layers

  public static let fontSize = LayerProperty<Double>(
    "fontSize", layerKinds: [.text], read: { $0.text.fontSize }, write: { $0.text.fontSize = $1 })
  public static let foregroundColor = LayerProperty<Color>(
    "foregroundColor", layerKinds: [.text], read: { $0.text.foregroundColor }, write: { $0.text.foregroundColor = $1 })

  // MARK: CAGradientLayer

  public static let colors = LayerProperty<[Color]>(
    "colors", layerKinds: [.gradient], read: { $0.gradient.colors }, write: { $0.gradient.colors = $1 })
  public static let locations = LayerProperty<[Double]>(
    "locations", layerKinds: [.gradient], read: { $0.gradient.locations }, write: { $0.gradient.locations = $1 })
  public static let startPoint = LayerProperty<Point>(
    "startPoint", layerKinds: [.gradient], read: { $0.gradient.startPoint }, write: { $0.gradient.startPoint = $1 })
  public static let endPoint = LayerProperty<Point>(
    "endPoint", layerKinds: [.gradient], read: { $0.gradient.endPoint }, write: { $0.gradient.endPoint = $1 })

  // MARK: CAReplicatorLayer

  /// Places the copies, so the motion probe evaluates it.
  public static let instanceTransform = LayerProperty<Transform3D>(
    "instanceTransform", layerKinds: [.replicator], traits: .placesLayers, read: { $0.replicator.instanceTransform },
    write: { $0.replicator.instanceTransform = $1 })
  /// Shifts the copies' animations in time, and so where they are.
  public static let instanceDelay = LayerProperty<Double>(
    "instanceDelay", layerKinds: [.replicator], traits: .placesLayers, read: { $0.replicator.instanceDelay },
    write: { $0.replicator.instanceDelay = $1 })
  public static let instanceColor = LayerProperty<Color>(
    "instanceColor", layerKinds: [.replicator], read: { $0.replicator.instanceColor },
    write: { $0.replicator.instanceColor = $1 })
  public static let instanceRedOffset = LayerProperty<Double>(
    "instanceRedOffset", layerKinds: [.replicator], read: { $0.replicator.instanceRedOffset },
    write: { $0.replicator.instanceRedOffset = $1 })
  public static let instanceGreenOffset = LayerProperty<Double>(
    "instanceGreenOffset", layerKinds: [.replicator], read: { $0.replicator.instanceGreenOffset },
    write: { $0.replicator.instanceGreenOffset = $1 })
  public static let instanceBlueOffset = LayerProperty<Double>(
    "instanceBlueOffset", layerKinds: [.replicator], read: { $0.replicator.instanceBlueOffset },
    write: { $0.replicator.instanceBlueOffset = $1 })
  public static let instanceAlphaOffset = LayerProperty<Double>(
    "instanceAlphaOffset", layerKinds: [.replicator], read: { $0.replicator.instanceAlphaOffset },
    write: { $0.replicator.instanceAlphaOffset = $1 })
}
