import Foundation
import SplashCore
import SplashEncode
import Testing

@Suite("Long renders: progress and interruption")
struct InterruptionTests {
  private var presets: String { BinaryRunner.repository.appendingPathComponent("presets").path }

  @Test("--progress json prints one object per frame report, ending on the last frame")
  func progressJSON() throws {
    let folder = try BinaryRunner.temporaryFolder()
    let outcome = try BinaryRunner.run(
      ["--preset", "fuber", "--fps", "10", "--scale", "0.5", "--progress", "json", "-o", "p.mp4", "--presets-dir", presets],
      in: folder)
    #expect(outcome.exitCode == 0)
    let reports = outcome.standardError.split(separator: "\n").filter { $0.hasPrefix("{") }
    #expect(!reports.isEmpty)
    let last = try #require(reports.last)
    let object = try #require(try JSONSerialization.jsonObject(with: Data(last.utf8)) as? [String: Any])
    #expect(object["frame"] as? Int == 30 && object["frames"] as? Int == 30)
  }

  @Test("SIGINT during a render: exit 130, no file at the target, no temporary file")
  func interrupt() throws {
    let folder = try BinaryRunner.temporaryFolder()
    let process = Process()
    process.executableURL = BinaryRunner.binary
    process.arguments = ["--preset", "fuber", "--loops", "50", "--progress", "json", "-o", "long.mp4", "--presets-dir", presets]
    process.currentDirectoryURL = folder
    let errors = Pipe()
    process.standardError = errors
    process.standardOutput = FileHandle.nullDevice
    try process.run()
    defer { if process.isRunning { kill(process.processIdentifier, SIGKILL) } }
    let stream = BinaryRunner.StreamedText(errors)
    // Frames are flowing once the first progress report is out; then interrupt.
    try #require(stream.wait(upTo: 60) { $0.contains("{\"frame\":") }, "no frame was reported: \(stream.text)")
    #expect(process.isRunning)
    process.interrupt()
    let output = stream.all()
    process.waitUntilExit()
    #expect(process.terminationStatus == 130)
    #expect(output.hasSuffix("splashvid: interrupted; nothing was written\n"))
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
  }
}
