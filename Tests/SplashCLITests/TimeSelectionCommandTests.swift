import Foundation
import SplashCairo
import Testing

@Suite("still and inspect at --position and --frame, through the binary")
struct TimeSelectionCommandTests {
  private var presets: String { BinaryRunner.repository.appendingPathComponent("presets").path }

  /// Runs `still` on fuber (clip from 0.9 s, 3 s a loop) at a small size into `name`.
  private func still(_ selection: [String], _ name: String, in folder: URL) throws -> BinaryRunner.Outcome {
    try BinaryRunner.run(
      ["still", "--preset", "fuber", "--presets-dir", presets, "--size", "94x167", "-o", name] + selection, in: folder)
  }

  @Test("still --position 0.5 is still --time start + cycle/2 (2.4 s) pixel for pixel, and says t = 2.4 s")
  func stillAtPosition() throws {
    let folder = try BinaryRunner.temporaryFolder()
    let positioned = try still(["--position", "0.5"], "position.png", in: folder)
    #expect(positioned.exitCode == 0, "\(positioned.standardError)")
    #expect(positioned.standardError == "wrote position.png: t = 2.4 s, 94x167\n")
    let timed = try still(["--time", "2.4"], "time.png", in: folder)
    #expect(timed.exitCode == 0, "\(timed.standardError)")
    let quarter = try still(["--position", "0.25"], "quarter.png", in: folder)
    #expect(quarter.standardError == "wrote quarter.png: t = 1.65 s, 94x167\n")

    let atPosition = try PNGReader.read(folder.appendingPathComponent("position.png").path)
    let atTime = try PNGReader.read(folder.appendingPathComponent("time.png").path)
    let atQuarter = try PNGReader.read(folder.appendingPathComponent("quarter.png").path)
    #expect(atPosition.byteCount == atTime.byteCount)
    #expect(memcmp(atPosition.bytes, atTime.bytes, atTime.byteCount) == 0, "--position 0.5 draws the frame at 2.4 s")
    // The comparison can tell frames apart: a quarter of the loop is another picture.
    #expect(memcmp(atPosition.bytes, atQuarter.bytes, atTime.byteCount) != 0)
  }

  @Test("inspect --position 1 is the state at start + cycle (3.9 s); --position 0 at start (0.9 s)")
  func inspectAtPosition() throws {
    let folder = try BinaryRunner.temporaryFolder()
    let inspect = { (selection: [String]) in
      try BinaryRunner.run(["inspect", "--preset", "fuber", "--presets-dir", self.presets] + selection, in: folder)
    }
    let end = try inspect(["--position", "1"])
    #expect(end.exitCode == 0, "\(end.standardError)")
    let root = try #require(try JSONSerialization.jsonObject(with: Data(end.standardOutput.utf8)) as? [String: Any])
    #expect(root["time"] as? Double == 3.9)
    let timedEnd = try inspect(["--time", "3.9"])
    #expect(end.standardOutput == timedEnd.standardOutput, "the whole tree is the one at 3.9 s")
    let start = try inspect(["--position", "0", "--layer", "circle"])
    let timedStart = try inspect(["--time", "0.9", "--layer", "circle"])
    let middle = try inspect(["--time", "2.4", "--layer", "circle"])
    #expect(start.exitCode == 0 && start.standardOutput == timedStart.standardOutput)
    // The circle moves over the loop, so the comparison can tell times apart.
    #expect(start.standardOutput != middle.standardOutput)
  }

  @Test(
    "mistakes exit 64 with one line and write nothing",
    arguments: [
      (["still", "--time", "1", "--position", "0.5", "-o", "x.png"], "give either --time or --position, not both"),
      (["inspect", "--position", "0.5", "--frame", "3"], "give either --position or --frame, not both"),
      (["still", "--position", "1.5", "-o", "x.png"], "--position 1.5: expected a fraction of one loop from 0 to 1, such as 0.5"),
      (["inspect", "--position", "half"], "--position half: expected a fraction of one loop from 0 to 1, such as 0.5"),
      (
        ["still", "--frame", "3", "-o", "x.png"],
        "--frame 3: presets count time in seconds, not frames; use --time SECONDS or --position FRACTION"
      ),
      (
        ["inspect", "--frame", "12.5"], "--frame 12.5: presets count time in seconds, not frames; use --time SECONDS or --position FRACTION"
      ),
    ])
  func mistakes(arguments: [String], message: String) throws {
    let folder = try BinaryRunner.temporaryFolder()
    let outcome = try BinaryRunner.run(arguments + ["--preset", "fuber", "--presets-dir", presets], in: folder)
    #expect(outcome.exitCode == 64)
    #expect(outcome.standardError == "splashvid: \(message) (see 'splashvid --help')\n")
    #expect(outcome.standardOutput.isEmpty)
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
  }
}
