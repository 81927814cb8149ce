/// A buffer of ARGB32 words a backend reuses for pictures it shades itself, grown on demand
/// and never shrunk (its users ask for bounded sizes: a gradient band is at most
/// `CairoBackend.gradientBandPixels`).
final class ScratchPixels {
  private var storage: UnsafeMutablePointer<UInt32>?
  private var capacity = 0

  /// At least `count` words, valid until the next call.
  func words(_ count: Int) -> UnsafeMutablePointer<UInt32> {
    if let storage, count <= capacity { return storage }
    storage?.deallocate()
    capacity = max(count, 1)
    let fresh = UnsafeMutablePointer<UInt32>.allocate(capacity: capacity)
    storage = fresh
    return fresh
  }

  deinit { storage?.deallocate() }
}
