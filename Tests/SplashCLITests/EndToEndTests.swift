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

  @Test("usage mistakes are caught before anything is written", arguments: [
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
      "cannot tell a video format from .avi: use .mp4 (H.264, or HEVC with --format hevc), .mov (ProRes 4444) or .webm (VP9)"
    ),
    (["--preset", "fuber", "--format", "prores", "-o", "a.mp4"], "ProRes 4444 MOV is written as .mov, not .mp4; rename a.mp4"),
    (["--preset", "fuber", "--format", "av1", "-o", "a.mp4"], "--format av1 is not one of h264, hevc, prores, vp9"),
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
    #expect(outcome.standardOutput.contains("splashvid [render] (--preset NAME | --file PATH) -o OUT.mp4|OUT.gif [--loops N] [--fps N] [--size WxH]"))
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

@Suite("still and sheet on every preset")
struct EveryPresetImageTests {
  private var presets: String { BinaryRunner.repository.appendingPathComponent("presets").path }

  @Test("every preset in presets/ renders a still and a contact sheet")
  func stillsAndSheets() throws {
    let names = try FileManager.default.contentsOfDirectory(atPath: presets).filter { $0.hasSuffix(".json5") }
      .map { String($0.dropLast(".json5".count)) }.sorted()
    #expect(!names.isEmpty)
    for name in names {
      let folder = try BinaryRunner.temporaryFolder()
      let still = try BinaryRunner.run(
        ["still", "--preset", name, "--time", "1", "--scale", "1", "-o", "still.png", "--presets-dir", presets], in: folder)
      #expect(still.exitCode == 0, "\(name): \(still.standardError)")
      let sheet = try BinaryRunner.run(
        ["sheet", "--preset", name, "--frames", "4", "--width", "60", "-o", "sheet.png", "--presets-dir", presets], in: folder)
      #expect(sheet.exitCode == 0, "\(name): \(sheet.standardError)")
      #expect(sheet.standardError.contains("wrote sheet.png: 4 frames"))
      #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == ["sheet.png", "still.png"])
    }
  }

  @Test("--scale and --fit size the output; conflicting or bad values are usage errors")
  func framingOptions() throws {
    let folder = try BinaryRunner.temporaryFolder()
    let scaled = try BinaryRunner.run(
      ["still", "--preset", "fuber", "--time", "1", "--scale", "0.5", "-o", "half.png", "--presets-dir", presets], in: folder)
    #expect(scaled.standardError == "wrote half.png: t = 1.0 s, 188x334\n")
    let both = try BinaryRunner.run(["still", "--preset", "fuber", "--time", "1", "--scale", "1", "--size", "10x10", "-o", "x.png"], in: folder)
    #expect(both.exitCode == 64 && both.standardError.contains("give either --size or --scale, not both"))
    let badFit = try BinaryRunner.run(["--preset", "fuber", "--fit", "stretch", "-o", "x.mp4"], in: folder)
    #expect(badFit.exitCode == 64 && badFit.standardError.contains("--fit stretch: expected contain or cover"))
  }
}

@Suite("Parameters and validation from the command line")
struct ParameterAndValidateTests {
  private var presets: String { BinaryRunner.repository.appendingPathComponent("presets").path }

  @Test("--param changes a colour and a text, and the frame shows it")
  func parameters() throws {
    let folder = try BinaryRunner.temporaryFolder()
    let arguments = ["--preset", "welcome", "--time", "5", "--presets-dir", presets, "--param", "secondaryColor=#FF0000", "--param", "labelText=Bonjour"]
    let still = try BinaryRunner.run(["still"] + arguments + ["--scale", "1", "-o", "end.png"], in: folder)
    #expect(still.exitCode == 0, "\(still.standardError)")
    let data = try Data(contentsOf: folder.appendingPathComponent("end.png"))
    #expect(data.count > 100)
    let inspect = try BinaryRunner.run(["inspect"] + arguments + ["--layer", "label"], in: folder)
    let label = try #require(try JSONSerialization.jsonObject(with: Data(inspect.standardOutput.utf8)) as? [String: Any])
    #expect(label["string"] as? String == "Bonjour")
    let screen = try BinaryRunner.run(["inspect"] + arguments + ["--layer", "screen"], in: folder)
    let background = try #require(try JSONSerialization.jsonObject(with: Data(screen.standardOutput.utf8)) as? [String: Any])
    #expect(background["backgroundColor"] as? String == "#FF0000FF")
  }

  @Test("a mistyped or malformed --param is refused with the preset's parameters")
  func badParameters() throws {
    let folder = try BinaryRunner.temporaryFolder()
    let unknown = try BinaryRunner.run(["still", "--preset", "welcome", "--time", "1", "--presets-dir", presets, "--param", "labelTxt=Hi", "-o", "x.png"], in: folder)
    #expect(unknown.exitCode == 1)
    #expect(unknown.standardError.contains("expected a parameter of this preset (labelColor, labelText, primaryColor, secondaryColor), found --param labelTxt"))
    let malformed = try BinaryRunner.run(["still", "--preset", "welcome", "--time", "1", "--presets-dir", presets, "--param", "primaryColor=pink-ish", "-o", "x.png"], in: folder)
    #expect(malformed.exitCode == 1 && malformed.standardError.contains("--param primaryColor: expected a colour"))
    let shape = try BinaryRunner.run(["still", "--preset", "welcome", "--time", "1", "--param", "oops", "-o", "x.png"], in: folder)
    #expect(shape.exitCode == 64 && shape.standardError.contains("--param oops: expected NAME=VALUE"))
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
  }

  @Test("validate passes the shipped presets and lists every problem of the broken ones")
  func validate() throws {
    let folder = try BinaryRunner.temporaryFolder()
    let good = try BinaryRunner.run(["validate", presets], in: folder)
    #expect(good.exitCode == 0, "\(good.standardOutput)")
    #expect(good.standardOutput.contains("ok \(presets)/fuber.json5"))
    let broken = BinaryRunner.repository.appendingPathComponent("Tests/SplashPresetsTests/Broken").path
    let bad = try BinaryRunner.run(["validate", broken], in: folder)
    #expect(bad.exitCode == 1)
    let lines = bad.standardOutput.split(separator: "\n")
    let files = try FileManager.default.contentsOfDirectory(atPath: broken).filter { $0.hasSuffix(".json5") }.count
    #expect(lines.last?.hasSuffix("problems in \(files) of \(files) files") == true, "\(lines.last ?? "")")
    #expect(lines.filter { $0.contains("25-several-problems.json5: ") }.count == 3)
  }

  @Test("presets lists each preset with its loop and parameters")
  func listing() throws {
    let outcome = try BinaryRunner.run(["presets", "--presets-dir", presets], in: try BinaryRunner.temporaryFolder())
    #expect(outcome.exitCode == 0)
    #expect(outcome.standardOutput.contains("fuber  375x667 pt  loop 3 s from t = 0.9 s"))
    #expect(outcome.standardOutput.contains("logo-reveal  375x667 pt  loop 7 s (5.5 s + 1.5 s hold)"))
    #expect(outcome.standardOutput.contains("    --param labelText=Welcome  (text)"))
  }
}

@Suite("Encoder controls and probe, through the binary")
struct EncoderCommandTests {
  private var presets: String { BinaryRunner.repository.appendingPathComponent("presets").path }

  @Test("two renders of the same preset and options are byte-identical, and probe finds nothing to warn about")
  func deterministicAndClean() throws {
    let folder = try BinaryRunner.temporaryFolder()
    for name in ["a.mp4", "b.mp4"] {
      let outcome = try BinaryRunner.run(
        ["--preset", "welcome", "--fps", "10", "--scale", "0.5", "--crf", "23", "--x264-preset", "veryfast", "--tune", "animation",
         "-o", name, "--presets-dir", presets], in: folder)
      #expect(outcome.exitCode == 0, "\(outcome.standardError)")
    }
    let a = try Data(contentsOf: folder.appendingPathComponent("a.mp4"))
    let b = try Data(contentsOf: folder.appendingPathComponent("b.mp4"))
    #expect(a == b && a.count > 1000)
    let probe = try BinaryRunner.run(["probe", "a.mp4"], in: folder)
    #expect(probe.exitCode == 0)
    #expect(probe.standardOutput.contains("codec: h264, profile High, level 3"))
    #expect(probe.standardOutput.contains("frames: 60"))
    #expect(probe.standardOutput.contains("colour: matrix bt709, primaries bt709, transfer bt709, range tv"))
    #expect(probe.standardOutput.contains("faststart: yes"))
    #expect(!probe.standardOutput.contains("warning"))
  }

  @Test("fuber from 1, 2 and 8 workers: the same frames, though each worker keeps its own backing stores")
  func sameBytesFromAnyWorkers() throws {
    let folder = try BinaryRunner.temporaryFolder()
    var sequences: [[Data]] = []
    for workers in ["1", "2", "8"] {
      let outcome = try BinaryRunner.run(
        ["--preset", "fuber", "--fps", "20", "--scale", "0.5", "--workers", workers, "-o", "w\(workers)/f-%02d.png",
         "--presets-dir", presets], in: folder)
      #expect(outcome.exitCode == 0, "\(outcome.standardError)")
      sequences.append(
        try (1...60).map { try Data(contentsOf: folder.appendingPathComponent("w\(workers)/f-\(String(format: "%02d", $0)).png")) })
    }
    #expect(sequences[1] == sequences[0] && sequences[2] == sequences[0])
  }

  @Test("bad encoder options are usage errors; a missing file is a failure", arguments: [
    (["--crf", "60"], "--crf 60: expected a whole number from 0 to 51"),
    (["--x264-preset", "warp"], "--x264-preset warp: expected one of ultrafast, superfast, veryfast, faster, fast, medium, slow, slower, veryslow, placebo"),
    (["--tune", "cartoon"], "--tune cartoon: expected one of animation, film, grain, stillimage, fastdecode, zerolatency, none"),
    (["--fps", "1000"], "--fps 1000: expected a whole number from 1 to 240"),
  ])
  func badOptions(extra: [String], message: String) throws {
    let folder = try BinaryRunner.temporaryFolder()
    let outcome = try BinaryRunner.run(["--preset", "fuber", "-o", "x.mp4"] + extra, in: folder)
    #expect(outcome.exitCode == 64)
    #expect(outcome.standardError == "splashvid: \(message) (see 'splashvid --help')\n")
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
  }

  @Test("a target that is a directory fails clearly and leaves nothing")
  func directoryTarget() throws {
    let folder = try BinaryRunner.temporaryFolder()
    try FileManager.default.createDirectory(at: folder.appendingPathComponent("out"), withIntermediateDirectories: false)
    let outcome = try BinaryRunner.run(["--preset", "fuber", "--fps", "10", "--scale", "0.5", "-o", "out", "--presets-dir", presets], in: folder)
    #expect(outcome.exitCode == 1)
    #expect(outcome.standardError == "splashvid: cannot write out: is a directory; splashvid writes regular files only\n")
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["out"])
    let probe = try BinaryRunner.run(["probe", "missing.mp4"], in: folder)
    #expect(probe.exitCode == 1 && probe.standardError == "splashvid: probe: missing.mp4: no such file\n")
  }
}

