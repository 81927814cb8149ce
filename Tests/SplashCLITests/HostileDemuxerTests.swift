import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// Regular files that FFmpeg demuxers read as directions to open other files: an HLS playlist
/// and a concat list naming a FIFO, and an image name that image2 reads as a numbered pattern.
/// splashvid must read the named file only: refuse the lists in one line, read the image
/// itself, and never hang (each run is killed and fails after its deadline).
@Suite("Hostile demuxers: playlists and patterns never open other files")
struct HostileDemuxerTests {
  static let playlist = "#EXTM3U\n#EXT-X-TARGETDURATION:10\n#EXTINF:10,\nf.wav\n#EXT-X-ENDLIST\n"
  static let concatList = "ffconcat version 1.0\nfile f.wav\n"
  static let mascot = BinaryRunner.repository.appendingPathComponent("presets/assets/mascot.png")

  /// A folder with the FIFO `f.wav`, the playlist `list.m3u8` and the concat list `c.txt`.
  static func folderWithLists() throws -> URL {
    let folder = try HostileFileInputTests.folder(withFIFO: "f.wav")
    try Data(playlist.utf8).write(to: folder.appendingPathComponent("list.m3u8"))
    try Data(concatList.utf8).write(to: folder.appendingPathComponent("c.txt"))
    return folder
  }

  static let lists = [("list.m3u8", "Apple HTTP Live Streaming (hls)"), ("c.txt", "Virtual concatenation script (concat)")]

  @Test("--audio naming an HLS playlist or a concat list is refused as not a sound file", arguments: lists)
  func soundtrackList(name: String, format: String) throws {
    let folder = try Self.folderWithLists()
    defer { try? FileManager.default.removeItem(at: folder) }
    let outcome = try BinaryRunner.runGuarded(
      ["--file", HostileFileInputTests.fuber, "--size", "64x64", "--fps", "5", "--audio", name, "-o", "o2.mp4"], in: folder)
    try HostileFileInputTests.expectRefused(
      outcome, containing: ["soundtrack: \(name): expected a sound file (WAV, MP3", "found \(format)"],
      exitCode: 1, in: folder, leaving: ["f.wav", "list.m3u8", "c.txt"])
  }

  @Test("probe naming an HLS playlist or a concat list is refused as not a video file", arguments: lists)
  func probeList(name: String, format: String) throws {
    let folder = try Self.folderWithLists()
    defer { try? FileManager.default.removeItem(at: folder) }
    let outcome = try BinaryRunner.runGuarded(["probe", name], in: folder)
    try HostileFileInputTests.expectRefused(
      outcome, containing: ["probe: \(name): expected a video file", "found \(format)"], exitCode: 1, in: folder,
      leaving: ["f.wav", "list.m3u8", "c.txt"])
  }

  @Test("probe f-%d.png reads that file, not a FIFO f-1.png its pattern would name")
  func probeImagePatternBesideFIFO() throws {
    let folder = try HostileFileInputTests.folder(withFIFO: "f-1.png")
    defer { try? FileManager.default.removeItem(at: folder) }
    try FileManager.default.copyItem(at: Self.mascot, to: folder.appendingPathComponent("f-%d.png"))
    let outcome = try BinaryRunner.runGuarded(["probe", "f-%d.png"], in: folder)
    #expect(outcome.exitCode == 0, "\(outcome.standardError)")
    #expect(outcome.standardOutput.contains("size: 300x360"), "the mascot's size: \(outcome.standardOutput)")
  }

  @Test("probe f-%d.png reads that file, not the other images its pattern would name")
  func probeImagePatternBesideImages() throws {
    let folder = try BinaryRunner.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    try FileManager.default.copyItem(at: Self.mascot, to: folder.appendingPathComponent("f-%d.png"))
    for number in 0...2 {
      let still = try BinaryRunner.runGuarded(
        ["still", "--file", HostileFileInputTests.fuber, "--time", "0", "--size", "16x16", "-o", "f-\(number).png"], in: folder)
      try #require(still.exitCode == 0, "\(still.standardError)")
    }
    let outcome = try BinaryRunner.runGuarded(["probe", "f-%d.png"], in: folder)
    #expect(outcome.exitCode == 0, "\(outcome.standardError)")
    #expect(outcome.standardOutput.contains("size: 300x360"), "the mascot's size, not 16x16: \(outcome.standardOutput)")
  }
}
