import Foundation
import Testing

/// Files splashvid reads through FFmpeg (`probe`'s file, `--audio`'s soundtrack) that cannot be
/// read: the message names the reader and the file, never the encode stage.
@Suite("Read errors name their reader: probe and soundtrack, never encode")
struct ReadErrorTests {
  private static let presets = BinaryRunner.repository.appendingPathComponent("presets")

  /// A folder holding a copy of the fuber preset as `a.json5`, a text file, an empty `.mp4`
  /// and a silent clip `clip.mp4`.
  private static func folder() throws -> URL {
    let folder = try BinaryRunner.temporaryFolder()
    try FileManager.default.copyItem(at: presets.appendingPathComponent("fuber.json5"), to: folder.appendingPathComponent("a.json5"))
    try Data("notes, not a video\n".utf8).write(to: folder.appendingPathComponent("notes.txt"))
    try Data().write(to: folder.appendingPathComponent("empty.mp4"))
    let clip = try BinaryRunner.run(
      ["--preset", "welcome", "--presets-dir", presets.path, "--size", "32x32", "--fps", "5", "-o", "clip.mp4"], in: folder)
    try #require(clip.exitCode == 0, "\(clip.standardError)")
    return folder
  }

  @Test("probe on a preset: the probe stage, FFmpeg's reason, and where presets go instead")
  func probePreset() throws {
    let folder = try Self.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let outcome = try BinaryRunner.run(["probe", "a.json5"], in: folder)
    #expect(outcome.exitCode == 1)
    #expect(
      outcome.standardError
        == "splashvid: probe: a.json5: not a video or image FFmpeg can read (Invalid data found when processing input); "
        + "for a preset, use 'splashvid validate a.json5' or 'splashvid render --file a.json5 -o OUT.mp4'\n")
    #expect(outcome.standardOutput.isEmpty)
  }

  @Test(
    "probe on other files it cannot read: named with the probe stage, no preset hint",
    arguments: [
      ("notes.txt", "not a video or image FFmpeg can read (Invalid data found when processing input)"),
      ("empty.mp4", "expected a video file, found an empty file"),
      ("missing.mp4", "no such file"),
    ])
  func probeUnreadable(name: String, reason: String) throws {
    let folder = try Self.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let outcome = try BinaryRunner.run(["probe", name], in: folder)
    #expect(outcome.exitCode == 1)
    #expect(outcome.standardError == "splashvid: probe: \(name): \(reason)\n")
  }

  @Test(
    "a soundtrack that is not sound: the soundtrack stage, before any frame, nothing written",
    arguments: [
      ("notes.txt", "not a sound file FFmpeg can read (Invalid data found when processing input)"),
      ("empty.mp4", "expected a sound file, found an empty file"),
      ("clip.mp4", "expected a sound file, found no audio stream"),
    ])
  func soundtrackUnreadable(name: String, reason: String) throws {
    let folder = try Self.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let before = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
    let outcome = try BinaryRunner.run(
      ["--file", "a.json5", "--size", "32x32", "--fps", "5", "--audio", name, "-o", "out.mp4"], in: folder)
    #expect(outcome.exitCode == 1)
    #expect(outcome.standardError == "splashvid: soundtrack: \(name): \(reason)\n")
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == before)
  }
}
