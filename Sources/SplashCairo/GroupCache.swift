import CCairo
import SplashCore
import SplashModel
import SplashRaster

/// Groups of layers that draw exactly as they did in the previous frame, kept so they are
/// composited again instead of drawn again.
///
/// A group is reused only when everything that decides its pixels is equal: the layer's
/// presented subtree (its own opacity and its mask aside, which are applied when compositing),
/// the user-to-device matrix and the clip (its rectangles; a clip with rounded corners is not
/// kept). Then the group surface would come out byte for byte
/// the same, so the frame does too. fuber's tiles hold still for most of each cycle while they
/// fade, and a Lottie gradient keeps its colours while its trim (its mask) grows, which is where
/// this pays. Masks are kept the same way, drawn whole (`Role.mask`): a Lottie mask path at
/// rest while what it masks moves. Entries stay for the frame after their last use; after
/// that, those that were reused are idle, and idle groups are kept up to `idleByteLimit` bytes,
/// dropping those used longest ago. One cache belongs to one backend (one worker).
///
/// Idle groups are what a loop comes back to: fuber's tiles are pictures at rest while the
/// lattice is small, backing stores while it grows and ripples, then at rest again at full
/// size, and small again in the next loop. Dropped one frame after their last use, each
/// tile's group was drawn again every loop: at 1080x1920 over three loops, two tiles a frame,
/// an eighth of the render.
final class GroupCache {
  init(counters: RenderCounters? = nil) {
    self.counters = counters
  }

  struct Key: Hashable {
    var layer: PresentationLayer
    var matrix: [Double]
    var clip: [Double]
    var role = Role.content

    /// Hashes the cheap parts only; equality still compares the whole subtree.
    func hash(into hasher: inout Hasher) {
      hasher.combine(layer.id)
      hasher.combine(matrix)
      hasher.combine(clip)
    }
  }

  /// What a kept group is the picture of.
  enum Role: Hashable {
    /// A layer's content: its subtree at opacity 1, without its mask.
    case content
    /// A mask drawn whole in `MaskMode` (see `CairoBackend.maskPicture`).
    case mask(MaskMode)
  }

  /// A group kept, and where its coverage has ink (alpha-only groups stored with
  /// `scanningCoverage`, whose ink is not too scattered for runs to pay).
  struct Kept {
    var pattern: OpaquePointer
    var coverageRuns: InkRuns?
    /// The group's pixels and runs.
    var bytes: Int
    /// Whether a frame has composited the group from here: only such a group is kept idle.
    var wasReused = false
  }

  /// A group not used in the last two frames, and the frame it was last used in.
  private struct Idle {
    var kept: Kept
    var lastUsedFrame: Int
  }

  private var previous: [Key: Kept] = [:]
  private var current: [Key: Kept] = [:]
  private var idle: [Key: Idle] = [:]
  private var idleBytes = 0
  private var frame = 0
  /// The most bytes of masked layers' groups (kept only when asked for in two frames running,
  /// see `CairoBackend.drawInLayerSpace`) one frame may keep: two frames' pixels (a loader of
  /// four gradient rings needs about that), so with the previous frame's they cost at most four
  /// frames (`MemoryBudget.renderBytesPerPixel` counts them).
  var heldBytesPerFrame = 0
  private var heldBytes = 0

  /// Keys asked for this frame and the previous one, found or not.
  private var previousRequests: Set<Key> = []
  private var currentRequests: Set<Key> = []

  /// The most bytes idle groups may hold: set by the backend to one frame's pixels
  /// (`MemoryBudget.renderBytesPerPixel` counts them); 0 drops a group one frame after its
  /// last use.
  var idleByteLimit = 0

  deinit {
    for kept in previous.values { cairo_pattern_destroy(kept.pattern) }
    for kept in current.values { cairo_pattern_destroy(kept.pattern) }
    for entry in idle.values { cairo_pattern_destroy(entry.kept.pattern) }
  }

  /// The key for drawing `layer` now, in the context's current state, or `nil` when the group
  /// is not to be kept: the clip is not a set of rectangles (rounded corners that clip above
  /// it), whose shape no key here would capture; a corner radius that changes would otherwise
  /// bring back a group cut by the old corners.
  static func key(for layer: PresentationLayer, in cairo: OpaquePointer) -> Key? {
    var content = layer
    content.properties.opacity = 1
    content.mask = nil
    return key(drawing: content, as: .content, in: cairo)
  }

  /// The key for drawing `mask` whole now in `mode`, in the context's current state, or `nil`
  /// as for a layer's content. The mask's own opacity and mask count: they are drawn.
  static func key(forMask mask: PresentationLayer, mode: MaskMode, in cairo: OpaquePointer) -> Key? {
    key(drawing: mask, as: .mask(mode), in: cairo)
  }

  private static func key(drawing layer: PresentationLayer, as role: Role, in cairo: OpaquePointer) -> Key? {
    guard let rectangles = CairoBackend.deviceClipRectangles(of: cairo) else { return nil }
    let clip = rectangles.flatMap { [$0.x, $0.y, $0.width, $0.height] }
    var matrix = cairo_matrix_t()
    cairo_get_matrix(cairo, &matrix)
    return Key(layer: layer, matrix: [matrix.xx, matrix.yx, matrix.xy, matrix.yy, matrix.x0, matrix.y0], clip: clip, role: role)
  }

