import Foundation
import Testing

/// A PNG that cannot be written says why, in the system's words, as a video does: Cairo's own
/// message ("error while writing to output stream") names no cause (issue 39). A file-size
/// limit (`ulimit -f`) makes every write past it fail with EFBIG, through the same write calls a
/// full disk fails (ENOSPC), with no mount and no root.
@Suite("A PNG that cannot be written is reported with the system's reason")
struct PNGWriteFailureTests {
  private var presets: String { BinaryRunner.repository.appendingPathComponent("presets").path }

  /// Runs splashvid under a 1 KB file-size limit (no fuber PNG fits in it).
  private func runLimited(_ arguments: String, in folder: URL) throws -> BinaryRunner.Outcome {
    try BinaryRunner.run(
      ["-c", "ulimit -f 1; exec '\(BinaryRunner.binary.path)' \(arguments)"], in: folder,
      executable: URL(fileURLWithPath: "/bin/bash"))
  }

  @Test("still, sheet and an image sequence past the limit fail with 'File too large' and leave nothing")
  func fileTooLarge() throws {
    let folder = try BinaryRunner.temporaryFolder()
    let cases: [(String, String)] = [
      ("still --preset fuber --presets-dir '\(presets)' --time 1 -o s.png", "splashvid: cannot write s.png: File too large\n"),
      ("sheet --preset fuber --presets-dir '\(presets)' --frames 2 -o sheet.png", "splashvid: cannot write sheet.png: File too large\n"),
      (
        "--preset fuber --presets-dir '\(presets)' --fps 5 --scale 1 -o 'f-%d.png'",
        "splashvid: frame 1: sequence: cannot write f-1.png: File too large\n"
      ),
    ]
    for (arguments, message) in cases {
      let outcome = try runLimited(arguments, in: folder)
      #expect(outcome.exitCode == 1, "\(arguments): \(outcome.standardError)")
      // Frames are written by several workers: whichever reaches the limit first is named.
      let shown = outcome.standardError.replacing(#/frame \d+: sequence: cannot write f-\d+/#, with: "frame 1: sequence: cannot write f-1")
      #expect(shown == message, "\(arguments): \(outcome.standardError)")
      #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty, "\(arguments) left something")
    }
  }
}
