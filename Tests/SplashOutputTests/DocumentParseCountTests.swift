import Foundation
import SplashCore
import SplashEncode
import SplashGzip
import SplashOutput
import SplashPipeline
import SplashTestSupport
import SplashZip
import Testing

/// Each load reads its file once and parses each JSON text in it once, whatever the job and
/// whatever the file: a preset, Lottie JSON, a sticker, a dotLottie archive of two animations.
@Suite("A load reads its file once and parses each text in it once")
struct DocumentParseCountTests {
  /// A red square on a 64-point canvas for one second, written for this test.
  static let square = """
    {"v":"5.7.0","fr":30,"ip":0,"op":30,"w":64,"h":64,"nm":"square","layers":[
      {"ty":4,"ind":1,"ip":0,"op":30,"st":0,"ks":{"o":{"a":0,"k":100}},"shapes":[
        {"ty":"rc","s":{"a":0,"k":[24,24]},"p":{"a":0,"k":[32,32]},"r":{"a":0,"k":0}},
        {"ty":"fl","c":{"a":0,"k":[1,0,0,1]},"o":{"a":0,"k":100}}]}]}
    """

  /// The files, by kind, and how many JSON texts one load parses: an archive's manifest and
  /// the animation drawn.
  static let kinds: [(name: String, texts: Int)] = [("fuber.json5", 1), ("square.json", 1), ("square.tgs", 1), ("two.lottie", 2)]

  private static func file(_ name: String, in folder: URL) throws -> String {
    let path = folder.appendingPathComponent(name).path
    let json = Array(square.utf8)
    switch name {
    case "fuber.json5":
      try FileManager.default.copyItem(
        atPath: SplashOutputTests.repository.appendingPathComponent("presets/fuber.json5").path, toPath: path)
    case "square.json": try Data(json).write(to: URL(fileURLWithPath: path))
    case "square.tgs": try Data(GzipStream.compress(json)).write(to: URL(fileURLWithPath: path))
    default:
      let blue = Array(square.replacingOccurrences(of: "[1,0,0,1]", with: "[0,0,1,1]").utf8)
      let manifest = Array(#"{"version":"1","animations":[{"id":"red"},{"id":"blue"}]}"#.utf8)
      try ZipArchiveWriter.write(
        [("manifest.json", manifest), ("animations/red.json", json), ("animations/blue.json", blue)], to: path)
    }
    return path
  }

  private func expectOnce(_ reader: CountingReader, _ path: String, texts: Int, _ what: String) {
    #expect(reader.reads == [path: 1], "\(what): reads \(reader.reads)")
    let parses = reader.parses
    #expect(parses.texts == texts && parses.mostOfOne == 1, "\(what): \(parses.texts) texts, one parsed \(parses.mostOfOne) times")
    reader.reset()
  }

  @Test("render, still, sheet and a load: one read, one parse of each text", arguments: kinds.map(\.name))
  func jobs(name: String) throws {
    let texts = try #require(Self.kinds.first { $0.name == name }).texts
    let folder = try ScratchFolder.make("splashvid-parse-count")
    let path = try Self.file(name, in: folder)
    let reader = CountingReader()
    let source = PresetSource(origin: .file(path), reader: reader)

    _ = try source.load(environment: [:])
    expectOnce(reader, path, texts: texts, "load")

    let video = folder.appendingPathComponent("clip.mp4").path
    try RenderJob(
      source: source, outputs: [RenderOutput(path: video, kind: .video(.h264))], framesPerSecond: 4,
      size: OutputSize(requested: PixelSize(width: 32, height: 32)), workers: 1
    ).run(environment: [:], cancellation: CancellationFlag(), log: { _ in })
    #expect(try VideoReader.read(video).width == 32)
    expectOnce(reader, path, texts: texts, "render")

    try StillJob(
      source: source, moment: .position(0.5), size: OutputSize(requested: PixelSize(width: 32, height: 32)), outputPath: video + ".png"
    )
    .run(environment: [:], log: { _ in })
    expectOnce(reader, path, texts: texts, "still")

    try SheetJob(source: source, frames: 4, columns: 2, thumbnailWidth: 16, outputPath: video + "-sheet.png")
      .run(environment: [:], log: { _ in })
    expectOnce(reader, path, texts: texts, "sheet")
  }

  @Test("one document answers what validate, presets and inspect ask without reading or parsing again", arguments: kinds.map(\.name))
  func oneDocumentAnswersAll(name: String) throws {
    let texts = try #require(Self.kinds.first { $0.name == name }).texts
    let path = try Self.file(name, in: try ScratchFolder.make("splashvid-parse-count"))
    let reader = CountingReader()
    let source = PresetSource(origin: .file(path), reader: reader)
    let document = try source.document(environment: [:])
    let scene = try source.scene(of: document)
    #expect(scene.canvasSize.width > 0)
    _ = try document.parameters()
    _ = try document.presetDescription()
    _ = try document.lottieSource()
    _ = document.archive?.summaries()
    // validate checks every animation of an archive: the other one is parsed then, once.
    #expect(document.check().problems.isEmpty)
    expectOnce(reader, path, texts: name == "two.lottie" ? 3 : texts, "document")
  }

  @Test("a repeated key: a preset refuses it at its line and caret from the one parse; a Lottie file keeps the last value")
  func repeatedKeys() throws {
    let folder = try ScratchFolder.make("splashvid-parse-count")
    let preset = folder.appendingPathComponent("twice.json5")
    try Data("{\n  schemaVersion: 1,\n  schemaVersion: 1,\n}".utf8).write(to: preset)
    let reader = CountingReader()
    do {
      _ = try PresetSource(origin: .file(preset.path), reader: reader).load(environment: [:])
      Issue.record("a preset with a repeated key loaded")
    } catch {
      #expect(
        "\(error)".hasSuffix(
          "not valid JSON5: line 3, column 3: expected each key once in an object; \"schemaVersion\" is given again here, found 's'"),
        "\(error)")
    }
    expectOnce(reader, preset.path, texts: 1, "repeated key in a preset")

    let lottie = folder.appendingPathComponent("twice.json")
    try Data(Self.square.replacingOccurrences(of: #""nm":"square""#, with: #""w":32,"nm":"square""#).utf8).write(to: lottie)
    let scene = try PresetSource(origin: .file(lottie.path), reader: reader).load(environment: [:])
    #expect(scene.canvasSize.width == 32)
    expectOnce(reader, lottie.path, texts: 1, "repeated key in a Lottie file")
  }
}
