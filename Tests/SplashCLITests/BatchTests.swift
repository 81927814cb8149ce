import Foundation
import SplashEncode
import Testing

@Suite("splashvid batch: many clips, resumable, isolated failures, shards")
struct BatchTests {
  /// A copy of the repository's presets (with their assets) that a test may edit.
  private func presetCopy() throws -> URL {
    let folder = try BinaryRunner.temporaryFolder().appendingPathComponent("presets")
    try FileManager.default.copyItem(at: BinaryRunner.repository.appendingPathComponent("presets"), to: folder)
    return folder
  }

  /// 3 presets × 4 variants (colours, texts, sizes) at 2 fps on tiny frames.
  private let twelve = """
    preset,output,params,size,fps,loops,format
    fuber,fuber-default.mp4,,94x168,2,1,mp4
    fuber,fuber-red.mp4,backgroundColor=#8B0000,94x168,2,1,mp4
    fuber,fuber-text.mp4,labelLeft=G;labelRight=O,94x168,2,1,mp4
    fuber,fuber-small.mp4,,62x112,2,1,mp4
    welcome,welcome-default.mp4,,94x168,2,1,mp4
    welcome,welcome-blue.mp4,secondaryColor=#2E7592,94x168,2,1,mp4
    welcome,welcome-hello.mp4,labelText=Hello,94x168,2,1,mp4
    welcome,welcome-small.mp4,,62x112,2,1,mp4
    logo-reveal,logo-default.mp4,,94x168,2,1,mp4
    logo-reveal,logo-green.mp4,primaryColor=#00A040,94x168,2,1,mp4
    logo-reveal,logo-grey.mp4,secondaryColor=#222222,94x168,2,1,mp4
    logo-reveal,logo-small.mp4,,62x112,2,1,mp4
    """

