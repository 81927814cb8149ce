import Foundation
import SplashEncode

/// The memory a render will need, estimated from its frame size, its workers and its outputs,
/// set against the memory the machine (or the container) has available.
///
/// The estimate is linear in the frame's pixels (measured peak RSS on fuber, see the Limits
/// section of docs/errors.md):
///
///     fixed      = 128 MiB + pixels × (Σ videos (encoder + 3 pictures) + 4 × other outputs)
///     per worker = pixels × (28 + Σ videos (2 pictures + conversion buffer) + 4 × other outputs)
///
/// A worker holds its frame (4 bytes a pixel), Cairo's groups (up to another frame's worth), the
/// masked layers' groups it keeps from frame to frame (up to four frames' worth) and its moving
/// layers' backing stores (one frame's worth), and, for
/// each video, the two pictures in flight that the pipeline's window gives it (`2 × workers +
/// 2` slots, plus the one the encoder keeps) and a straight-alpha buffer for the formats with
/// alpha. The encoder's own memory (reference frames, look-ahead, tokens) is
/// `VideoFormat.encoderBytesPerPixel`. Workers are reduced until the estimate fits
/// `usableShare` of the available memory; a render that does not fit with one worker is
/// refused before any frame is drawn.
public struct MemoryBudget {
  /// Bytes the process may use: `MemAvailable`, or what the cgroup v2 limit leaves when lower.
  public var availableBytes: Int

  /// The share of the available memory a render plans to fill: the rest is left for the page
  /// cache, other processes and the estimate's error.
  public static let usableShare = 0.75
  /// The process before any frame: the Swift runtime, libraries, fonts, the scene (and the
  /// 8 MiB floor of a worker's backing stores, `BackingStoreCache.minimumByteLimit`).
  public static let baseBytes = 128 << 20
  /// A worker's frame (BGRA), an allowance for Cairo's groups and shadow buffers, the
  /// masked layers' groups its backend keeps from frame to frame (at most two frames' pixels in each
  /// of two frames: `GroupCache.heldBytesPerFrame`), the groups it keeps idle for a later frame
  /// (one frame's pixels: `GroupCache.idleByteLimit`), its moving layers' backing stores (one
  /// frame's pixels: `BackingStoreCache.byteLimit`) and its shapes' kept coverage (two bytes a
  /// pixel: `ShapeCoverageCache.byteLimit`).
  public static let renderBytesPerPixel = 34.0
  /// Replaces the machine's available memory (bytes): for tests, and to set a budget by hand.
  public static let overrideVariable = "SPLASHVID_AVAILABLE_MEMORY"

  /// What a render of `width` × `height` writes: one format per video output, and the number
  /// of other outputs (GIF, PNG sequence, poster), each costed as a frame (4 bytes a pixel)
  /// once and once more per worker: an allowance, not a measurement.
  public struct Work {
    public var width: Int
    public var height: Int
    public var videoFormats: [VideoFormat]
    public var otherOutputs: Int
    /// The decoded pixels of the scene's images (`ImageBudget`), which every worker keeps,
    /// with the halved copies it draws an image from when it is shown at half size or less (a
    /// third more at most: a quarter, a sixteenth, …).
    public var imagePixels = 0

    public var pixels: Int { width * height }

    /// Bytes that do not depend on the number of workers.
    public var fixedBytes: Int {
      let perPixel = videoFormats.reduce(4.0 * Double(otherOutputs)) {
        $0 + $1.encoderBytesPerPixel + 3 * $1.pictureBytesPerPixel
      }
      return MemoryBudget.baseBytes + Int(Double(pixels) * perPixel)
    }

    /// Bytes each worker adds.
    public var bytesPerWorker: Int {
      let perPixel = videoFormats.reduce(MemoryBudget.renderBytesPerPixel + 4.0 * Double(otherOutputs)) {
        $0 + 2 * $1.pictureBytesPerPixel + $1.conversionBytesPerPixel
      }
      return Int(Double(pixels) * perPixel) + 4 * imagePixels + 4 * imagePixels / 3
    }

    /// The estimate for `workers` workers.
    public func bytes(workers: Int) -> Int { fixedBytes + workers * bytesPerWorker }
  }

  /// A render that does not fit in memory even with one worker.
  public struct Shortfall: Error, CustomStringConvertible {
    public var description: String
  }

