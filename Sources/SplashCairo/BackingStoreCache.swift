import CCairo
import SplashCore
import SplashModel
import SplashRaster

/// Pictures of moving layers, drawn once at a scale step and composited frame after frame.
///
/// A store's pixels depend on its key alone (the layer's content and the scale step), never on
/// when it was drawn, so a frame comes out the same whether its stores were found here or drawn
/// for it: the cache changes how fast a frame is drawn, not what it shows. It keeps at most
/// `byteLimit` bytes, dropping the stores used longest ago; one cache belongs to one backend
/// (one worker).
final class BackingStoreCache {
  init(counters: RenderCounters? = nil) {
    self.counters = counters
  }

  struct Key: Hashable {
    /// The layer as drawn into the store: opacity 1, placed nowhere (`BackingStorePlan.content`).
    var layer: PresentationLayer
    var scaleX: Double
    var scaleY: Double

    /// Hashes the cheap parts only; equality still compares the whole subtree.
    func hash(into hasher: inout Hasher) {
      hasher.combine(layer.kind)
      hasher.combine(layer.sublayers.count)
      hasher.combine(scaleX)
      hasher.combine(scaleY)
    }

    /// Equal when the stores would hold the same pixels: layers' ids and motion do not draw, so
    /// fuber's 77 tiles, which differ only in them, share their stores.
    static func == (lhs: Key, rhs: Key) -> Bool {
      lhs.scaleX == rhs.scaleX && lhs.scaleY == rhs.scaleY && lhs.layer.drawsTheSame(as: rhs.layer)
    }
  }

  /// A drawn store: its surface and where the layer's space lands on it.
  struct Store {
    var surface: OpaquePointer
    /// Where the surface has ink, so compositing can skip the rest.
    var ink: InkRuns
    /// Store pixel = scale · layer point + origin.
    var originX: Double
    var originY: Double
    var bytes: Int
    var lastUsedFrame = 0
  }

  private var stores: [Key: Store] = [:]
  /// The bytes of the stores kept.
  private(set) var heldBytes = 0
  private var frame = 0
  /// The most bytes kept between frames (set per frame from the frame's size).
  var byteLimit = 0
  /// The least `byteLimit` a backend sets: on a small frame (a GIF, a thumbnail) the layers
  /// are large beside it, and a frame's bytes would not hold one scale step's stores.
  static let minimumByteLimit = 8 << 20
  /// Told each store composited and drawn, for a test that asked.
  let counters: RenderCounters?

  deinit {
    for store in stores.values { cairo_surface_destroy(store.surface) }
  }

  /// Hands `use` the store for `key`, drawn by `draw` when it is not kept.
  ///
  /// A store drawn now is kept if it fits `byteLimit` once the stores used longest ago (before
  /// this frame) are dropped; otherwise it is dropped after `use`, so memory stays bounded
  /// however many layers move at once.
  func withStore(for key: Key, draw: () throws -> Store, use: (Store) throws -> Void) throws {
    counters?.storesComposited += 1
    if var store = stores[key] {
      store.lastUsedFrame = frame
      stores[key] = store
      try use(store)
      return
    }
    counters?.storesDrawn += 1
    var store = try draw()
    store.lastUsedFrame = frame
    dropStoresUsedBefore(frame, toFit: store.bytes)
    guard heldBytes + store.bytes <= byteLimit else {
      defer { cairo_surface_destroy(store.surface) }
      try use(store)
      return
    }
    stores[key] = store
    heldBytes += store.bytes
    try use(store)
  }

  /// Marks the end of a frame, and drops what no longer fits a lowered `byteLimit`.
  func endFrame() {
    frame += 1
    dropStoresUsedBefore(frame, toFit: 0)
  }

  /// Drops stores last used before `frame`, oldest first, until `bytes` more would fit.
  private func dropStoresUsedBefore(_ frame: Int, toFit bytes: Int) {
    guard heldBytes + bytes > byteLimit else { return }
    for (key, store) in stores.sorted(by: { $0.value.lastUsedFrame < $1.value.lastUsedFrame }) {
      guard heldBytes + bytes > byteLimit, store.lastUsedFrame < frame else { break }
      cairo_surface_destroy(store.surface)
      stores.removeValue(forKey: key)
      heldBytes -= store.bytes
    }
  }
}

extension PresentationLayer {
  /// Whether this layer and `other` draw the same pixels in the same place: everything but their
  /// ids and motion is equal, sublayers and masks included.
  func drawsTheSame(as other: PresentationLayer) -> Bool {
    // Compared through their storage: a still sublayer shares its model's, found equal at once.
    guard kind == other.kind, $properties == other.$properties, tint == other.tint,
      sublayers.count == other.sublayers.count
    else { return false }
    switch (mask, other.mask) {
    case (nil, nil): break
    case (let mask?, let otherMask?): guard mask.drawsTheSame(as: otherMask) else { return false }
    default: return false
    }
    return zip(sublayers, other.sublayers).allSatisfy { $0.drawsTheSame(as: $1) }
  }
}