  /// A group drawn for an equal key in this frame or the previous one, with its runs.
  func kept(for key: Key) -> Kept? {
    // One lookup: a key's equality compares the whole subtree.
    if let index = current.index(forKey: key) {
      current.values[index].wasReused = true
      counters?.groupsReused += 1
      return current.values[index]
    }
    var kept: Kept
    if let recent = previous.removeValue(forKey: key) {
      kept = recent
    } else if let entry = idle.removeValue(forKey: key) {
      idleBytes -= entry.kept.bytes
      kept = entry.kept
      counters?.idleGroupsReused += 1
    } else {
      return nil
    }
    kept.wasReused = true
    current[key] = kept
    counters?.groupsReused += 1
    return kept
  }

  /// Where an alpha-only group has ink, or `nil` when it is not an 8-bit image or its ink is
  /// too scattered for runs to pay: runs take at most the mask's own bytes (a lattice tile's
  /// take a few percent); a mask of scattered specks would cost more memory in runs than in
  /// pixels, and visiting a run per speck is no faster than pixman's walk.
  private static func coverageRuns(of pattern: OpaquePointer) -> InkRuns? {
    guard let surface = CairoBackend.imageSurface(behind: pattern, format: CAIRO_FORMAT_A8) else { return nil }
    cairo_surface_flush(surface)
    guard let data = cairo_image_surface_get_data(surface) else { return nil }
    let height = Int(cairo_image_surface_get_height(surface))
    let bytesPerRow = Int(cairo_image_surface_get_stride(surface))
    let runs = InkRuns(coverage: data, width: Int(cairo_image_surface_get_width(surface)), height: height, bytesPerRow: bytesPerRow)
    return runs.byteCount <= height * bytesPerRow ? runs : nil
  }

  /// Told each group composited from what was kept, for a test that asked.
  let counters: RenderCounters?
  /// Groups idle now, and their bytes (for the tests).
  var idleCount: Int { idle.count }
  var heldIdleBytes: Int { idleBytes }

  /// The bytes of a group's surface (an image surface's rows; other surfaces count nothing
  /// here, as Cairo keeps their memory).
  private static func surfaceBytes(of pattern: OpaquePointer) -> Int {
    guard let surface = CairoBackend.imageSurface(behind: pattern) else { return 0 }
    return Int(cairo_image_surface_get_stride(surface)) * Int(cairo_image_surface_get_height(surface))
  }

  /// Keeps a group for later frames (the cache takes its own reference), with its coverage's
  /// runs when `scanningCoverage` (an alpha-only group laid in one colour): scanned once
  /// here, used by every frame that finds the group kept. Returns what it keeps.
  @discardableResult
  func store(_ pattern: OpaquePointer, for key: Key, scanningCoverage: Bool = false) -> Kept {
    let runs = scanningCoverage ? Self.coverageRuns(of: pattern) : nil
    let kept = Kept(
      pattern: cairo_pattern_reference(pattern), coverageRuns: runs,
      bytes: Self.surfaceBytes(of: pattern) + (runs?.byteCount ?? 0))
    if let replaced = current.updateValue(kept, forKey: key) {
      cairo_pattern_destroy(replaced.pattern)
    }
    return kept
  }

  /// Records that `key` is asked for this frame; whether it was asked for in the previous
  /// frame too (a group that holds still from frame to frame is worth keeping).
  func wasAskedForLastFrame(_ key: Key) -> Bool {
    currentRequests.insert(key)
    return previousRequests.contains(key)
  }

  /// Counts `bytes` of held content against this frame's allowance; false when they do not fit.
  func holds(bytes: Int) -> Bool {
    guard heldBytes + bytes <= heldBytesPerFrame else { return false }
    heldBytes += bytes
    return true
  }

  /// Makes the groups of the frame before the one just drawn that it did not use idle, and drops
  /// the idle groups used longest ago until the rest fit `idleByteLimit`.
  ///
  /// Only a group that has been reused goes idle: a layer that held still is likely to hold
  /// still there again, while a group drawn once (a layer moving through a new place each
  /// frame) would only push those out.
  func endFrame() {
    for (key, kept) in previous {
      guard kept.wasReused else {
        cairo_pattern_destroy(kept.pattern)
        continue
      }
      if let replaced = idle.updateValue(Idle(kept: kept, lastUsedFrame: frame - 1), forKey: key) {
        idleBytes -= replaced.kept.bytes
        cairo_pattern_destroy(replaced.kept.pattern)
      }
      idleBytes += kept.bytes
    }
    if idleBytes > idleByteLimit {
      for (key, entry) in idle.sorted(by: { $0.value.lastUsedFrame < $1.value.lastUsedFrame }) {
        guard idleBytes > idleByteLimit else { break }
        idle.removeValue(forKey: key)
        idleBytes -= entry.kept.bytes
        cairo_pattern_destroy(entry.kept.pattern)
      }
    }
    frame += 1
    previous = current
    current = [:]
    previousRequests = currentRequests
    currentRequests = []
    heldBytes = 0
  }
}
