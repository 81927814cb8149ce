import Foundation
import SplashCairo
import SplashCore
import SplashEncode
import SplashModel
import SplashPipeline
import SplashPresets
import SplashRender
import Testing

@testable import SplashCLI
@testable import SplashOutput

/// Counts renders across every worker's backend.
private final class RenderTally: @unchecked Sendable {
  private let lock = NSLock()
  private var count = 0

  func record() {
    lock.lock()
    count += 1
    lock.unlock()
  }

  var total: Int {
    lock.lock()
    defer { lock.unlock() }
    return count
  }
}

/// The Cairo backend, counting what it draws.
private final class CountingBackend: RenderBackend {
  private let cairo = CairoBackend()
  private let tally: RenderTally

  init(tally: RenderTally) { self.tally = tally }

  func render(_ list: DisplayList, into buffer: PixelBuffer) throws {
    tally.record()
    try cairo.render(list, into: buffer)
  }

  func textExtents(_ properties: LayerProperties) -> Rect? { cairo.textExtents(properties) }
}

@Suite("One render pass, several outputs: every frame drawn once, the same frames in each")
struct MultipleOutputTests {
  private var presets: String { BinaryRunner.repository.appendingPathComponent("presets").path }

  @Test("an MP4, a MOV and a poster from one pass: each frame rendered once; each file equals its own solo render")
  func fanOut() throws {
    let folder = try BinaryRunner.temporaryFolder().path
    let scene = try PresetLoader.load(URL(fileURLWithPath: presets + "/welcome.json5"))
    let schedule = FrameSchedule(clip: scene.clip, framesPerSecond: 8, loops: 1)
    func settings(_ format: VideoFormat) -> VideoSettings {
      VideoSettings(format: format, width: 94, height: 168, framesPerSecond: 8, encoderPreset: "ultrafast")
    }
    func pipeline() -> RenderPipeline {
      var pipeline = RenderPipeline(scene: scene, schedule: schedule, pixelWidth: 94, pixelHeight: 168, workers: 2)
      pipeline.alwaysRendered = [20]
      return pipeline
    }

    let tally = RenderTally()
    let sink = FanOutSink([
      EncoderSink(writer: try VideoWriter(path: folder + "/all.mp4", settings: settings(.h264))),
      EncoderSink(writer: try VideoWriter(path: folder + "/all.mov", settings: settings(.prores))),
      try PosterSink(path: folder + "/poster.png", frame: 20),
    ])
    try pipeline().run(makeBackend: { CountingBackend(tally: tally) }, sink: sink)
    let frames = schedule.frameCount

    // The same pipeline with one output at a time renders as many frames, and writes the
    // very same bytes.
    for (name, format) in [("mp4", VideoFormat.h264), ("mov", .prores)] {
      let writer = try VideoWriter(path: folder + "/solo.\(name)", settings: settings(format))
      let soloTally = RenderTally()
      try pipeline().run(makeBackend: { CountingBackend(tally: soloTally) }, sink: EncoderSink(writer: writer))
      #expect(tally.total == soloTally.total, "three outputs: \(tally.total) renders; one output: \(soloTally.total)")
      #expect(tally.total <= frames)
      let together = try Data(contentsOf: URL(fileURLWithPath: folder + "/all.\(name)"))
      let alone = try Data(contentsOf: URL(fileURLWithPath: folder + "/solo.\(name)"))
      #expect(together == alone, "\(name) from the shared pass equals its solo render")
    }

    // Decoded, the two formats show the same pictures (4:2:0 against 4:4:4: a level or two).
    var h264Frames: [PixelBuffer] = []
    _ = try VideoReader.read(folder + "/all.mp4") { _, pixels in h264Frames.append(pixels) }
    var worst = 0.0
    let proresInfo = try VideoReader.read(folder + "/all.mov") { index, pixels in
      var total = 0
      for y in 0..<pixels.height {
        for x in 0..<pixels.width {
          let a = pixels.rgba(x: x, y: y)
          let b = h264Frames[index].rgba(x: x, y: y)
          total += abs(Int(a.red) - Int(b.red)) + abs(Int(a.green) - Int(b.green)) + abs(Int(a.blue) - Int(b.blue))
        }
      }
      worst = max(worst, Double(total) / Double(3 * pixels.width * pixels.height))
    }
    #expect(proresInfo.decodedFrameCount == frames && h264Frames.count == frames)
    #expect(worst < 2.5, "mean difference per channel, worst frame: \(worst)")

    // The poster is frame 20 exactly as the renderer draws it.
    let expected = try #require(PixelBuffer(width: 94, height: 168))
    let viewport = Viewport(canvasSize: scene.canvasSize, pixelWidth: 94, pixelHeight: 168)
    try CairoBackend().render(scene.presentation(at: schedule.sceneTime(ofFrame: 20)), viewport: viewport, into: expected)
    let poster = try PNGReader.read(folder + "/poster.png")
    #expect(poster.width == 94 && poster.height == 168)
    #expect(memcmp(poster.bytes, expected.bytes, expected.byteCount) == 0, "poster = frame 20")
  }

