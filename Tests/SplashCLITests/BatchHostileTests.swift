import Foundation
import Testing

/// The batch command under a hostile hand test (issue 14): each refusal is one line on stderr,
/// a non-zero exit below 128, and nothing written; escapes out of the batch, assets and output
/// folders are refused; odd but valid manifests work.
@Suite("splashvid batch: hostile manifests, reports and folders")
struct BatchHostileTests {
  /// A work folder holding a copy of the repository's presets in `presets/`.
  private func work() throws -> URL {
    let folder = try BinaryRunner.temporaryFolder()
    try FileManager.default.copyItem(
      at: BinaryRunner.repository.appendingPathComponent("presets"), to: folder.appendingPathComponent("presets"))
    return folder
  }

  private func write(_ text: String, _ name: String, in folder: URL) throws {
    try Data(text.utf8).write(to: folder.appendingPathComponent(name))
  }

  private func exists(_ name: String, in folder: URL) -> Bool {
    FileManager.default.fileExists(atPath: folder.appendingPathComponent(name).path)
  }

  /// Runs the binary, killing it after `seconds`: a hang is a failure (exit -1, and "timed out"
  /// on stderr), not a stuck suite.
  private func run(_ arguments: [String], in folder: URL, seconds: Double = 60) throws -> BinaryRunner.Outcome {
    do {
      return try BinaryRunner.runGuarded(arguments, in: folder, patience: seconds)
    } catch let hung as BinaryRunner.Hung {
      return BinaryRunner.Outcome(exitCode: -1, standardOutput: "", standardError: "timed out after \(seconds) s: \(hung)\n")
    }
  }

