import Foundation
import SplashEncode
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// Inputs that are not what they claim to be: directories, FIFOs and devices given as presets,
/// images or soundtracks, oversized files, names FFmpeg would read as protocols, numbers Swift
/// would read as hex, and arguments that are not UTF-8. Each must end in one line on stderr and
/// an exit below 128, never a hang, and leave no file behind.
@Suite("Hostile files and arguments: one line, non-zero exit, no hang")
struct HostileFileInputTests {
  static let fuber = BinaryRunner.repository.appendingPathComponent("presets/fuber.json5").path

  /// A folder with a FIFO called `name` in it (nobody ever writes to it).
  static func folder(withFIFO name: String) throws -> URL {
    let folder = try BinaryRunner.temporaryFolder()
    try #require(mkfifo(folder.appendingPathComponent(name).path, 0o600) == 0)
    return folder
  }

  /// Expects a refusal: exit 1…127, exactly one line on stderr holding every fragment, and
  /// nothing new in `folder` but the files that were there before.
  static func expectRefused(
    _ outcome: BinaryRunner.Outcome, containing fragments: [String], exitCode: Int32? = nil, in folder: URL,
    leaving expected: Set<String>, sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    #expect(
      outcome.exitCode > 0 && outcome.exitCode < 128, "exit \(outcome.exitCode): \(outcome.standardError)", sourceLocation: sourceLocation)
    if let exitCode { #expect(outcome.exitCode == exitCode, "\(outcome.standardError)", sourceLocation: sourceLocation) }
    let lines = outcome.standardError.split(separator: "\n")
    #expect(lines.count == 1, "one line, not: \(outcome.standardError)", sourceLocation: sourceLocation)
    for fragment in fragments {
      #expect(outcome.standardError.contains(fragment), "\(fragment) in: \(outcome.standardError)", sourceLocation: sourceLocation)
    }
    let left = Set(try FileManager.default.contentsOfDirectory(atPath: folder.path))
    #expect(left == expected, "files left: \(left.subtracting(expected).sorted())", sourceLocation: sourceLocation)
  }

  // MARK: Presets

  @Test("a directory, a FIFO or a device given as --file is named as such")
  func presetThatIsNotAFile() throws {
    let folder = try Self.folder(withFIFO: "pipe.json5")
    try FileManager.default.createDirectory(at: folder.appendingPathComponent("dir.json5"), withIntermediateDirectories: false)
    let cases = [("dir.json5", "found a directory"), ("pipe.json5", "found a FIFO"), ("/dev/zero", "found a character device")]
    for (path, found) in cases {
      let outcome = try BinaryRunner.runGuarded(["still", "--file", path, "--time", "0", "-o", "out.png"], in: folder)
      try Self.expectRefused(
        outcome, containing: ["\(path): expected a preset file", found], exitCode: 1, in: folder,
        leaving: ["pipe.json5", "dir.json5"])
    }
  }

  @Test("--preset skips a directory named NAME.json5 and finds the preset in a later folder")
  func presetNameOfADirectory() throws {
    let folder = try BinaryRunner.temporaryFolder()
    let shadowing = folder.appendingPathComponent("mine")
    try FileManager.default.createDirectory(
      at: shadowing.appendingPathComponent("fuber.json5"), withIntermediateDirectories: true)
    try FileManager.default.createDirectory(at: folder.appendingPathComponent("presets"), withIntermediateDirectories: false)
    try FileManager.default.copyItem(atPath: Self.fuber, toPath: folder.appendingPathComponent("presets/fuber.json5").path)
    let outcome = try BinaryRunner.runGuarded(["inspect", "--preset", "fuber", "--presets-dir", "mine", "--time", "0"], in: folder)
    #expect(outcome.exitCode == 0, "\(outcome.standardError)")
    #expect(outcome.standardOutput.contains("\"id\""), "the scene's layers: \(outcome.standardOutput.prefix(200))")
  }

