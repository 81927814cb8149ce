import Foundation
import SplashCairo
import SplashCore
import SplashFiles
import SplashPipeline
import SplashRender

/// An image sequence: every frame of the pass as a numbered PNG (frame 1 is the first).
///
/// Workers write each rendered frame's PNG as they finish it (PNG compression is the slow
/// part, so it runs in parallel), into a hidden folder beside the files' destination. A
/// repeated frame is a hard link to the previous file. Only when the pass completes do the
/// files move to their names, so a failed or interrupted render leaves no partial sequence.
///
/// With `OutputFile.Placement.keepingExisting` (the preview's exports) the frames' folder is
/// the sequence's own: it is claimed with `mkdir` when the frames are put in place, the next
/// free name (`fuber-frames-2`) when it is taken, so nothing in a folder of that name is ever
/// replaced; the staging folder is beside it.
public final class PNGSequenceSink: OutputSink, @unchecked Sendable {
  private var pattern: FrameNamePattern
  private let placement: OutputFile.Placement
  private let staging: String
  /// The staging folder, open and locked (`flock`) while the sequence is written, so a later
  /// run's sweep knows it is not stale.
  private var stagingLock: Int32
  private var consumed = 0
  private var isFinished = false

  /// Prepares to write `frameCount` frames named by `pattern`.
  ///
  /// - Throws: `OutputFileError` (before any frame renders) when a frame's name is too long,
  ///   its folder cannot be written, or a non-regular file (a folder, a FIFO, a device) stands
  ///   at any of the names; `SequenceError` when the staging folder cannot be created.
  public init(pattern: FrameNamePattern, frameCount: Int, placement: OutputFile.Placement = .replacing) throws {
    self.pattern = pattern
    self.placement = placement
    let folder: String
    if placement == .keepingExisting {
      // The frames' folder is made at the end; it is checked as a name in its own folder.
      folder = try OutputFile.checkDestination(pattern.folder, placement: .keepingExisting)
    } else {
      do {
        // The last frame has the longest name; its folder is every frame's.
        folder = try OutputFile.checkDestination(pattern.path(ofFrame: max(frameCount, 1)))
      } catch let error as OutputFileError where error.reason.hasPrefix("its folder") {
        throw OutputFileError(path: pattern.text, reason: error.reason)
      }
      for number in 1...max(frameCount, 1) { try OutputFile.checkReplaceable(pattern.path(ofFrame: number)) }
    }
    do {
      StaleTemporaries.sweepOnce(folder)
      let stagingName = placement == .keepingExisting ? OutputFile.split(pattern.folder).name : "frames"
      (staging, stagingLock) = try TemporaryName.createFolder(for: stagingName, in: folder, destination: pattern.text)
    } catch let error as OutputFileError {
      throw SequenceError(message: "cannot write the sequence \(pattern.text): \(error.reason)")
    }
  }

  deinit {
    if !isFinished { abandon() }
  }

  private func stagedPath(_ number: Int) -> String { "\(staging)/\(number).png" }

  public func start(workers: Int, slots: Int) throws {}

  public func prepare(_ frame: PixelBuffer, index: Int, slot: Int, worker: Int) throws {
    do {
      try PNGWriter.write(frame, to: stagedPath(index + 1))
    } catch let error as OutputFileError {
      // The staged file's name means nothing to the user; the frame's does.
      throw SequenceError(message: "cannot write \(pattern.path(ofFrame: index + 1)): \(error.reason)")
    } catch let error as RenderError {
      throw SequenceError(message: "cannot write \(pattern.path(ofFrame: index + 1)): \(error.message)")
    }
  }

  public func consume(slot: Int) throws {
    consumed += 1
  }

  public func consumeRepeat() throws {
    consumed += 1
    do {
      try FileManager.default.linkItem(atPath: stagedPath(consumed - 1), toPath: stagedPath(consumed))
    } catch {
      try FileManager.default.copyItem(atPath: stagedPath(consumed - 1), toPath: stagedPath(consumed))
    }
  }

