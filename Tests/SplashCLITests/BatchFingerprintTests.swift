import Foundation
import SplashCore
import SplashDocument
import SplashEncode
import SplashModel
import SplashPipeline
import SplashPresets
import Testing

@testable import SplashCLI
@testable import SplashOutput

@Suite("A batch clip's fingerprint: its job and the versions of what makes it")
struct BatchFingerprintTests {
  /// Versions a test sets line by line, standing in for the installed libraries.
  struct FixedVersions: RenderingVersions {
    var lines = ["splashvid 1.0", "cairo 1.16.0", "pango 1.50.12", "font Helvetica 400: Lato, /fonts/Lato.ttf revision 1"]

    func lines(for job: RenderJob, scene: Scene) -> [String] { lines }
  }

  /// Runs a batch of one small fuber clip in this process and returns its status.
  private func runBatch(in work: URL, versions: FixedVersions) throws -> String {
    var batch = try BatchCommand(
      [
        work.appendingPathComponent("presets").path, "-o", work.appendingPathComponent("out").path, "--manifest",
        work.appendingPathComponent("clips.csv").path, "--report", work.appendingPathComponent("report.json").path,
      ],
      environment: [:])
    batch.job.versions = versions
    _ = try batch.run(environment: [:], cancellation: CancellationFlag(), log: { _ in })
    let report = try #require(
      try JSONSerialization.jsonObject(with: Data(contentsOf: work.appendingPathComponent("report.json"))) as? [String: Any])
    let clips = try #require(report["clips"] as? [[String: Any]])
    return try #require(clips.first?["status"] as? String)
  }

  @Test("upgrading a library re-renders a clip; unchanged versions skip it")
  func versionsDecide() throws {
    let work = try BinaryRunner.temporaryFolder()
    let presets = work.appendingPathComponent("presets")
    try FileManager.default.createDirectory(at: presets, withIntermediateDirectories: true)
    try FileManager.default.copyItem(
      at: BinaryRunner.repository.appendingPathComponent("presets/fuber.json5"), to: presets.appendingPathComponent("fuber.json5"))
    try "preset,output,size,fps\nfuber,fuber.mp4,94x168,2\n".write(
      to: work.appendingPathComponent("clips.csv"), atomically: false, encoding: .utf8)
    var versions = FixedVersions()
    #expect(try runBatch(in: work, versions: versions) == "rendered")
    #expect(try runBatch(in: work, versions: versions) == "skipped")
    versions.lines[1] = "cairo 1.18.0"
    #expect(try runBatch(in: work, versions: versions) == "rendered")
    #expect(try runBatch(in: work, versions: versions) == "skipped")
    versions.lines[3] = "font Helvetica 400: Lato, /fonts/Lato.ttf revision 2"
    #expect(try runBatch(in: work, versions: versions) == "rendered")
    #expect(try runBatch(in: work, versions: versions) == "skipped")
  }

  @Test("a Lottie clip without a rate is drawn at the file's own rate, as render draws it; presets keep 60")
  func lottieRate() throws {
    let work = try BinaryRunner.temporaryFolder()
    let presets = work.appendingPathComponent("presets")
    try FileManager.default.createDirectory(at: presets, withIntermediateDirectories: true)
    // A 30 fps Lottie file of 60 frames.
    try FileManager.default.copyItem(
      at: BinaryRunner.repository.appendingPathComponent("Fuzz/corpus/lottie-dot.json"), to: presets.appendingPathComponent("dot.json"))
    try FileManager.default.copyItem(
      at: BinaryRunner.repository.appendingPathComponent("presets/fuber.json5"), to: presets.appendingPathComponent("fuber.json5"))
    try "preset,output,size\ndot,dot.mp4,94x94\nfuber,fuber.mp4,94x168\n".write(
      to: work.appendingPathComponent("clips.csv"), atomically: false, encoding: .utf8)
    #expect(try runBatch(in: work, versions: FixedVersions()) == "rendered")
    let dot = try VideoReader.read(work.appendingPathComponent("out/dot.mp4").path)
    #expect(dot.averageFrameRate == (30, 1) && dot.decodedFrameCount == 60, "\(dot.averageFrameRate), \(dot.decodedFrameCount) frames")
    let fuber = try VideoReader.read(work.appendingPathComponent("out/fuber.mp4").path)
    #expect(fuber.averageFrameRate == (60, 1))

    // The fingerprint names the rate drawn at, so a preset's is the one a clip asking for the
    // default by number has: records made when batches wrote 60 still match.
    let scene = try PresetLoader.load(presets.appendingPathComponent("fuber.json5"))
    let source = PresetSource(origin: .file("fuber.json5"))
    let output = [RenderOutput(path: "a.mp4", kind: .video(.h264))]
    let unasked = try RenderJob(source: source, outputs: output)
    let asked = try RenderJob(source: source, outputs: output, framesPerSecond: 60)
    #expect(unasked.canonicalDescription != asked.canonicalDescription)
    #expect(unasked.canonicalDescription(of: scene) == asked.canonicalDescription(of: scene))
  }

  @Test("the installed versions name the libraries, the encoder's file and the fonts the text is drawn with")
  func installedVersions() throws {
    let scene = try PresetLoader.load(BinaryRunner.repository.appendingPathComponent("presets/fuber.json5"))
    let source = PresetSource(origin: .file("fuber.json5"))
    let video = try RenderJob(source: source, outputs: [RenderOutput(path: "a.mp4", kind: .video(.h264))])
    let lines = InstalledRenderingVersions().lines(for: video, scene: scene)
    #expect(lines.first == "splashvid \(SplashvidVersion.current)")
    #expect(lines.contains { $0.hasPrefix("cairo 1.") } && lines.contains { $0.hasPrefix("pango 1.") })
    #expect(lines.contains { $0.hasPrefix("libavcodec ") })
    #expect(lines.contains { $0.hasPrefix("h264 encoder libx264.so.") }, "\(lines)")
    // fuber's label is text: its font resolves to a file on this machine.
    let font = try #require(lines.first { $0.hasPrefix("font ") }, "\(lines)")
    let file = try #require(font.split(separator: ", ").last?.split(separator: " revision").first.map(String.init))
    #expect(FileManager.default.fileExists(atPath: file), "\(font)")
    // Another format names its own encoder, and only the formats written are named.
    let webm = try RenderJob(source: source, outputs: [RenderOutput(path: "a.webm", kind: .video(.vp9))])
    let webmLines = InstalledRenderingVersions().lines(for: webm, scene: scene)
    #expect(webmLines.contains { $0.hasPrefix("vp9 encoder libvpx.so.") } && !webmLines.contains { $0.hasPrefix("h264 ") })
  }
}