@Suite("Long renders: progress and interruption")
struct InterruptionTests {
  private var presets: String { BinaryRunner.repository.appendingPathComponent("presets").path }

  @Test("--progress json prints one object per frame report, ending on the last frame")
  func progressJSON() throws {
    let folder = try BinaryRunner.temporaryFolder()
    let outcome = try BinaryRunner.run(
      ["--preset", "fuber", "--fps", "10", "--scale", "0.5", "--progress", "json", "-o", "p.mp4", "--presets-dir", presets],
      in: folder)
    #expect(outcome.exitCode == 0)
    let reports = outcome.standardError.split(separator: "\n").filter { $0.hasPrefix("{") }
    #expect(!reports.isEmpty)
    let last = try #require(reports.last)
    let object = try #require(try JSONSerialization.jsonObject(with: Data(last.utf8)) as? [String: Any])
    #expect(object["frame"] as? Int == 30 && object["frames"] as? Int == 30)
  }

  @Test("SIGINT during a render: exit 130, no file at the target, no temporary file")
  func interrupt() throws {
    let folder = try BinaryRunner.temporaryFolder()
    let process = Process()
    process.executableURL = BinaryRunner.binary
    process.arguments = ["--preset", "fuber", "--loops", "50", "--progress", "json", "-o", "long.mp4", "--presets-dir", presets]
    process.currentDirectoryURL = folder
    let errors = Pipe()
    process.standardError = errors
    process.standardOutput = FileHandle.nullDevice
    try process.run()
    defer { if process.isRunning { kill(process.processIdentifier, SIGKILL) } }
    let stream = BinaryRunner.StreamedText(errors)
    // Frames are flowing once the first progress report is out; then interrupt.
    try #require(stream.wait(upTo: 60) { $0.contains("{\"frame\":") }, "no frame was reported: \(stream.text)")
    #expect(process.isRunning)
    process.interrupt()
    let output = stream.all()
    process.waitUntilExit()
    #expect(process.terminationStatus == 130)
    #expect(output.hasSuffix("splashvid: interrupted; nothing was written\n"))
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
  }
}

