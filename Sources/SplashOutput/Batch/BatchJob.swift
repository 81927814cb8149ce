import Dispatch
import Foundation
import SplashCore
import SplashFiles
import SplashPipeline
import SplashPresets

/// A batch: many clips in one job, resumable and shardable (`splashvid batch DIR -o OUTDIR`).
///
///     splashvid batch presets/ -o clips/ [--manifest clips.csv] [--jobs N] [--force]
///                     [--report report.json] [--shard INDEX/COUNT|auto/COUNT|auto]
///                     [--assets-root ROOT]
///                     [render options: --size, --fps, --loops, --format, --param, …]
///
/// - Render options are defaults for every clip (`BatchDefaults`): a manifest's column
///   overrides its option, and they are part of each clip's fingerprint, so changing one
///   renders the clips again.
///
/// - Presets, a manifest's images and the clips stay inside their folders, symbolic links
///   included: presets and images inside the batch folder (or `--assets-root ROOT`), clips inside
///   the output folder. A manifest names presets by name, not by path.
/// - Everything that can be checked is checked before anything is written: the manifest's
///   rows, the output folder, and the report's path (which must not be a clip, a preset or the
///   manifest).
/// - Clips whose output exists with an unchanged input fingerprint (see `InputFingerprint`)
///   and still holds the bytes its record describes (`BatchRecord`) are skipped; `--force`
///   renders them again. A clip is locked (`BatchOutputLock`) from that decision until its
///   record is written, so batches sharing an output folder take turns on a clip. Outputs are written atomically, so a batch
///   that is killed and run again simply finishes the rest. A clip whose inputs changed while
///   it rendered is kept with a warning but not recorded, so the next run renders it again.
/// - A failing clip does not stop the others; the summary lists every clip, and the exit
///   status is 1 if any failed.
/// - Cores: `--jobs N` clips render at once, each with active cores / N frame workers, so the
///   two kinds of parallelism share the machine instead of multiplying (default: 1 clip at a
///   time on every core, which is the fastest for long clips; more jobs help many short ones).
/// - `--shard I/N` renders rows I, I+N, I+2N … of the clip list; `--shard auto/N` takes I from
///   the scheduler: a Kubernetes Indexed Job or a Slurm job array (docs/scale-out.md).
public struct BatchJob: Sendable {
  public var folder: String
  public var outputFolder: String
  public var manifest: String?
  /// How many clips render at once.
  public var jobs: Int
  /// Render every clip again, even those whose records vouch for them.
  public var force: Bool
  public var reportPath: String?
  /// This shard's rows: every `count`th from `index`.
  public var shard: (index: Int, count: Int)?
  /// `--assets-root ROOT`: the folder presets and images must really lie in, instead of the batch folder.
  public var assetsRoot: String?
  /// The render options given for every clip (`--size`, `--fps`, …); a manifest's columns win.
  public var defaults: BatchDefaults
  /// What a clip's fingerprint records of the programs and libraries that make it.
  public var versions: any RenderingVersions = InstalledRenderingVersions()
  /// What parses each preset and Lottie file (a test counts with its own).
  public var reader: any DocumentReader = .files

  public init(
    folder: String, outputFolder: String, manifest: String? = nil, jobs: Int = 1, force: Bool = false, reportPath: String? = nil,
    shard: (index: Int, count: Int)? = nil, assetsRoot: String? = nil, defaults: BatchDefaults = BatchDefaults()
  ) {
    self.folder = folder
    self.outputFolder = outputFolder
    self.manifest = manifest
    self.jobs = jobs
    self.force = force
    self.reportPath = reportPath
    self.shard = shard
    self.assetsRoot = assetsRoot
    self.defaults = defaults
  }

