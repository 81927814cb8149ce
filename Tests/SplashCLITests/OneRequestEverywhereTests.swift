import Foundation
import SplashCore
import SplashHTTP
import Testing

@testable import SplashCLI
@testable import SplashOutput
@testable import SplashPreview

/// The same options given on the command line, in a CSV row, in a JSON Lines row and in the
/// preview's export make the same job, and the same refusal: one check (`RenderJob`'s), worded
/// by each front end in its own spelling.
@Suite("One request from every front end: equal jobs, equal refusals")
struct OneRequestEverywhereTests {
  private static let presets = BinaryRunner.repository.appendingPathComponent("presets").path

  /// A batch folder holding fuber, and `manifest` beside it.
  private func batchFolder(manifest name: String, _ text: String) throws -> (folder: URL, manifest: String) {
    let folder = try BinaryRunner.temporaryFolder()
    try FileManager.default.copyItem(atPath: Self.presets + "/fuber.json5", toPath: folder.appendingPathComponent("fuber.json5").path)
    let manifest = folder.appendingPathComponent(name).path
    try Data(text.utf8).write(to: URL(fileURLWithPath: manifest))
    return (folder, manifest)
  }

  /// The clips of `manifest`'s rows, or the lines of its refusal.
  private func rows(_ name: String, _ text: String) throws -> Result<[BatchClip], BatchManifest.Problems> {
    let (folder, manifest) = try batchFolder(manifest: name, text)
    do {
      return .success(
        try BatchManifest.clips(
          presets: BatchPresets(folder: folder.path, assetsRoot: nil), manifest: manifest, outputFolder: folder.path + "/out"))
    } catch let problems as BatchManifest.Problems {
      return .failure(problems)
    }
  }