@Suite("splashvid bench runs every phase")
struct BenchSmokeTests {
  @Test("bench prints each stage's rate and CPU time, the end-to-end / encode ratio, its floor and peak memory")
  func phases() throws {
    let presets = BinaryRunner.repository.appendingPathComponent("presets").path
    let outcome = try BinaryRunner.run(
      ["bench", "--preset", "fuber", "--presets-dir", presets, "--scale", "0.25", "--fps", "10", "--x264-preset", "ultrafast"],
      in: try BinaryRunner.temporaryFolder())
    #expect(outcome.exitCode == 0, "\(outcome.standardError)")
    let lines = outcome.standardOutput.split(separator: "\n").map(String.init)
    #expect(lines.first?.hasPrefix("bench: 94x168, 10 fps, 30 frames, H.264 MP4 (x264 ultrafast crf 18 tune animation)") == true)
    for label in ["render ×1", "render ×N", "convert", "encode only", "end to end"] {
      #expect(
        lines.contains { $0.hasPrefix(label) && $0.contains("frames/s") && $0.contains(" cpu ") && $0.contains("peak RSS") },
        "\(label)")
    }
    #expect(lines.contains { $0.hasPrefix("ratio end to end / encode: ") })
    let floor = try #require(lines.first { $0.hasPrefix("cpu beside the encoder: ") })
    #expect(floor.contains("render + convert need") && floor.contains("floor") && floor.contains("cores"))
  }

  @Test(
    "bench measures the format asked for: its encoder alone and end to end",
    arguments: [
      (["--format", "prores"], "ProRes 4444 MOV (prores_ks)"), (["--format", "vp9"], "VP9 WebM (libvpx-vp9)"),
      (["--format", "hevc", "--x264-preset", "ultrafast"], "HEVC MP4 (x265 ultrafast"),
    ])
  func formats(_ format: [String], _ header: String) throws {
    let presets = BinaryRunner.repository.appendingPathComponent("presets").path
    let outcome = try BinaryRunner.run(
      ["bench", "--preset", "fuber", "--presets-dir", presets, "--scale", "0.25", "--fps", "10"] + format,
      in: try BinaryRunner.temporaryFolder())
    #expect(outcome.exitCode == 0, "\(outcome.standardError)")
    let lines = outcome.standardOutput.split(separator: "\n").map(String.init)
    #expect(lines.first?.contains(header) == true, "\(lines.first ?? "")")
    #expect(lines.contains { $0.hasPrefix("encode only") } && lines.contains { $0.hasPrefix("ratio end to end / encode: ") })
  }
}

