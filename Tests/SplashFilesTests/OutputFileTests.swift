import Foundation
import SplashTestSupport
import Testing

@testable import SplashFiles

@Suite("Output files appear only when complete")
struct OutputFileTests {
  private func temporaryFolder() throws -> String {
    try ScratchFolder.make("splashvid-output").path
  }

  private func contents(of folder: String) throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
  }

  @Test("commit moves the temporary file into place and replaces an old file")
  func commitReplaces() throws {
    let folder = try temporaryFolder()
    let destination = folder + "/clip.mp4"
    try Data("old".utf8).write(to: URL(fileURLWithPath: destination))
    let output = try OutputFile(destination: destination)
    try Data("new".utf8).write(to: URL(fileURLWithPath: output.temporaryPath))
    #expect(try contents(of: folder).count == 2)
    try output.commit()
    #expect(try String(contentsOfFile: destination, encoding: .utf8) == "new")
    #expect(try contents(of: folder) == ["clip.mp4"])
  }

  @Test("an uncommitted file is removed when released and the old file is kept")
  func releaseDiscards() throws {
    let folder = try temporaryFolder()
    let destination = folder + "/clip.mp4"
    try Data("old".utf8).write(to: URL(fileURLWithPath: destination))
    do {
      let output = try OutputFile(destination: destination)
      try Data("partial".utf8).write(to: URL(fileURLWithPath: output.temporaryPath))
    }
    #expect(try contents(of: folder) == ["clip.mp4"])
    #expect(try String(contentsOfFile: destination, encoding: .utf8) == "old")
  }

  @Test("a directory, a missing folder and a bare folder path are refused up front")
  func refusedDestinations() throws {
    let folder = try temporaryFolder()
    #expect(throws: OutputFileError.self) { try OutputFile(destination: folder) }
    #expect(throws: OutputFileError.self) { try OutputFile(destination: folder + "/missing/clip.mp4") }
    #expect(throws: OutputFileError.self) { try OutputFile(destination: folder + "/") }
    #expect(try contents(of: folder).isEmpty)
  }

  @Test("a destination named like a temporary is refused: a later sweep would remove it")
  func temporaryLookalikes() throws {
    let folder = try temporaryFolder()
    for destination in [folder + "/.report.json.splashvid-0123456789abcdef.tmp", folder + "/.splashvid-sequence-1-abcdefgh"] {
      #expect(throws: OutputFileError.self, "\(destination)") { try OutputFile(destination: destination) }
    }
    #expect(try contents(of: folder).isEmpty)
    #expect(TemporaryName.lookalike(in: "clips/.x.splashvid-0123456789abcdef.seq/a.mp4") == ".x.splashvid-0123456789abcdef.seq")
    #expect(TemporaryName.lookalike(in: "clips/.x.splashvid-sequence.mp4") == nil)
  }

  @Test("keepingExisting never replaces: a file that appears at the name while it is written stays, the next free name is taken")
  func keepingExisting() throws {
    let folder = try temporaryFolder()
    let destination = folder + "/clip.mp4"
    let output = try OutputFile(destination: destination, placement: .keepingExisting)
    try output.write(Array("new".utf8))
    // Another writer, or the user, takes the name, and the next one, meanwhile.
    try Data("theirs".utf8).write(to: URL(fileURLWithPath: destination))
    try FileManager.default.createDirectory(atPath: folder + "/clip-2.mp4", withIntermediateDirectories: false)
    try output.commit()
    #expect(output.destination == folder + "/clip-3.mp4")
    #expect(try String(contentsOfFile: destination, encoding: .utf8) == "theirs")
    #expect(try String(contentsOfFile: folder + "/clip-3.mp4", encoding: .utf8) == "new")
    #expect(try contents(of: folder) == ["clip-2.mp4", "clip-3.mp4", "clip.mp4"])
  }

  @Test("a taken name is numbered before its extension, a name without one at its end")
  func numberedNames() {
    #expect(OutputFile.numbered("exports/fuber.mp4", 2) == "exports/fuber-2.mp4")
    #expect(OutputFile.numbered("fuber-hevc.mp4", 3) == "fuber-hevc-3.mp4")
    #expect(OutputFile.numbered("/exports/fuber-frames", 2) == "/exports/fuber-frames-2")
    #expect(OutputFile.numbered("/.hidden", 2) == "/.hidden-2")
  }
}
