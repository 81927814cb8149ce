import Foundation
import SplashCore

/// What happened to one clip of a batch.
struct BatchResult: Sendable {
  enum Status: String, Sendable {
    case rendered, skipped, failed
  }

  var clip: BatchClip
  var outputPath: String
  var status: Status
  var seconds: Double
  var error: String?
  /// Something the user should know about a clip that still rendered.
  var warning: String? = nil

  /// The error or warning, for the progress line and the summary.
  var remark: String? { error ?? warning.map { "warning: \($0)" } }
}

/// Collects results from concurrent clips and prints one line per finished clip.
final class BatchTracker: @unchecked Sendable {
  private let lock = NSLock()
  private let total: Int
  private let log: (String) -> Void
  private let started = Date()
  private var inFlight: [String] = []
  private(set) var collected: [BatchResult] = []

  init(total: Int, log: @escaping (String) -> Void) {
    self.total = total
    self.log = log
  }

  var results: [BatchResult] {
    lock.lock()
    defer { lock.unlock() }
    return collected
  }

  func started(_ clip: BatchClip) {
    lock.lock()
    inFlight.append(clip.output)
    lock.unlock()
  }

  func finished(_ clip: BatchClip, _ result: BatchResult) {
    lock.lock()
    collected.append(result)
    inFlight.removeAll { $0 == clip.output }
    let done = collected.count
    let elapsed = Date().timeIntervalSince(started)
    let eta = done > 0 ? elapsed / Double(done) * Double(total - done) : 0
    let flying = inFlight.isEmpty ? "" : "; in flight: \(inFlight.joined(separator: ", "))"
    let line = String(
      format: "[%d/%d] %@ %@ (%.1f s), about %.0f s left%@", done, total, clip.output, result.status.rawValue, result.seconds, eta,
      flying)
    lock.unlock()
    log(line + (result.remark.map { ": \($0)" } ?? ""))
  }
}

/// The end-of-batch summary and the JSON report.
enum BatchReport {
  static func table(_ results: [BatchResult]) -> [String] {
    let ordered = results.sorted { $0.clip.origin < $1.clip.origin || ($0.clip.origin == $1.clip.origin && $0.clip.output < $1.clip.output) }
    var lines = ordered.map { result in
      let name = result.clip.output.padding(toLength: max(28, result.clip.output.count), withPad: " ", startingAt: 0)
      return String(format: "%@ %-8@ %7.1f s%@", name, result.status.rawValue, result.seconds, result.remark.map { "  \($0)" } ?? "")
    }
    let counts = [BatchResult.Status.rendered, .skipped, .failed].map { status in "\(results.filter { $0.status == status }.count) \(status.rawValue)" }
    lines.append("\(results.count) clips: \(counts.joined(separator: ", "))")
    return lines
  }

  static func write(_ results: [BatchResult], to path: String) throws {
    let entries: [[String: Any]] = results.sorted { $0.clip.output < $1.clip.output }.map { result in
      var entry: [String: Any] = [
        "output": result.outputPath, "preset": result.clip.preset, "source": result.clip.origin,
        "status": result.status.rawValue, "seconds": (result.seconds * 1000).rounded() / 1000,
      ]
      if let error = result.error { entry["error"] = error }
      if let warning = result.warning { entry["warning"] = warning }
      return entry
    }
    let data = try JSONSerialization.data(withJSONObject: ["clips": entries], options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])
    let output = try OutputFile(destination: path)
    try data.write(to: URL(fileURLWithPath: output.temporaryPath))
    try output.commit()
  }
}
