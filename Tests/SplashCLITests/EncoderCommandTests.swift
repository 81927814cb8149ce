import Foundation
import SplashCore
import SplashEncode
import Testing

@Suite("Encoder controls and probe, through the binary")
struct EncoderCommandTests {
  private var presets: String { BinaryRunner.repository.appendingPathComponent("presets").path }

  @Test("two renders of the same preset and options are byte-identical, and probe finds nothing to warn about")
  func deterministicAndClean() throws {
    let folder = try BinaryRunner.temporaryFolder()
    for name in ["a.mp4", "b.mp4"] {
      let outcome = try BinaryRunner.run(
        [
          "--preset", "welcome", "--fps", "10", "--scale", "0.5", "--crf", "23", "--x264-preset", "veryfast", "--tune", "animation",
          "-o", name, "--presets-dir", presets,
        ], in: folder)
      #expect(outcome.exitCode == 0, "\(outcome.standardError)")
    }
    let a = try Data(contentsOf: folder.appendingPathComponent("a.mp4"))
    let b = try Data(contentsOf: folder.appendingPathComponent("b.mp4"))
    #expect(a == b && a.count > 1000)
    let probe = try BinaryRunner.run(["probe", "a.mp4"], in: folder)
    #expect(probe.exitCode == 0)
    #expect(probe.standardOutput.contains("codec: h264, profile High, level 3"))
    #expect(probe.standardOutput.contains("frames: 60"))
    #expect(probe.standardOutput.contains("colour: matrix bt709, primaries bt709, transfer bt709, range tv"))
    #expect(probe.standardOutput.contains("faststart: yes"))
    #expect(!probe.standardOutput.contains("warning"))
  }

  @Test("fuber from 1, 2 and 8 workers: the same frames, though each worker keeps its own backing stores")
  func sameBytesFromAnyWorkers() throws {
    let folder = try BinaryRunner.temporaryFolder()
    var sequences: [[Data]] = []
    for workers in ["1", "2", "8"] {
      let outcome = try BinaryRunner.run(
        [
          "--preset", "fuber", "--fps", "20", "--scale", "0.5", "--workers", workers, "-o", "w\(workers)/f-%02d.png",
          "--presets-dir", presets,
        ], in: folder)
      #expect(outcome.exitCode == 0, "\(outcome.standardError)")
      sequences.append(
        try (1...60).map { try Data(contentsOf: folder.appendingPathComponent("w\(workers)/f-\(String(format: "%02d", $0)).png")) })
    }
    #expect(sequences[1] == sequences[0] && sequences[2] == sequences[0])
  }

  @Test(
    "bad encoder options are usage errors; a missing file is a failure",
    arguments: [
      (["--crf", "60"], "--crf 60: expected a whole number from 0 to 51"),
      (
        ["--x264-preset", "warp"],
        "--x264-preset warp: expected one of ultrafast, superfast, veryfast, faster, fast, medium, slow, slower, veryslow, placebo"
      ),
      (["--tune", "cartoon"], "--tune cartoon: expected one of animation, film, grain, stillimage, fastdecode, zerolatency, none"),
      (["--fps", "1000"], "--fps 1000: expected a whole number from 1 to 240"),
    ])
  func badOptions(extra: [String], message: String) throws {
    let folder = try BinaryRunner.temporaryFolder()
    let outcome = try BinaryRunner.run(["--preset", "fuber", "-o", "x.mp4"] + extra, in: folder)
    #expect(outcome.exitCode == 64)
    #expect(outcome.standardError == "splashvid: \(message) (see 'splashvid --help')\n")
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
  }

  @Test("a target that is a directory fails clearly and leaves nothing")
  func directoryTarget() throws {
    let folder = try BinaryRunner.temporaryFolder()
    try FileManager.default.createDirectory(at: folder.appendingPathComponent("out"), withIntermediateDirectories: false)
    let outcome = try BinaryRunner.run(
      ["--preset", "fuber", "--fps", "10", "--scale", "0.5", "-o", "out", "--presets-dir", presets], in: folder)
    #expect(outcome.exitCode == 1)
    #expect(outcome.standardError == "splashvid: cannot write out: is a directory; splashvid writes regular files only\n")
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["out"])
    let probe = try BinaryRunner.run(["probe", "missing.mp4"], in: folder)
    #expect(probe.exitCode == 1 && probe.standardError == "splashvid: probe: missing.mp4: no such file\n")
  }
}