  /// Each clip's entry in a `--report` file, by the output's file name.
  private func reportEntries(_ report: URL) throws -> [String: [String: Any]] {
    let object = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: report)) as? [String: Any])
    let clips = try #require(object["clips"] as? [[String: Any]])
    var result: [String: [String: Any]] = [:]
    for clip in clips {
      let output = (clip["output"] as? String).map { URL(fileURLWithPath: $0).lastPathComponent } ?? "?"
      result[output] = clip
    }
    return result
  }

  private func statuses(_ report: URL) throws -> [String: String] {
    try reportEntries(report).compactMapValues { $0["status"] as? String }
  }

  @Test("a manifest's format column and extensions pick each clip's format; a default output takes the format's extension")
  func formats() throws {
    let presets = try presetCopy()
    let work = presets.deletingLastPathComponent()
    let manifest = """
      preset,output,size,fps,format
      fuber,fuber-hevc.mp4,94x168,2,hevc
      logo-reveal,logo.webm,94x168,2,
      welcome,,94x168,2,prores
      fuber,,94x168,10,gif
      """
    try manifest.write(to: work.appendingPathComponent("clips.csv"), atomically: false, encoding: .utf8)
    let outcome = try BinaryRunner.run(["batch", presets.path, "-o", "out", "--manifest", "clips.csv"], in: work)
    #expect(outcome.exitCode == 0, "\(outcome.standardError)")
    let out = work.appendingPathComponent("out")
    #expect(try VideoReader.read(out.appendingPathComponent("fuber-hevc.mp4").path).codecTag == "hvc1")
    #expect(try VideoReader.read(out.appendingPathComponent("logo.webm").path).codecName == "vp9")
    #expect(try VideoReader.read(out.appendingPathComponent("welcome.mov").path).codecName == "prores")
    let gif = try VideoReader.read(out.appendingPathComponent("fuber.gif").path)
    #expect(gif.codecName == "gif" && gif.gifLoopCount == 0)
  }

  @Test("12 variants render; a re-run skips them all; editing one preset re-renders only its clips")
  func resumable() throws {
    let presets = try presetCopy()
    let work = presets.deletingLastPathComponent()
    try twelve.write(to: work.appendingPathComponent("clips.csv"), atomically: false, encoding: .utf8)
    let arguments = ["batch", presets.path, "-o", "out", "--manifest", "clips.csv", "--jobs", "2", "--report", "report.json"]

    let first = try BinaryRunner.run(arguments, in: work)
    #expect(first.exitCode == 0, "\(first.standardError)")
    #expect(try statuses(work.appendingPathComponent("report.json")).values.filter { $0 == "rendered" }.count == 12)
    let info = try VideoReader.read(work.appendingPathComponent("out/fuber-small.mp4").path)
    #expect(info.width == 62 && info.height == 112 && info.decodedFrameCount == 6)

    let second = try BinaryRunner.run(arguments, in: work)
    #expect(second.exitCode == 0)
    #expect(try statuses(work.appendingPathComponent("report.json")).values.allSatisfy { $0 == "skipped" })
    #expect(second.standardOutput.contains("12 clips: 0 rendered, 12 skipped, 0 failed"))

    let welcome = presets.appendingPathComponent("welcome.json5")
    try (String(contentsOf: welcome, encoding: .utf8) + "\n// edited\n").write(to: welcome, atomically: false, encoding: .utf8)
    let third = try BinaryRunner.run(arguments, in: work)
    #expect(third.exitCode == 0)
    let after = try statuses(work.appendingPathComponent("report.json"))
    #expect(
      after.filter { $0.value == "rendered" }.keys.sorted() == [
        "welcome-blue.mp4", "welcome-default.mp4", "welcome-hello.mp4", "welcome-small.mp4",
      ])
    #expect(after.filter { $0.value == "skipped" }.count == 8)
  }

  @Test("a manifest with 3 bad rows among 10 reports all 3 and renders nothing")
  func badRows() throws {
    let presets = try presetCopy()
    let work = presets.deletingLastPathComponent()
    let manifest = """
      preset,output,params,size,fps,loops
      fuber,a.mp4,,94x168,2,1
      fuber,b.mp4,backgroundColor=#nothex,94x168,2,1
      welcome,c.mp4,,94x168,2,1
      welcome,d.mp4,,95x168,2,1
      logo-reveal,e.mp4,,94x168,2,1
      nosuch,f.mp4,,94x168,2,1
      fuber,g.mp4,,94x168,2,1
      fuber,h.mp4,,94x168,2,1
      welcome,i.mp4,,94x168,2,1
      logo-reveal,j.mp4,,94x168,2,1
      """
    try manifest.write(to: work.appendingPathComponent("bad.csv"), atomically: false, encoding: .utf8)
    let outcome = try BinaryRunner.run(["batch", presets.path, "-o", "out", "--manifest", "bad.csv"], in: work)
    #expect(outcome.exitCode == 1)
    let lines = outcome.standardError.split(separator: "\n")
    #expect(lines.contains { $0.hasPrefix("bad.csv:3: ") && $0.contains("--param backgroundColor: expected a colour") })
    #expect(lines.contains { $0 == "bad.csv:5: size 95x168: video needs an even width and height" })
    #expect(lines.contains { $0.hasPrefix("bad.csv:7: no preset nosuch in ") })
    #expect(lines.last == "3 bad rows; nothing was rendered")
    #expect(!FileManager.default.fileExists(atPath: work.appendingPathComponent("out").path))
  }

  @Test("a failing clip does not stop the others; exit 1; the report names it")
  func failureIsolation() throws {
    let presets = try presetCopy()
    let work = presets.deletingLastPathComponent()
    let manifest = "preset,output,size,fps\nwelcome,ok-1.mp4,94x168,2\nwelcome,blocked.mp4,94x168,2\nlogo-reveal,ok-2.mp4,94x168,2\n"
    try manifest.write(to: work.appendingPathComponent("m.csv"), atomically: false, encoding: .utf8)
    // A folder where the clip should go: that clip cannot be written.
    try FileManager.default.createDirectory(at: work.appendingPathComponent("out/blocked.mp4"), withIntermediateDirectories: true)
    let outcome = try BinaryRunner.run(["batch", presets.path, "-o", "out", "--manifest", "m.csv", "--report", "r.json"], in: work)
    #expect(outcome.exitCode == 1)
    let statuses = try statuses(work.appendingPathComponent("r.json"))
    #expect(statuses == ["ok-1.mp4": "rendered", "blocked.mp4": "failed", "ok-2.mp4": "rendered"])
    let report = try String(contentsOf: work.appendingPathComponent("r.json"), encoding: .utf8)
    #expect(report.contains("is a directory"))
    #expect(outcome.standardOutput.contains("3 clips: 2 rendered, 0 skipped, 1 failed"))
  }

  @Test("shards 0/3, 1/3 and 2/3 render the whole set exactly once; auto/3 reads JOB_COMPLETION_INDEX")
  func shards() throws {
    let presets = try presetCopy()
    let work = presets.deletingLastPathComponent()
    try twelve.write(to: work.appendingPathComponent("clips.csv"), atomically: false, encoding: .utf8)
    var seen: [String] = []
    for index in 0..<3 {
      let outcome = try BinaryRunner.run(
        ["batch", presets.path, "-o", "shard-\(index)", "--manifest", "clips.csv", "--shard", "\(index)/3"], in: work)
      #expect(outcome.exitCode == 0)
      seen += try FileManager.default.contentsOfDirectory(atPath: work.appendingPathComponent("shard-\(index)").path)
        .filter { $0.hasSuffix(".mp4") }
    }
    #expect(seen.count == 12 && Set(seen).count == 12)
    let auto = try BinaryRunner.run(
      ["batch", presets.path, "-o", "shard-1", "--manifest", "clips.csv", "--shard", "auto/3"], in: work,
      environment: ["JOB_COMPLETION_INDEX": "1"])
    #expect(auto.exitCode == 0 && auto.standardOutput.contains("4 clips: 0 rendered, 4 skipped, 0 failed"))
  }

  @Test("a batch killed mid-way and run again finishes the rest, and no clip is ever truncated")
  func killedAndResumed() throws {
    let presets = try presetCopy()
    let work = presets.deletingLastPathComponent()
    var manifest = "preset,output,size,fps,loops\n"
    for index in 0..<8 { manifest += "fuber,clip-\(index).mp4,188x334,10,2\n" }
    try manifest.write(to: work.appendingPathComponent("m.csv"), atomically: false, encoding: .utf8)
    let process = Process()
    process.executableURL = BinaryRunner.binary
    process.arguments = ["batch", presets.path, "-o", "out", "--manifest", "m.csv"]
    process.currentDirectoryURL = work
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    let out = work.appendingPathComponent("out")
    // Wait until two clips are recorded as done, so the kill lands mid-batch.
    let deadline = Date().addingTimeInterval(60)
    var done = 0
    while Date() < deadline, process.isRunning, done < 2 {
      done =
        (try? FileManager.default.contentsOfDirectory(atPath: out.appendingPathComponent(".splashvid").path))?.filter {
          $0.hasSuffix(".inputs")
        }.count ?? 0
      if done < 2 { Thread.sleep(forTimeInterval: 0.05) }
    }
    kill(process.processIdentifier, SIGKILL)
    process.waitUntilExit()
    try #require(done >= 2, "the batch recorded \(done) clips before it was killed")
    // Whatever the kill interrupted, every file under a clip's name is a complete video.
    for file in try FileManager.default.contentsOfDirectory(atPath: out.path) where file.hasSuffix(".mp4") {
      #expect(try VideoReader.read(out.appendingPathComponent(file).path).decodedFrameCount == 60, "\(file)")
    }
    let again = try BinaryRunner.run(["batch", presets.path, "-o", "out", "--manifest", "m.csv"], in: work)
    #expect(again.exitCode == 0, "\(again.standardError)")
    let clips = try FileManager.default.contentsOfDirectory(atPath: out.path).filter { $0.hasSuffix(".mp4") }
    #expect(clips.count == 8)
    for file in clips {
      #expect(try VideoReader.read(out.appendingPathComponent(file).path).decodedFrameCount == 60, "\(file)")
    }
    #expect(again.standardOutput.contains("8 clips: "))
    #expect(!again.standardOutput.contains(" 8 rendered"), "clips finished before the kill are skipped")
  }

  @Test("a JSON Lines manifest: params as an object, numbers as numbers, a bad line reported")
  func jsonLines() throws {
    let presets = try presetCopy()
    let work = presets.deletingLastPathComponent()
    let good = """
      {"preset": "welcome", "output": "hej.mp4", "params": {"labelText": "Hej"}, "size": "94x168", "fps": 2}
      {"preset": "fuber", "size": "94x168", "fps": 2, "loops": 2}
      """
    try good.write(to: work.appendingPathComponent("clips.jsonl"), atomically: false, encoding: .utf8)
    let outcome = try BinaryRunner.run(["batch", presets.path, "-o", "out", "--manifest", "clips.jsonl"], in: work)
    #expect(outcome.exitCode == 0, "\(outcome.standardError)")
    #expect(try VideoReader.read(work.appendingPathComponent("out/fuber.mp4").path).decodedFrameCount == 12)
    #expect(FileManager.default.fileExists(atPath: work.appendingPathComponent("out/hej.mp4").path))
    try (good + "\n{not json}\n").write(to: work.appendingPathComponent("bad.jsonl"), atomically: false, encoding: .utf8)
    let bad = try BinaryRunner.run(["batch", presets.path, "-o", "out2", "--manifest", "bad.jsonl"], in: work)
    #expect(bad.exitCode == 1)
    #expect(bad.standardError.hasPrefix("bad.jsonl:3: not a JSON object"), "\(bad.standardError)")
  }

  @Test("presets edited mid-batch: the clip rendering keeps going but is not recorded; a truncated preset fails only its clip")
  func presetsChangedWhileRunning() throws {
    let presets = try presetCopy()
    let work = presets.deletingLastPathComponent()
    let out = work.appendingPathComponent("out")
    // `long` renders for a second or more, so the edits below land while it renders; `short`
    // starts after it (one job at a time, in manifest order).
    let manifest = """
      preset,output,params,size,fps,loops
      fuber,long.mp4,,376x668,30,4
      welcome,short.mp4,,94x168,2,1
      """
    try manifest.write(to: work.appendingPathComponent("m.csv"), atomically: false, encoding: .utf8)
    let arguments = ["batch", presets.path, "-o", "out", "--manifest", "m.csv", "--jobs", "1", "--report", "report.json"]
    let fuber = presets.appendingPathComponent("fuber.json5")
    let welcome = presets.appendingPathComponent("welcome.json5")
    let fuberText = try String(contentsOf: fuber, encoding: .utf8)
    let welcomeText = try String(contentsOf: welcome, encoding: .utf8)

    let process = Process()
    process.executableURL = BinaryRunner.binary
    process.arguments = arguments
    process.currentDirectoryURL = work
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    // Wait for long.mp4's temporary file: its render has begun.
    let deadline = Date().addingTimeInterval(60)
    var sawRender = false
    while Date() < deadline, process.isRunning, !sawRender {
      sawRender = ((try? FileManager.default.contentsOfDirectory(atPath: out.path)) ?? []).contains { $0.hasPrefix(".long.mp4.") }
      if !sawRender { Thread.sleep(forTimeInterval: 0.005) }
    }
    try #require(sawRender, "the render of long.mp4 was never seen")
    try (fuberText + "\n// edited while rendering\n").write(to: fuber, atomically: false, encoding: .utf8)
    try String(welcomeText.prefix(welcomeText.count / 2)).write(to: welcome, atomically: false, encoding: .utf8)
    #expect(process.isRunning, "long.mp4 finished before the edit; the test needs a longer clip")
    process.waitUntilExit()
    #expect(process.terminationStatus == 1, "short.mp4 failed")

    let entries = try reportEntries(work.appendingPathComponent("report.json"))
    let long = try #require(entries["long.mp4"])
    let short = try #require(entries["short.mp4"])
    #expect(long["status"] as? String == "rendered")
    #expect((long["warning"] as? String)?.contains("fuber.json5 or an image it shows changed while the clip rendered") == true, "\(long)")
    #expect(short["status"] as? String == "failed")
    #expect((short["error"] as? String)?.contains("welcome.json5") == true, "\(short)")
    #expect((short["error"] as? String)?.contains("\n") == false, "a one-line error")
    #expect(try VideoReader.read(out.appendingPathComponent("long.mp4").path).decodedFrameCount == 360)
    #expect(!FileManager.default.fileExists(atPath: out.appendingPathComponent(".splashvid/long.mp4.inputs").path), "not recorded")
    #expect(try FileManager.default.contentsOfDirectory(atPath: out.path).filter { $0.hasSuffix(".tmp") }.isEmpty)

    // The edit is undone (a branch switched back): the clip cannot be trusted, so it renders again.
    try fuberText.write(to: fuber, atomically: false, encoding: .utf8)
    try welcomeText.write(to: welcome, atomically: false, encoding: .utf8)
    let second = try BinaryRunner.run(arguments, in: work)
    #expect(second.exitCode == 0, "\(second.standardError)")
    #expect(try statuses(work.appendingPathComponent("report.json")) == ["long.mp4": "rendered", "short.mp4": "rendered"])
    #expect(!second.standardOutput.contains("warning"))
    let third = try BinaryRunner.run(arguments, in: work)
    #expect(try statuses(work.appendingPathComponent("report.json")) == ["long.mp4": "skipped", "short.mp4": "skipped"])
    #expect(third.exitCode == 0)
  }

  // MARK: Render options as defaults

  /// A 24x24 canvas of one colour, the parameter `tint`, for 1 s.
  private let tinted = """
    { schemaVersion: 1, parameters: { tint: { type: "color", default: "#00FF00" } },
      canvas: { size: [24, 24], background: "$tint" }, clip: { cycle: 1 }, layers: [] }
    """

  /// A folder `p` holding the `tinted` preset as `tint.json5`, in a work folder.
  private func tintedFolder() throws -> URL {
    let work = try BinaryRunner.temporaryFolder()
    try FileManager.default.createDirectory(at: work.appendingPathComponent("p"), withIntermediateDirectories: false)
    try tinted.write(to: work.appendingPathComponent("p/tint.json5"), atomically: false, encoding: .utf8)
    return work
  }

  /// The size, frame count and first frame's centre colour (red, green, blue) of a clip.
  private func facts(_ url: URL) throws -> (width: Int, height: Int, frames: Int, centre: [Int]) {
    var centre: [Int] = []
    let info = try VideoReader.read(url.path) { index, pixels in
      guard index == 0 else { return }
      let pixel = pixels.rgba(x: pixels.width / 2, y: pixels.height / 2)
      centre = [Int(pixel.red), Int(pixel.green), Int(pixel.blue)]
    }
    return (info.width, info.height, info.decodedFrameCount, centre)
  }

  @Test("render options are every clip's defaults; a manifest column or a row's param overrides them")
  func renderOptionDefaults() throws {
    let work = try tintedFolder()
    defer { try? FileManager.default.removeItem(at: work) }
    let manifest = """
      preset,output,params,size,fps,loops,format
      tint,plain.mp4,,,,,
      tint,sized.mp4,,32x16,,,
      tint,fast.mp4,,,8,,
      tint,blue.mp4,tint=#0000FF,,,3,
      tint,alpha.webm,,,,,
      """
    try manifest.write(to: work.appendingPathComponent("m.csv"), atomically: false, encoding: .utf8)
    let outcome = try BinaryRunner.run(
      [
        "batch", "p", "-o", "out", "--manifest", "m.csv", "--size", "48x24", "--fps", "4", "--loops", "2", "--param", "tint=#FF0000",
        "--x264-preset", "ultrafast", "--tune", "stillimage", "--crf", "30", "--fit", "cover",
      ],
      in: work)
    #expect(outcome.exitCode == 0, "\(outcome.standardError)")
    let out = work.appendingPathComponent("out")
    let plain = try facts(out.appendingPathComponent("plain.mp4"))
    #expect(plain.width == 48 && plain.height == 24 && plain.frames == 8, "\(plain)")
    #expect(plain.centre[0] > 200 && plain.centre[1] < 50 && plain.centre[2] < 50, "--param tint=#FF0000: \(plain.centre)")
    let sized = try facts(out.appendingPathComponent("sized.mp4"))
    #expect(sized.width == 32 && sized.height == 16 && sized.frames == 8, "the row's size: \(sized)")
    #expect(try facts(out.appendingPathComponent("fast.mp4")).frames == 16, "the row's fps: 8 × 1 s × 2 loops")
    let blue = try facts(out.appendingPathComponent("blue.mp4"))
    #expect(blue.frames == 12, "the row's loops: 4 × 1 s × 3")
    #expect(blue.centre[2] > 200 && blue.centre[0] < 50, "the row's tint wins over --param: \(blue.centre)")
    // --x264-preset and --tune apply to the H.264 clips; VP9 has neither, and renders.
    let webm = try VideoReader.read(out.appendingPathComponent("alpha.webm").path)
    #expect(webm.codecName == "vp9" && webm.width == 48 && webm.decodedFrameCount == 8)
  }

  @Test("without a manifest the options shape every preset's clip: --format names the extension")
  func folderDefaults() throws {
    let work = try tintedFolder()
    defer { try? FileManager.default.removeItem(at: work) }
    let outcome = try BinaryRunner.run(
      ["batch", "p", "-o", "out", "--size", "20x10", "--fps", "6", "--format", "gif", "--transparent"], in: work)
    #expect(outcome.exitCode == 0, "\(outcome.standardError)")
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: work.appendingPathComponent("out").path).sorted() == [
        ".splashvid", "tint.gif",
      ])
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: work.appendingPathComponent("out/.splashvid").path) == ["tint.gif.inputs"],
      "the batch's record is in the hidden folder, not beside the clip")
    let gif = try VideoReader.read(work.appendingPathComponent("out/tint.gif").path)
    #expect(gif.codecName == "gif" && gif.width == 20 && gif.height == 10, "\(gif)")

    // --param holds for every clip: a preset without that parameter is a bad clip, before any renders.
    try "{ schemaVersion: 1, canvas: { size: [24, 24] }, clip: { cycle: 1 }, layers: [] }".write(
      to: work.appendingPathComponent("p/plain.json5"), atomically: false, encoding: .utf8)
    let lacking = try BinaryRunner.run(["batch", "p", "-o", "out2", "--size", "24x24", "--param", "tint=#FF0000"], in: work)
    #expect(lacking.exitCode == 1)
    #expect(
      lacking.standardError
        == "p/plain.json5: parameters: expected no --param (the preset has no parameters), found --param tint; nothing was rendered\n",
      "\(lacking.standardError)")
    #expect(!FileManager.default.fileExists(atPath: work.appendingPathComponent("out2").path))
  }

  @Test("the options are part of each clip's fingerprint: unchanged skips, another --fps renders again")
  func defaultsFingerprinted() throws {
    let work = try tintedFolder()
    defer { try? FileManager.default.removeItem(at: work) }
    let base = ["batch", "p", "-o", "out", "--size", "24x24", "--loops", "1"]
    let clip = work.appendingPathComponent("out/tint.mp4")
    let first = try BinaryRunner.run(base + ["--fps", "4"], in: work)
    #expect(first.exitCode == 0 && first.standardOutput.contains("1 clips: 1 rendered"), "\(first.standardOutput)")
    #expect(try facts(clip).frames == 4)
    let same = try BinaryRunner.run(base + ["--fps", "4"], in: work)
    #expect(same.exitCode == 0 && same.standardOutput.contains("1 clips: 0 rendered, 1 skipped"), "\(same.standardOutput)")
    let faster = try BinaryRunner.run(base + ["--fps", "6"], in: work)
    #expect(faster.exitCode == 0 && faster.standardOutput.contains("1 clips: 1 rendered"), "\(faster.standardOutput)")
    #expect(try facts(clip).frames == 6)
    let tinted = try BinaryRunner.run(base + ["--fps", "6", "--param", "tint=#123456"], in: work)
    #expect(tinted.standardOutput.contains("1 clips: 1 rendered"), "--param is fingerprinted too: \(tinted.standardOutput)")
  }

  @Test(
    "a bad option is one usage error before any clip, with nothing written",
    arguments: [
      (["--size", "0x10"], "--size 0x10: expected WIDTHxHEIGHT in pixels, each from 1 to 8192"),
      (["--size", "48x24", "--scale", "2"], "--size or --scale: give one of them, not both"),
      (["--fps", "0"], "--fps 0: expected a whole number from 1 to 240"),
      (["--format", "av1"], "--format av1: expected one of h264, hevc, prores, vp9, gif"),
      (["--tune", "cartoon"], "--tune cartoon: expected one of animation, film, grain, stillimage, fastdecode, zerolatency, none"),
      (["--target", "square", "--fps", "25"], "--target square sets --fps; leave --fps 25 out"),
      (["--param", "tint"], "--param tint: expected NAME=VALUE"),
      (["--size", "47x24"], "--size 47x24: video needs an even width and height"),
      (
        ["--format", "gif", "--fps", "60"],
        "--fps 60: a GIF shows at most 50 frames a second (its delays are whole hundredths, and browsers show delays under 2 hundredths as 10); use --fps 50 or less, or write .mp4 or .webm for 60 fps"
      ),
      (["--transparent"], "--transparent needs a format with alpha (.mov for ProRes 4444, .webm for VP9, .gif); H.264 MP4 has none"),
    ])
  func badOption(options: [String], message: String) throws {
    let work = try tintedFolder()
    defer { try? FileManager.default.removeItem(at: work) }
    let outcome = try BinaryRunner.run(["batch", "p", "-o", "out"] + options, in: work)
    #expect(outcome.exitCode == 64)
    #expect(outcome.standardError == "splashvid: \(message) (see 'splashvid --help')\n")
    #expect(try FileManager.default.contentsOfDirectory(atPath: work.path) == ["p"])
  }

  @Test("with a manifest, what an option means for a row is checked with the row and named as the option")
  func optionsCheckedPerRow() throws {
    let work = try tintedFolder()
    defer { try? FileManager.default.removeItem(at: work) }
    let manifest = "preset,output,size,fps\ntint,a.gif,47x24,\ntint,b.mp4,,60\ntint,c.webm,,\n"
    try manifest.write(to: work.appendingPathComponent("m.csv"), atomically: false, encoding: .utf8)
    let outcome = try BinaryRunner.run(["batch", "p", "-o", "out", "--manifest", "m.csv", "--fps", "60", "--transparent"], in: work)
    #expect(outcome.exitCode == 1)
    let lines = outcome.standardError.split(separator: "\n").map(String.init)
    #expect(lines.count == 3, "\(outcome.standardError)")
    #expect(lines.first?.hasPrefix("m.csv:2: --fps 60: a GIF shows at most 50 frames a second") == true, "the odd size suits a GIF")
    #expect(lines.dropFirst().first?.hasPrefix("m.csv:3: --transparent needs a format with alpha") == true)
    #expect(lines.last == "2 bad rows; nothing was rendered")

    let targeted = try BinaryRunner.run(["batch", "p", "-o", "out", "--manifest", "m.csv", "--target", "web"], in: work)
    #expect(targeted.exitCode == 1)
    #expect(targeted.standardError.contains("m.csv:2: --target web sets size; leave size 47x24 out"))
    #expect(targeted.standardError.contains("m.csv:3: --target web sets fps; leave fps 60 out"))
    #expect(try FileManager.default.contentsOfDirectory(atPath: work.path).sorted() == ["m.csv", "p"])
  }
}
