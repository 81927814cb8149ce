import Foundation
import SplashCore
import SplashEncode
import Testing

@Suite("Faults: a full disk and SIGTERM leave nothing behind")
struct FaultTests {
  private var presets: String { BinaryRunner.repository.appendingPathComponent("presets").path }

  @Test("the disk filling up mid-render (a 200 KB file-size limit) fails cleanly")
  func diskFull() throws {
    let folder = try BinaryRunner.temporaryFolder()
    let command =
      "ulimit -f 200; exec '\(BinaryRunner.binary.path)' --preset fuber --presets-dir '\(presets)' --fps 30 --scale 1 -o clip.mp4"
    let outcome = try BinaryRunner.run(["-c", command], in: folder, executable: URL(fileURLWithPath: "/bin/bash"))
    #expect(outcome.exitCode == 1)
    // The write fails in whichever thread reaches the limit first: a worker handing its frame to
    // the encoder names the frame, the encoder's own thread does not.
    let message = outcome.standardError.replacing(#/^splashvid: frame \d+: /#, with: "splashvid: ")
    #expect(message == "splashvid: encode: writing frame data: File too large\n", "\(outcome.standardError)")
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
  }

  @Test("SIGTERM during a render: exit 130, no file, no temporary file")
  func terminate() throws {
    let folder = try BinaryRunner.temporaryFolder()
    let process = Process()
    process.executableURL = BinaryRunner.binary
    process.arguments = ["--preset", "fuber", "--loops", "50", "--progress", "json", "-o", "long.mp4", "--presets-dir", presets]
    process.currentDirectoryURL = folder
    let errors = Pipe()
    process.standardError = errors
    try process.run()
    defer { if process.isRunning { kill(process.processIdentifier, SIGKILL) } }
    let stream = BinaryRunner.StreamedText(errors)
    // Frames are flowing once the first progress report is out.
    try #require(stream.wait(upTo: 60) { $0.contains("{\"frame\":") }, "no frame was reported: \(stream.text)")
    #expect(process.isRunning)
    process.terminate()
    process.waitUntilExit()
    #expect(process.terminationStatus == 130)
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
  }
}