@Suite("Faults: a full disk and SIGTERM leave nothing behind")
struct FaultTests {
  private var presets: String { BinaryRunner.repository.appendingPathComponent("presets").path }

  @Test("the disk filling up mid-render (a 200 KB file-size limit) fails cleanly")
  func diskFull() throws {
    let folder = try BinaryRunner.temporaryFolder()
    let command = "ulimit -f 200; exec '\(BinaryRunner.binary.path)' --preset fuber --presets-dir '\(presets)' --fps 30 --scale 1 -o clip.mp4"
    let outcome = try BinaryRunner.run(["-c", command], in: folder, executable: URL(fileURLWithPath: "/bin/bash"))
    #expect(outcome.exitCode == 1)
    // The write fails in whichever thread reaches the limit first: a worker handing its frame to
    // the encoder names the frame, the encoder's own thread does not.
    let message = outcome.standardError.replacing(#/^splashvid: frame \d+: /#, with: "splashvid: ")
    #expect(message == "splashvid: encode: writing frame data: File too large\n", "\(outcome.standardError)")
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
  }

  @Test("SIGTERM during a render: exit 130, no file, no temporary file")
  func terminate() throws {
    let folder = try BinaryRunner.temporaryFolder()
    let process = Process()
    process.executableURL = BinaryRunner.binary
    process.arguments = ["--preset", "fuber", "--loops", "50", "--progress", "json", "-o", "long.mp4", "--presets-dir", presets]
    process.currentDirectoryURL = folder
    let errors = Pipe()
    process.standardError = errors
    try process.run()
    defer { if process.isRunning { kill(process.processIdentifier, SIGKILL) } }
    let stream = BinaryRunner.StreamedText(errors)
    // Frames are flowing once the first progress report is out.
    try #require(stream.wait(upTo: 60) { $0.contains("{\"frame\":") }, "no frame was reported: \(stream.text)")
    #expect(process.isRunning)
    process.terminate()
    process.waitUntilExit()
    #expect(process.terminationStatus == 130)
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
  }
}

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
      // t = 0.2 s: the orange circle at the centre, nothing else (seed-spec §1).
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
    #expect(outcome.standardError.contains("splashvid: warning: appstore-6.5 accepts 15 to 30 s; this clip lasts 6.00 s; --loops 3 to 5 would fit"))
    let probe = try BinaryRunner.run(["probe", "preview.mp4"], in: folder)
    let lines = probe.standardOutput.split(separator: "\n").map(String.init)
    #expect(lines.contains("size: 886x1920"))
    #expect(lines.contains("frame rate: 30/1 (30.000 fps, constant)"))
    #expect(lines.contains("audio: aac, 48000 Hz, stereo, 6.000 s"), "\(probe.standardOutput)")
    #expect(lines.contains { $0.hasPrefix("codec: h264, profile High, level 4") })
    #expect(!lines.contains { $0.hasPrefix("warning") })
  }

  @Test("target and sound mistakes are usage errors", arguments: [
    (["--target", "tiktok", "-o", "a.mp4"], "--target tiktok is not one of appstore-6.9, appstore-6.5, instagram-story, square, web"),
    (["--target", "appstore-6.5", "--size", "100x100", "-o", "a.mp4"], "--target appstore-6.5 sets --size; leave --size out"),
    (["--target", "appstore-6.9", "--fps", "60", "-o", "a.mp4"], "--target appstore-6.9 sets --fps; leave --fps out"),
    (["--target", "web", "-o", "a.mp4"], "VP9 WebM is written as .webm, not .mp4; rename a.mp4"),
    (["--audio", "song.m4a", "-o", "a.webm"], "--audio: none of the outputs takes AAC sound (VP9 WebM, GIF and PNG carry none); add an .mp4 or .mov output"),
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
      ["--preset", "logo-reveal", "--presets-dir", presets, "--scale", "0.25", "--fps", "10", "--audio", "quiet.wav", "-o", "a.mp4", "-o", "b.webm"],
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