  @Test("through the binary: -o a.mp4 -o b.webm --poster 1.5 writes three files, the poster named after the first")
  func binary() throws {
    let folder = try BinaryRunner.temporaryFolder()
    let outcome = try BinaryRunner.run(
      [
        "--preset", "logo-reveal", "--presets-dir", presets, "--scale", "0.25", "--fps", "8", "-o", "a.mp4", "-o", "b.webm", "--poster",
        "1.5",
      ],
      in: folder)
    #expect(outcome.exitCode == 0, "\(outcome.standardError)")
    #expect(outcome.standardError.contains("wrote a.mp4, b.webm, a.png: "))
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == ["a.mp4", "a.png", "b.webm"])
    let mp4 = try VideoReader.read(folder.appendingPathComponent("a.mp4").path)
    let webm = try VideoReader.read(folder.appendingPathComponent("b.webm").path)
    #expect(mp4.decodedFrameCount == webm.decodedFrameCount && mp4.codecName == "h264" && webm.codecName == "vp9")
  }

  @Test(
    "output mistakes are usage errors",
    arguments: [
      (["-o", "a.mp4", "-o", "a.mp4"], "-o a.mp4 given twice"),
      (
        ["-o", "a.png"],
        "a render writes a video or a sequence: add -o FILE.mp4 or -o frames-%04d.png (for one frame alone, use 'splashvid still')"
      ),
      (["-o", "a.mp4", "-o", "a.png", "-o", "b.png"], "one poster per render; -o names a.png and b.png"),
      (
        ["-o", "a.mp4", "-o", "b.webm", "--format", "prores"],
        "--format prores fits none of the outputs (ProRes 4444 MOV is written as .mov)"
      ),
      (
        ["-o", "a.webm", "-o", "b.mp4", "--transparent"],
        "--transparent needs a format with alpha (.mov for ProRes 4444, .webm for VP9, .gif); H.264 MP4 has none (b.mp4)"
      ),
      (["-o", "a.mp4", "--poster", "99"], "--poster 99: the clip is 6.00 s long"),
      (
        ["-o", "a.gif", "--fps", "60"],
        "--fps 60: a GIF shows at most 50 frames a second (its delays are whole hundredths, and browsers show delays under 2 hundredths as 10); "
          + "use --fps 50 or less, or write .mp4 or .webm for 60 fps"
      ),
      (
        ["-o", "a.mp4", "-o", "a.gif", "--fps", "60"],
        "--fps 60: a GIF shows at most 50 frames a second (its delays are whole hundredths, and browsers show delays under 2 hundredths as 10); "
          + "use --fps 50 or less, or render the GIF and the 60 fps video separately"
      ),
      (["-o", "a.gif", "--x264-preset", "fast"], "--x264-preset applies to h264 and hevc, not to animated GIF"),
      (["-o", "a.gif", "--tune", "film"], "--tune applies to h264 and hevc, not to animated GIF"),
      (["-o", "a.gif", "--format", "gif"], "--format gif: a GIF is told by its extension; name it -o FILE.gif"),
      (
        ["-o", "a.gif", "-o", "b.mp4", "--transparent"],
        "--transparent needs a format with alpha (.mov for ProRes 4444, .webm for VP9, .gif); H.264 MP4 has none (b.mp4)"
      ),
      (["-o", "a.gif", "-o", "b.mp4", "--size", "95x168"], "--size 95x168: video needs an even width and height"),
    ])
  func mistakes(arguments: [String], message: String) throws {
    let folder = try BinaryRunner.temporaryFolder()
    let outcome = try BinaryRunner.run(["--preset", "welcome", "--presets-dir", presets] + arguments, in: folder)
    #expect(outcome.exitCode == 64)
    #expect(outcome.standardError == "splashvid: \(message) (see 'splashvid --help')\n")
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
  }
}