  /// The workers to use for `work`: `requested`, or fewer when their estimate does not fit,
  /// with one warning through `warn`.
  ///
  /// - Throws: `Shortfall` when one worker does not fit either.
  public func workers(_ requested: Int, for work: Work, isDefault: Bool = false, warn: (String) -> Void) throws -> Int {
    let usable = Int(Double(availableBytes) * Self.usableShare)
    let size = "\(work.width)x\(work.height)"
    guard work.bytes(workers: 1) <= usable else {
      throw Shortfall(
        description: "\(size) needs about \(Self.gigabytes(work.bytes(workers: 1))) GB with one worker"
          + Self.formatsClause(work) + "; about \(Self.gigabytes(availableBytes)) GB is available and a render plans on "
          + "\(Int(Self.usableShare * 100)) % of it: use a smaller --size or fewer outputs, or free memory")
    }
    let fitting = min(requested, max(1, (usable - work.fixedBytes) / max(work.bytesPerWorker, 1)))
    if fitting < requested {
      let asked = isDefault ? "\(requested) workers (one per core)" : "--workers \(requested)"
      warn(
        "\(asked) at \(size) would need about \(Self.gigabytes(work.bytes(workers: requested))) GB; "
          + "using \(fitting) (about \(Self.gigabytes(availableBytes)) GB available)")
    }
    return fitting
  }

  /// The workers a render of `outputs` at `width` × `height` runs with, checked before any
  /// frame: `requested` (by default one per core), or fewer to fit this process's memory
  /// (warning once through `warn`).
  ///
  /// - Throws: `UsageError` for a frame larger than a format takes (VP9 beyond its level 6.2),
  ///   `Shortfall` when one worker does not fit the memory available.
  public static func workers(
    requested: Int?, width: Int, height: Int, outputs: [RenderOutput], imagePixels: Int = 0, environment: [String: String],
    warn: (String) -> Void
  ) throws -> Int {
    let formats = outputs.compactMap(\.format)
    for format in formats {
      if let maximum = format.maximumPixelCount, width * height > maximum {
        throw UsageError(
          "--size \(width)x\(height): \(format.displayName) takes at most \(maximum) pixels a frame (VP9 level 6.2, "
            + "such as 8192x4352); use a smaller --size, or .mov or .mp4")
      }
    }
    let count = requested ?? ProcessInfo.processInfo.activeProcessorCount
    guard let budget = current(environment: environment) else { return count }
    var work = Work(width: width, height: height, videoFormats: formats, otherOutputs: outputs.count - formats.count)
    work.imagePixels = imagePixels
    return try budget.workers(count, for: work, isDefault: requested == nil, warn: warn)
  }

  private static func formatsClause(_ work: Work) -> String {
    guard !work.videoFormats.isEmpty else { return "" }
    return " (" + work.videoFormats.map(\.displayName).joined(separator: ", ") + ")"
  }

  /// Bytes in GB (10⁹) with one decimal, as the messages print them.
  public static func gigabytes(_ bytes: Int) -> String { String(format: "%.1f", Double(bytes) / 1e9) }

  /// The budget of this process: the override variable when set, or the machine's and the
  /// cgroup's available memory. `nil` when none can be read (no /proc: no cap).
  public static func current(environment: [String: String]) -> MemoryBudget? {
    if let text = environment[overrideVariable], let bytes = Int(text), bytes > 0 {
      return MemoryBudget(availableBytes: bytes)
    }
    let read = { (path: String) in try? String(contentsOfFile: path, encoding: .utf8) }
    guard
      let bytes = available(
        meminfo: read("/proc/meminfo") ?? "", cgroupLimit: read("/sys/fs/cgroup/memory.max"),
        cgroupUsage: read("/sys/fs/cgroup/memory.current"))
    else { return nil }
    return MemoryBudget(availableBytes: bytes)
  }

  /// The available bytes from the text of /proc/meminfo (`MemAvailable:  123 kB`) and of a
  /// cgroup v2 `memory.max` (bytes, or `max` for none) and `memory.current`: the smaller of
  /// the machine's available memory and what the limit leaves.
  public static func available(meminfo: String, cgroupLimit: String?, cgroupUsage: String?) -> Int? {
    let machine = meminfo.split(separator: "\n").lazy.compactMap { line -> Int? in
      let fields = line.split(separator: " ", omittingEmptySubsequences: true)
      guard fields.count >= 2, fields[0] == "MemAvailable:", let kibibytes = Int(fields[1]) else { return nil }
      return kibibytes * 1024
    }.first
    let limit = cgroupLimit.flatMap { Int($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
    let usage = cgroupUsage.flatMap { Int($0.trimmingCharacters(in: .whitespacesAndNewlines)) } ?? 0
    let container = limit.map { max($0 - usage, 0) }
    switch (machine, container) {
    case (let machine?, let container?): return min(machine, container)
    case (let machine?, nil): return machine
    case (nil, let container?): return container
    case (nil, nil): return nil
    }
  }
}
