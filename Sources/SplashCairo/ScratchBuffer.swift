/// A buffer a backend reuses for the pictures and runs it works on itself, grown on demand and
/// never shrunk (its users ask for bounded sizes: a gradient band is at most
/// `CairoBackend.gradientBandPixels`, a run at most a frame's width).
final class ScratchBuffer<Element> {
  private var storage: UnsafeMutablePointer<Element>?
  private var capacity = 0

  /// Room for at least `count` elements, valid until the next call.
  func elements(_ count: Int) -> UnsafeMutablePointer<Element> {
    if let storage, count <= capacity { return storage }
    storage?.deallocate()
    capacity = max(count, 1)
    let fresh = UnsafeMutablePointer<Element>.allocate(capacity: capacity)
    storage = fresh
    return fresh
  }

  deinit { storage?.deallocate() }
}
