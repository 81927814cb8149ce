import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// Outputs whose folder does not exist: the folder is created and named on stderr, and
/// removed again when the command fails or is interrupted.
@Suite("Output folders: created when missing, said on stderr, gone again when the command fails")
struct OutputFolderTests {
  /// A square that moves for the whole 1 s loop of a 20x20 canvas.
  private static let movingSquare = """
    { schemaVersion: 1, canvas: { size: [20, 20], background: "#0F4E65" }, clip: { cycle: 1 },
      layers: [{ id: "square", position: [5, 10], bounds: [0, 0, 4, 4], backgroundColor: "white",
        animations: [{ type: "basic", keyPath: "position.x", fromValue: 5, toValue: 15, duration: 1 }] }] }
    """

  private static func folder() throws -> URL {
    let folder = try BinaryRunner.temporaryFolder()
    try Data(movingSquare.utf8).write(to: folder.appendingPathComponent("square.json5"))
    return folder
  }

  private static func contents(_ folder: URL, _ path: String = "") throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent(path).path).sorted()
  }

  @Test("-o frames/f-%02d.png without frames/: the folder is created, said before the wrote line, and holds the frames")
  func sequenceFolder() throws {
    let folder = try Self.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let outcome = try BinaryRunner.run(["--file", "square.json5", "--fps", "5", "--scale", "1", "-o", "frames/f-%02d.png"], in: folder)
    #expect(outcome.exitCode == 0, "\(outcome.standardError)")
    let lines = outcome.standardError.split(separator: "\n").map(String.init)
    #expect(lines.count == 2 && lines[0] == "created folder frames/", "\(outcome.standardError)")
    #expect(lines.last?.hasPrefix("wrote frames/f-%02d.png: 5 frames") == true, "\(outcome.standardError)")
    #expect(try Self.contents(folder, "frames") == (1...5).map { String(format: "f-%02d.png", $0) })

    // Again into the folder that now exists: nothing to say about it.
    let again = try BinaryRunner.run(["--file", "square.json5", "--fps", "5", "--scale", "1", "-o", "frames/f-%02d.png"], in: folder)
    #expect(again.exitCode == 0 && !again.standardError.contains("created folder"), "\(again.standardError)")
  }

  @Test("a video, a GIF and a poster in missing nested folders: each folder created and said once")
  func fileFolders() throws {
    let folder = try Self.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let outcome = try BinaryRunner.run(
      ["--file", "square.json5", "--fps", "5", "--scale", "2", "-o", "clips/web/a.mp4", "-o", "clips/web/a.gif", "-o", "posters/a.png"],
      in: folder)
    #expect(outcome.exitCode == 0, "\(outcome.standardError)")
    let created = outcome.standardError.split(separator: "\n").filter { $0.hasPrefix("created folder ") }
    #expect(created == ["created folder clips/web/", "created folder posters/"], "\(outcome.standardError)")
    #expect(try Self.contents(folder, "clips/web") == ["a.gif", "a.mp4"])
    #expect(try Self.contents(folder, "posters") == ["a.png"])

    let still = try BinaryRunner.run(["still", "--file", "square.json5", "--time", "0", "-o", "stills/a.png"], in: folder)
    #expect(still.exitCode == 0, "\(still.standardError)")
    #expect(still.standardError.hasPrefix("created folder stills/\nwrote stills/a.png"), "\(still.standardError)")
    let sheet = try BinaryRunner.run(["sheet", "--file", "square.json5", "--frames", "2", "-o", "sheets/a.png"], in: folder)
    #expect(sheet.exitCode == 0, "\(sheet.standardError)")
    #expect(sheet.standardError.hasPrefix("created folder sheets/\nwrote sheets/a.png"), "\(sheet.standardError)")
  }

  @Test("an output that cannot be written removes the folders made for the others; a file in the way is named")
  func failureRemovesFolders() throws {
    let folder = try Self.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    // square.json5 is a file, so square.json5/clip.mp4 has no folder: its sink fails before
    // any frame, after the sequence's folder was made.
    let outcome = try BinaryRunner.run(
      ["--file", "square.json5", "--fps", "5", "-o", "frames/deep/f-%d.png", "-o", "square.json5/clip.mp4"], in: folder)
    #expect(outcome.exitCode == 1)
    #expect(
      outcome.standardError == "splashvid: cannot write square.json5/clip.mp4: its folder square.json5 is a regular file, not a folder\n")
    #expect(try Self.contents(folder) == ["square.json5"], "frames/ and frames/deep/ are removed again")
  }

  @Test("a render into a new folder interrupted mid-pass: exit 130 and no folder, no staged frame left")
  func interruptRemovesFolder() throws {
    let folder = try Self.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let process = BinaryRunner.process(
      ["--file", "square.json5", "--fps", "60", "--loops", "2000", "--size", "400x400", "-o", "frames/f-%06d.png"], in: folder)
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    // Frames are being staged inside the new folder: the render is under way.
    let deadline = Date().addingTimeInterval(30)
    var staging: [String] = []
    while Date() < deadline, process.isRunning, staging.isEmpty {
      staging = ((try? Self.contents(folder, "frames")) ?? []).filter { $0.hasSuffix(".seq") }
      if staging.isEmpty { Thread.sleep(forTimeInterval: 0.02) }
    }
    try #require(!staging.isEmpty && process.isRunning, "the render never started staging frames")
    kill(process.processIdentifier, SIGINT)
    process.waitUntilExit()
    #expect(process.terminationStatus == 130)
    #expect(try Self.contents(folder) == ["square.json5"])
  }
}
