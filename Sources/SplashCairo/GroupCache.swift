import CCairo
import SplashModel

/// Opacity groups of layers that draw exactly as they did in the previous frame, kept so they
/// are composited again instead of drawn again.
///
/// A group is reused only when everything that decides its pixels is equal: the layer's
/// presented subtree (its own opacity aside, which is applied when compositing), the
/// user-to-device matrix and the clip. Then the group surface would come out byte for byte the
/// same, so the frame does too. fuber's tiles hold still for most of each cycle while they
/// fade, which is where this pays. Entries live for one frame after their last use; one cache
/// belongs to one backend (one worker).
final class GroupCache {
  struct Key: Hashable {
    var layer: PresentationLayer
    var matrix: [Double]
    var clip: [Double]

    /// Hashes the cheap parts only; equality still compares the whole subtree.
    func hash(into hasher: inout Hasher) {
      hasher.combine(layer.id)
      hasher.combine(matrix)
      hasher.combine(clip)
    }
  }

  private var previous: [Key: OpaquePointer] = [:]
  private var current: [Key: OpaquePointer] = [:]

  deinit {
    for pattern in previous.values { cairo_pattern_destroy(pattern) }
    for pattern in current.values { cairo_pattern_destroy(pattern) }
  }

  /// The key for drawing `layer` now, in the context's current state.
  static func key(for layer: PresentationLayer, in cairo: OpaquePointer) -> Key {
    var content = layer
    content.properties.opacity = 1
    var matrix = cairo_matrix_t()
    cairo_get_matrix(cairo, &matrix)
    var left = 0.0
    var top = 0.0
    var right = 0.0
    var bottom = 0.0
    cairo_clip_extents(cairo, &left, &top, &right, &bottom)
    return Key(
      layer: content, matrix: [matrix.xx, matrix.yx, matrix.xy, matrix.yy, matrix.x0, matrix.y0],
      clip: [left, top, right, bottom])
  }

  /// A group drawn for an equal key in this frame or the previous one.
  func pattern(for key: Key) -> OpaquePointer? {
    if let pattern = current[key] { return pattern }
    guard let pattern = previous.removeValue(forKey: key) else { return nil }
    current[key] = pattern
    return pattern
  }

  /// Keeps a group for later frames (the cache takes its own reference).
  func store(_ pattern: OpaquePointer, for key: Key) {
    if let replaced = current.updateValue(cairo_pattern_reference(pattern), forKey: key) {
      cairo_pattern_destroy(replaced)
    }
  }

  /// Drops the groups the frame just drawn did not use.
  func endFrame() {
    for pattern in previous.values { cairo_pattern_destroy(pattern) }
    previous = current
    current = [:]
  }
}