  @Test("presets: a FIFO or a link to a device in a preset folder is listed as invalid, for what it is")
  func presetsListingOddFiles() throws {
    let folder = try BinaryRunner.temporaryFolder()
    let presets = folder.appendingPathComponent("presets")
    try FileManager.default.createDirectory(at: presets, withIntermediateDirectories: false)
    try #require(mkfifo(presets.appendingPathComponent("pipe.json5").path, 0o600) == 0)
    try FileManager.default.createSymbolicLink(
      atPath: presets.appendingPathComponent("zero.json5").path, withDestinationPath: "/dev/zero")
    let outcome = try BinaryRunner.runGuarded(["presets"], in: folder)
    #expect(outcome.exitCode == 0, "\(outcome.standardError)")
    let lines = outcome.standardOutput.split(separator: "\n")
    #expect(
      lines.contains { $0.hasPrefix("pipe  invalid: ") && $0.hasSuffix("pipe.json5: expected a preset file, found a FIFO (named pipe)") },
      "\(outcome.standardOutput)")
    #expect(
      lines.contains { $0.hasPrefix("zero  invalid: ") && $0.hasSuffix("zero.json5: expected a preset file, found a character device") },
      "\(outcome.standardOutput)")
  }

  @Test("validate: a FIFO or a device is one problem line; a file over 16 MiB is refused unread")
  func validateOddFiles() throws {
    let folder = try Self.folder(withFIFO: "pipe.json5")
    for (path, found) in [("pipe.json5", "found a FIFO"), ("/dev/zero", "found a character device")] {
      let outcome = try BinaryRunner.runGuarded(["validate", path], in: folder)
      #expect(outcome.exitCode == 1, "\(outcome.standardError)")
      let problems = outcome.standardOutput.split(separator: "\n").filter { $0.hasPrefix(path) }
      #expect(problems.count == 1, "\(outcome.standardOutput)")
      #expect(problems.first?.contains("\(path): expected a preset file") == true, "\(outcome.standardOutput)")
      #expect(problems.first?.contains(found) == true, "\(outcome.standardOutput)")
    }
    // A sparse file: 17 MiB of zeros that take no disk space. Read whole, it would be parsed.
    let huge = folder.appendingPathComponent("huge.json5").path
    #expect(FileManager.default.createFile(atPath: huge, contents: nil))
    #expect(truncate(huge, 17 << 20) == 0)
    let outcome = try BinaryRunner.runGuarded(["validate", "huge.json5"], in: folder)
    #expect(outcome.exitCode == 1)
    #expect(
      outcome.standardOutput.contains("huge.json5: expected a preset file of at most 16 MiB, found \(17 << 20) bytes"),
      "\(outcome.standardOutput)")
  }

  // MARK: Images

  static let imagePreset = #"""
    { schemaVersion: 1, canvas: { size: [100, 100] }, clip: { cycle: 1 },
      parameters: { logo: { type: "image", default: "logo.png" } },
      layers: [ { id: "a", bounds: [0, 0, 50, 50], position: [50, 50], contents: "$logo" } ] }
    """#

  @Test("an image that is a FIFO or a directory is refused at its JSON path, as contents or as an image parameter")
  func imageThatIsNotAFile() throws {
    let folder = try Self.folder(withFIFO: "logo.png")
    try FileManager.default.createDirectory(at: folder.appendingPathComponent("folder.png"), withIntermediateDirectories: false)
    try Data(Self.imagePreset.utf8).write(to: folder.appendingPathComponent("p.json5"))
    let fromPreset = try BinaryRunner.runGuarded(["still", "--file", "p.json5", "--time", "0", "-o", "out.png"], in: folder)
    try Self.expectRefused(
      fromPreset, containing: ["layers[0].contents: expected an image file", "logo.png", "found a FIFO"], exitCode: 1,
      in: folder, leaving: ["logo.png", "folder.png", "p.json5"])
    let fromParameter = try BinaryRunner.runGuarded(
      ["still", "--file", "p.json5", "--param", "logo=folder.png", "--time", "0", "-o", "out.png"], in: folder)
    try Self.expectRefused(
      fromParameter, containing: ["layers[0].contents: expected an image file", "folder.png", "found a directory"],
      exitCode: 1, in: folder, leaving: ["logo.png", "folder.png", "p.json5"])
  }

  // MARK: Soundtracks

  /// A WAV file of `seconds` of a quiet 440 Hz tone, 16-bit mono at 48 kHz.
  static func toneWAV(seconds: Double) -> Data {
    let rate = 48_000
    let samples = (0..<Int(Double(rate) * seconds)).map { index in
      Int16(3000 * sin(2 * Double.pi * 440 * Double(index) / Double(rate)))
    }
    var data = Data()
    func append<Value: FixedWidthInteger>(_ value: Value) { withUnsafeBytes(of: value.littleEndian) { data.append(contentsOf: $0) } }
    data.append(contentsOf: Array("RIFF".utf8))
    append(UInt32(36 + samples.count * 2))
    data.append(contentsOf: Array("WAVEfmt ".utf8))
    append(UInt32(16))
    append(UInt16(1))  // PCM
    append(UInt16(1))  // one channel
    append(UInt32(rate))
    append(UInt32(rate * 2))  // bytes per second
    append(UInt16(2))  // bytes per sample frame
    append(UInt16(16))  // bits per sample
    data.append(contentsOf: Array("data".utf8))
    append(UInt32(samples.count * 2))
    for sample in samples { append(sample) }
    return data
  }

  @Test("--audio naming a FIFO or a directory is refused, naming the file and what it is")
  func soundtrackThatIsNotAFile() throws {
    let folder = try Self.folder(withFIFO: "take.wav")
    try FileManager.default.createDirectory(at: folder.appendingPathComponent("takes"), withIntermediateDirectories: false)
    for (path, found) in [("take.wav", "found a FIFO"), ("takes", "found a directory")] {
      let outcome = try BinaryRunner.runGuarded(
        ["--file", Self.fuber, "--size", "64x64", "--fps", "10", "--audio", path, "-o", "out.mp4"], in: folder)
      try Self.expectRefused(
        outcome, containing: ["soundtrack: \(path): expected a sound file", found], exitCode: 1, in: folder, leaving: ["take.wav", "takes"])
    }
  }

  @Test("probe: a FIFO is named, not opened")
  func probeFIFO() throws {
    let folder = try Self.folder(withFIFO: "clip.mp4")
    let outcome = try BinaryRunner.runGuarded(["probe", "clip.mp4"], in: folder)
    try Self.expectRefused(
      outcome, containing: ["probe: clip.mp4: expected a video file, found a FIFO"], exitCode: 1, in: folder, leaving: ["clip.mp4"])
  }

  @Test("--audio take:1.wav is a file name, not an FFmpeg protocol")
  func soundtrackWithAColon() throws {
    let folder = try BinaryRunner.temporaryFolder()
    try Self.toneWAV(seconds: 1).write(to: folder.appendingPathComponent("take:1.wav"))
    let outcome = try BinaryRunner.runGuarded(
      ["--file", Self.fuber, "--size", "64x64", "--fps", "10", "--audio", "take:1.wav", "-o", "out.mp4"], in: folder)
    #expect(outcome.exitCode == 0, "\(outcome.standardError)")
    let info = try VideoReader.read(folder.appendingPathComponent("out.mp4").path)
    #expect(info.audio?.codecName == "aac")
    #expect(info.audio?.channels == 2)
  }

  // MARK: Rate factor

  @Test("--crf 0 with H.264 is a usage error (lossless H.264 needs a profile Apple's players lack)")
  func losslessH264() throws {
    let folder = try BinaryRunner.temporaryFolder()
    let outcome = try BinaryRunner.runGuarded(
      ["--file", Self.fuber, "--size", "64x64", "--fps", "10", "--crf", "0", "-o", "a.mp4"], in: folder)
    try Self.expectRefused(outcome, containing: ["--crf 0", "1 to 51"], exitCode: 64, in: folder, leaving: [])
    // With several outputs, one H.264 among them is enough to refuse it.
    let mixed = try BinaryRunner.runGuarded(
      ["--file", Self.fuber, "--size", "64x64", "--fps", "10", "--crf", "0", "-o", "a.webm", "-o", "b.mp4"], in: folder)
    try Self.expectRefused(mixed, containing: ["--crf 0", "1 to 51"], exitCode: 64, in: folder, leaving: [])
  }

  @Test(
    "--crf 0 stays allowed for HEVC and VP9, and their encoders print nothing of their own",
    arguments: [
      ["-o", "b.mp4", "--format", "hevc"], ["-o", "c.webm"],
    ])
  func highestQualityOtherFormats(outputOptions: [String]) throws {
    let folder = try BinaryRunner.temporaryFolder()
    let outcome = try BinaryRunner.runGuarded(
      ["--file", Self.fuber, "--size", "64x64", "--fps", "10", "--crf", "0"] + outputOptions, in: folder)
    #expect(outcome.exitCode == 0, "\(outcome.standardError)")
    let lines = outcome.standardError.split(separator: "\n")
    #expect(lines.count == 1 && lines[0].hasPrefix("wrote "), "only splashvid's own line: \(outcome.standardError)")
  }

  // MARK: Numbers

  @Test("--time accepts plain decimals only", arguments: ["0x10", "nan", "inf", "infinity", "1e1", "+1", "2..5", " 2", "0x1p3"])
  func timeThatIsNotADecimal(text: String) throws {
    let folder = try BinaryRunner.temporaryFolder()
    let outcome = try BinaryRunner.runGuarded(["inspect", "--file", Self.fuber, "--time", text], in: folder)
    try Self.expectRefused(
      outcome, containing: ["--time \(text): expected seconds from 0 to 86400"], exitCode: 64, in: folder, leaving: [])
  }

  @Test("--time takes 2, 2.5, .5 and 2.", arguments: ["2", "2.5", ".5", "2."])
  func timeThatIsADecimal(text: String) throws {
    let folder = try BinaryRunner.temporaryFolder()
    let outcome = try BinaryRunner.runGuarded(["inspect", "--file", Self.fuber, "--time", text], in: folder)
    #expect(outcome.exitCode == 0, "\(outcome.standardError)")
  }

  // MARK: Arguments that are not UTF-8

  @Test("an argument that is not UTF-8 is a usage error naming its position, not a renamed output")
  func argumentNotUTF8() throws {
    let folder = try BinaryRunner.temporaryFolder()
    // Process takes Swift strings, which cannot hold the byte 0xFF; the shell's printf can.
    let script = #"exec "$0" still --file "$1" --time 0 --scale 1 -o "$(printf 'out\377.png')""#
    let outcome = try BinaryRunner.runGuarded(
      ["-c", script, BinaryRunner.binary.path, Self.fuber], in: folder, executable: URL(fileURLWithPath: "/bin/sh"))
    try Self.expectRefused(
      outcome, containing: ["argument 9", #"out\xff.png"#, "not valid UTF-8"], exitCode: 64, in: folder, leaving: [])
  }
}
