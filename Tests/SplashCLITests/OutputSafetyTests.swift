import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// Outputs as a hostile hand tries them: devices, FIFOs, inputs named as outputs, two
/// spellings of one file, shorter sequences over longer ones, long names, and writers in
/// other PID namespaces (signals and what `kill -9` leaves: `SignalCleanupTests`).
@Suite("Outputs: nothing lost, nothing replaced that is not a clip")
struct OutputSafetyTests {
  private var presets: String { BinaryRunner.repository.appendingPathComponent("presets").path }

  private func folderWithPresets() throws -> URL {
    let folder = try BinaryRunner.temporaryFolder()
    try FileManager.default.copyItem(
      at: BinaryRunner.repository.appendingPathComponent("presets"), to: folder.appendingPathComponent("presets"))
    return folder
  }

  private func temporaries(in folder: URL) throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.contains(".splashvid-") && !$0.hasSuffix("-inputs") }
  }

  @Test("-o naming a device or a FIFO is refused and the node stays what it was")
  func devicesAndFIFOs() throws {
    let folder = try BinaryRunner.temporaryFolder()
    #expect(mkfifo(folder.appendingPathComponent("pipe.mp4").path, 0o600) == 0)
    // A device of the test's own, like /dev/full (1, 7): a regression must not replace the
    // machine's. Making one needs root; without it only the FIFO is tried.
    let device = folder.appendingPathComponent("full.mp4").path
    let hasDevice = mknod(device, S_IFCHR | 0o600, dev_t((1 << 8) | 7)) == 0
    for (output, kind) in (hasDevice ? [("full.mp4", "a character device")] : []) + [("pipe.mp4", "a FIFO")] {
      let outcome = try BinaryRunner.run(
        ["--preset", "fuber", "--presets-dir", presets, "--fps", "5", "--size", "64x64", "-o", output], in: folder)
      #expect(outcome.exitCode == 1, "\(output): \(outcome.standardError)")
      #expect(
        outcome.standardError
          == "splashvid: cannot write \(output): is \(kind)\(kind == "a FIFO" ? " (named pipe)" : ""); splashvid writes regular files only\n"
      )
    }
    var status = stat()
    if hasDevice { #expect(lstat(device, &status) == 0 && status.st_mode & S_IFMT == S_IFCHR, "the device is still a device") }
    #expect(lstat(folder.appendingPathComponent("pipe.mp4").path, &status) == 0 && status.st_mode & S_IFMT == S_IFIFO)
    #expect(try temporaries(in: folder).isEmpty)
    // A still writes only .png names (anything else is a usage error), so a FIFO of that name.
    #expect(mkfifo(folder.appendingPathComponent("pipe.png").path, 0o600) == 0)
    let still = try BinaryRunner.run(
      ["still", "--preset", "fuber", "--presets-dir", presets, "--time", "1", "--size", "32x32", "-o", "pipe.png"], in: folder)
    #expect(still.exitCode == 1 && still.standardError.contains("is a FIFO"), "\(still.standardError)")
  }

  @Test("-o - is refused: splashvid does not write standard output, and no file named '-' appears")
  func dash() throws {
    let folder = try BinaryRunner.temporaryFolder()
    for arguments in [["--preset", "fuber"], ["still", "--preset", "fuber", "--time", "0"], ["sheet", "--preset", "fuber"]] {
      let outcome = try BinaryRunner.run(arguments + ["--presets-dir", presets, "-o", "-"], in: folder)
      #expect(outcome.exitCode == 64, "\(arguments)")
      #expect(outcome.standardError.hasPrefix("splashvid: -o -: splashvid writes files, not standard output"), "\(outcome.standardError)")
    }
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
  }

  @Test("an output naming an input of the same command is refused before any work; the input is unchanged")
  func inputsAreNeverOverwritten() throws {
    let folder = try folderWithPresets()
    let preset = folder.appendingPathComponent("presets/logo-reveal.json5")
    let image = folder.appendingPathComponent("presets/assets/mascot.png")
    let presetBytes = try Data(contentsOf: preset)
    let imageBytes = try Data(contentsOf: image)
    let tone = folder.appendingPathComponent("tone.mp4")
    try Data("not really sound".utf8).write(to: tone)
    // still and sheet write only .png names: the preset they would overwrite is read as one.
    #expect(link(preset.path, folder.appendingPathComponent("presets/preset.png").path) == 0)
    var allCases: [([String], String)] = [
      (["still", "--file", "presets/preset.png", "--time", "1", "-o", "presets/preset.png"], "the preset"),
      (["sheet", "--file", "presets/preset.png", "-o", "./presets/../presets/preset.png"], "the preset"),
      (
        ["still", "--preset", "logo-reveal", "--presets-dir", "presets", "--time", "1", "-o", "presets/assets/mascot.png"],
        "an image of the preset"
      ),
      (["--file", "presets/logo-reveal.json5", "--fps", "5", "-o", "x.mp4", "-o", "presets/assets/mascot.png"], "an image of the preset"),
      (["--file", "presets/logo-reveal.json5", "--fps", "5", "-o", "presets/assets/mascot-%d.png"], "an image of the preset"),
      (["--file", "presets/logo-reveal.json5", "--fps", "5", "--audio", "tone.mp4", "-o", "tone.mp4"], "the soundtrack"),
    ]
    // A hard link to the preset is the preset under another name.
    #expect(link(preset.path, folder.appendingPathComponent("alias.png").path) == 0)
    allCases.append((["still", "--file", "presets/logo-reveal.json5", "--time", "1", "-o", "alias.png"], "the preset"))
    // mascot-%d.png would write mascot-1.png: make one the preset shows under that name.
    try FileManager.default.copyItem(at: image, to: folder.appendingPathComponent("presets/assets/mascot-1.png"))
    var text = String(decoding: presetBytes, as: UTF8.self)
    text = text.replacingOccurrences(of: "assets/mascot.png", with: "assets/mascot-1.png")
    try Data(text.utf8).write(to: folder.appendingPathComponent("presets/logo-reveal-1.json5"))
    allCases[4].0[1] = "presets/logo-reveal-1.json5"
    for (arguments, role) in allCases {
      let outcome = try BinaryRunner.run(arguments, in: folder)
      #expect(outcome.exitCode == 64, "\(arguments): \(outcome.standardError)")
      #expect(outcome.standardError.contains("would overwrite \(role) ("), "\(arguments): \(outcome.standardError)")
      #expect(outcome.standardError.split(separator: "\n").count == 1)
    }
    #expect(try Data(contentsOf: preset) == presetBytes)
    #expect(try Data(contentsOf: image) == imageBytes)
    #expect(try Data(contentsOf: tone) == Data("not really sound".utf8))
    #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("x.mp4").path))
  }

  @Test("two spellings of one output are one output: refused, nothing rendered")
  func sameFileTwice() throws {
    let folder = try BinaryRunner.temporaryFolder()
    try FileManager.default.createDirectory(at: folder.appendingPathComponent("clips"), withIntermediateDirectories: true)
    for pair in [["a.mp4", "./a.mp4"], ["clips/a.mp4", "clips/../clips//a.mp4"], ["f-%d.png", "f-2.png"]] {
      let outcome = try BinaryRunner.run(
        ["--preset", "fuber", "--presets-dir", presets, "--fps", "5", "--size", "64x64", "-o", pair[0], "-o", pair[1]], in: folder)
      #expect(outcome.exitCode == 64, "\(pair)")
      #expect(
        outcome.standardError.contains("are the same file") || outcome.standardError.contains("is also a frame of"),
        "\(outcome.standardError)")
    }
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["clips"])
  }

  @Test("a shorter sequence over a longer one leaves no frames of the old run; other files stay")
  func shorterSequence() throws {
    let folder = try BinaryRunner.temporaryFolder()
    func render(fps: Int) throws {
      let outcome = try BinaryRunner.run(
        ["--preset", "fuber", "--presets-dir", presets, "--fps", String(fps), "--size", "32x32", "-o", "frames/f-%03d.png"], in: folder)
      #expect(outcome.exitCode == 0, "\(outcome.standardError)")
    }
    try FileManager.default.createDirectory(at: folder.appendingPathComponent("frames"), withIntermediateDirectories: true)
    try render(fps: 10)
    let names = { try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("frames").path).sorted() }
    #expect(try names().count == 30)
    // Not the sequence's names: another width, another stem, a folder.
    for other in ["f-7.png", "f-0031.png", "g-031.png", "notes.txt"] {
      try Data("keep".utf8).write(to: folder.appendingPathComponent("frames/\(other)"))
    }
    try render(fps: 5)
    let expected = (1...15).map { String(format: "f-%03d.png", $0) } + ["f-0031.png", "f-7.png", "g-031.png", "notes.txt"]
    #expect(try names() == expected.sorted())
  }

  @Test("an image sequence never replaces a FIFO, a device, a socket or a folder at a frame's name, and checks before rendering")
  func sequenceOverSpecialFiles() throws {
    let folder = try BinaryRunner.temporaryFolder()
    let frames = folder.appendingPathComponent("s")
    try FileManager.default.createDirectory(at: frames, withIntermediateDirectories: true)
    try Data("old".utf8).write(to: frames.appendingPathComponent("f-0001.png"))
    #expect(mkfifo(frames.appendingPathComponent("f-0002.png").path, 0o600) == 0)
    #expect(mknod(frames.appendingPathComponent("f-0003.png").path, S_IFCHR | 0o600, dev_t((1 << 8) | 3)) == 0)
    try FileManager.default.createDirectory(at: frames.appendingPathComponent("f-0005.png"), withIntermediateDirectories: false)
    let socketPath = frames.appendingPathComponent("f-0004.png").path
    let socketDescriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
    var address = sockaddr_un()
    address.sun_family = sa_family_t(AF_UNIX)
    withUnsafeMutableBytes(of: &address.sun_path) { raw in
      for (index, byte) in socketPath.utf8.enumerated() where index < raw.count - 1 { raw[index] = byte }
    }
    let bound = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(socketDescriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
    }
    #expect(bound == 0)
    defer { close(socketDescriptor) }
    var kinds: [String] = []
    for index in 2...5 {
      let outcome = try BinaryRunner.run(
        ["--preset", "fuber", "--presets-dir", presets, "--fps", "5", "--size", "32x32", "-o", "s/f-%04d.png"], in: folder)
      #expect(outcome.exitCode == 1, "\(outcome.standardError)")
      #expect(
        outcome.standardError.split(separator: "\n").count == 1 && outcome.standardError.contains("splashvid writes regular files only"))
      kinds.append(outcome.standardError)
      // Remove the node named, to reach the next kind.
      let named = frames.appendingPathComponent(String(format: "f-%04d.png", index)).path
      #expect(outcome.standardError.contains("s/f-\(String(format: "%04d", index)).png"), "\(outcome.standardError)")
      _ = index == 5 ? rmdir(named) : unlink(named)
    }
    #expect(
      kinds[0].contains("a FIFO") && kinds[1].contains("a character device") && kinds[2].contains("a socket")
        && kinds[3].contains("a directory"))
    #expect(try String(contentsOf: frames.appendingPathComponent("f-0001.png"), encoding: .utf8) == "old", "nothing was replaced")
    #expect(try FileManager.default.contentsOfDirectory(atPath: frames.path) == ["f-0001.png"])
  }

  @Test("outputs that cannot all be put in place leave none: names too long, a folder appearing during the render")
  func allOrNothing() throws {
    let folder = try BinaryRunner.temporaryFolder()
    let arguments = ["--preset", "fuber", "--presets-dir", presets, "--fps", "5", "--size", "32x32"]
    // Found before rendering: a poster name of 256 bytes, and a derived poster name too long.
    let tooLong = try BinaryRunner.run(arguments + ["-o", "clip.mp4", "-o", String(repeating: "p", count: 252) + ".png"], in: folder)
    #expect(tooLong.exitCode == 1 && tooLong.standardError.contains("the file system allows at most 255"), "\(tooLong.standardError)")
    let derived = try BinaryRunner.run(arguments + ["-o", String(repeating: "c", count: 253), "--poster", "0"], in: folder)
    #expect(derived.exitCode == 1 && derived.standardError.contains("the file system allows at most 255"), "\(derived.standardError)")
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)

    // A folder appears at one output's name while the render runs: none of them is put in place.
    let process = Process()
    process.executableURL = BinaryRunner.binary
    process.arguments = [
      "--preset", "fuber", "--presets-dir", presets, "--fps", "30", "--loops", "3", "--size", "160x160", "-o", "s/f-%04d.png",
      "-o", "a.mp4", "-o", "b.webm",
    ]
    try FileManager.default.createDirectory(at: folder.appendingPathComponent("s"), withIntermediateDirectories: true)
    process.currentDirectoryURL = folder
    let errors = Pipe()
    process.standardError = errors
    try process.run()
    defer { if process.isRunning { kill(process.processIdentifier, SIGKILL) } }
    // Wait until b.webm's temporary exists: the render is writing it.
    let deadline = Date().addingTimeInterval(60)
    var writing = false
    while Date() < deadline, process.isRunning, !writing {
      writing = try FileManager.default.contentsOfDirectory(atPath: folder.path).contains { $0.hasPrefix(".b.webm.") }
      if !writing { Thread.sleep(forTimeInterval: 0.01) }
    }
    try #require(writing, "b.webm's temporary never appeared")
    #expect(process.isRunning)
    try FileManager.default.createDirectory(at: folder.appendingPathComponent("b.webm"), withIntermediateDirectories: false)
    let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    #expect(process.terminationStatus == 1, "\(message)")
    #expect(message.contains("cannot write b.webm: is a directory"), "\(message)")
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == ["b.webm", "s"])
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("s").path).isEmpty)
  }

  @Test("image sequences whose names overlap are refused: neither writes nor clears the other's frames")
  func overlappingSequences() throws {
    let folder = try folderWithPresets()
    try FileManager.default.createDirectory(at: folder.appendingPathComponent("b"), withIntermediateDirectories: true)
    for pair in [["f-%d0.png", "f-%d.png"], ["b/x%d.png", "b/x1%d.png"], ["f-%d.png", "f-%01d.png"]] {
      let outcome = try BinaryRunner.run(
        ["--preset", "fuber", "--presets-dir", presets, "--fps", "5", "--size", "32x32", "-o", pair[0], "-o", pair[1]], in: folder)
      #expect(outcome.exitCode == 64, "\(pair): \(outcome.standardError)")
      #expect(outcome.standardError.contains("give the sequences names apart"), "\(outcome.standardError)")
    }
    // A hard link to the preset at a frame's name is the preset.
    try FileManager.default.createDirectory(at: folder.appendingPathComponent("hs"), withIntermediateDirectories: true)
    #expect(link(folder.appendingPathComponent("presets/fuber.json5").path, folder.appendingPathComponent("hs/f-3.png").path) == 0)
    let linked = try BinaryRunner.run(
      ["--file", "presets/fuber.json5", "--fps", "5", "--size", "32x32", "-o", "hs/f-%d.png"], in: folder)
    #expect(linked.exitCode == 64 && linked.standardError.contains("would overwrite the preset"), "\(linked.standardError)")
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == ["b", "hs", "presets"])
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("b").path).isEmpty)
  }

  @Test("an output name as long as the file system allows is written (the temporary's name is shortened)")
  func longName() throws {
    let folder = try BinaryRunner.temporaryFolder()
    for length in [234, 251] {
      let name = String(repeating: "é", count: (length - 4) / 2) + String(repeating: "x", count: (length - 4) % 2) + ".mp4"
      #expect(name.utf8.count == length)
      let outcome = try BinaryRunner.run(
        ["--preset", "fuber", "--presets-dir", presets, "--fps", "5", "--size", "64x64", "-o", name], in: folder)
      #expect(outcome.exitCode == 0, "\(length): \(outcome.standardError)")
      #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent(name).path))
    }
    let poster = String(repeating: "p", count: 251) + ".png"
    let still = try BinaryRunner.run(
      ["still", "--preset", "fuber", "--presets-dir", presets, "--time", "1", "--size", "16x16", "-o", poster], in: folder)
    #expect(still.exitCode == 0, "\(still.standardError)")
    #expect(try temporaries(in: folder).isEmpty)
  }

  @Test("two batches in separate PID namespaces writing one shared folder both publish whole clips")
  func pidNamespaces() throws {
    guard getuid() == 0, FileManager.default.isExecutableFile(atPath: "/usr/bin/unshare") else { return }
    let folder = try folderWithPresets()
    try Data("preset,output,size,fps\nfuber,shared.mp4,96x96,20\nwelcome,other.mp4,96x96,20\n".utf8)
      .write(to: folder.appendingPathComponent("m.csv"))
    var processes: [Process] = []
    var pipes: [Pipe] = []
    for _ in 0..<2 {
      let process = Process()
      process.executableURL = URL(fileURLWithPath: "/usr/bin/unshare")
      process.arguments = ["-p", "-f", BinaryRunner.binary.path, "batch", "presets", "-o", "out", "--manifest", "m.csv", "--force"]
      process.currentDirectoryURL = folder
      // Under AddressSanitizer (ci/sanitize.sh address), LeakSanitizer cannot stop the threads
      // of a process that is PID 1 of its namespace ("Running thread 2 was not suspended. False
      // leaks are possible.") and reports Foundation's and Dispatch's thread-local data as
      // leaks; the same paths are checked for leaks by every other batch test.
      var environment = ProcessInfo.processInfo.environment
      environment["ASAN_OPTIONS"] = (environment["ASAN_OPTIONS"].map { $0 + ":" } ?? "") + "detect_leaks=0"
      process.environment = environment
      let errors = Pipe()
      process.standardError = errors
      process.standardOutput = FileHandle.nullDevice
      processes.append(process)
      pipes.append(errors)
    }
    try FileManager.default.createDirectory(at: folder.appendingPathComponent("out"), withIntermediateDirectories: true)
    for process in processes { try process.run() }
    let messages = pipes.map { String(decoding: $0.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self) }
    for (process, message) in zip(processes, messages) {
      process.waitUntilExit()
      #expect(process.terminationStatus == 0, "\(message)")
    }
    for clip in ["shared.mp4", "other.mp4"] {
      let probe = try BinaryRunner.run(["probe", "out/\(clip)"], in: folder)
      #expect(probe.exitCode == 0 && probe.standardError.isEmpty, "\(clip): \(probe.standardOutput) \(probe.standardError)")
      if clip == "shared.mp4" { #expect(probe.standardOutput.contains("frames: 60"), "\(probe.standardOutput)") }
    }
    #expect(try temporaries(in: folder.appendingPathComponent("out")).isEmpty)
  }
}
