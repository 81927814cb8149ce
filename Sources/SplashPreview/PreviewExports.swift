import Dispatch
import Foundation
import SplashCore
import SplashFiles
import SplashHTTP
import SplashOutput
import SplashPipeline

/// The export panel's renders: each a `RenderJob`, as `render` builds and runs it, in the
/// background, one at a time, with its progress kept for the page to show.
///
/// The server names every file, in `folder`, after the preset: `fuber.mp4`, then `fuber-2.mp4`
/// when that name is taken (on disk, or by an export not yet written). That choice is made
/// when the export is queued; the name is claimed only when the file is put in place
/// (`OutputFile.Placement.keepingExisting`), and if another preview sharing the folder, or the
/// user, has taken it by then, the export takes the next free one and the list says which: an
/// export never replaces a file. As with `render`, a file appears whole or not at all; a
/// cancelled or failed export leaves nothing.
///
/// Bounded: at most `waitingLimit` exports wait behind the one rendering, and the last
/// `keptLimit` are listed.
final class PreviewExports: Sendable {
  static let waitingLimit = 4
  static let keptLimit = 20

  /// One export as the page lists it.
  struct Export: Sendable {
    enum State: String, Sendable {
      case waiting, rendering, done, failed, cancelled
    }
    var id: Int
    /// The file's name in the exports folder (a PNG sequence's: its folder's).
    var name: String
    var path: String
    var format: PreviewExportRequest.Format
    var state = State.waiting
    var framesDone = 0
    var frameCount = 0
    /// The render's last line: its summary when done, the reason when it failed.
    var message = ""
    var isFinished: Bool { state == .done || state == .failed || state == .cancelled }
  }

  private struct Queue: Sendable {
    var exports: [Export] = []
    var nextID = 1
    var cancellations: [Int: CancellationFlag] = [:]
  }

  let folder: URL
  private let source: PresetSource
  private let stem: String
  private let environment: [String: String]
  private let log: @Sendable (String) -> Void
  private let queue = Locked(Queue())
  private let renderer = DispatchQueue(label: "splashvid.preview.export")

  /// Exports of `source`, written to `folder` (made when the first export completes).
  init(source: PresetSource, folder: URL, environment: [String: String], log: @escaping @Sendable (String) -> Void) {
    self.source = source
    self.folder = folder.standardizedFileURL
    self.environment = environment
    self.log = log
    stem = Self.stem(of: source)
  }

  /// Queues an export and returns it as listed.
  ///
  /// - Throws: `HTTPRefusal`: 400 for options `render` refuses, 429 when `waitingLimit`
  ///   exports already wait.
  func start(_ request: PreviewExportRequest) throws -> Export {
    let cancellation = CancellationFlag()
    let (export, job) = try queue.withLock { queue -> (Export, RenderJob) in
      guard queue.exports.filter({ $0.state == .waiting }).count < Self.waitingLimit else {
        throw HTTPRefusal(status: 429, reason: "\(Self.waitingLimit) exports are waiting already; wait for one to finish")
      }
      let name = freeName(for: request.format, taken: Set(queue.exports.filter { !$0.isFinished }.map(\.name)))
      let path = folder.appendingPathComponent(name).path
      var job: RenderJob
      do {
        job = try request.job(source: source, path: path, stem: stem)
      } catch {
        throw PreviewExportRequest.refusal(error)
      }
      job.placement = .keepingExisting
      let export = Export(id: queue.nextID, name: name, path: path, format: request.format)
      queue.nextID += 1
      queue.exports.append(export)
      queue.cancellations[export.id] = cancellation
      let finished = queue.exports.indices.filter { queue.exports[$0].isFinished }
      if queue.exports.count > Self.keptLimit, let oldest = finished.first { queue.exports.remove(at: oldest) }
      return (export, job)
    }
    renderer.async { self.render(job, id: export.id, cancellation: cancellation) }
    return export
  }

  /// Cancels an export that waits or renders; `false` when there is none of that id.
  func cancel(id: Int) -> Bool {
    queue.withLock { queue in
      guard let flag = queue.cancellations[id] else { return false }
      flag.cancel()
      return true
    }
  }

  /// Every export listed, oldest first.
  var exports: [Export] { queue.withLock { $0.exports } }

