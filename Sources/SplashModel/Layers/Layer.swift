/// A layer of the scene's model tree: its model values, its animations, its mask and its
/// sublayers.
///
/// Like a `CALayer` with animations added, but immutable: the scene is data, and what a layer
/// shows at a time is computed by `Scene.presentation(at:)` without changing it.
public struct Layer: Sendable, Hashable {
  /// A layer's values, in one box that copies share until one of them is written
  /// (`CopyOnWrite`).
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

  private var fields: CopyOnWrite<Fields>

  /// Whether nothing about the layer ever changes: no animations, no mask, no lifetime, no
  /// time remap, no video.
  ///
  /// Asked for each sublayer of each layer of each frame, so the values are read where they
  /// lie, one field at a time, through the storage's address: through the layer's accessors,
  /// `timeRemap == nil` copied the time remap out first (its keyframe arrays retained and
  /// released), a tenth of evaluating issue_1949; a method of the fields had all 328 bytes
  /// copied out first.
  var isStill: Bool {
    let values = fields.storage.address
    guard values.pointee.animations.isEmpty, values.pointee.maskStorage.isEmpty else { return false }
    if case .some = values.pointee.lifetime { return false }
    return !hasTimeRemapOrVideo
  }

  /// Whether the layer shows a video, read as `isStill` reads: `video == nil` copied the
  /// optional contents out (through their type's value witnesses) to compare them, for every
  /// layer of every frame.
  var hasVideo: Bool {
    if case .some = fields.storage.address.pointee.video { return true }
    return false
  }

  /// Whether the layer remaps its sublayers' time or shows a video. Read as `isStill` reads.
  var hasTimeRemapOrVideo: Bool {
    if case .some = fields.storage.address.pointee.timeRemap { return true }
    return hasVideo
  }

  /// The time the sublayers live at when the layer's is `time`: the same, or remapped
  /// (`timeRemap`). Read as `isStill` reads.
  func sublayerTime(at time: Double) -> Double {
    let values = fields.storage.address
    if case .none = values.pointee.timeRemap { return time }
    return values.pointee.timeRemap.unsafelyUnwrapped.time(at: time)
  }

  /// The name users see in messages and in `inspect` (the built-in presets name theirs after the parts they draw).
  public var id: String {
    _read { yield fields.wrappedValue.id }
    _modify { yield &fields.wrappedValue.id }
  }

  public var kind: LayerKind {
    _read { yield fields.wrappedValue.kind }
    _modify { yield &fields.wrappedValue.kind }
  }

  /// The model values: what shows when no animation is running.
  public var properties: LayerProperties {
    _read { yield fields.wrappedValue.properties.wrappedValue }
    _modify { yield &fields.wrappedValue.properties.wrappedValue }
  }

  /// The model values' storage, which presentations share until an animation writes them.
  public var propertiesStorage: CopyOnWrite<LayerProperties> {
    _read { yield fields.wrappedValue.properties }
    _modify { yield &fields.wrappedValue.properties }
  }

  /// In the order they were added: later ones win on the same property unless additive.
  public var animations: [Animation] {
    _read { yield fields.wrappedValue.animations }
    _modify { yield &fields.wrappedValue.animations }
  }

  /// Drawn in order, bottom to top, above this layer's own content (then by `zPosition`).
  public var sublayers: [Layer] {
    _read { yield fields.wrappedValue.sublayers }
    _modify { yield &fields.wrappedValue.sublayers }
  }

  /// When the layer is in the tree, or `nil` for always: outside it the layer is hidden
  /// (before its animations, which may still change `hidden`).
  public var lifetime: LayerLifetime? {
    _read { yield fields.wrappedValue.lifetime }
    _modify { yield &fields.wrappedValue.lifetime }
  }

  /// The time the sublayers see, when it is not the scene's (a Lottie time remap); `nil` for
  /// Core Animation's own timing.
  public var timeRemap: TimeRemap? {
    _read { yield fields.wrappedValue.timeRemap }
    _modify { yield &fields.wrappedValue.timeRemap }
  }

  /// A Lottie file the layer shows below its sublayers (resolved into them by SplashOutput).
  public var embedded: EmbeddedAnimation? {
    _read { yield fields.wrappedValue.embedded }
    _modify { yield &fields.wrappedValue.embedded }
  }

  /// A video file the layer shows as its contents, frame by frame.
  public var video: VideoContents? {
    _read { yield fields.wrappedValue.video }
    _modify { yield &fields.wrappedValue.video }
  }

  /// Held in an array so the type can contain itself; at most one element. Evaluation reads
  /// it in place (`mask` returns a copy).
  var maskStorage: [Layer] {
    _read { yield fields.wrappedValue.maskStorage }
    _modify { yield &fields.wrappedValue.maskStorage }
  }

  public init(
    id: String, kind: LayerKind = .layer, properties: LayerProperties = LayerProperties(),
    animations: [Animation] = [], sublayers: [Layer] = [], mask: Layer? = nil, lifetime: LayerLifetime? = nil,
    timeRemap: TimeRemap? = nil
  ) {
    fields = CopyOnWrite(
      wrappedValue: Fields(
        id: id, kind: kind, properties: CopyOnWrite(wrappedValue: properties), animations: animations, sublayers: sublayers,
        lifetime: lifetime, timeRemap: timeRemap, embedded: nil, video: nil, maskStorage: mask.map { [$0] } ?? []))
  }

