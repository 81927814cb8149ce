import Foundation
import SplashCairo
import SplashCore
import SplashPipeline

/// An image sequence: every frame of the pass as a numbered PNG (frame 1 is the first).
///
/// Workers write each rendered frame's PNG as they finish it (PNG compression is the slow
/// part, so it runs in parallel), into a hidden folder beside the files' destination. A
/// repeated frame is a hard link to the previous file. Only when the pass completes do the
/// files move to their names, so a failed or interrupted render leaves no partial sequence.
final class PNGSequenceSink: OutputSink, @unchecked Sendable {
  private let pattern: FrameNamePattern
  private let staging: String
  private var consumed = 0
  private var isFinished = false

  init(pattern: FrameNamePattern) throws {
    self.pattern = pattern
    let folder = (pattern.path(ofFrame: 1) as NSString).deletingLastPathComponent
    staging = (folder.isEmpty ? "." : folder) + "/.splashvid-sequence-\(getpid())-\(UUID().uuidString.prefix(8))"
    do {
      try FileManager.default.createDirectory(atPath: staging, withIntermediateDirectories: false)
    } catch {
      throw SequenceError(message: "cannot write the sequence \(pattern.text): \((error as NSError).localizedDescription)")
    }
  }

  deinit {
    if !isFinished { try? FileManager.default.removeItem(atPath: staging) }
  }

  private func stagedPath(_ number: Int) -> String { "\(staging)/\(number).png" }

  func start(workers: Int, slots: Int) throws {}

  func prepare(_ frame: PixelBuffer, index: Int, slot: Int, worker: Int) throws {
    try PNGWriter.write(frame, to: stagedPath(index + 1))
  }

  func consume(slot: Int) throws {
    consumed += 1
  }

  func consumeRepeat() throws {
    consumed += 1
    do {
      try FileManager.default.linkItem(atPath: stagedPath(consumed - 1), toPath: stagedPath(consumed))
    } catch {
      try FileManager.default.copyItem(atPath: stagedPath(consumed - 1), toPath: stagedPath(consumed))
    }
  }

  /// Every frame is already whole in the staging folder.
  func complete() throws {}

  func commit() throws {
    for number in 1...max(consumed, 1) where consumed > 0 {
      let destination = pattern.path(ofFrame: number)
      if rename(stagedPath(number), destination) != 0 {
        throw SequenceError(message: "cannot put \(destination) in place: \(String(cString: strerror(errno)))")
      }
    }
    try? FileManager.default.removeItem(atPath: staging)
    isFinished = true
  }

  /// Removes everything written so far (the render failed).
  func abandon() {
    try? FileManager.default.removeItem(atPath: staging)
    isFinished = true
  }
}

struct SequenceError: Error, CustomStringConvertible {
  var message: String
  var description: String { "sequence: \(message)" }
}
