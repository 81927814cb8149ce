import Foundation
import SplashCairo
import SplashCore
import SplashModel
import SplashOutput
import SplashRender

/// The preview's frames: PNGs of the scene at a time, drawn by the same backend as `still`
/// and `render`, and kept for a while.
///
/// Bounded: at most `rendersInFlight` frames are drawn at once (each on a backend of its own,
/// kept for the next request), and at most `cacheByteLimit` bytes of PNGs are kept, dropping
/// those asked for longest ago. A scrubbing page asks for many frames; beyond the limit it
/// waits, and the server's connection limit bounds how many wait.
///
/// What the backend warns of while drawing (a font that is not installed, and what stands in
/// for it) is kept for the document's version, as `render` prints it: the backends are made
/// anew for each version, since each says a warning once.
final class PreviewFrames: Sendable {
  static let rendersInFlight = 2
  static let cacheByteLimit = 48 * 1024 * 1024
  /// The most drawing warnings kept for a version.
  static let warningLimit = 20

  /// The version the backends draw, the backends not lent out, and what they warned of.
  private struct Backends: Sendable {
    var version = 0
    var idle: [BackendBox] = []
    var warnings: [String] = []
  }

  private let slots = DispatchSemaphore(value: PreviewFrames.rendersInFlight)
  private let backends = Locked(Backends())
  private let cache = Locked(FrameCache())
  private let log: @Sendable (String) -> Void

  /// - Parameter log: Told each drawing warning once a version, as `render` prints it.
  init(log: @escaping @Sendable (String) -> Void = { _ in }) {
    self.log = log
  }

  /// What drawing frames of `version` warned of so far.
  func warnings(version: Int) -> [String] {
    backends.withLock { $0.version == version ? $0.warnings : [] }
  }

  /// The frame of `scene` at scene time `time`, `width` × `height` pixels, as PNG bytes.
  ///
  /// - Parameter version: The document's version of `scene`: frames of another are dropped.
  /// - Parameter variant: The parameter values `scene` was compiled with, as text.
  func png(of scene: Scene, version: Int, variant: String = "", at time: Double, width: Int, height: Int) throws -> [UInt8] {
    let key = FrameCache.Key(version: version, variant: variant, time: time, width: width, height: height)
    if let kept = cache.withLock({ $0.bytes(for: key) }) { return kept }
    slots.wait()
    defer { slots.signal() }
    let box = lend(version: version)
    defer { backends.withLock { if $0.version == version { $0.idle.append(box) } } }
    guard let buffer = PixelBuffer(width: width, height: height) else {
      throw RenderError(stage: "allocating a preview frame", message: "\(width)x\(height) is too large")
    }
    let viewport = Viewport(canvasSize: scene.canvasSize, pixelWidth: width, pixelHeight: height)
    try box.backend.render(scene.presentation(at: time), viewport: viewport, into: buffer)
    let png = PreviewPNG.encoded(buffer)
    cache.withLock { $0.keep(png, for: key, limit: Self.cacheByteLimit) }
    return png
  }

  /// A backend for a frame of `version`: an idle one, or a new one whose warnings are kept for it.
  private func lend(version: Int) -> BackendBox {
    backends.withLock { backends in
      if backends.version != version {
        // A new version: the old backends said their warnings already, and may not apply.
        backends = Backends(version: version)
      }
      if let idle = backends.idle.popLast() { return idle }
      return BackendBox { [weak self] warning in self?.note(warning, version: version) }
    }
  }

  private func note(_ message: String, version: Int) {
    // Worded as render words it (`WarningLog`).
    let warning = "warning: \(message)"
    let isNew = backends.withLock { backends in
      guard backends.version == version, !backends.warnings.contains(warning), backends.warnings.count < Self.warningLimit else {
        return false
      }
      backends.warnings.append(warning)
      return true
    }
    if isNew { log("splashvid: \(warning)") }
  }
}

/// A backend lent to one render at a time (the pool hands it out under a lock).
private final class BackendBox: @unchecked Sendable {
  // Unchecked: a box is used by one request at a time, between leaving the pool and returning.
  let backend: CairoBackend

  init(warn: @escaping @Sendable (String) -> Void) {
    backend = CairoBackend(warn: warn)
  }
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