  /// The layer whose alpha masks this one (`CALayer.mask`), in this layer's coordinate space.
  public var mask: Layer? {
    get { maskStorage.first }
    set { maskStorage = newValue.map { [$0] } ?? [] }
  }

  /// Makes this layer and its subtree hold equal properties in one storage: the first value
  /// seen keeps its storage in `sharing`, and later equal ones take it. Equal lists of
  /// animations become one array likewise.
  ///
  /// A preset's grid compiles its cells one by one, so fuber's 77 tiles each had storage of
  /// their own for the same lattice; shared, the caches that compare layers from frame to
  /// frame (backing stores, kept groups) find them equal by identity instead of field by field.
  /// A Lottie precomposition used several times is compiled once for each use: its copies'
  /// layers then hold one storage of values and one array of animations each, which the
  /// evaluator applies once for all of them at a time (`AppliedAnimations`).
  ///
  /// Arrays of sublayers that were one array stay one (`PropertySharing.arrays`), and a subtree
  /// that already shares is left untouched: a Lottie repeater's copies hold one array of
  /// layers, which the evaluator presents once for all of them (`SiblingSublayers`), and
  /// writing through each copy had given each an array of its own.
  mutating func shareEqualProperties(_ sharing: inout PropertySharing) {
    if let shared = sharingEqualProperties(&sharing) { self = shared }
  }

  /// This layer with its subtree's equal properties in one storage, or `nil` when it already
  /// holds them so.
  private func sharingEqualProperties(_ sharing: inout PropertySharing) -> Layer? {
    var changed: Layer?
    if let earlier = sharing.seen[properties] {
      if !propertiesStorage.isIdentical(to: earlier) {
        changed = self
        changed!.propertiesStorage = earlier
      }
      // Animations are compared only among layers of equal values (a precomposition's
      // copies), the first of them included: hashing every layer's keyframes cost more.
      if !animations.isEmpty {
        let address = UnsafeRawPointer(earlier.storage.address)
        if let first = sharing.firstAnimations.removeValue(forKey: address) {
          sharing.animations[PropertySharing.AnimationList(first)] = first
        }
        if let shared = sharing.animations[PropertySharing.AnimationList(animations)] {
          if !animations.sharesStorage(with: shared) {
            changed = changed ?? self
            changed!.animations = shared
          }
        } else {
          sharing.animations[PropertySharing.AnimationList(animations)] = animations
        }
      }
    } else {
      sharing.seen[properties] = propertiesStorage
      if !animations.isEmpty { sharing.firstAnimations[UnsafeRawPointer(propertiesStorage.storage.address)] = animations }
    }
    if let shared = Self.sharingEqualProperties(in: sublayers, &sharing) {
      changed = changed ?? self
      changed!.sublayers = shared
    }
    if let shared = Self.sharingEqualProperties(in: maskStorage, &sharing) {
      changed = changed ?? self
      changed!.maskStorage = shared
    }
    return changed
  }

  /// `layers` with their equal properties in one storage, or `nil` when they already hold them
  /// so; one array in, one array out, however often it is met.
  private static func sharingEqualProperties(in layers: [Layer], _ sharing: inout PropertySharing) -> [Layer]? {
    guard let address = layers.storageAddress else { return nil }
    if let done = sharing.arrays[address] { return done }
    var changed: [Layer]?
    for index in layers.indices {
      if let shared = layers[index].sharingEqualProperties(&sharing) {
        if changed == nil { changed = layers }
        changed![index] = shared
      }
    }
    sharing.arrays[address] = changed
    return changed
  }
}

/// What `Layer.shareEqualProperties` has seen: each distinct value's storage; the lists of
/// animations of layers whose values another layer holds too, and the first list held with
/// each value's storage until a second layer holds it; and each array of layers already
/// visited with what it became (`nil`: itself), by the address of its elements. The walk reads
/// the tree it was given, which holds every array and storage it meets, so no address is
/// reused while it lasts.
struct PropertySharing {
  var seen: [LayerProperties: CopyOnWrite<LayerProperties>] = [:]
  var firstAnimations: [UnsafeRawPointer: [Animation]] = [:]
  var animations: [AnimationList: [Animation]] = [:]
  var arrays: [UnsafeRawPointer: [Layer]?] = [:]

  /// A list of animations as a key, hashed by its timings alone: hashing every keyframe of
  /// every animated layer of issue_1717 cost more than loading the rest of its layers. Lists
  /// with the same timings are told apart by `==`.
  struct AnimationList: Hashable {
    var animations: [Animation]

    init(_ animations: [Animation]) { self.animations = animations }

    func hash(into hasher: inout Hasher) {
      hasher.combine(animations.count)
      for animation in animations { hasher.combine(animation.timing) }
    }

    static func == (lhs: AnimationList, rhs: AnimationList) -> Bool { lhs.animations == rhs.animations }
  }
}
