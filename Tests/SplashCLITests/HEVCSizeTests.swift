import Foundation
import Testing

/// Sizes x265 refuses are refused by splashvid first, with the limit named, instead of
/// `opening the libx265 encoder: Invalid argument`.
@Suite("HEVC sizes x265 cannot encode: one line naming the limit, before any frame")
struct HEVCSizeTests {
  @Test(
    "a side under 16, or a side over 4216 beside one under 32, is refused with the limit",
    arguments: [
      ("8x8", "x265 needs each side at least 16 pixels"),
      ("2x64", "x265 needs each side at least 16 pixels"),
      ("64x14", "x265 needs each side at least 16 pixels"),
      ("4098x2", "x265 needs each side at least 16 pixels"),
      ("4218x16", "at most 4216 pixels"),
      ("30x4218", "at most 4216 pixels"),
    ])
  func refused(size: String, limit: String) throws {
    let folder = try BinaryRunner.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let outcome = try BinaryRunner.runGuarded(
      ["--file", HostileFileInputTests.fuber, "--fps", "5", "--format", "hevc", "--size", size, "-o", "o.mp4"], in: folder)
    try HostileFileInputTests.expectRefused(
      outcome, containing: ["encode: checking the video settings: size \(size)", limit], exitCode: 1, in: folder,
      leaving: [])
  }

  @Test("the smallest and the narrowest sizes the check allows do encode", arguments: ["16x16", "4216x16", "30x4216"])
  func accepted(size: String) throws {
    let folder = try BinaryRunner.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let outcome = try BinaryRunner.runGuarded(
      ["--file", HostileFileInputTests.fuber, "--fps", "1", "--format", "hevc", "--size", size, "-o", "o.mp4"], in: folder,
      patience: 120)
    #expect(outcome.exitCode == 0, "\(outcome.standardError)")
    #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("o.mp4").path))
  }
}
