/// A layer of the scene's model tree: its model values, its animations, its mask and its
/// sublayers.
///
/// Like a `CALayer` with animations added, but immutable: the scene is data, and what a layer
/// shows at a time is computed by `Scene.presentation(at:)` without changing it.
public struct Layer: Sendable, Hashable {
  /// A layer's values, in one box that copies share until one of them is written.
  ///
  /// Evaluating a frame copies model layers as it walks the tree (an array's element is
  /// handed out as a copy): 328 bytes, and a retain of each reference a layer holds, for each
  /// layer of each frame, 4 % of LottieLogo1's frame. A copy now retains the box alone. Each
  /// value is described at its accessor below.
  struct Fields: Sendable, Hashable {
    var id: String
    var kind: LayerKind
    var properties: CopyOnWrite<LayerProperties>
    var animations: [Animation]
    var sublayers: [Layer]
    var lifetime: LayerLifetime?
    var timeRemap: TimeRemap?
    var embedded: EmbeddedAnimation?
    var video: VideoContents?
    var maskStorage: [Layer]
  }

  /// The box. Written only through `fields`'s `_modify`, on a box this layer alone holds, so a
  /// write never overlaps another access: not checked at run time, as in `CopyOnWrite`.
  final class Storage: @unchecked Sendable {
    @exclusivity(unchecked) var fields: Fields

    init(_ fields: Fields) { self.fields = fields }
  }

  private var storage: Storage

  /// The values, read in place, and written in place when this layer alone holds them.
  private var fields: Fields {
    _read { yield storage.fields }
    _modify {
      if !isKnownUniquelyReferenced(&storage) { storage = Storage(storage.fields) }
      yield &storage.fields
    }
  }

  /// The name users see in messages and in `inspect` (the built-in presets name theirs after the parts they draw).
  public var id: String {
    _read { yield fields.id }
    _modify { yield &fields.id }
  }

  public var kind: LayerKind {
    _read { yield fields.kind }
    _modify { yield &fields.kind }
  }

  /// The model values: what shows when no animation is running.
  public var properties: LayerProperties {
    _read { yield fields.properties.wrappedValue }
    _modify { yield &fields.properties.wrappedValue }
  }

  /// The model values' storage, which presentations share until an animation writes them.
  public var propertiesStorage: CopyOnWrite<LayerProperties> {
    _read { yield fields.properties }
    _modify { yield &fields.properties }
  }

  /// In the order they were added: later ones win on the same property unless additive.
  public var animations: [Animation] {
    _read { yield fields.animations }
    _modify { yield &fields.animations }
  }

  /// Drawn in order, bottom to top, above this layer's own content (then by `zPosition`).
  public var sublayers: [Layer] {
    _read { yield fields.sublayers }
    _modify { yield &fields.sublayers }
  }

  /// When the layer is in the tree, or `nil` for always: outside it the layer is hidden
  /// (before its animations, which may still change `hidden`).
  public var lifetime: LayerLifetime? {
    _read { yield fields.lifetime }
    _modify { yield &fields.lifetime }
  }

  /// The time the sublayers see, when it is not the scene's (a Lottie time remap); `nil` for
  /// Core Animation's own timing.
  public var timeRemap: TimeRemap? {
    _read { yield fields.timeRemap }
    _modify { yield &fields.timeRemap }
  }

  /// A Lottie file the layer shows below its sublayers (resolved into them by SplashOutput).
  public var embedded: EmbeddedAnimation? {
    _read { yield fields.embedded }
    _modify { yield &fields.embedded }
  }

  /// A video file the layer shows as its contents, frame by frame.
  public var video: VideoContents? {
    _read { yield fields.video }
    _modify { yield &fields.video }
  }

  /// Held in an array so the type can contain itself; at most one element. Evaluation reads
  /// it in place (`mask` returns a copy).
  var maskStorage: [Layer] {
    _read { yield fields.maskStorage }
    _modify { yield &fields.maskStorage }
  }

  public init(
    id: String, kind: LayerKind = .layer, properties: LayerProperties = LayerProperties(),
    animations: [Animation] = [], sublayers: [Layer] = [], mask: Layer? = nil, lifetime: LayerLifetime? = nil,
    timeRemap: TimeRemap? = nil
  ) {
    storage = Storage(
      Fields(
        id: id, kind: kind, properties: CopyOnWrite(wrappedValue: properties), animations: animations, sublayers: sublayers,
        lifetime: lifetime, timeRemap: timeRemap, embedded: nil, video: nil, maskStorage: mask.map { [$0] } ?? []))
  }

  public static func == (lhs: Layer, rhs: Layer) -> Bool { lhs.storage === rhs.storage || lhs.fields == rhs.fields }

  public func hash(into hasher: inout Hasher) { hasher.combine(fields) }

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
      propertiesStorage = earlier
    } else {
      seen[properties] = propertiesStorage
    }
    for index in sublayers.indices { sublayers[index].shareEqualProperties(&seen) }
    if var mask {
      mask.shareEqualProperties(&seen)
      self.mask = mask
    }
  }
}
