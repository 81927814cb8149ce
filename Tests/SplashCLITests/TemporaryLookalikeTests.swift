import Foundation
import Testing

/// Outputs named like splashvid's own temporaries (`.NAME.splashvid-RANDOM.tmp`, a staging
/// folder `.NAME.splashvid-RANDOM.seq`, an earlier version's `.splashvid-sequence-…`) would be
/// removed by a later run's sweep of the folder as a dead writer's leftovers: such names are
/// refused wherever an output is named (issue 39).
@Suite("Outputs named like splashvid's temporaries are refused, not swept later")
struct TemporaryLookalikeTests {
  private var presets: String { BinaryRunner.repository.appendingPathComponent("presets").path }
  private let staging = ".x.splashvid-0123456789abcdef.seq"

  @Test("render, still and sheet refuse such a name, for a file or a sequence's folder, before any work")
  func commands() throws {
    let folder = try BinaryRunner.temporaryFolder()
    let render = ["--preset", "fuber", "--presets-dir", presets, "--fps", "5", "--size", "64x64"]
    let cases: [[String]] = [
      render + ["-o", "\(staging)/f-%04d.png"],
      render + ["-o", ".splashvid-sequence-1-abcdefgh.mp4"],
      render + ["-o", "a.gif", "-o", ".splashvid-sequence-poster.png"],
      render + ["-o", "clips/\(staging)/a.mp4"],
      ["still", "--preset", "fuber", "--presets-dir", presets, "--time", "0", "-o", ".splashvid-sequence-s.png"],
      ["sheet", "--preset", "fuber", "--presets-dir", presets, "-o", "\(staging)/sheet.png"],
    ]
    for arguments in cases {
      let outcome = try BinaryRunner.run(arguments, in: folder)
      #expect(outcome.exitCode == 64, "\(arguments): \(outcome.standardError)")
      #expect(outcome.standardError.contains("is named like splashvid's temporary files"), "\(arguments): \(outcome.standardError)")
      #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty, "\(arguments) left something")
    }
  }

  @Test("a batch row's output, --report and the output folder named like a temporary are refused before anything renders")
  func batch() throws {
    let folder = try BinaryRunner.temporaryFolder()
    try Data("preset,output\nfuber,\(staging)/a.mp4\nfuber,.splashvid-sequence-b.mp4\n".utf8).write(
      to: folder.appendingPathComponent("clips.csv"))
    let rows = try BinaryRunner.run(["batch", presets, "-o", "out", "--manifest", "clips.csv"], in: folder)
    #expect(rows.exitCode == 1)
    let lines = rows.standardError.split(separator: "\n")
    #expect(lines.count == 3, "\(rows.standardError)")
    #expect(lines.prefix(2).allSatisfy { $0.contains("is named like splashvid's temporary files") }, "\(rows.standardError)")
    try Data("preset,output\nfuber,a.mp4\n".utf8).write(to: folder.appendingPathComponent("clips.csv"))
    let report = try BinaryRunner.run(
      ["batch", presets, "-o", "out", "--manifest", "clips.csv", "--report", ".r.splashvid-0123456789abcdef.tmp"], in: folder)
    #expect(report.exitCode == 64, "\(report.standardError)")
    #expect(report.standardError.contains("is named like splashvid's temporary files"), "\(report.standardError)")
    #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("out").path))
    // The output folder itself, which a sweep of its parent would take for a staging folder.
    let outputFolder = try BinaryRunner.run(["batch", presets, "-o", staging, "--manifest", "clips.csv"], in: folder)
    #expect(outputFolder.exitCode == 64, "\(outputFolder.standardError)")
    #expect(outputFolder.standardError.contains("is named like splashvid's temporary files"), "\(outputFolder.standardError)")
    #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent(staging).path))
  }
}
