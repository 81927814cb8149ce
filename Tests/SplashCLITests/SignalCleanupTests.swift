import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// Signals in every command, and temporaries that a killed writer left.
@Suite("Signals and stale temporaries")
struct SignalCleanupTests {
  private var presets: String { BinaryRunner.repository.appendingPathComponent("presets").path }

  private func start(_ arguments: [String], in folder: URL) throws -> (Process, Pipe) {
    let process = Process()
    process.executableURL = BinaryRunner.binary
    process.arguments = arguments
    process.currentDirectoryURL = folder
    let errors = Pipe()
    process.standardError = errors
    process.standardOutput = FileHandle.nullDevice
    try process.run()
    return (process, errors)
  }

  /// Waits until a temporary file appears in `folder` (the command is writing).
  private func waitForTemporary(in folder: URL, of process: Process) throws -> Bool {
    let deadline = Date().addingTimeInterval(60)
    while Date() < deadline, process.isRunning {
      if try FileManager.default.contentsOfDirectory(atPath: folder.path).contains(where: { $0.hasSuffix(".tmp") }) { return true }
      Thread.sleep(forTimeInterval: 0.02)
    }
    return false
  }

  @Test("Ctrl-C followed at once by SIGTERM: exit 130 and no temporary left")
  func interruptThenTerminate() throws {
    let folder = try BinaryRunner.temporaryFolder()
    let (process, errors) = try start(["--preset", "fuber", "--presets-dir", presets, "--loops", "50", "-o", "long.mp4"], in: folder)
    #expect(try waitForTemporary(in: folder, of: process))
    kill(process.processIdentifier, SIGINT)
    kill(process.processIdentifier, SIGTERM)
    let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    #expect(process.terminationReason == .exit && process.terminationStatus == 130, "\(message)")
    #expect(message.hasSuffix("splashvid: interrupted; nothing was written\n"))
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
  }

  @Test("SIGHUP (the terminal closed) ends a render as Ctrl-C does: exit 130, nothing left")
  func hangUp() throws {
    let folder = try BinaryRunner.temporaryFolder()
    let (process, errors) = try start(["--preset", "fuber", "--presets-dir", presets, "--loops", "50", "-o", "long.mp4"], in: folder)
    #expect(try waitForTemporary(in: folder, of: process))
    kill(process.processIdentifier, SIGHUP)
    let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    #expect(process.terminationReason == .exit && process.terminationStatus == 130, "\(message)")
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
  }

  @Test("still and sheet trap SIGTERM too: exit 130 and no temporary left")
  func stillAndSheet() throws {
    let folder = try BinaryRunner.temporaryFolder()
    let commands = [
      ["still", "--preset", "fuber", "--presets-dir", presets, "--time", "1", "--size", "8000x8000", "-o", "big.png"],
      ["sheet", "--preset", "fuber", "--presets-dir", presets, "--frames", "400", "--columns", "20", "--width", "400", "-o", "sheet.png"],
    ]
    for arguments in commands {
      let (process, errors) = try start(arguments, in: folder)
      // Wait for the PNG's temporary, or at least for the command to be busy.
      _ = try waitForTemporary(in: folder, of: process)
      #expect(process.isRunning, "\(arguments[0]) still running")
      process.terminate()
      let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
      process.waitUntilExit()
      #expect(process.terminationReason == .exit && process.terminationStatus == 130, "\(arguments[0]): \(message)")
      #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty, "\(arguments[0])")
    }
  }

  @Test("a temporary whose writer was killed (-9) is swept by the next run; a live writer's is not")
  func staleTemporaries() throws {
    let folder = try BinaryRunner.temporaryFolder()
    let (killed, _) = try start(["--preset", "fuber", "--presets-dir", presets, "--loops", "50", "-o", "killed.mp4"], in: folder)
    #expect(try waitForTemporary(in: folder, of: killed))
    kill(killed.processIdentifier, SIGKILL)
    killed.waitUntilExit()
    let leftover = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".tmp") }
    #expect(leftover.count == 1, "kill -9 leaves its temporary: \(leftover)")

    // A live writer in the same folder, then a short run that sweeps.
    let (live, _) = try start(["--preset", "fuber", "--presets-dir", presets, "--loops", "3", "--fps", "30", "-o", "live.mp4"], in: folder)
    let deadline = Date().addingTimeInterval(60)
    var liveTemporary: String?
    while Date() < deadline, liveTemporary == nil, live.isRunning {
      liveTemporary = try FileManager.default.contentsOfDirectory(atPath: folder.path).first { $0.hasPrefix(".live.mp4.") }
      Thread.sleep(forTimeInterval: 0.02)
    }
    #expect(liveTemporary != nil)
    let short = try BinaryRunner.run(
      ["--preset", "fuber", "--presets-dir", presets, "--fps", "5", "--size", "64x64", "-o", "short.mp4"], in: folder)
    #expect(short.exitCode == 0, "\(short.standardError)")
    let after = try FileManager.default.contentsOfDirectory(atPath: folder.path)
    #expect(!after.contains(leftover[0]), "the dead writer's temporary is swept")
    if let liveTemporary, live.isRunning { #expect(after.contains(liveTemporary), "the live writer's temporary stays") }
    live.waitUntilExit()
    #expect(live.terminationStatus == 0, "the live writer completes")
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == ["live.mp4", "short.mp4"])
  }
}