  /// Checks everything, then renders this shard's clips, `jobs` at a time; returns each clip's
  /// result (`finish` then writes the report).
  ///
  /// - Parameter log: Told each clip's progress and what it said, one line each.
  /// - Throws: `UsageError` for a folder, an option or a manifest row that is wrong
  ///   (`BatchManifest.Problems` for rows), before anything is written.
  public func run(environment: [String: String], cancellation: CancellationFlag, log: @escaping (String) -> Void) throws
    -> [BatchResult]
  {
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory), isDirectory.boolValue else {
      throw UsageError("\(folder) is not a folder")
    }
    if let assetsRoot, InputFile.kind(of: assetsRoot) != "a directory" {
      throw UsageError("--assets-root \(assetsRoot): \(InputFile.kind(of: assetsRoot) ?? "nothing there"), not a folder")
    }
    if let part = TemporaryName.lookalike(in: outputFolder) {
      throw UsageError("-o \(outputFolder): \(TemporaryName.lookalikeReason(part))")
    }
    if let root = SystemFolders.containing(outputFolder) {
      throw UsageError("-o \(outputFolder): \(SystemFolders.reason(path: outputFolder, root: root))")
    }
    if let kind = InputFile.kind(of: outputFolder), kind != "a directory" {
      let what = kind == "a regular file" ? "a file" : kind
      throw UsageError("-o \(outputFolder): is \(what), not a folder; name a folder for the clips")
    }
    if let reportPath { try BatchReport.checkWritable(reportPath, outputFolder: outputFolder) }
    let presets = BatchPresets(folder: folder, assetsRoot: assetsRoot, reader: reader)
    let allClips = try BatchManifest.clips(presets: presets, manifest: manifest, outputFolder: outputFolder, defaults: defaults)
    if let reportPath {
      try BatchReport.checkNotAnInput(
        reportPath, clips: allClips, outputFolder: outputFolder, manifest: manifest, folder: folder)
    }
    let clips = allClips.enumerated().filter { shard == nil || $0.offset % shard!.count == shard!.index }.map(\.element)
    // Said as a render says it of its outputs' folders (OutputFolders); the folder stays
    // whatever the clips do, since the report and the next run's skips live there.
    if InputFile.kind(of: outputFolder) == nil {
      try FileManager.default.createDirectory(atPath: outputFolder, withIntermediateDirectories: true)
      log("created folder " + (outputFolder.hasSuffix("/") ? outputFolder : outputFolder + "/"))
    }

    let workers = max(1, ProcessInfo.processInfo.activeProcessorCount / jobs)
    let tracker = BatchTracker(total: clips.count, log: log)
    let limit = DispatchSemaphore(value: jobs)
    let group = DispatchGroup()
    for clip in clips {
      limit.wait()
      if cancellation.isCancelled {
        limit.signal()
        break
      }
      tracker.started(clip)
      DispatchQueue.global(qos: .userInitiated).async(group: group) {
        let result = self.render(clip, workers: workers, environment: environment, cancellation: cancellation, log: tracker.note)
        tracker.finished(clip, result)
        limit.signal()
      }
    }
    group.wait()