  /// Expects a refusal: exit 1…127, one line on stderr containing every fragment, no output folder.
  private func expectRefused(
    _ outcome: BinaryRunner.Outcome, _ fragments: [String], in folder: URL, outputFolder: String = "out",
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    #expect(
      outcome.exitCode > 0 && outcome.exitCode < 128, "exit \(outcome.exitCode): \(outcome.standardError)", sourceLocation: sourceLocation)
    let lines = outcome.standardError.split(separator: "\n")
    #expect(lines.count == 1, "\(outcome.standardError)", sourceLocation: sourceLocation)
    for fragment in fragments {
      #expect(lines.first?.contains(fragment) == true, "\(fragment) in \(outcome.standardError)", sourceLocation: sourceLocation)
    }
    #expect(!exists(outputFolder, in: folder), "\(outputFolder) was created", sourceLocation: sourceLocation)
  }

  /// Expects a manifest refused for its rows: one line per bad row, then the count (one line in
  /// all for a single bad row).
  private func expectBadRows(
    _ outcome: BinaryRunner.Outcome, _ rows: [String], in folder: URL, sourceLocation: SourceLocation = #_sourceLocation
  ) {
    #expect(outcome.exitCode == 1, "\(outcome.standardError)", sourceLocation: sourceLocation)
    let lines = outcome.standardError.split(separator: "\n").map(String.init)
    #expect(lines.count == (rows.count == 1 ? 1 : rows.count + 1), "\(outcome.standardError)", sourceLocation: sourceLocation)
    for (line, row) in zip(lines, rows) {
      #expect(line.hasPrefix(row), "\(row) in \(outcome.standardError)", sourceLocation: sourceLocation)
    }
    let count = rows.count == 1 ? "; nothing was rendered" : "\(rows.count) bad rows; nothing was rendered"
    #expect(lines.last?.hasSuffix(count) == true, "\(outcome.standardError)", sourceLocation: sourceLocation)
    #expect(!exists("out", in: folder), sourceLocation: sourceLocation)
  }

  // MARK: Manifest text

  @Test("a CSV manifest with Windows line ends is read row by row: a bad row is reported, a good one renders")
  func windowsLineEnds() throws {
    let folder = try work()
    try write("preset,output\r\nfuber,a.mp4\r\nfuberx,b.mp4\r\n", "m.csv", in: folder)
    expectBadRows(
      try run(["batch", "presets", "-o", "out", "--manifest", "m.csv"], in: folder), ["m.csv:3: no preset fuberx in presets"], in: folder)

    try write("preset,output,size,fps\r\nwelcome,a.mp4,94x168,2\r\n", "good.csv", in: folder)
    let good = try run(["batch", "presets", "-o", "out", "--manifest", "good.csv"], in: folder)
    #expect(good.exitCode == 0, "\(good.standardError)")
    #expect(good.standardOutput.contains("1 clips: 1 rendered"), "\(good.standardOutput)")
    #expect(exists("out/a.mp4", in: folder))
  }

  @Test("a UTF-8 byte order mark and Windows line ends are accepted in CSV and JSON Lines")
  func byteOrderMark() throws {
    let folder = try work()
    try write("\u{FEFF}preset,output\r\nnosuch,a.mp4\r\n", "m.csv", in: folder)
    expectBadRows(try run(["batch", "presets", "-o", "out", "--manifest", "m.csv"], in: folder), ["m.csv:2: no preset nosuch"], in: folder)
    try write("\u{FEFF}{\"preset\": \"fuber\"}\r\n{\"preset\": \"nosuch\"}\r\n", "m.jsonl", in: folder)
    expectBadRows(
      try run(["batch", "presets", "-o", "out", "--manifest", "m.jsonl"], in: folder), ["m.jsonl:2: no preset nosuch"], in: folder)
  }

  @Test("a manifest with a header and no rows, or only blank lines, is refused")
  func noRows() throws {
    let folder = try work()
    try write("preset,output\r\n\r\n", "m.csv", in: folder)
    expectRefused(
      try run(["batch", "presets", "-o", "out", "--manifest", "m.csv"], in: folder), ["m.csv has a header but no rows"], in: folder)
    try write("\n\n", "m.jsonl", in: folder)
    expectRefused(try run(["batch", "presets", "-o", "out", "--manifest", "m.jsonl"], in: folder), ["m.jsonl is empty"], in: folder)
  }

  @Test("a manifest that is a FIFO or a folder is refused at once, not waited on")
  func manifestNotAFile() throws {
    let folder = try work()
    #expect(mkfifo(folder.appendingPathComponent("m.csv").path, 0o644) == 0)
    expectRefused(
      try run(["batch", "presets", "-o", "out", "--manifest", "m.csv"], in: folder, seconds: 20), ["m.csv", "found a FIFO"], in: folder)
    try FileManager.default.createDirectory(at: folder.appendingPathComponent("d.csv"), withIntermediateDirectories: true)
    expectRefused(
      try run(["batch", "presets", "-o", "out", "--manifest", "d.csv"], in: folder), ["d.csv", "found a directory"], in: folder)
  }

  // MARK: The report

  @Test("--report naming a clip, a clip's record, the manifest or a preset is refused before anything is written")
  func reportOverwritesAnInput() throws {
    let folder = try work()
    let manifest = "preset,output,size,fps\nwelcome,a.mp4,94x168,2\nfuber,sub/b.mp4,94x168,2\n"
    try write(manifest, "m.csv", in: folder)
    let base = ["batch", "presets", "-o", "out", "--manifest", "m.csv", "--report"]
    expectRefused(try run(base + ["out/a.mp4"], in: folder), ["--report out/a.mp4 is the output of m.csv:2"], in: folder)
    expectRefused(try run(base + ["out/./.splashvid/a.mp4.inputs"], in: folder), ["inside a .splashvid folder"], in: folder)
    expectRefused(try run(base + ["out/a.mp4.splashvid-inputs"], in: folder), ["the record of the output of m.csv:2"], in: folder)
    expectRefused(try run(base + ["out/sub/.splashvid/notes.json"], in: folder), ["inside a .splashvid folder"], in: folder)
    expectRefused(try run(base + ["m.csv"], in: folder), ["--report m.csv is the manifest"], in: folder)
    expectRefused(try run(base + ["presets/logo-reveal.json5"], in: folder), ["is the preset presets/logo-reveal.json5"], in: folder)
    #expect(try String(contentsOf: folder.appendingPathComponent("m.csv"), encoding: .utf8) == manifest)

    // Through a link to the output folder, the same file is refused too.
    try FileManager.default.createDirectory(at: folder.appendingPathComponent("out/sub"), withIntermediateDirectories: true)
    try FileManager.default.createSymbolicLink(
      at: folder.appendingPathComponent("alias"), withDestinationURL: folder.appendingPathComponent("out/sub"))
    let linked = try run(base + ["alias/b.mp4"], in: folder)
    #expect(linked.exitCode == 64 && linked.standardError.contains("is the output of m.csv:3"), "\(linked.standardError)")
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("out/sub").path).isEmpty)
  }

  @Test("--report in a missing folder, or naming a folder, is refused before anything renders")
  func reportUnwritable() throws {
    let folder = try work()
    try write("preset,output,size,fps\nwelcome,a.mp4,94x168,2\n", "m.csv", in: folder)
    let base = ["batch", "presets", "-o", "out", "--manifest", "m.csv", "--report"]
    expectRefused(try run(base + ["nodir/r.json"], in: folder), ["--report nodir/r.json", "its folder nodir does not exist"], in: folder)
    expectRefused(try run(base + ["presets"], in: folder), ["--report presets", "is a directory"], in: folder)
  }

  // MARK: Outputs

  @Test("outputs spelled differently but naming the same file are duplicates; the clip is written under one name")
  func duplicateSpellings() throws {
    let folder = try work()
    let rows = ["fuber,a.mp4", "welcome,./a.mp4", "fuber,sub//b.mp4", "welcome,sub/./b.mp4"]
    // Tiny clips, so that a batch that wrongly accepts the rows finishes quickly.
    try write("preset,output,size,fps\n" + rows.map { $0 + ",94x168,2\n" }.joined(), "m.csv", in: folder)
    expectBadRows(
      try run(["batch", "presets", "-o", "out", "--manifest", "m.csv"], in: folder),
      ["m.csv:3: output a.mp4 is also written by m.csv:2", "m.csv:5: output sub/b.mp4 is also written by m.csv:4"], in: folder)

    try FileManager.default.createDirectory(at: folder.appendingPathComponent("out/sub"), withIntermediateDirectories: true)
    try write("preset,output,size,fps\nwelcome,sub//./c.mp4,94x168,2\n", "one.csv", in: folder)
    let one = try run(["batch", "presets", "-o", "out", "--manifest", "one.csv", "--report", "r.json"], in: folder)
    #expect(one.exitCode == 0, "\(one.standardError)")
    #expect(one.standardOutput.contains("sub/c.mp4 "), "\(one.standardOutput)")
    #expect(try String(contentsOf: folder.appendingPathComponent("r.json"), encoding: .utf8).contains("out/sub/c.mp4\""))
  }

  @Test("-o naming a file is a usage error, before any work")
  func outputFolderIsAFile() throws {
    let folder = try work()
    try write("not a folder", "clips", in: folder)
    let outcome = try run(["batch", "presets", "-o", "clips"], in: folder)
    #expect(outcome.exitCode == 64)
    #expect(outcome.standardError == "splashvid: -o clips: is a file, not a folder; name a folder for the clips (see 'splashvid --help')\n")
    #expect(try String(contentsOf: folder.appendingPathComponent("clips"), encoding: .utf8) == "not a folder")
  }

  @Test("a symbolic link inside the output folder cannot carry a clip out of it")
  func outputThroughALink() throws {
    let folder = try work()
    let elsewhere = try BinaryRunner.temporaryFolder()
    try FileManager.default.createDirectory(at: folder.appendingPathComponent("out"), withIntermediateDirectories: true)
    try FileManager.default.createSymbolicLink(at: folder.appendingPathComponent("out/sub"), withDestinationURL: elsewhere)
    try FileManager.default.createSymbolicLink(
      at: folder.appendingPathComponent("out/x.mp4"), withDestinationURL: elsewhere.appendingPathComponent("x.mp4"))
    try write("preset,output,size,fps\nwelcome,sub/a.mp4,94x168,2\nwelcome,x.mp4,94x168,2\n", "m.csv", in: folder)
    let outcome = try run(["batch", "presets", "-o", "out", "--manifest", "m.csv"], in: folder)
    #expect(outcome.exitCode == 1)
    let lines = outcome.standardError.split(separator: "\n")
    #expect(lines.count == 3, "\(outcome.standardError)")
    #expect(lines.first?.hasPrefix("m.csv:2: output sub/a.mp4: out/sub/a.mp4 leads outside out") == true, "\(outcome.standardError)")
    #expect(lines.dropFirst().first?.hasPrefix("m.csv:3: output x.mp4: out/x.mp4 leads outside out") == true, "\(outcome.standardError)")
    #expect(try FileManager.default.contentsOfDirectory(atPath: elsewhere.path).isEmpty)
  }

  // MARK: Presets and images

  @Test("the preset column is a preset's name: a path, or a link leading out of the folder, is refused")
  func presetEscapes() throws {
    let folder = try work()
    let outside = folder.appendingPathComponent("outside")
    try FileManager.default.createDirectory(at: outside, withIntermediateDirectories: true)
    try FileManager.default.copyItem(
      at: folder.appendingPathComponent("presets/welcome.json5"), to: outside.appendingPathComponent("evil.json5"))
    try FileManager.default.createSymbolicLink(
      at: folder.appendingPathComponent("presets/linked.json5"), withDestinationURL: outside.appendingPathComponent("evil.json5"))
    try write(
      "preset,output,size,fps\n../outside/evil,a.mp4,94x168,2\nlinked,b.mp4,94x168,2\n/etc/passwd,c.mp4,94x168,2\n", "m.csv", in: folder)
    expectBadRows(
      try run(["batch", "presets", "-o", "out", "--manifest", "m.csv"], in: folder),
      [
        "m.csv:2: preset ../outside/evil: expected the name of a preset in presets",
        "m.csv:3: preset linked: presets/linked.json5 leads outside",
        "m.csv:4: preset /etc/passwd: expected the name of a preset",
      ], in: folder)

    // With --assets-root naming a folder that holds both, the linked preset is allowed (the
    // bad row keeps the batch from rendering); a path still is not.
    let allowed = try run(["batch", "presets", "-o", "out", "--manifest", "m.csv", "--assets-root", "."], in: folder)
    #expect(allowed.exitCode == 1)
    #expect(!allowed.standardError.contains("m.csv:3"), "\(allowed.standardError)")
    #expect(allowed.standardError.contains("m.csv:2: preset ../outside/evil"), "\(allowed.standardError)")

    // Without a manifest, a linked preset leading out is refused as well.
    let whole = try run(["batch", "presets", "-o", "out"], in: folder)
    expectRefused(whole, ["preset linked: presets/linked.json5 leads outside"], in: folder)
  }

  @Test("a manifest's image parameters are relative to the batch folder and confined to it; --assets-root widens it")
  func imageEscapes() throws {
    let folder = try work()
    let outside = try BinaryRunner.temporaryFolder()
    let mascot = folder.appendingPathComponent("presets/assets/mascot.png")
    try FileManager.default.copyItem(at: mascot, to: outside.appendingPathComponent("m.png"))
    try FileManager.default.copyItem(at: mascot, to: folder.appendingPathComponent("m.png"))
    try FileManager.default.createSymbolicLink(
      at: folder.appendingPathComponent("presets/link.png"), withDestinationURL: outside.appendingPathComponent("m.png"))
    let manifest = """
      preset,output,params,size,fps
      logo-reveal,a.mp4,logoImage=../m.png,94x168,2
      logo-reveal,b.mp4,logoImage=\(outside.path)/m.png,94x168,2
      logo-reveal,c.mp4,logoImage=link.png,94x168,2
      logo-reveal,d.mp4,logoImage=assets/mascot.png,94x168,2
      logo-reveal,e.mp4,logoImage=m.png,94x168,2
      """
    try write(manifest, "m.csv", in: folder)
    // m.png exists in the working directory but not in the batch folder: relative to the batch folder, it is missing.
    expectBadRows(
      try run(["batch", "presets", "-o", "out", "--manifest", "m.csv"], in: folder),
      [
        "m.csv:2: presets/logo-reveal.json5: layers[0].sublayers[5].contents: expected an image inside",
        "m.csv:3: presets/logo-reveal.json5: layers[0].sublayers[5].contents: expected an image inside",
        "m.csv:4: presets/logo-reveal.json5: layers[0].sublayers[5].contents: expected an image inside",
        "m.csv:6: presets/logo-reveal.json5: layers[0].sublayers[5].contents: expected an image file that exists",
      ], in: folder)

    // --assets-root . takes in ../m.png (in the work folder) but not the other folder's image.
    let widened = try run(["batch", "presets", "-o", "out", "--manifest", "m.csv", "--assets-root", "."], in: folder)
    let lines = widened.standardError.split(separator: "\n")
    #expect(lines.map { $0.prefix(8) } == ["m.csv:3:", "m.csv:4:", "m.csv:6:", "3 bad ro"], "\(widened.standardError)")

    try write("preset,output,params,size,fps\nlogo-reveal,d.mp4,logoImage=assets/mascot.png,94x168,2\n", "good.csv", in: folder)
    let good = try run(["batch", "presets", "-o", "out", "--manifest", "good.csv"], in: folder)
    #expect(good.exitCode == 0, "\(good.standardError)")
    #expect(exists("out/d.mp4", in: folder))
  }

  @Test("a preset that is only NAME.json is found and rendered")
  func jsonPreset() throws {
    let folder = try BinaryRunner.temporaryFolder()
    let presets = folder.appendingPathComponent("p")
    try FileManager.default.createDirectory(at: presets, withIntermediateDirectories: true)
    let preset = """
      { "schemaVersion": 1, "canvas": { "size": [48, 84] }, "clip": { "cycle": 1 },
        "layers": [ { "id": "a", "bounds": [0, 0, 10, 10], "backgroundColor": "red" } ] }
      """
    try write(preset, "p/only.json", in: folder)
    try write("preset,size,fps\nonly,48x84,2\n", "m.csv", in: folder)
    let outcome = try run(["batch", "p", "-o", "out", "--manifest", "m.csv"], in: folder)
    #expect(outcome.exitCode == 0, "\(outcome.standardError)")
    #expect(exists("out/only.mp4", in: folder))
    let whole = try run(["batch", "p", "-o", "out2"], in: folder)
    #expect(whole.exitCode == 0, "\(whole.standardError)")
    #expect(exists("out2/only.mp4", in: folder))
  }

  // MARK: Many rows

  /// `#RRGGBB` for a 24-bit number.
  private func hexColour(_ value: Int) -> String {
    let digits = String(value, radix: 16, uppercase: true)
    return "#" + String(repeating: "0", count: max(0, 6 - digits.count)) + digits
  }

  @Test("10 000 rows of varied colours validate; one bad colour among them is reported with its line")
  func tenThousandRows() throws {
    let folder = try work()
    var manifest = "preset,output,params,size,fps\n"
    let parameters = ["fuber": "backgroundColor", "welcome": "secondaryColor", "logo-reveal": "primaryColor"]
    let names = parameters.keys.sorted()
    for index in 0..<10_000 {
      let name = names[index % names.count]
      let colour = index == 6_000 ? "#12345G" : hexColour((index * 2_654_435_761) & 0xFFFFFF)
      manifest += "\(name),clip-\(index).mp4,\(parameters[name]!)=\(colour),94x168,2\n"
    }
    try write(manifest, "m.csv", in: folder)
    let outcome = try run(["batch", "presets", "-o", "out", "--manifest", "m.csv"], in: folder, seconds: 300)
    let bad = names[6_000 % names.count]
    expectBadRows(outcome, ["m.csv:6002: presets/\(bad).json5: --param \(parameters[bad]!): expected a colour"], in: folder)
  }

  /// A preset whose parameters are checked only where they are used: a number as an opacity,
  /// a colour that is also a layer's id.
  private let usedParameters = """
    { schemaVersion: 1,
      parameters: { fade: { type: "number", default: 0.5 }, tint: { type: "color", default: "#00FF00" } },
      canvas: { size: [48, 84] }, clip: { cycle: 1 },
      layers: [ { id: "#FF0000", opacity: "$fade", backgroundColor: "$tint" }, { id: "$tint", backgroundColor: "$tint" } ] }
    """

  @Test("each row's values are checked where the preset uses them: a number out of an opacity's range, a colour that repeats an id")
  func valuesCheckedInPlace() throws {
    let folder = try BinaryRunner.temporaryFolder()
    try FileManager.default.createDirectory(at: folder.appendingPathComponent("p"), withIntermediateDirectories: true)
    try write(usedParameters, "p/used.json5", in: folder)
    var manifest = "preset,output,params,size,fps\n"
    for index in 0..<300 {
      let tint = hexColour(index * 40_503)
      let params = index == 100 ? "fade=1.5" : index == 200 ? "tint=#FF0000" : "fade=0.\(index % 10);tint=\(tint)"
      manifest += "used,clip-\(index).mp4,\(params),48x84,2\n"
    }
    try write(manifest, "m.csv", in: folder)
    let outcome = try run(["batch", "p", "-o", "out", "--manifest", "m.csv"], in: folder)
    expectBadRows(
      outcome,
      [
        "m.csv:102: p/used.json5: layers[0].opacity: expected",
        "m.csv:202: p/used.json5: layers[1].id: expected a layer id not used elsewhere",
      ],
      in: folder)
  }
}
