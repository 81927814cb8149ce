import Foundation
import SplashCairo
import SplashCore
import SplashHTTP
import SplashModel
import SplashOutput
import SplashRender

/// The preview's frames: PNGs of the scene at a time, drawn by the same backend as `still`
/// and `render`, and kept for a while.
///
/// Bounded: at most `limits.drawing` frames are drawn at once (each on a backend of its own,
/// kept for the next request) and `limits.waiting` wait their turn (`PreviewFrameQueue`); a
/// frame beyond is a 503 with `Retry-After`, and a waiting frame whose client left, or whose
/// deadline passed, is never drawn. At most `cacheByteLimit` bytes of PNGs are kept, dropping
/// those asked for longest ago. The backends keep pictures of the frame's size from frame to
/// frame (a 4096² frame's are hundreds of megabytes): once no frame has been drawn or asked
/// for in `limits.idleRelease`, they are let go (the next frame draws on a new one).
///
/// What the backend warns of while drawing (a font that is not installed, and what stands in
/// for it) is kept for the document's version and its parameter values, as `render` prints
/// it: a font typed on the page and then corrected is not listed once frames use the right
/// one, and one chosen again is listed again, even when its frames come from the cache. The
/// command prints each warning once a version, however often the page goes back to it.
final class PreviewFrames: Sendable {
  /// How much frame work is taken on at once, and how long backends are kept idle.
  struct Limits: Sendable {
    /// Frames drawn at once (the page asks for two at a time while it plays).
    var drawing = 2
    /// Frames waiting their turn: a scrub's, while two are drawn.
    var waiting = 4
    /// How long the backends are kept once no frame is asked for.
    var idleRelease: Duration = .seconds(10)
  }

  static let cacheByteLimit = 48 * 1024 * 1024
  /// The most drawing warnings kept for one set of parameter values.
  static let warningLimit = 20
  /// The most sets of parameter values whose warnings are kept for a version; past it, all
  /// are forgotten and the next frames drawn say theirs again (a page typing a font name
  /// letter by letter makes one set a keystroke).
  static let variantLimit = 64

  /// The version the backends draw, the backends not lent out, and what they warned of.
  private struct Backends: Sendable {
    var version = 0
    var idle: [BackendBox] = []
    /// Drawing warnings by parameter values (`variant`), each worded as `render` words it.
    var warnings: [String: [String]] = [:]
    /// The warnings printed for this version.
    var printed: Set<String> = []
  }

  let limits: Limits
  let queue: PreviewFrameQueue
  private let backends = Locked(Backends())
  private let cache = Locked(FrameCache())
  /// Frames drawn so far, and frames asked for that were not in the cache: an idle release
  /// goes ahead only if none was asked for since it was planned.
  private let activity = Locked((drawn: 0, asked: 0))
  private let log: @Sendable (String) -> Void

  /// - Parameter log: Told each drawing warning once a version, as `render` prints it.
  init(limits: Limits = Limits(), log: @escaping @Sendable (String) -> Void = { _ in }) {
    self.limits = limits
    queue = PreviewFrameQueue(drawingLimit: limits.drawing, waitingLimit: limits.waiting)
    self.log = log
  }

  /// Frames drawn so far, not counting those from the cache.
  var drawnCount: Int { activity.withLock { $0.drawn } }

  /// Backends kept for the next frames.
  var idleBackendCount: Int { backends.withLock { $0.idle.count } }

  /// What drawing frames of `version` with the parameter values `variant` warned of so far.
  func warnings(version: Int, variant: String) -> [String] {
    backends.withLock { $0.version == version ? $0.warnings[variant] ?? [] : [] }
  }