    return tracker.results
  }

  /// Writes the report of `results` when one was asked for, then throws `PipelineCancelled`
  /// when the batch was stopped: what follows a batch once its table is printed.
  public func finish(_ results: [BatchResult], cancellation: CancellationFlag) throws {
    if let reportPath { try BatchReport.write(results, to: reportPath) }
    if cancellation.isCancelled { throw PipelineCancelled() }
  }

  private func render(
    _ clip: BatchClip, workers: Int, environment: [String: String], cancellation: CancellationFlag, log: (String) -> Void
  ) -> BatchResult {
    let started = Date()
    let presetFile = clip.presetFile
    let outputPath = "\(outputFolder)/\(clip.output)"
    func result(_ status: BatchResult.Status, _ error: String? = nil, warning: String? = nil) -> BatchResult {
      BatchResult(
        clip: clip, outputPath: outputPath, status: status, seconds: Date().timeIntervalSince(started), error: error, warning: warning)
    }
    // Read once and compiled as the manifest was checked (images confined to the assets
    // root), each time it is fingerprinted, so an image swapped for a link out of the folder
    // is caught here too; the render draws the very document fingerprinted before it.
    func fingerprint(_ job: RenderJob) throws -> (hash: String, document: AnimationDocument) {
      let document = try AnimationDocument(
        bytes: try InputFile.read(presetFile, limit: PresetLoader.maximumFileSize, what: "a preset file"), file: presetFile,
        baseDirectory: URL(fileURLWithPath: folder), reader: reader)
      let scene = try document.scene(
        parameters: clip.renderParameters, assetsRoot: URL(fileURLWithPath: assetsRoot ?? folder), origin: .manifest)
      return (try InputFingerprint.of(job, presetBytes: document.bytes, scene: scene, versions: versions), document)
    }
    do {
      // Checked again now: a link may have appeared since the manifest was read.
      guard ConfinedPath.isInside(outputPath, folder: outputFolder) else {
        throw UsageError("\(outputPath) leads outside \(outputFolder) (a symbolic link); the clip was not written")
      }
      guard ConfinedPath.isInside(presetFile, folder: assetsRoot ?? folder) else {
        throw UsageError("\(presetFile) leads outside \(assetsRoot ?? folder) (a symbolic link); the clip was not rendered")
      }
      let job = try clip.job(outputPath: outputPath, workers: workers, assetsRoot: assetsRoot)
      let (before, document) = try fingerprint(job)
      let recordPath = BatchRecordFolder.recordPath(for: outputPath)
      let legacyRecordPath = BatchRecordFolder.legacyRecordPath(for: outputPath)
      // The clip's folder (a row's `sub/a.mp4`) holds its lock, so it is made first, and
      // unmade if the clip is not written.
      let folders = try OutputFolders(creating: [(OutputFile.split(outputPath).folder, outputPath)])
      var isWritten = false
      // From the decision to skip until the record is written, no other batch writes this clip.
      let lock = try BatchOutputLock(output: outputPath, cancellation: cancellation) {
        log("\(clip.output): waiting for another batch writing \(outputPath)")
      }
      defer {
        lock.release()
        if !isWritten {
          BatchRecordFolder.removeIfEmpty(for: outputPath)
          folders.removeCreated()
        }
      }
      // A record is a few bytes in a regular file; anything else vouches for nothing. It
      // vouches only for the inputs it names and the bytes it describes.
      func record(at path: String) -> BatchRecord? {
        (try? InputFile.read(path, limit: 4096, what: "a fingerprint record")).flatMap {
          BatchRecord(text: String(decoding: $0, as: UTF8.self))
        }
      }
      let current = record(at: recordPath)
      let legacy = current == nil ? record(at: legacyRecordPath) : nil
      if !force, let recorded = current ?? legacy, recorded.inputs == before, recorded.describes(outputPath) {
        isWritten = true
        // An earlier version's record beside the clip moves into the hidden folder.
        if legacy != nil {
          let moved = try OutputFile(destination: recordPath)
          try moved.write(Array(recorded.text.utf8))
          try moved.commit()
          unlink(legacyRecordPath)
        }
        return result(.skipped)
      }
      // From here the output may be replaced: a record left from an earlier run must not vouch
      // for it. If anything below fails, the next run renders the clip again.
      // unlink, not a recursive removal: a folder of that name is not a record to delete (the
      // record's own writer refuses it later, and the clip reports why).
      for path in [recordPath, legacyRecordPath] where unlink(path) != 0 && errno != ENOENT {
        throw OutputFileError(path: path, reason: "cannot remove the old record: \(String(cString: strerror(errno)))")
      }
      // Which file the render puts under the clip's name, so that the record describes that
      // file and no other (`CommittedFiles`).
      let written = try CommittedFiles.watching(outputPath) {
        try job.run(environment: environment, cancellation: cancellation, document: document) { _ in }
      }
      isWritten = true
      // The render read the preset and its images again. If they changed meanwhile, no one can
      // say which version the clip shows, so it is not recorded and renders again next run
      // (otherwise an edit that is later undone, such as a branch switch, would leave a clip
      // of the wrong version that every later run skips).
      guard (try? fingerprint(job))?.hash == before else {
        return result(
          .rendered, warning: "\(presetFile) or an image it shows changed while the clip rendered; it will render again on the next run")
      }
      // The record follows the clip and describes the bytes of the file this batch put there:
      // if the process dies in between, the clip renders again. Under the lock no one else
      // writes the clip; where a shared folder's locks do not reach other machines, another
      // writer may have replaced it, and then nothing is recorded.
      guard let written, let made = try BatchRecord.of(outputPath, inputs: before, written: written) else {
        return result(
          .rendered,
          warning: "\(outputPath) was replaced by another writer after this batch wrote it (are the shared folder's locks "
            + "local to each machine? see docs/scale-out.md); it is not recorded and will render again on the next run")
      }
      let record = try OutputFile(destination: recordPath)
      try record.write(Array(made.text.utf8))
      try record.commit()
      return result(.rendered)
    } catch is PipelineCancelled {
      return result(.failed, "interrupted")
    } catch {
      return result(.failed, "\(error)")
    }
  }
}
