/// A layer of the scene's model tree: its model values, its animations, its mask and its
/// sublayers.
///
/// Like a `CALayer` with animations added, but immutable: the scene is data, and what a layer
/// shows at a time is computed by `Scene.presentation(at:)` without changing it.
public struct Layer: Sendable, Hashable {
  /// The name users see in messages and in `inspect` (the built-in presets name theirs after the parts they draw).
  public var id: String
  public var kind: LayerKind
  /// The model values: what shows when no animation is running.
  @CopyOnWrite public var properties: LayerProperties
  /// In the order they were added: later ones win on the same property unless additive.
  public var animations: [Animation]
  /// Drawn in order, bottom to top, above this layer's own content (then by `zPosition`).
  public var sublayers: [Layer]
  /// When the layer is in the tree, or `nil` for always: outside it the layer is hidden
  /// (before its animations, which may still change `hidden`).
  public var lifetime: LayerLifetime?
  /// The time the sublayers see, when it is not the scene's (a Lottie time remap); `nil` for
  /// Core Animation's own timing.
  public var timeRemap: TimeRemap?
  /// A Lottie file the layer shows below its sublayers (resolved into them by SplashOutput).
  public var embedded: EmbeddedAnimation?
  /// A video file the layer shows as its contents, frame by frame.
  public var video: VideoContents?
  /// Held in an array so the type can contain itself; at most one element. Evaluation reads
  /// it in place (`mask` returns a copy, which retains all the mask holds).
  private(set) var maskStorage: [Layer]

  public init(
    id: String, kind: LayerKind = .layer, properties: LayerProperties = LayerProperties(),
    animations: [Animation] = [], sublayers: [Layer] = [], mask: Layer? = nil, lifetime: LayerLifetime? = nil,
    timeRemap: TimeRemap? = nil
  ) {
    self.id = id
    self.kind = kind
    self.properties = properties
    self.animations = animations
    self.sublayers = sublayers
    self.lifetime = lifetime
    self.timeRemap = timeRemap
    maskStorage = mask.map { [$0] } ?? []
  }

  /// The layer whose alpha masks this one (`CALayer.mask`), in this layer's coordinate space.
  public var mask: Layer? {
    get { maskStorage.first }
    set { maskStorage = newValue.map { [$0] } ?? [] }
  }

  /// Makes this layer and its subtree hold equal properties in one storage: the first value
  /// seen keeps its storage in `seen`, and later equal ones take it.
  ///
  /// A preset's grid compiles its cells one by one, so fuber's 77 tiles each had storage of
  /// their own for the same lattice; shared, the caches that compare layers from frame to
  /// frame (backing stores, kept groups) find them equal by identity instead of field by field.
  mutating func shareEqualProperties(_ seen: inout [LayerProperties: CopyOnWrite<LayerProperties>]) {
    if let earlier = seen[properties] {
      _properties = earlier
    } else {
      seen[properties] = _properties
    }
    for index in sublayers.indices { sublayers[index].shareEqualProperties(&seen) }
    if var mask {
      mask.shareEqualProperties(&seen)
      self.mask = mask
    }
  }
}
