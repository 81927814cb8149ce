import Foundation
import SplashCore
import SplashEncode
import Testing

@Suite("The splashvid binary, end to end")
struct EndToEndTests {
  private var presets: String { BinaryRunner.repository.appendingPathComponent("presets").path }

  @Test("render writes an MP4 with loops × 3 s × fps frames, the right size and the background colour")
  func renderFuber() throws {
    let folder = try BinaryRunner.temporaryFolder()
    let outcome = try BinaryRunner.run(
      [
        "--preset", "fuber", "--loops", "2", "--fps", "12", "--size", "188x334", "-o", "clip.mp4", "--presets-dir", presets,
        "--param", "tileLineColor=#0F4E65",  // no lattice lines: the corner stays one flat colour
      ],
      in: folder)
    #expect(outcome.exitCode == 0, "\(outcome.standardError)")
    #expect(outcome.standardError == "wrote clip.mp4: 72 frames, 188x334, 12 fps, 6.00 s\n")

    var corners = 0
    let info = try VideoReader.read(folder.appendingPathComponent("clip.mp4").path) { _, pixels in
      let corner = pixels.rgba(x: 8, y: 8)
      if abs(Int(corner.red) - 0x0F) <= 3 && abs(Int(corner.green) - 0x4E) <= 3 && abs(Int(corner.blue) - 0x65) <= 3 {
        corners += 1
      }
    }
    #expect(info.decodedFrameCount == 72 && info.declaredFrameCount == 72)
    #expect(info.width == 188 && info.height == 334)
    #expect(info.averageFrameRate == (12, 1))
    #expect(info.colorSpace == "bt709" && info.colorRange == "tv" && info.isFastStart)
    #expect(corners == 72, "the #0F4E65 background survives the round trip in every frame")
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["clip.mp4"])
  }

  @Test("still writes the frame at a scene time: τ = 2.5 shows the whole logo")
  func stillFuber() throws {
    let folder = try BinaryRunner.temporaryFolder()
    let outcome = try BinaryRunner.run(
      ["still", "--preset", "fuber", "--time", "3.4", "-o", "logo.png", "--presets-dir", presets], in: folder)
    #expect(outcome.exitCode == 0, "\(outcome.standardError)")
    let data = try Data(contentsOf: folder.appendingPathComponent("logo.png"))
    #expect(Array(data.prefix(4)) == [0x89, 0x50, 0x4E, 0x47])
    // 750 × 1334 pixels: the canvas at 2x.
    let width = data[16..<20].reduce(0) { $0 << 8 | Int($1) }
    let height = data[20..<24].reduce(0) { $0 << 8 | Int($1) }
    #expect(width == 750 && height == 1334)
  }

  @Test("an unknown option exits 64 with one line and writes nothing")
  func unknownOption() throws {
    let folder = try BinaryRunner.temporaryFolder()
    let outcome = try BinaryRunner.run(["--preset", "fuber", "--lops", "3", "-o", "splash.mp4"], in: folder)
    #expect(outcome.exitCode == 64)
    #expect(outcome.standardError == "splashvid: unknown option '--lops' (see 'splashvid --help')\n")
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
  }

  @Test("a missing preset names the folders searched, exits 1 and writes nothing")
  func missingPreset() throws {
    let folder = try BinaryRunner.temporaryFolder()
    let outcome = try BinaryRunner.run(
      ["--preset", "nonexistent", "-o", "splash.mp4"], in: folder, environment: ["SPLASHVID_PRESETS": "/srv/presets"])
    #expect(outcome.exitCode == 1)
    let message = outcome.standardError
    #expect(message.hasPrefix("splashvid: no preset named \"nonexistent\"; searched /srv/presets, \(folder.path)/presets, "))
    #expect(message.filter { $0 == "\n" }.count == 1)
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
  }

  @Test(
    "usage mistakes are caught before anything is written",
    arguments: [
      (["--preset", "fuber", "-o", "a.mp4", "--size", "751x1334"], "--size 751x1334: video needs an even width and height"),
      (["--preset", "fuber", "-o", "a.mp4", "--fps", "0"], "--fps 0: expected a whole number from 1 to 240"),
      (["--preset", "fuber", "--loops", "2"], "name the output file with -o FILE.mp4"),
      (["--preset", "fuber", "--file", "x.json5", "-o", "a.mp4"], "give either --preset or --file, not both"),
      (["frobnicate"], "unknown command 'frobnicate'"),
      (
        ["--preset", "fuber", "--transparent", "-o", "a.mp4"],
        "--transparent needs a format with alpha (.mov for ProRes 4444, .webm for VP9, .gif); H.264 MP4 has none"
      ),
      (
        ["--preset", "fuber", "-o", "a.avi"],
        "-o a.avi: cannot tell a video format from .avi; use .mp4 (H.264, or HEVC with --format hevc), .mov (ProRes 4444) or .webm (VP9)"
      ),
      (
        ["--preset", "fuber", "--format", "prores", "-o", "a.mp4"],
        "--format prores: ProRes 4444 MOV is written as .mov, not .mp4; rename a.mp4"
      ),
      (["--preset", "fuber", "--format", "av1", "-o", "a.mp4"], "--format av1: expected one of h264, hevc, prores, vp9"),
      (["--preset", "fuber", "--x264-preset", "fast", "-o", "a.webm"], "--x264-preset applies to h264 and hevc, not to VP9 WebM"),
    ])
  func usageErrors(arguments: [String], message: String) throws {
    let folder = try BinaryRunner.temporaryFolder()
    let outcome = try BinaryRunner.run(arguments, in: folder)
    #expect(outcome.exitCode == 64)
    #expect(outcome.standardError == "splashvid: \(message) (see 'splashvid --help')\n")
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
  }

  @Test("an invalid preset file fails with its JSON path and leaves no output")
  func invalidPresetFile() throws {
    let folder = try BinaryRunner.temporaryFolder()
    try Data("{ schemaVersion: 1, canvas: { size: [10, 10] }, clip: { cycle: -1 }, layers: [] }".utf8)
      .write(to: folder.appendingPathComponent("bad.json5"))
    let outcome = try BinaryRunner.run(["--file", "bad.json5", "-o", "out.mp4"], in: folder)
    #expect(outcome.exitCode == 1)
    #expect(outcome.standardError == "splashvid: bad.json5: clip.cycle: expected a loop length in seconds from 0.001 to 3600, found -1\n")
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["bad.json5"])
  }

  @Test("--help documents the synopsis and exits 0")
  func help() throws {
    let outcome = try BinaryRunner.run(["--help"], in: try BinaryRunner.temporaryFolder())
    #expect(outcome.exitCode == 0)
    #expect(
      outcome.standardOutput.contains(
        "splashvid [render] (--preset NAME | --file PATH) -o OUT.mp4|OUT.gif [--loops N] [--fps N] [--size WxH]"))
    #expect(outcome.standardOutput.contains("with a .gif 50, and at most 50:\n"))
    #expect(
      outcome.standardOutput.contains(
        "splashvid still (--preset NAME | --file PATH) (--time T | --position P | --frame N) -o FRAME.png [--size WxH] [--transparent]"))
    #expect(outcome.standardOutput.contains("--position P        0 to 1 of one loop, as a player's progress"))
  }

  @Test("--version names the linked libraries")
  func version() throws {
    let outcome = try BinaryRunner.run(["--version"], in: try BinaryRunner.temporaryFolder())
    #expect(outcome.exitCode == 0)
    #expect(outcome.standardOutput.hasPrefix("splashvid 0.1.0 (cairo "))
    #expect(outcome.standardOutput.contains("libx264 available"))
  }
}
