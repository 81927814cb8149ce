import Foundation
import SplashCairo
import SplashCore
import SplashEncode
import SplashPipeline
import SplashPresets
import SplashRender
import Testing

@testable import SplashCLI
@testable import SplashOutput

@Suite("A render job: built by render, batch and bench alike, run in process")
struct RenderJobTests {
  private static let presets = BinaryRunner.repository.appendingPathComponent("presets").path

  private func fuber(parameters: [String: String] = [:]) -> PresetSource {
    PresetSource(origin: .named("fuber", presetsDirectory: Self.presets), parameters: parameters)
  }

  @Test("a job built in code writes its video and its poster, and nothing else")
  func writesItsOutputs() throws {
    let folder = try BinaryRunner.temporaryFolder()
    let video = folder.appendingPathComponent("clip.mp4").path
    let poster = folder.appendingPathComponent("clip.png").path
    let job = try RenderJob(
      source: fuber(), outputs: [RenderOutput(path: video, kind: .video(.h264)), RenderOutput(path: poster, kind: .poster)],
      framesPerSecond: 4, size: OutputSize(requested: PixelSize(width: 94, height: 168)), posterTime: 1, workers: 2)
    let lines = LockedLines()
    try job.run(environment: [:], cancellation: CancellationFlag(), log: lines.append)
    let info = try VideoReader.read(video)
    #expect(info.codecName == "h264" && info.width == 94 && info.height == 168)
    // fuber's loop is 3 s: 12 frames at 4 fps.
    #expect(info.decodedFrameCount == 12)
    #expect(FileManager.default.fileExists(atPath: poster))
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == ["clip.mp4", "clip.png"])
    #expect(lines.all.last?.hasPrefix("wrote \(video), \(poster): 12 frames, 94x168, 4 fps") == true, "\(lines.all)")
  }

  @Test("a job that fails leaves no output and no folder it made")
  func failureLeavesNothing() throws {
    let folder = try BinaryRunner.temporaryFolder()
    let video = folder.appendingPathComponent("made/clip.mp4").path
    let cancellation = CancellationFlag()
    cancellation.cancel()
    let job = try RenderJob(
      source: fuber(), outputs: [RenderOutput(path: video, kind: .video(.h264))], framesPerSecond: 4,
      size: OutputSize(requested: PixelSize(width: 94, height: 168)))
    #expect(throws: PipelineCancelled.self) {
      try job.run(environment: [:], cancellation: cancellation, log: { _ in })
    }
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
  }

  @Test("a still and a sheet built in code write the frames the backend draws")
  func stillAndSheet() throws {
    let folder = try BinaryRunner.temporaryFolder()
    let still = folder.appendingPathComponent("made/still.png").path
    let lines = LockedLines()
    try StillJob(source: fuber(), moment: .position(0.5), size: OutputSize(requested: PixelSize(width: 94, height: 168)), outputPath: still)
      .run(environment: [:], log: lines.append)
    let scene = try PresetLoader.load(BinaryRunner.repository.appendingPathComponent("presets/fuber.json5"))
    let expected = try #require(PixelBuffer(width: 94, height: 168))
    try CairoBackend().render(
      scene.presentation(at: scene.clip.start + scene.clip.cycle / 2),
      viewport: Viewport(canvasSize: scene.canvasSize, pixelWidth: 94, pixelHeight: 168), into: expected)
    let written = try PNGReader.read(still)
    #expect(written.width == 94 && written.height == 168)
    #expect(memcmp(written.bytes, expected.bytes, expected.byteCount) == 0)
    #expect(lines.all.first?.hasPrefix("created folder") == true, "\(lines.all)")
    // Half of fuber's 3 s loop, from its clip's start at 0.9 s.
    #expect(lines.all.last == "wrote \(still): t = 2.4 s, 94x168", "\(lines.all)")

    let sheetPath = folder.appendingPathComponent("sheet.png").path
    let sheet = SheetJob(source: fuber(), frames: 4, columns: 2, thumbnailWidth: 40, outputPath: sheetPath)
    // fuber loops: four frames a quarter of a loop apart, never the next loop's first frame.
    #expect(sheet.times(in: scene.clip) == [0, 0.75, 1.5, 2.25].map { scene.clip.start + $0 })
    try sheet.run(environment: [:], log: { _ in })
    let drawn = try PNGReader.read(sheetPath)
    #expect(drawn.width >= 80 && drawn.height > drawn.width)
  }

  /// A batch resolves each clip's rate (a manifest row may give its own), so each set names one.
  @Test("render, batch and bench build the same job from the same options")
  func sameJobEverywhere() throws {
    let optionSets: [[String]] = [
      ["--size", "94x168", "--fps", "12", "--loops", "2", "--crf", "23", "--x264-preset", "veryfast"],
      ["--target", "square", "--loops", "2"],
      ["--scale", "1", "--fit", "cover", "--fps", "24", "--tune", "film", "--param", "backgroundColor=#8B0000"],
    ]
    // A batch folder of fuber alone: the parameter below is fuber's.
    let folder = try BinaryRunner.temporaryFolder()
    try FileManager.default.copyItem(
      atPath: Self.presets + "/fuber.json5", toPath: folder.appendingPathComponent("fuber.json5").path)
    for options in optionSets {
      let rendered = try RenderCommand(["--preset", "fuber", "--presets-dir", Self.presets, "-o", "fuber.mp4"] + options).job
      let benched = try BenchCommand(["--preset", "fuber", "--presets-dir", Self.presets] + options).job
      let batch = try BatchCommand([folder.path, "-o", "unused"] + options, environment: [:])
      let clips = try BatchManifest.clips(
        presets: BatchPresets(folder: folder.path, assetsRoot: nil), manifest: nil, outputFolder: "unused",
        defaults: batch.job.defaults)
      let clip = try #require(clips.first)
      let batched = try clip.job(outputPath: "unused/fuber.mp4", workers: 1)
      #expect(batched.canonicalDescription == rendered.canonicalDescription, "\(options)")
      #expect(benched.canonicalDescription == rendered.canonicalDescription, "\(options)")
    }
  }

  @Test("the description leaves out where files go and how many workers draw, and names every option")
  func canonicalDescription() throws {
    func job(_ change: (inout RenderJob) -> Void = { _ in }) throws -> [String] {
      var job = try RenderJob(
        source: fuber(), outputs: [RenderOutput(path: "a/clip.webm", kind: .video(.vp9))], framesPerSecond: 30,
        size: OutputSize(requested: PixelSize(width: 94, height: 168)), workers: 2)
      change(&job)
      return job.canonicalDescription
    }
    let base = try job()
    #expect(
      try job {
        $0.outputs = [RenderOutput(path: "elsewhere/other.webm", kind: .video(.vp9))]
        $0.workers = 7
        $0.source = PresetSource(origin: .file("/somewhere/fuber.json5"), assetsRoot: "/assets")
      } == base)
    let changes: [(String, (inout RenderJob) -> Void)] = [
      ("loops", { $0.loops = 2 }),
      ("rate", { $0.requestedFramesPerSecond = nil }),
      ("size", { $0.size.requested = PixelSize(width: 96, height: 168) }),
      ("scale", { $0.size = OutputSize(scale: 3) }),
      ("fit", { $0.size.fit = .cover }),
      ("transparency", { $0.isTransparent = true }),
      ("sound", { $0.soundtrack = .silence }),
      ("target", { $0.target = try? RenderTarget.named("web") }),
      ("rate factor", { $0.encoder.constantRateFactor = 30 }),
      ("preset", { $0.encoder.preset = "veryfast" }),
      ("tune", { $0.encoder.tune = "film" }),
      ("parameter", { $0.source.parameters = ["backgroundColor": "#000000"] }),
      ("format", { $0.outputs = [RenderOutput(path: "a/clip.mov", kind: .video(.prores))] }),
      ("GIF", { $0.outputs = [RenderOutput(path: "a/clip.gif", kind: .gif)] }),
    ]
    for (name, change) in changes {
      #expect(try job(change) != base, "\(name) is not in the description")
    }
  }

  @Test("a job built in code is refused for what no render can carry out, as the command line is")
  func refusals() throws {
    func refusal(_ outputs: [RenderOutput], _ build: (PresetSource, [RenderOutput]) throws -> RenderJob) -> String? {
      do {
        _ = try build(fuber(), outputs)
        return nil
      } catch {
        return "\(error)"
      }
    }
    let mp4 = [RenderOutput(path: "clip.mp4", kind: .video(.h264))]
    let mov = [RenderOutput(path: "clip.mov", kind: .video(.prores))]
    let webm = [RenderOutput(path: "clip.webm", kind: .video(.vp9))]
    let gif = [RenderOutput(path: "clip.gif", kind: .gif)]
    let cases: [(String?, String)] = [
      (refusal(mp4) { try RenderJob(source: $0, outputs: $1, encoder: EncoderChoice(constantRateFactor: 0)) }, "--crf 0:"),
      (refusal(mp4) { try RenderJob(source: $0, outputs: $1, isTransparent: true) }, "--transparent needs a format with alpha"),
      (refusal(webm) { try RenderJob(source: $0, outputs: $1, soundtrack: .file("a.m4a")) }, "--audio: none of the outputs"),
      (refusal(gif) { try RenderJob(source: $0, outputs: $1, framesPerSecond: 60) }, "--fps 60: a GIF shows at most 50"),
      (
        refusal(mp4) { try RenderJob(source: $0, outputs: $1, size: OutputSize(requested: PixelSize(width: 95, height: 168))) },
        "--size 95x168: video needs an even"
      ),
      (
        refusal(mov) { try RenderJob(source: $0, outputs: $1, encoder: EncoderChoice(preset: "fast")) },
        "--x264-preset applies to h264 and hevc"
      ),
    ]
    for (message, expected) in cases {
      #expect(message?.hasPrefix(expected) == true, "\(message ?? "accepted"), expected \(expected)")
    }
    // What each refusal guards is allowed where it fits.
    #expect(refusal(gif) { try RenderJob(source: $0, outputs: $1, size: OutputSize(requested: PixelSize(width: 95, height: 168))) } == nil)
    #expect(refusal(webm) { try RenderJob(source: $0, outputs: $1, isTransparent: true) } == nil)
  }
}

/// Log lines gathered from a job, which may log from its workers' threads.
final class LockedLines: @unchecked Sendable {
  private let lock = NSLock()
  private var lines: [String] = []

  func append(_ line: String) { lock.withLock { lines.append(line) } }
  var all: [String] { lock.withLock { lines } }
}
