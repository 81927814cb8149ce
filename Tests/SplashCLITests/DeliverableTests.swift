import Foundation
import SplashCore
import SplashEncode
import Testing

@Suite("Deliverables: the output's extension or --format picks the codec; --transparent keeps alpha")
struct DeliverableTests {
  private var presets: String { BinaryRunner.repository.appendingPathComponent("presets").path }

  @Test("--transparent -o clip.webm: VP9 with alpha, the canvas clear and the logo opaque")
  func transparentWebM() throws {
    let folder = try BinaryRunner.temporaryFolder()
    let outcome = try BinaryRunner.run(
      ["--preset", "logo-reveal", "--presets-dir", presets, "--scale", "0.5", "--fps", "10", "--transparent", "-o", "clip.webm"],
      in: folder)
    #expect(outcome.exitCode == 0, "\(outcome.standardError)")
    var checked = false
    let info = try VideoReader.read(folder.appendingPathComponent("clip.webm").path) { index, pixels in
      // t = 0.2 s: the orange circle at the centre, nothing else (logo-reveal's first moment).
      guard index == 2 else { return }
      #expect(pixels.rgba(x: 5, y: 5).alpha == 0, "the canvas corner is clear")
      let centre = pixels.rgba(x: pixels.width / 2, y: pixels.height / 2)
      #expect(centre.alpha == 255 && centre.red > 200 && centre.blue < 60, "the circle: \(centre)")
      checked = true
    }
    #expect(checked)
    #expect(info.codecName == "vp9" && info.hasAlpha)
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["clip.webm"])
  }

  @Test("--target appstore-6.5: 886x1920, 30 fps, H.264 with a stereo AAC track even without --audio; a short clip is warned about")
  func appStoreTarget() throws {
    let folder = try BinaryRunner.temporaryFolder()
    let outcome = try BinaryRunner.run(
      ["--preset", "welcome", "--presets-dir", presets, "--target", "appstore-6.5", "-o", "preview.mp4"], in: folder)
    #expect(outcome.exitCode == 0, "\(outcome.standardError)")
    #expect(
      outcome.standardError.contains(
        "splashvid: warning: appstore-6.5 accepts 15 to 30 s; this clip lasts 6.00 s; --loops 3 to 5 would fit"))
    let probe = try BinaryRunner.run(["probe", "preview.mp4"], in: folder)
    let lines = probe.standardOutput.split(separator: "\n").map(String.init)
    #expect(lines.contains("size: 886x1920"))
    #expect(lines.contains("frame rate: 30/1 (30.000 fps, constant)"))
    #expect(lines.contains("audio: aac, 48000 Hz, stereo, 6.000 s"), "\(probe.standardOutput)")
    #expect(lines.contains { $0.hasPrefix("codec: h264, profile High, level 4") })
    #expect(!lines.contains { $0.hasPrefix("warning") })
  }

  @Test(
    "target and sound mistakes are usage errors",
    arguments: [
      (["--target", "tiktok", "-o", "a.mp4"], "--target tiktok is not one of appstore-6.9, appstore-6.5, instagram-story, square, web"),
      (["--target", "appstore-6.5", "--size", "100x100", "-o", "a.mp4"], "--target appstore-6.5 sets --size; leave --size 100x100 out"),
      (["--target", "appstore-6.9", "--fps", "60", "-o", "a.mp4"], "--target appstore-6.9 sets --fps; leave --fps 60 out"),
      (["--target", "web", "-o", "a.mp4"], "--target web sets --format vp9: VP9 WebM is written as .webm, not .mp4; rename a.mp4"),
      (
        ["--audio", "song.m4a", "-o", "a.webm"],
        "--audio: none of the outputs takes AAC sound (VP9 WebM, GIF and PNG carry none); add an .mp4 or .mov output"
      ),
    ])
  func targetMistakes(arguments: [String], message: String) throws {
    let folder = try BinaryRunner.temporaryFolder()
    let outcome = try BinaryRunner.run(["--preset", "welcome", "--presets-dir", presets] + arguments, in: folder)
    #expect(outcome.exitCode == 64)
    #expect(outcome.standardError == "splashvid: \(message) (see 'splashvid --help')\n")
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
  }

  @Test("--audio with an MP4 and a WebM: the MP4 gets the sound, the WebM stays silent")
  func soundToTheOutputsThatTakeIt() throws {
    let folder = try BinaryRunner.temporaryFolder()
    // One second of 16-bit mono silence at 8 kHz, as a WAV file.
    var wav = Data("RIFF".utf8)
    func append32(_ value: Int) { withUnsafeBytes(of: UInt32(value).littleEndian) { wav.append(contentsOf: $0) } }
    func append16(_ value: Int) { withUnsafeBytes(of: UInt16(value).littleEndian) { wav.append(contentsOf: $0) } }
    append32(36 + 16_000)
    wav.append(contentsOf: Array("WAVEfmt ".utf8))
    append32(16)
    append16(1)
    append16(1)
    append32(8_000)
    append32(16_000)
    append16(2)
    append16(16)
    wav.append(contentsOf: Array("data".utf8))
    append32(16_000)
    wav.append(Data(count: 16_000))
    try wav.write(to: folder.appendingPathComponent("quiet.wav"))
    let outcome = try BinaryRunner.run(
      [
        "--preset", "logo-reveal", "--presets-dir", presets, "--scale", "0.25", "--fps", "10", "--audio", "quiet.wav", "-o", "a.mp4", "-o",
        "b.webm",
      ],
      in: folder)
    #expect(outcome.exitCode == 0, "\(outcome.standardError)")
    let mp4 = try VideoReader.read(folder.appendingPathComponent("a.mp4").path)
    let webm = try VideoReader.read(folder.appendingPathComponent("b.webm").path)
    #expect(mp4.audio?.codecName == "aac" && mp4.audio?.channels == 2)
    #expect(webm.audio == nil)
  }

  @Test("probe on GIFs: loops forever, alpha only when clear, none of the video warnings")
  func probeGIF() throws {
    let folder = try BinaryRunner.temporaryFolder()
    for (name, extra) in [("opaque.gif", [String]()), ("clear.gif", ["--transparent"])] {
      let outcome = try BinaryRunner.run(
        ["--preset", "logo-reveal", "--presets-dir", presets, "--scale", "0.25", "--fps", "10", "-o", name] + extra, in: folder)
      #expect(outcome.exitCode == 0, "\(outcome.standardError)")
    }
    let opaque = try BinaryRunner.run(["probe", "opaque.gif"], in: folder).standardOutput
    #expect(opaque.contains("pixel format: bgra\n") && opaque.contains("loop: forever"), "\(opaque)")
    #expect(!opaque.contains("warning") && !opaque.contains("faststart"), "\(opaque)")
    let clear = try BinaryRunner.run(["probe", "clear.gif"], in: folder).standardOutput
    #expect(clear.contains("pixel format: bgra (with alpha)"), "\(clear)")
  }

  @Test("--format hevc -o clip.mp4: HEVC tagged hvc1, and probe has nothing to warn about")
  func hevc() throws {
    let folder = try BinaryRunner.temporaryFolder()
    let outcome = try BinaryRunner.run(
      ["--preset", "fuber", "--presets-dir", presets, "--scale", "0.25", "--fps", "10", "--format", "hevc", "-o", "clip.mp4"],
      in: folder)
    #expect(outcome.exitCode == 0, "\(outcome.standardError)")
    let probe = try BinaryRunner.run(["probe", "clip.mp4"], in: folder)
    #expect(probe.exitCode == 0)
    #expect(probe.standardOutput.contains("codec: hevc, profile Main"))
    #expect(!probe.standardOutput.contains("warning"), "\(probe.standardOutput)")
    let info = try VideoReader.read(folder.appendingPathComponent("clip.mp4").path)
    #expect(info.codecTag == "hvc1" && info.decodedFrameCount == 30)
  }
}
