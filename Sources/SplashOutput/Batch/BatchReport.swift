import Foundation
import SplashCore
import SplashFiles
import SplashPresets

/// What happened to one clip of a batch.
public struct BatchResult: Sendable {
  public enum Status: String, Sendable {
    case rendered, skipped, failed
  }

  var clip: BatchClip
  public var outputPath: String
  public var status: Status
  public var seconds: Double
  public var error: String?
  /// Something the user should know about a clip that still rendered.
  public var warning: String? = nil

  /// The error or warning, for the progress line and the summary.
  public var remark: String? { error ?? warning.map { "warning: \($0)" } }
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

  /// Prints a line about a clip under way (from any of the batch's threads).
  func note(_ line: String) {
    lock.lock()
    defer { lock.unlock() }
    log(line)
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
public enum BatchReport {
  /// The end-of-batch table: one line a clip (by the row it came from), then the counts.
  public static func table(_ results: [BatchResult]) -> [String] {
    let ordered = results.sorted {
      $0.clip.origin < $1.clip.origin || ($0.clip.origin == $1.clip.origin && $0.clip.output < $1.clip.output)
    }
    var lines = ordered.map { result in
      let name = result.clip.output.padding(toLength: max(28, result.clip.output.count), withPad: " ", startingAt: 0)
      return String(format: "%@ %-8@ %7.1f s%@", name, result.status.rawValue, result.seconds, result.remark.map { "  \($0)" } ?? "")
    }
    let counts = [BatchResult.Status.rendered, .skipped, .failed].map { status in
      "\(results.filter { $0.status == status }.count) \(status.rawValue)"
    }
    lines.append("\(results.count) clips: \(counts.joined(separator: ", "))")
    return lines
  }

  /// Checks, before anything renders, that a report can be written at `path`: not a folder,
  /// in a folder that exists and is writable.
  ///
  /// - Throws: `UsageError` saying what is wrong and what to do.
  static func checkWritable(_ path: String, outputFolder: String) throws {
    if let part = TemporaryName.lookalike(in: path) {
      throw UsageError("--report \(path): \(TemporaryName.lookalikeReason(part))")
    }
    if let kind = InputFile.kind(of: path), kind != "a regular file" {
      throw UsageError("--report \(path): is \(kind), not a file; name a file for the report")
    }
    if path.split(separator: "/").contains(where: { $0 == BatchRecordFolder.name }) {
      throw UsageError("--report \(path) is inside a \(BatchRecordFolder.name) folder, where batches keep their records; name another file")
    }
    let parent = (path as NSString).deletingLastPathComponent
    let folder = parent.isEmpty ? "." : parent
    do {
      try OutputFile.checkReplaceable(path)
      try OutputFile.checkOutsideSystemFolders(path)
    } catch let error as OutputFileError {
      throw UsageError("--report \(path): \(error.reason)")
    }
    // The output folder is made before the report is written.
    if InputFile.kind(of: outputFolder) == nil, ConfinedPath.resolved(folder) == ConfinedPath.resolved(outputFolder) { return }
    guard InputFile.kind(of: folder) == "a directory" else {
      throw UsageError("--report \(path): its folder \(folder) does not exist; create it or name another file")
    }
    guard access(folder, W_OK) == 0 else {
      throw UsageError("--report \(path): its folder \(folder) is not writable; name another file")
    }
  }

  /// Checks that the report would not overwrite something the batch reads or writes: the
  /// manifest, a preset, an image of a row, a clip or a clip's record (which would also make
  /// the next run skip or redo the wrong clips).
  ///
  /// - Throws: `UsageError` naming what the report path is.
  static func checkNotAnInput(
    _ path: String, clips: [BatchClip], outputFolder: String, manifest: String?, folder: String
  ) throws {
    let report = ConfinedPath.resolved(path)
    func refuse(_ what: String) -> UsageError {
      UsageError("--report \(path) is \(what); name another file for the report")
    }
    if let manifest, ConfinedPath.resolved(manifest) == report { throw refuse("the manifest") }
    let presetFiles = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter(
      AnimationFolder.library(folder: folder).isFound)
    if let preset = presetFiles.first(where: { ConfinedPath.resolved("\(folder)/\($0)") == report }) {
      throw refuse("the preset \(folder)/\(preset)")
    }
    let outputRoot = ConfinedPath.resolved(outputFolder)
    for clip in clips {
      if ConfinedPath.resolved(clip.presetFile) == report { throw refuse("the preset of \(clip.origin)") }
      if clip.imageFiles.values.contains(report) { throw refuse("an image of \(clip.origin)") }
      let output =
        clip.output.contains("/") ? ConfinedPath.resolved("\(outputFolder)/\(clip.output)") : "\(outputRoot)/\(clip.output)"
      if output == report { throw refuse("the output of \(clip.origin)") }
      // A record in a hidden folder is refused by `checkWritable`; an earlier version's lies beside the clip.
      if BatchRecordFolder.legacyRecordPath(for: output) == report { throw refuse("the record of the output of \(clip.origin)") }
    }
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
    let data = try JSONSerialization.data(
      withJSONObject: ["clips": entries], options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])
    // JSONSerialization leaves format characters (U+202E) raw in strings; escaped, the report
    // reads the same to a program and shows a person the names as they are.
    var text = ""
    for scalar in String(decoding: data, as: UTF8.self).unicodeScalars {
      if scalar.needsVisibleEscape && scalar != "\n" { text += JSONText.escaped(scalar) } else { text.unicodeScalars.append(scalar) }
    }
    let output = try OutputFile(destination: path)
    try output.write(Array(text.utf8))
    try output.commit()
  }
}
