import Foundation
import SplashCairo
import SplashCore
import SplashModel
import SplashOutput
import SplashRender
import Synchronization

/// The preview's frames: PNGs of the scene at a time, drawn by the same backend as `still`
/// and `render`, and kept for a while.
///
/// Bounded: at most `rendersInFlight` frames are drawn at once (each on a backend of its own,
/// kept for the next request), and at most `cacheByteLimit` bytes of PNGs are kept, dropping
/// those asked for longest ago. A scrubbing page asks for many frames; beyond the limit it
/// waits, and the server's connection limit bounds how many wait.
final class PreviewFrames: Sendable {
  static let rendersInFlight = 2
  static let cacheByteLimit = 48 * 1024 * 1024

  private let slots = DispatchSemaphore(value: PreviewFrames.rendersInFlight)
  private let backends = Mutex<[BackendBox]>([])
  private let cache = Mutex(FrameCache())

  init() {}

  /// The frame of `scene` at scene time `time`, `width` × `height` pixels, as PNG bytes.
  ///
  /// - Parameter version: The document's version of `scene`: frames of another are dropped.
  /// - Parameter variant: The parameter values `scene` was compiled with, as text.
  func png(of scene: Scene, version: Int, variant: String = "", at time: Double, width: Int, height: Int) throws -> [UInt8] {
    let key = FrameCache.Key(version: version, variant: variant, time: time, width: width, height: height)
    if let kept = cache.withLock({ $0.bytes(for: key) }) { return kept }
    slots.wait()
    defer { slots.signal() }
    let box = backends.withLock { $0.popLast() } ?? BackendBox()
    defer { backends.withLock { $0.append(box) } }
    guard let buffer = PixelBuffer(width: width, height: height) else {
      throw RenderError(stage: "allocating a preview frame", message: "\(width)x\(height) is too large")
    }
    let viewport = Viewport(canvasSize: scene.canvasSize, pixelWidth: width, pixelHeight: height)
    try box.backend.render(scene.presentation(at: time), viewport: viewport, into: buffer)
    let png = PreviewPNG.encoded(buffer)
    cache.withLock { $0.keep(png, for: key, limit: Self.cacheByteLimit) }
    return png
  }
}

/// A backend lent to one render at a time (the pool hands it out under a lock).
private final class BackendBox: @unchecked Sendable {
  // Unchecked: a box is used by one request at a time, between leaving the pool and returning.
  let backend = CairoBackend()
}

/// PNGs by time and size, the least recently asked for dropped past a byte limit.
private struct FrameCache: Sendable {
  struct Key: Hashable, Sendable {
    var version: Int
    var variant: String
    var time: Double
    var width: Int
    var height: Int
  }

  private var entries: [Key: (bytes: [UInt8], lastUse: Int)] = [:]
  private var clock = 0
  private var total = 0

  mutating func bytes(for key: Key) -> [UInt8]? {
    guard let entry = entries[key] else { return nil }
    clock += 1
    entries[key] = (entry.bytes, clock)
    return entry.bytes
  }

  mutating func keep(_ bytes: [UInt8], for key: Key, limit: Int) {
    guard bytes.count <= limit, entries[key] == nil else { return }
    // A new version of the document: the frames of the old one will not be asked for again.
    if let other = entries.keys.first, other.version != key.version {
      entries.removeAll()
      total = 0
    }
    clock += 1
    entries[key] = (bytes, clock)
    total += bytes.count
    while total > limit, let oldest = entries.min(by: { $0.value.lastUse < $1.value.lastUse }) {
      total -= oldest.value.bytes.count
      entries[oldest.key] = nil
    }
  }
}
