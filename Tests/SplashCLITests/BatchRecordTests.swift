import Foundation
import SplashEncode
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// A batch's record vouches for the bytes beside it, and one clip has one writer at a time:
/// two batches writing one output (different manifests, one folder) used to leave the clip of
/// one and the record of the other, which every later run then skipped (issue 39).
@Suite("Batch records are tied to the clip's bytes; one batch writes a clip at a time")
struct BatchRecordTests {
  private var presets: String { BinaryRunner.repository.appendingPathComponent("presets").path }

  private func statuses(_ outcome: BinaryRunner.Outcome) -> String {
    outcome.standardOutput.split(separator: "\n").last.map(String.init) ?? ""
  }

  @Test("a clip whose bytes are not the ones its record describes is rendered again, not skipped")
  func recordMatchesBytes() throws {
    let folder = try BinaryRunner.temporaryFolder()
    try Data("preset,output,fps\nfuber,a.mp4,4\n".utf8).write(to: folder.appendingPathComponent("four.csv"))
    try Data("preset,output,fps\nfuber,a.mp4,2\n".utf8).write(to: folder.appendingPathComponent("two.csv"))
    let arguments = ["batch", presets, "-o", "out", "--size", "64x64", "--manifest"]
    let clip = folder.appendingPathComponent("out/a.mp4")
    let first = try BinaryRunner.run(arguments + ["four.csv"], in: folder)
    #expect(first.exitCode == 0 && statuses(first) == "1 clips: 1 rendered, 0 skipped, 0 failed", "\(first.standardError)")
    #expect(statuses(try BinaryRunner.run(arguments + ["four.csv"], in: folder)) == "1 clips: 0 rendered, 1 skipped, 0 failed")

    // Another batch's clip under the name, beside this batch's record (what two batches racing
    // left): the record does not vouch for it.
    let record = try Data(contentsOf: folder.appendingPathComponent("out/.splashvid/a.mp4.inputs"))
    let other = try BinaryRunner.run(arguments + ["two.csv"], in: folder)
    #expect(other.exitCode == 0 && statuses(other) == "1 clips: 1 rendered, 0 skipped, 0 failed")
    try record.write(to: folder.appendingPathComponent("out/.splashvid/a.mp4.inputs"))
    let again = try BinaryRunner.run(arguments + ["four.csv"], in: folder)
    #expect(statuses(again) == "1 clips: 1 rendered, 0 skipped, 0 failed", "\(again.standardOutput)")
    #expect(try VideoReader.read(clip.path).averageFrameRate.0 == 4)

    // The clip edited in place, its size kept: rendered again too.
    var edited = try Data(contentsOf: clip)
    edited[edited.count / 2] ^= 0xFF
    try edited.write(to: clip)
    let afterEdit = try BinaryRunner.run(arguments + ["four.csv"], in: folder)
    #expect(statuses(afterEdit) == "1 clips: 1 rendered, 0 skipped, 0 failed", "\(afterEdit.standardOutput)")
    #expect(try VideoReader.read(clip.path).decodedFrameCount == 12)
    #expect(statuses(try BinaryRunner.run(arguments + ["four.csv"], in: folder)) == "1 clips: 0 rendered, 1 skipped, 0 failed")
  }

  @Test("a batch waits while another holds a clip's lock, then renders it; the lock file goes with the clip")
  func oneWriterAtATime() throws {
    let folder = try BinaryRunner.temporaryFolder()
    try FileManager.default.createDirectory(at: folder.appendingPathComponent("out"), withIntermediateDirectories: true)
    try Data("preset,output,fps\nfuber,a.mp4,2\n".utf8).write(to: folder.appendingPathComponent("clips.csv"))
    // Another batch writing out/a.mp4, as far as the lock tells.
    try FileManager.default.createDirectory(at: folder.appendingPathComponent("out/.splashvid"), withIntermediateDirectories: true)
    let lockPath = folder.appendingPathComponent("out/.splashvid/a.mp4.lock").path
    let held = open(lockPath, O_RDWR | O_CREAT, 0o644)
    try #require(held >= 0 && flock(held, LOCK_EX) == 0)
    var isHeld = true
    defer { if isHeld { close(held) } }

    let process = BinaryRunner.process(
      ["batch", presets, "-o", "out", "--size", "64x64", "--manifest", "clips.csv"], in: folder)
    let errors = Pipe()
    process.standardError = errors
    process.standardOutput = FileHandle.nullDevice
    try process.run()
    defer { if process.isRunning { kill(process.processIdentifier, SIGKILL) } }
    let stream = BinaryRunner.StreamedText(errors)
    #expect(
      stream.wait(upTo: 120) { $0.contains("a.mp4: waiting for another batch writing out/a.mp4") },
      "the batch did not wait: \(stream.text)")
    #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("out/a.mp4").path), "rendered under another's lock")
    close(held)
    isHeld = false
    process.waitUntilExit()
    #expect(process.terminationStatus == 0, "\(stream.all())")
    #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("out/a.mp4").path))
    #expect(!FileManager.default.fileExists(atPath: lockPath), "the lock file is removed with the lock")
  }

  @Test("records live in one hidden folder per output folder; an earlier version's record beside the clip is moved there")
  func hiddenRecords() throws {
    let folder = try BinaryRunner.temporaryFolder()
    try Data("preset,output,fps\nfuber,a.mp4,2\nfuber,sub/b.mp4,2\n".utf8).write(to: folder.appendingPathComponent("clips.csv"))
    let arguments = ["batch", presets, "-o", "out", "--size", "64x64", "--manifest", "clips.csv"]
    #expect(statuses(try BinaryRunner.run(arguments, in: folder)) == "2 clips: 2 rendered, 0 skipped, 0 failed")
    let files = FileManager.default
    #expect(try files.contentsOfDirectory(atPath: folder.appendingPathComponent("out").path).sorted() == [".splashvid", "a.mp4", "sub"])
    #expect(try files.contentsOfDirectory(atPath: folder.appendingPathComponent("out/sub").path).sorted() == [".splashvid", "b.mp4"])
    #expect(try files.contentsOfDirectory(atPath: folder.appendingPathComponent("out/.splashvid").path) == ["a.mp4.inputs"])

    // As an earlier version left it: the record beside the clip.
    try files.moveItem(
      at: folder.appendingPathComponent("out/.splashvid/a.mp4.inputs"), to: folder.appendingPathComponent("out/a.mp4.splashvid-inputs"))
    try files.removeItem(at: folder.appendingPathComponent("out/.splashvid"))
    #expect(statuses(try BinaryRunner.run(arguments, in: folder)) == "2 clips: 0 rendered, 2 skipped, 0 failed")
    #expect(try files.contentsOfDirectory(atPath: folder.appendingPathComponent("out").path).sorted() == [".splashvid", "a.mp4", "sub"])
    #expect(files.fileExists(atPath: folder.appendingPathComponent("out/.splashvid/a.mp4.inputs").path), "moved into the folder")

    // A row may not write into the batch's own folder.
    try Data("preset,output\nfuber,.splashvid/c.mp4\n".utf8).write(to: folder.appendingPathComponent("bad.csv"))
    let refused = try BinaryRunner.run(["batch", presets, "-o", "out", "--manifest", "bad.csv"], in: folder)
    #expect(refused.exitCode != 0 && refused.standardError.contains(".splashvid folders"), "\(refused.standardError)")
  }
}