  /// The frame of `scene` at scene time `time`, `width` × `height` pixels, as PNG bytes.
  ///
  /// - Parameters:
  ///   - version: The document's version of `scene`: frames of another are dropped.
  ///   - variant: The parameter values `scene` was compiled with, as text.
  ///   - client: Whether anyone still waits for the frame: one that no one waits for is not
  ///     drawn, or not encoded once drawn.
  /// - Throws: `HTTPRefusal` 503 when too many frames wait already, or when no one waits for
  ///   this one any more; the backend's error when it cannot draw.
  func png(
    of scene: Scene, version: Int, variant: String = "", at time: Double, width: Int, height: Int, client: HTTPClientWait = .patient
  ) throws -> [UInt8] {
    let key = FrameCache.Key(version: version, variant: variant, time: time, width: width, height: height)
    if let kept = cache.withLock({ $0.bytes(for: key) }) { return kept }
    activity.withLock { $0.asked += 1 }
    switch queue.enter(for: client) {
    case .full:
      throw HTTPRefusal(
        status: 503, reason: "\(limits.drawing + limits.waiting) frames are being drawn or wait already; ask again in a moment",
        retryAfter: 1)
    case .abandoned: throw Self.abandoned
    case .admitted: break
    }
    defer {
      queue.leave()
      planIdleRelease()
    }
    // Drawn by a request ahead in the queue (the page asks again for a frame it awaits).
    if let kept = cache.withLock({ $0.bytes(for: key) }) { return kept }
    let box = lend(version: version)
    defer { backends.withLock { if $0.version == version { $0.idle.append(box) } } }
    guard let buffer = PixelBuffer(width: width, height: height) else {
      throw RenderError(stage: "allocating a preview frame", message: "\(width)x\(height) is too large")
    }
    let viewport = Viewport(canvasSize: scene.canvasSize, pixelWidth: width, pixelHeight: height)
    // A backend says each warning once; drawn with other values, it must say them afresh.
    if box.variant != variant {
      box.backend.forgetWarnings()
      box.variant = variant
    }
    try box.backend.render(scene.presentation(at: time), viewport: viewport, into: buffer)
    activity.withLock { $0.drawn += 1 }
    note(box.takeWarnings(), version: version, variant: variant)
    // Encoding a large frame takes a good part of its time: not for a client that left.
    if client.isAbandoned { throw Self.abandoned }
    let png = PreviewPNG.encoded(buffer)
    cache.withLock { $0.keep(png, for: key, limit: Self.cacheByteLimit) }
    return png
  }

  /// What a frame no one waits for any more is answered (no one reads it).
  private static let abandoned = HTTPRefusal(
    status: 503, reason: "the frame's client left, or its deadline passed, before it was drawn", retryAfter: 1)

  /// Lets the backends go once no frame has been asked for in `limits.idleRelease`.
  private func planIdleRelease() {
    let asked = activity.withLock { $0.asked }
    let delay = limits.idleRelease.components
    let nanoseconds = Int(delay.seconds) * 1_000_000_000 + Int(delay.attoseconds / 1_000_000_000)
    DispatchQueue.global().asyncAfter(deadline: .now() + .nanoseconds(nanoseconds)) { [weak self] in
      self?.releaseIfIdle(asked: asked)
    }
  }

  private func releaseIfIdle(asked: Int) {
    guard activity.withLock({ $0.asked == asked }), queue.counts == (0, 0) else { return }
    // Taken out under the lock, freed outside it, before the memory is handed back.
    var released = backends.withLock { backends -> [BackendBox] in
      defer { backends.idle.removeAll() }
      return backends.idle
    }
    let count = released.count
    released.removeAll()
    guard count > 0 else { return }
  }

  /// A backend for a frame of `version`: an idle one, or a new one.
  private func lend(version: Int) -> BackendBox {
    backends.withLock { backends in
      if backends.version != version {
        // A new version: the old backends said their warnings already, and may not apply.
        backends = Backends(version: version)
      }
      return backends.idle.popLast() ?? BackendBox()
    }
  }

  /// Keeps what drawing a frame of `version` with `variant` said, and prints what this
  /// version has not printed yet.
  private func note(_ messages: [String], version: Int, variant: String) {
    guard !messages.isEmpty else { return }
    // Worded as render words it (`WarningLog`).
    let fresh = backends.withLock { backends -> [String] in
      guard backends.version == version else { return [] }
      if backends.warnings[variant] == nil, backends.warnings.count >= Self.variantLimit { backends.warnings.removeAll() }
      var kept = backends.warnings[variant] ?? []
      var fresh: [String] = []
      for warning in messages.map({ "warning: \($0)" }) where !kept.contains(warning) && kept.count < Self.warningLimit {
        kept.append(warning)
        if backends.printed.insert(warning).inserted { fresh.append(warning) }
      }
      backends.warnings[variant] = kept
      return fresh
    }
    for warning in fresh { log("splashvid: \(warning)") }
  }
}

/// A backend lent to one render at a time (the pool hands it out under a lock), with what it
/// warned of during that render.
private final class BackendBox: @unchecked Sendable {
  // Unchecked: a box is used by one request at a time, between leaving the pool and returning.
  let backend: CairoBackend
  /// The parameter values of the last frame drawn; `nil` before the first.
  var variant: String?
  private let said: WarningList

  init() {
    let said = WarningList()
    self.said = said
    backend = CairoBackend { said.messages.append($0) }
  }

  /// What the backend warned of since the last call.
  func takeWarnings() -> [String] {
    defer { said.messages.removeAll() }
    return said.messages
  }
}

/// The messages a backend warned of, held apart from it so that its warning closure can
/// append to them.
private final class WarningList: @unchecked Sendable {
  // Unchecked: used only by the request that holds the box it belongs to.
  var messages: [String] = []
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