  @Test("a GIF at 120x214, 24 fps, 2 loops: the same job from the command line, a CSV row, a JSON Lines row and the page")
  func equalJobs() throws {
    let rendered = try RenderCommand(
      ["--preset", "fuber", "--presets-dir", Self.presets, "-o", "fuber.gif", "--size", "120x214", "--fps", "24", "--loops", "2"]
    ).job
    let csv = try rows("m.csv", "preset,output,size,fps,loops\nfuber,fuber.gif,120x214,24,2\n").get()
    let jsonLines = try rows("m.jsonl", #"{"preset": "fuber", "output": "fuber.gif", "size": "120x214", "fps": 24, "loops": 2}"# + "\n")
      .get()
    let exported = try PreviewExportRequest(query: ["format": "gif", "size": "120x214", "fps": "24", "loops": "2"])
      .job(source: rendered.source, path: "fuber.gif", stem: "fuber")
    let jobs = [
      try #require(csv.first).job(outputPath: "fuber.gif", workers: nil),
      try #require(jsonLines.first).job(outputPath: "fuber.gif", workers: nil), exported,
    ]
    for job in jobs { #expect(job.canonicalDescription == rendered.canonicalDescription) }

    // Before any of it is read, each front end's words are one request: the same options with
    // the same texts.
    let arguments = try RenderJob.scan(
      ["--preset", "fuber", "--presets-dir", Self.presets, "-o", "fuber.gif", "--size", "120x214", "--fps", "24", "--loops", "2"])
    let words: [RenderOption: String] = [.size: "120x214", .framesPerSecond: "24", .loops: "2"]
    #expect(RenderRequest(arguments).values == words && RenderRequest(arguments).outputs == ["fuber.gif"])
    #expect(try #require(csv.first).request.values == words)
    #expect(try #require(jsonLines.first).request.values == words)
    #expect(try PreviewExportRequest(query: ["format": "gif", "size": "120x214", "fps": "24", "loops": "2"]).request.values == words)
  }

  @Test("part of the loop and an end card: the same job from the command line, a CSV row, a JSON Lines row and the page")
  func equalRanges() throws {
    let rendered = try RenderCommand(
      ["--preset", "fuber", "--presets-dir", Self.presets, "-o", "fuber.mp4", "--start", "p:0.25", "--end", "2.5", "--hold-end", "1.5"]
    ).job
    #expect(rendered.range.start?.moment == .position(0.25) && rendered.range.end?.moment == .time(2.5) && rendered.holdEnd == 1.5)
    let csv = try rows("m.csv", "preset,output,start,end,hold-end\nfuber,fuber.mp4,p:0.25,2.5,1.5\n").get()
    let jsonLines = try rows(
      "m.jsonl", #"{"preset": "fuber", "output": "fuber.mp4", "start": "p:0.25", "end": 2.5, "hold-end": 1.5}"# + "\n"
    ).get()
    let exported = try PreviewExportRequest(query: ["format": "h264", "start": "p:0.25", "end": "2.5", "hold-end": "1.5"])
      .job(source: rendered.source, path: "fuber.mp4", stem: "fuber")
    let jobs = [
      try #require(csv.first).job(outputPath: "fuber.mp4", workers: nil),
      try #require(jsonLines.first).job(outputPath: "fuber.mp4", workers: nil), exported,
    ]
    for job in jobs { #expect(job.canonicalDescription == rendered.canonicalDescription) }
    // A row's segment replaces the batch's range, and is refused beside a start of its own.
    guard case .failure(let both) = try rows("m.csv", "preset,output,segment,start\nfuber,fuber.mp4,intro,1\n") else {
      Issue.record("a row with a segment and a start was accepted")
      return
    }
    #expect(both.lines.count == 1 && both.lines[0].hasSuffix("m.csv:2: segment intro sets the start and the end; leave start 1 out"))
  }

  @Test("a GIF at 60 fps: one refusal, said as --fps 60 on the command line, fps 60 in a row and on the page")
  func equalRefusals() throws {
    let gif = [RenderOutput(path: "fuber.gif", kind: .gif)]
    let refusal = #expect(throws: RenderOptionError.self) {
      try RenderJob(
        source: PresetSource(origin: .named("fuber", presetsDirectory: Self.presets)), outputs: gif, framesPerSecond: 60)
    }
    let neutral = try #require(refusal)
    #expect(neutral.option == .framesPerSecond && neutral.value == "60")

    let commandLine = #expect(throws: RenderOptionError.self) {
      try RenderCommand(["--preset", "fuber", "--presets-dir", Self.presets, "-o", "fuber.gif", "--fps", "60"])
    }
    #expect(commandLine == neutral)
    let exported = #expect(throws: RenderOptionError.self) {
      try PreviewExportRequest(query: ["format": "gif", "fps": "60"]).job(
        source: PresetSource(origin: .named("fuber", presetsDirectory: Self.presets)), path: "fuber.gif", stem: "fuber")
    }
    #expect(exported == neutral)

    let why = "a GIF shows at most 50 frames a second (its delays are whole hundredths, and browsers show delays under 2 hundredths as 10)"
    #expect(neutral.worded(naming: \.flag) == "--fps 60: \(why); use --fps 50 or less, or write .mp4 or .webm for 60 fps")
    #expect(PreviewExportRequest.refusal(neutral).reason == "fps 60: \(why); use fps 50 or less, or write .mp4 or .webm for 60 fps")
    let row = "fps 60: \(why); use fps 50 or less, or write .mp4 or .webm for 60 fps"
    guard case .failure(let csv) = try rows("m.csv", "preset,output,fps\nfuber,fuber.gif,60\n"),
      case .failure(let jsonLines) = try rows("m.jsonl", #"{"preset": "fuber", "output": "fuber.gif", "fps": 60}"# + "\n")
    else {
      Issue.record("a row at 60 fps for a GIF was accepted")
      return
    }
    // Each line is the row's origin (FILE:LINE), then the refusal.
    #expect(csv.lines.count == 1 && csv.lines[0].hasSuffix("m.csv:2: \(row)"), "\(csv.lines)")
    #expect(jsonLines.lines.count == 1 && jsonLines.lines[0].hasSuffix("m.jsonl:1: \(row)"), "\(jsonLines.lines)")
  }

  @Test("a rate of 0: one reading of the value, refused as --fps 0, fps 0 in a row and fps 0 on the page")
  func equalValueRefusals() throws {
    let neutral = try #require(#expect(throws: RenderOptionError.self) { try RenderOptionValue.framesPerSecond("0") })
    let expected = "fps 0: expected a whole number from 1 to 240"
    let commandLine = #expect(throws: RenderOptionError.self) {
      try RenderCommand(["--preset", "fuber", "--presets-dir", Self.presets, "-o", "fuber.mp4", "--fps", "0"])
    }
    #expect(commandLine == neutral && neutral.worded(naming: \.flag) == "--" + expected)
    let page = #expect(throws: HTTPRefusal.self) { try PreviewExportRequest(query: ["format": "h264", "fps": "0"]) }
    #expect(page?.reason == expected)
    guard case .failure(let csv) = try rows("m.csv", "preset,output,fps\nfuber,fuber.mp4,0\n"),
      case .failure(let jsonLines) = try rows("m.jsonl", #"{"preset": "fuber", "output": "fuber.mp4", "fps": 0}"# + "\n")
    else {
      Issue.record("a row at 0 fps was accepted")
      return
    }
    #expect(csv.lines.count == 1 && csv.lines[0].hasSuffix("m.csv:2: \(expected)"), "\(csv.lines)")
    #expect(jsonLines.lines.count == 1 && jsonLines.lines[0].hasSuffix("m.jsonl:1: \(expected)"), "\(jsonLines.lines)")
  }
}