  /// Every frame is already whole in the staging folder.
  public func complete() throws {}

  /// Checks that every frame's name can still be taken (nothing but a regular file there).
  public func checkCommittable() throws {
    guard placement == .replacing else { return }
    for number in 1...max(consumed, 1) where consumed > 0 { try OutputFile.checkReplaceable(pattern.path(ofFrame: number)) }
  }

  /// The pattern the frames were written under (for `keepingExisting`, in the folder claimed).
  public var writtenPath: String { pattern.text }

  public func commit() throws {
    if placement == .keepingExisting { return try commitIntoFreeFolder() }
    // All names are checked before the first rename, so a folder or a FIFO at frame 3 does
    // not leave frames 1 and 2 replaced.
    try checkCommittable()
    for number in 1...max(consumed, 1) where consumed > 0 {
      let destination = pattern.path(ofFrame: number)
      if rename(stagedPath(number), destination) != 0 {
        throw SequenceError(message: "cannot put \(destination) in place: \(String(cString: strerror(errno)))")
      }
    }
    removeFramesBeyond(consumed)
    settle()
  }

  /// Claims the first free one of the frames' folder and its numbered names (`mkdir` fails
  /// when a name is taken) and moves the frames into it, each only to a free name.
  private func commitIntoFreeFolder() throws {
    let wanted = pattern.folder
    var claimed: String?
    for number in 1...OutputFile.numberedNameLimit {
      let candidate = number == 1 ? wanted : OutputFile.numbered(wanted, number)
      if mkdir(candidate, 0o777) == 0 {
        claimed = candidate
        break
      }
      guard errno == EEXIST else { throw SequenceError(message: "cannot create \(candidate): \(String(cString: strerror(errno)))") }
    }
    guard let claimed else { throw SequenceError(message: "\(wanted) and every name up to \(OutputFile.numberedNameLimit) are taken") }
    // The pattern in the folder claimed; a `%` of the folder's name stays a literal one.
    let frameName = OutputFile.split(pattern.text).name
    guard let moved = try FrameNamePattern(claimed.replacingOccurrences(of: "%", with: "%%") + "/" + frameName) else {
      preconditionFailure("a sequence's pattern without its number")
    }
    for number in 1...max(consumed, 1) where consumed > 0 {
      let destination = moved.path(ofFrame: number)
      let code = NoReplaceRename.move(stagedPath(number), to: destination)
      guard code == 0 else {
        // Something appeared in the new folder meanwhile: take back what was moved.
        for earlier in 1..<number { unlink(moved.path(ofFrame: earlier)) }
        rmdir(claimed)
        throw SequenceError(message: "cannot put \(destination) in place: \(String(cString: strerror(code)))")
      }
    }
    pattern = moved
    settle()
  }

  /// Removes every file written so far (the render failed).
  public func abandon() {
    guard !isFinished else { return }
    settle()
  }

  private func settle() {
    TemporaryFiles.unregister(staging)
    TemporaryFiles.removeTree(staging)
    close(stagingLock)
    isFinished = true
  }

  /// Removes the frames an earlier, longer render of the same pattern left after the last
  /// one written now: a sequence of 75 frames must not read as 150 with a stale tail.
  ///
  /// Only regular files whose names the pattern gives for a number above `count` go; other
  /// files in the folder stay, whatever their names.
  private func removeFramesBeyond(_ count: Int) {
    guard let names = try? FileManager.default.contentsOfDirectory(atPath: pattern.folder) else { return }
    for name in names {
      guard let number = pattern.frameNumber(ofName: name), number > count else { continue }
      let path = pattern.path(ofFrame: number)
      guard let type = try? FileManager.default.attributesOfItem(atPath: path)[.type] as? FileAttributeType,
        type == .typeRegular
      else { continue }
      unlink(path)
    }
  }
}

public struct SequenceError: Error, CustomStringConvertible {
  public var message: String
  public var description: String { "sequence: \(message)" }
}