/// A batch parses each file once per load: once when the manifest is checked, however many
/// rows name it, then once for each clip's fingerprint before its render (which draws that very
/// document) and once after it (which tells whether the file changed meanwhile).
@Suite("A batch parses each file once per load")
struct BatchParseCountTests {
  /// The standard reader, counting parses by text.
  private final class CountingParser: DocumentReader {
    let parses = Locked<[[UInt8]: Int]>([:])
    private let files = FileDocumentReader()

    func read(_ path: String, displayName: String) throws -> [UInt8] { try files.read(path, displayName: displayName) }

    func parse(_ bytes: [UInt8]) throws(JSON5Parser.SyntaxError) -> JSON5Parser.Parsed {
      parses.withLock { $0[bytes, default: 0] += 1 }
      return try files.parse(bytes)
    }
  }

  @Test("three clips of one preset: one parse for the manifest's check, then two a clip")
  func threeClips() throws {
    let work = try BinaryRunner.temporaryFolder()
    let presets = work.appendingPathComponent("presets")
    try FileManager.default.createDirectory(at: presets, withIntermediateDirectories: true)
    let fuber = presets.appendingPathComponent("fuber.json5")
    try FileManager.default.copyItem(at: BinaryRunner.repository.appendingPathComponent("presets/fuber.json5"), to: fuber)
    try "preset,output,size,fps,loops\nfuber,a.mp4,48x84,1,1\nfuber,b.mp4,48x84,2,1\nfuber,c.gif,48x84,1,1\n".write(
      to: work.appendingPathComponent("clips.csv"), atomically: false, encoding: .utf8)
    var batch = try BatchCommand(
      [presets.path, "-o", work.appendingPathComponent("out").path, "--manifest", work.appendingPathComponent("clips.csv").path],
      environment: [:])
    let reader = CountingParser()
    batch.job.reader = reader
    #expect(try batch.run(environment: [:], cancellation: CancellationFlag(), log: { _ in }) == 0)
    let text = Array(try Data(contentsOf: fuber))
    #expect(reader.parses.withLock { $0 } == [text: 1 + 2 * 3])
  }
}