  /// Cancels every export and waits until the one rendering has stopped and removed what it began.
  func stop() {
    queue.withLock { queue in
      for flag in queue.cancellations.values { flag.cancel() }
    }
    renderer.sync {}
  }

  private func render(_ job: RenderJob, id: Int, cancellation: CancellationFlag) {
    guard !cancellation.isCancelled else { return finish(id, state: .cancelled, message: "cancelled before it began") }
    update(id) { $0.state = .rendering }
    let progress = ExportProgress { done, count in
      self.update(id) {
        $0.framesDone = done
        $0.frameCount = count
      }
    }
    let name = exports.first { $0.id == id }?.name ?? ""
    do {
      let written = try job.run(environment: environment, cancellation: cancellation, progress: progress) { line in
        self.log("preview: export \(name): \(line)")
        self.update(id) { $0.message = line }
      }
      // The name the file (or the frames' folder) took, which another may have made it change.
      if let path = written.first {
        let relative = path.hasPrefix(folder.path + "/") ? String(path.dropFirst(folder.path.count + 1)) : path
        let taken = String(relative.prefix { $0 != "/" })
        update(id) {
          $0.name = taken
          $0.path = folder.appendingPathComponent(taken).path
        }
      }
      finish(id, state: .done, message: exports.first { $0.id == id }?.message ?? "")
    } catch is PipelineCancelled {
      finish(id, state: .cancelled, message: "cancelled; nothing was written")
    } catch {
      log("preview: export \(name) failed: \(error)")
      finish(id, state: .failed, message: "\(error)")
    }
  }

  private func update(_ id: Int, _ change: (inout Export) -> Void) {
    queue.withLock { queue in
      guard let index = queue.exports.firstIndex(where: { $0.id == id }) else { return }
      change(&queue.exports[index])
    }
  }

  private func finish(_ id: Int, state: Export.State, message: String) {
    update(id) {
      $0.state = state
      $0.message = message
    }
    _ = queue.withLock { $0.cancellations.removeValue(forKey: id) }
  }

  /// The first of `fuber.mp4`, `fuber-2.mp4`, … (`fuber-hevc-2.mp4`, `fuber-frames-2`: numbered
  /// as `OutputFile` numbers a name that is taken when the file is put in place) that is
  /// neither on disk nor in `taken`.
  private func freeName(for format: PreviewExportRequest.Format, taken: Set<String>) -> String {
    let first = stem + format.suffix
    for number in 1... {
      let name = number == 1 ? first : OutputFile.numbered(first, number)
      if !taken.contains(name), !FileManager.default.fileExists(atPath: folder.appendingPathComponent(name).path) { return name }
    }
    preconditionFailure("unreachable")
  }

  /// The preset's name, or the file's without its extension, in letters, digits, `-` and `_`.
  static func stem(of source: PresetSource) -> String {
    let name: String =
      switch source.origin {
      case .named(let name, _): name
      case .file(let path): ((path as NSString).lastPathComponent as NSString).deletingPathExtension
      }
    let plain = String(name.map { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") ? $0 : "-" })
    return plain.isEmpty || plain.allSatisfy({ $0 == "-" }) ? "export" : plain
  }

  /// The list as `/exports.json` serves it.
  func description() -> String {
    let items = exports.map { export in
      "{\"id\": \(export.id), \"name\": \(JSONText.quote(export.name)), \"path\": \(JSONText.quote(export.path)), "
        + "\"format\": \(JSONText.quote(export.format.rawValue)), \"state\": \(JSONText.quote(export.state.rawValue)), "
        + "\"framesDone\": \(export.framesDone), \"frameCount\": \(export.frameCount), \"message\": \(JSONText.quote(export.message))}"
    }
    return "{\"folder\": \(JSONText.quote(folder.path)), \"exports\": [\(items.joined(separator: ", "))]}"
  }
}

/// An export's progress, handed on as frames done of frames in all.
private final class ExportProgress: RenderProgress {
  private let report: (Int, Int) -> Void
  private var frameCount = 0

  init(report: @escaping (Int, Int) -> Void) { self.report = report }

  func start(frames: Int) {
    frameCount = frames
    report(0, frames)
  }

  func update(_ done: Int) { report(done, frameCount) }

  func finish() { report(frameCount, frameCount) }
}
