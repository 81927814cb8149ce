import Foundation
import Testing

@testable import SplashCLI
@testable import SplashOutput

/// A manifest row's values as they are read: each bad one named by its column, numbers written
/// as plain digits, and params kept as name–value pairs from the file to the clip, so a text
/// may hold `;` and `=` (issue 39).
@Suite("Manifest values: named by their column, plain numbers, params that hold ; and =")
struct ManifestValueTests {
  private static var presets: String { BinaryRunner.repository.appendingPathComponent("presets").path }

  /// A folder with `name` holding `text`.
  private func folder(with text: String, named name: String) throws -> URL {
    let folder = try BinaryRunner.temporaryFolder()
    try Data(text.utf8).write(to: folder.appendingPathComponent(name))
    return folder
  }

  /// The clips `manifest` in `folder` gives, read as `batch` reads them.
  private func clips(_ manifest: String, in folder: URL) throws -> [BatchClip] {
    try BatchManifest.clips(
      presets: BatchPresets(folder: Self.presets, assetsRoot: nil), manifest: folder.appendingPathComponent(manifest).path,
      outputFolder: folder.appendingPathComponent("out").path)
  }

  @Test("a row's fps, loops or size out of range, or written with a sign, is named by its column")
  func columnsNamed() throws {
    let folder = try folder(
      with: """
        preset,output,fps,loops,size
        fuber,a.mp4,1e9,,
        fuber,b.mp4,,-1,
        fuber,c.mp4,,,0x0
        fuber,d.mp4,+30,,
        fuber,e.mp4,,,+64x64
        fuber,f.mp4,,+2,
        fuber,g.mp4,,,64x+64
        """, named: "clips.csv")
    let outcome = try BinaryRunner.run(["batch", Self.presets, "-o", "out", "--manifest", "clips.csv"], in: folder)
    #expect(outcome.exitCode == 1)
    let sizes = "expected WIDTHxHEIGHT in pixels, each from 1 to 8192"
    #expect(
      outcome.standardError.split(separator: "\n") == [
        "clips.csv:2: fps 1e9: expected a whole number from 1 to 240",
        "clips.csv:3: loops -1: expected a whole number from 1 to 10000",
        "clips.csv:4: size 0x0: \(sizes)",
        "clips.csv:5: fps +30: expected a whole number from 1 to 240",
        "clips.csv:6: size +64x64: \(sizes)",
        "clips.csv:7: loops +2: expected a whole number from 1 to 10000",
        "clips.csv:8: size 64x+64: \(sizes)",
        "7 bad rows; nothing was rendered",
      ], "\(outcome.standardError)")
    #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("out").path))
  }

  @Test("JSON Lines: a number with a fraction, true, an array or an object in a column is refused, named by the column")
  func jsonTypes() throws {
    let folder = try folder(
      with: """
        {"preset": "fuber", "output": "a.mp4", "fps": 30.5}
        {"preset": "fuber", "output": "b.mp4", "fps": true}
        {"preset": "fuber", "output": "c.mp4", "loops": [2]}
        {"preset": "fuber", "output": true}
        {"preset": "fuber", "output": "e.mp4", "params": {"labelLeft": false}}
        {"preset": "fuber", "output": "f.mp4", "fps": 1e9}
        """, named: "clips.jsonl")
    let outcome = try BinaryRunner.run(["batch", Self.presets, "-o", "out", "--manifest", "clips.jsonl"], in: folder)
    #expect(outcome.exitCode == 1)
    #expect(
      outcome.standardError.split(separator: "\n") == [
        "clips.jsonl:1: fps 30.5: expected a whole number from 1 to 240",
        "clips.jsonl:2: fps: expected text or a number, found true",
        "clips.jsonl:3: loops: expected text or a number, found an array of 1",
        "clips.jsonl:4: output: expected text or a number, found true",
        "clips.jsonl:5: params.labelLeft: expected text or a number, found false",
        "clips.jsonl:6: fps 1000000000: expected a whole number from 1 to 240",
        "6 bad rows; nothing was rendered",
      ], "\(outcome.standardError)")
  }

  @Test("numbers on the command line are plain digits too: a leading + is refused")
  func commandLineSigns() throws {
    let folder = try BinaryRunner.temporaryFolder()
    let render = ["--preset", "fuber", "--presets-dir", Self.presets, "-o", "a.mp4"]
    let cases: [([String], String)] = [
      (render + ["--fps", "+5"], "--fps +5: expected a whole number from 1 to 240"),
      (render + ["--loops", "+1"], "--loops +1: expected a whole number from 1 to 10000"),
      (render + ["--size", "+64x64"], "--size +64x64: expected WIDTHxHEIGHT"),
      (render + ["--crf", "+18"], "--crf +18: expected a whole number from 0 to 51"),
      (["batch", Self.presets, "-o", "out", "--jobs", "+2"], "--jobs +2: expected a whole number from 1 to 64"),
      (["batch", Self.presets, "-o", "out", "--shard", "+0/2"], "--shard +0/2: expected INDEX/COUNT"),
      (["batch", Self.presets, "-o", "out", "--shard", "0/+2"], "--shard 0/+2: expected INDEX/COUNT"),
    ]
    for (arguments, message) in cases {
      let outcome = try BinaryRunner.run(arguments, in: folder)
      #expect(outcome.exitCode == 64, "\(arguments): \(outcome.standardError)")
      #expect(outcome.standardError.hasPrefix("splashvid: \(message)"), "\(arguments): \(outcome.standardError)")
    }
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
  }

  @Test("params in CSV take \\; and \\= for a text's own ; and =, and \\\\ for a backslash")
  func csvEscapes() throws {
    let folder = try folder(
      with: #"""
        preset,output,params
        fuber,a.mp4,labelLeft=a\;b;labelRight=c\=d\\e
        fuber,b.mp4,labelLeft=x=y;labelRight=
        """#, named: "clips.csv")
    let read = try clips("clips.csv", in: folder)
    #expect(read.map(\.parameters) == [["labelLeft": "a;b", "labelRight": "c=d\\e"], ["labelLeft": "x=y", "labelRight": ""]])
  }

  @Test("a backslash before anything but \\, ; or = in CSV params is refused, naming the row and the param")
  func csvBadEscape() throws {
    let folder = try folder(with: "preset,output,params\nfuber,a.mp4,labelLeft=a\\qb\n", named: "clips.csv")
    let outcome = try BinaryRunner.run(["batch", Self.presets, "-o", "out", "--manifest", "clips.csv"], in: folder)
    #expect(outcome.exitCode == 1)
    #expect(
      outcome.standardError
        == "clips.csv:2: params labelLeft=a\\qb: expected \\\\, \\; or \\= after a backslash, found \\q; nothing was rendered\n")
  }

  @Test("params in JSON Lines are an object of names and values: a value keeps its ; and = as they are")
  func jsonParamsTyped() throws {
    let folder = try folder(
      with: #"""
        {"preset": "fuber", "output": "a.mp4", "params": {"labelLeft": "a;b", "labelRight": "c=d\\e"}}
        {"preset": "fuber", "output": "b.mp4", "params": {"labelLeft": "x;labelRight=y"}}
        """#, named: "clips.jsonl")
    let read = try clips("clips.jsonl", in: folder)
    #expect(read.map(\.parameters) == [["labelLeft": "a;b", "labelRight": "c=d\\e"], ["labelLeft": "x;labelRight=y"]])
  }
}
