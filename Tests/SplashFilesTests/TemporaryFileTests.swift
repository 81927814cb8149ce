import Foundation
import SplashTestSupport
import Testing

@testable import SplashFiles

@Suite("Temporary files: random, exclusive, short enough, locked, swept only when dead")
struct TemporaryFileTests {
  private func temporaryFolder() throws -> String {
    try ScratchFolder.make("splashvid-temporaries").path
  }

  @Test("names are random, hidden, of splashvid's pattern, and created exclusively")
  func names() throws {
    let folder = try temporaryFolder()
    let outputs = try (0..<50).map { _ in try OutputFile(destination: folder + "/clip.mp4") }
    let names = outputs.map { OutputFile.split($0.temporaryPath).name }
    #expect(Set(names).count == 50)
    for name in names {
      #expect(name.hasPrefix(".clip.mp4.splashvid-") && name.hasSuffix(".tmp"))
      #expect(TemporaryName.kind(of: name) == .current)
    }
    #expect(TemporaryFiles.count >= 50)
    for output in outputs { output.discard() }
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder).isEmpty)
  }

  @Test("a destination name of 255 bytes gets a temporary name of at most 255 bytes")
  func longNames() throws {
    let folder = try temporaryFolder()
    let name = String(repeating: "ü", count: 125) + "a.mp4"
    #expect(name.utf8.count == 255)
    let output = try OutputFile(destination: folder + "/" + name)
    let temporary = OutputFile.split(output.temporaryPath).name
    #expect(temporary.utf8.count <= 255)
    #expect(TemporaryName.kind(of: temporary) == .current)
    try Data("x".utf8).write(to: URL(fileURLWithPath: output.temporaryPath))
    try output.commit()
    #expect(FileManager.default.fileExists(atPath: folder + "/" + name))
  }

  @Test("devices, FIFOs and folders are never replaced")
  func nonRegularDestinations() throws {
    let folder = try temporaryFolder()
    #expect(mkfifo(folder + "/pipe.mp4", 0o600) == 0)
    try FileManager.default.createDirectory(atPath: folder + "/dir.mp4", withIntermediateDirectories: false)
    // A device of the test's own (like /dev/null, 1, 3) when this process may make one.
    let device = folder + "/null.mp4"
    let devices = mknod(device, S_IFCHR | 0o600, dev_t((1 << 8) | 3)) == 0 ? [device] : []
    for destination in devices + [folder + "/pipe.mp4", folder + "/dir.mp4"] {
      #expect(throws: OutputFileError.self) { try OutputFile(destination: destination) }
    }
    // A FIFO appearing at the destination while the file is written is not replaced either.
    let output = try OutputFile(destination: folder + "/late.mp4")
    #expect(mkfifo(folder + "/late.mp4", 0o600) == 0)
    #expect(throws: OutputFileError.self) { try output.commit() }
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
        == (["dir.mp4", "late.mp4", "pipe.mp4"] + devices.map { _ in "null.mp4" }).sorted())
  }

  @Test("the sweep removes unlocked temporaries and old ones of earlier versions, nothing else")
  func sweep() throws {
    let folder = try temporaryFolder()
    let live = try OutputFile(destination: folder + "/live.mp4")
    let dead = folder + "/.dead.mp4.splashvid-0123456789abcdef.tmp"
    let deadFolder = folder + "/.frames.splashvid-fedcba9876543210.seq"
    let oldLegacy = folder + "/.old.mp4.splashvid-1-1.tmp"
    let newLegacy = folder + "/.new.mp4.splashvid-1-2.tmp"
    let others = [
      folder + "/clip.mp4", folder + "/.clip.mp4.splashvid-inputs", folder + "/.notes.tmp", folder + "/x.splashvid-0123456789abcdef.tmp",
    ]
    for path in [dead, oldLegacy, newLegacy] + others { try Data("x".utf8).write(to: URL(fileURLWithPath: path)) }
    try FileManager.default.createDirectory(atPath: deadFolder, withIntermediateDirectories: false)
    try Data("frame".utf8).write(to: URL(fileURLWithPath: deadFolder + "/1.png"))
    try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: -7200)], ofItemAtPath: oldLegacy)
    let swept = StaleTemporaries.sweep(folder).sorted()
    #expect(swept == [dead, deadFolder, oldLegacy].map { OutputFile.split($0).name }.sorted())
    let left = try FileManager.default.contentsOfDirectory(atPath: folder).map { folder + "/" + $0 }.sorted()
    #expect(left == ([live.temporaryPath, newLegacy] + others).sorted())
    live.discard()
  }
}
