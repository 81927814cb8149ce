import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// A hostile terminal and file system around the binary: stderr closed, full or a broken pipe;
/// names holding newlines and escape sequences; sockets and link loops given as inputs; PNG
/// commands given other extensions; and `bench` interrupted while its worker runs.
@Suite("Hostile terminal: streams that fail, names that are not one line, children that outlive bench")
struct HostileTerminalTests {
  /// How a run ended, and what it printed where it printed to a pipe.
  struct Outcome {
    var reason: Process.TerminationReason
    var status: Int32
    var standardOutput: String
    var standardError: String
  }

  /// Where a stream of the child goes: a pipe read by the test, a file handle, or closed.
  enum Stream {
    case captured
    case handle(FileHandle)
    case closed
  }

  static let binary = BinaryRunner.binary

  /// Runs the binary in `folder` with stdout and stderr as given; kills it and throws `Hung`
  /// when it has not finished after `patience` seconds.
  static func run(
    _ arguments: [String], in folder: URL, output: Stream = .captured, errors: Stream = .captured,
    environment: [String: String] = [:], patience: Double = 120
  ) throws -> Outcome {
    let process = Process()
    // A closed descriptor cannot be handed over through Foundation: a shell closes it, then
    // becomes splashvid (exec), so the status and a crash's signal are splashvid's own.
    var closing: [String] = []
    if case .closed = output { closing.append(">&-") }
    if case .closed = errors { closing.append("2>&-") }
    if closing.isEmpty {
      process.executableURL = binary
      process.arguments = arguments
    } else {
      process.executableURL = URL(fileURLWithPath: "/bin/sh")
      process.arguments = ["-c", "exec \"$0\" \"$@\" \(closing.joined(separator: " "))", binary.path] + arguments
    }
    process.currentDirectoryURL = folder
    var variables = ProcessInfo.processInfo.environment
    variables.removeValue(forKey: "SPLASHVID_PRESETS")
    variables.merge(environment) { _, new in new }
    process.environment = variables
    let outputPipe = Pipe()
    let errorPipe = Pipe()
    switch output {
    case .captured: process.standardOutput = outputPipe
    case .handle(let handle): process.standardOutput = handle
    case .closed: break
    }
    switch errors {
    case .captured: process.standardError = errorPipe
    case .handle(let handle): process.standardError = handle
    case .closed: break
    }
    let finished = DispatchSemaphore(value: 0)
    process.terminationHandler = { _ in finished.signal() }
    try process.run()
    let collected = BinaryRunner.CollectedOutput()
    let readers = DispatchGroup()
    if case .captured = output {
      BinaryRunner.read(outputPipe, in: readers, into: collected.setOutput)
    }
    if case .captured = errors {
      BinaryRunner.read(errorPipe, in: readers, into: collected.setErrors)
    }
    try BinaryRunner.awaitExit(process, finished: finished, readers: readers, patience: patience, arguments: arguments)
    return Outcome(
      reason: process.terminationReason, status: process.terminationStatus,
      standardOutput: String(decoding: collected.output, as: UTF8.self),
      standardError: String(decoding: collected.errors, as: UTF8.self))
  }

  /// A scratch folder holding a copy of the repository's presets.
  static func folderWithPresets() throws -> URL {
    let folder = try BinaryRunner.temporaryFolder()
    try FileManager.default.copyItem(
      at: BinaryRunner.repository.appendingPathComponent("presets"), to: folder.appendingPathComponent("presets"))
    return folder
  }

  /// A small, quick render.
  static let render = ["--file", "presets/fuber.json5", "--size", "64x64", "--fps", "5"]

  /// Temporaries splashvid left in `folder`.
  static func temporaries(in folder: URL) throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.contains(".splashvid-") }
  }

  /// A character device like `/dev/full` (every write fails with ENOSPC), made in `folder`
  /// when this process may (root); otherwise `/dev/full` itself, opened for writing only.
  static func fullDevice(in folder: URL) throws -> FileHandle {
    let path = folder.appendingPathComponent("full").path
    // Device 1:7 in the kernel's encoding (major << 8 | minor; makedev is a C macro Swift cannot see).
    if mknod(path, S_IFCHR | 0o600, dev_t(1 << 8 | 7)) == 0, let handle = FileHandle(forWritingAtPath: path) { return handle }
    return try #require(FileHandle(forWritingAtPath: "/dev/full"))
  }

  /// The write end of a pipe whose read end is already closed: every write fails with EPIPE.
  static func brokenPipe() throws -> FileHandle {
    var descriptors: [Int32] = [0, 0]
    try #require(pipe(&descriptors) == 0)
    close(descriptors[0])
    return FileHandle(fileDescriptor: descriptors[1], closeOnDealloc: true)
  }

  @Test("stderr closed, full or a broken pipe: the render completes, exit 0, no temporary; a failure still exits 1")
  func failingStandardError() throws {
    for kind in ["closed", "full", "broken pipe"] {
      let folder = try Self.folderWithPresets()
      func errors() throws -> Stream {
        switch kind {
        case "closed": .closed
        case "full": .handle(try Self.fullDevice(in: folder))
        default: .handle(try Self.brokenPipe())
        }
      }
      // --progress json writes to stderr from the first frames on, then `wrote …`.
      let rendered = try Self.run(Self.render + ["--progress", "json", "-o", "a.mp4"], in: folder, errors: try errors())
      #expect(rendered.reason == .exit && rendered.status == 0, "\(kind): \(rendered.reason) \(rendered.status)")
      #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("a.mp4").path), "\(kind)")
      #expect(try Self.temporaries(in: folder).isEmpty, "\(kind)")
      // The video is whole: no message went into it through a reused descriptor 2.
      let probed = try BinaryRunner.run(["probe", "a.mp4"], in: folder)
      #expect(probed.exitCode == 0 && probed.standardOutput.contains("frames: 15"), "\(kind): \(probed.standardError)")

      // a.mp4 is a file, so a.mp4/b.mp4 cannot be written.
      let failed = try Self.run(Self.render + ["-o", "a.mp4/b.mp4"], in: folder, errors: try errors())
      #expect(failed.reason == .exit && failed.status == 1, "\(kind): \(failed.reason) \(failed.status)")
    }
  }

  @Test("stdout closed, full or a broken pipe: a listing ends with exit 0, not a crash")
  func failingStandardOutput() throws {
    let folder = try Self.folderWithPresets()
    let outputs: [(String, Stream)] = [
      ("closed", .closed), ("full", .handle(try Self.fullDevice(in: folder))), ("broken pipe", .handle(try Self.brokenPipe())),
    ]
    for (kind, output) in outputs {
      for arguments in [["presets"], ["validate", "presets"], ["--help"]] {
        let outcome = try Self.run(arguments, in: folder, output: output)
        #expect(outcome.reason == .exit && outcome.status == 0, "\(kind) \(arguments): \(outcome.reason) \(outcome.status)")
        #expect(outcome.standardError.isEmpty, "\(kind) \(arguments): \(outcome.standardError)")
      }
    }
  }

  /// Expects `text` to be exactly one line: one newline, at its end, and no other control
  /// character (C0, DEL, C1) before it.
  static func expectOneLine(_ text: String, _ context: String, sourceLocation: SourceLocation = #_sourceLocation) {
    let body = text.unicodeScalars.dropLast()
    #expect(text.hasSuffix("\n"), "\(context): \(text.debugDescription)", sourceLocation: sourceLocation)
    #expect(
      !body.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) }, "\(context): \(text.debugDescription)",
      sourceLocation: sourceLocation)
  }

  @Test("names with newlines, tabs and escape sequences are shown escaped, on one line")
  func controlCharactersEscaped() throws {
    let folder = try Self.folderWithPresets()
    // A file where the first refusal's output folder would be: it cannot be written.
    try Data().write(to: folder.appendingPathComponent("no\ndir"))
    let fast = ["--file", "presets/fuber.json5", "--size", "64x64"]
    let refusals: [([String], String)] = [
      (Self.render + ["-o", "no\ndir/x\u{1B}[31m.mp4"], "no\\ndir/x\\x1b[31m.mp4"),
      (fast + ["--fps", "5\n6", "-o", "a.mp4"], "--fps 5\\n6"),
      (Self.render + ["--audio", "a\nb.wav", "-o", "a.mp4"], "a\\nb.wav"),
      (["probe", "a\nb.mp4"], "a\\nb.mp4"),
      (["validate", "a\tb\u{85}.json5"], "a\\tb\\xc2\\x85.json5"),
      (["still", "--file", "presets/fuber.json5", "--time", "1", "-o", "x\r.mp4"], "x\\x0d.mp4"),
    ]
    for (arguments, shown) in refusals {
      let outcome = try Self.run(arguments, in: folder)
      #expect(outcome.reason == .exit && outcome.status != 0, "\(arguments)")
      Self.expectOneLine(outcome.standardError, "\(arguments)")
      #expect(outcome.standardError.contains(shown), "\(arguments): \(outcome.standardError)")
    }

    // What succeeds is reported on one line too.
    let still = try Self.run(["still", "--file", "presets/fuber.json5", "--time", "1", "--size", "16x16", "-o", "x\ty.png"], in: folder)
    #expect(still.reason == .exit && still.status == 0, "\(still.standardError)")
    Self.expectOneLine(still.standardError, "still")
    #expect(still.standardError.hasPrefix("wrote x\\ty.png: "), "\(still.standardError)")

    // A listing on stdout: one line per file, whatever the file's name.
    let presets = folder.appendingPathComponent("odd")
    try FileManager.default.createDirectory(at: presets, withIntermediateDirectories: true)
    try Data("{".utf8).write(to: presets.appendingPathComponent("bad\nname.json5"))
    let listed = try Self.run(["validate", "odd"], in: folder)
    #expect(listed.reason == .exit && listed.status == 1)
    let lines = listed.standardOutput.split(separator: "\n")
    // The problem, the line of the file with a caret under the column (indented), the count.
    #expect(lines.count == 4, "\(listed.standardOutput.debugDescription)")
    #expect(lines.first?.hasPrefix("odd/bad\\nname.json5: ") == true, "\(listed.standardOutput.debugDescription)")
    #expect(lines.dropFirst().prefix(2).allSatisfy { $0.hasPrefix("    ") }, "\(listed.standardOutput.debugDescription)")
  }

  @Test("a socket or a loop of links given as an input is named for what it is")
  func socketsAndLoops() throws {
    let folder = try Self.folderWithPresets()
    let socketPath = folder.appendingPathComponent("sock").path
    let listener = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
    try #require(listener >= 0)
    defer { close(listener) }
    var address = sockaddr_un()
    address.sun_family = sa_family_t(AF_UNIX)
    try #require(socketPath.utf8.count < MemoryLayout.size(ofValue: address.sun_path))
    withUnsafeMutableBytes(of: &address.sun_path) { buffer in
      for (index, byte) in socketPath.utf8.enumerated() { buffer[index] = byte }
    }
    let bound = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(listener, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
    }
    try #require(bound == 0)
    try FileManager.default.createSymbolicLink(atPath: folder.appendingPathComponent("loop").path, withDestinationPath: "loop")

    for (name, kind) in [("sock", "a socket"), ("loop", "a loop of symbolic links")] {
      let cases: [[String]] = [
        ["--file", name, "-o", "a.mp4"], Self.render + ["--audio", name, "-o", "a.mp4"], ["probe", name], ["validate", name],
      ]
      for arguments in cases {
        let outcome = try Self.run(arguments, in: folder)
        #expect(outcome.reason == .exit && outcome.status == 1, "\(arguments): \(outcome.status)")
        let text = outcome.standardError + outcome.standardOutput
        #expect(text.contains("\(name): expected ") && text.contains("found \(kind)"), "\(arguments): \(text)")
      }
    }
    #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("a.mp4").path))
  }

  @Test("still and sheet refuse an output that is not .png (any case); a .PNG is written")
  func pngOnly() throws {
    let folder = try Self.folderWithPresets()
    for (arguments, output) in [
      (["still", "--file", "presets/fuber.json5", "--time", "1"], "x.mp4"), (["sheet", "--file", "presets/fuber.json5"], "x.jpg"),
    ] {
      let outcome = try Self.run(arguments + ["-o", output], in: folder)
      #expect(outcome.reason == .exit && outcome.status == 64, "\(arguments)")
      #expect(
        outcome.standardError == "splashvid: -o \(output): \(arguments[0]) writes a PNG image; name it FILE.png (see 'splashvid --help')\n",
        "\(outcome.standardError)")
      #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent(output).path))
    }
    let upper = try Self.run(["still", "--file", "presets/fuber.json5", "--time", "1", "--size", "16x16", "-o", "X.PNG"], in: folder)
    #expect(upper.reason == .exit && upper.status == 0, "\(upper.standardError)")
    #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("X.PNG").path))
  }

  /// The `__bench-phase` process whose parent is `parent`, if one runs.
  static func benchPhase(of parent: pid_t) -> pid_t? {
    for name in (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? [] {
      guard let identifier = pid_t(name), isBenchPhase(identifier), parentOf(identifier) == parent else { continue }
      return identifier
    }
    return nil
  }

  /// Whether `identifier` is a live (not zombie) `splashvid __bench-phase` process.
  static func isBenchPhase(_ identifier: pid_t) -> Bool {
    guard let command = FileManager.default.contents(atPath: "/proc/\(identifier)/cmdline") else { return false }
    let arguments = command.split(separator: 0).map { String(decoding: $0, as: UTF8.self) }
    return arguments.count > 1 && arguments[1] == "__bench-phase" && statusField("State", of: identifier)?.hasPrefix("Z") == false
  }

  static func parentOf(_ identifier: pid_t) -> pid_t? {
    statusField("PPid", of: identifier).flatMap { pid_t($0) }
  }

  /// A field of `/proc/PID/status`, trimmed.
  static func statusField(_ field: String, of identifier: pid_t) -> String? {
    guard let data = FileManager.default.contents(atPath: "/proc/\(identifier)/status") else { return nil }
    for line in String(decoding: data, as: UTF8.self).split(separator: "\n") where line.hasPrefix(field + ":") {
      return line.dropFirst(field.count + 1).trimmingCharacters(in: .whitespaces)
    }
    return nil
  }

  /// Polls `condition` every 50 ms until it holds; false when `seconds` pass first.
  static func poll(upTo seconds: Double, _ condition: () -> Bool) -> Bool {
    let deadline = Date().addingTimeInterval(seconds)
    while Date() < deadline {
      if condition() { return true }
      usleep(50_000)
    }
    return condition()
  }

  @Test("SIGINT to bench while a phase runs: exit 130, the phase ends, its folder is removed")
  func benchInterrupted() throws {
    let folder = try Self.folderWithPresets()
    // A temporary folder of the test's own, so that other runs' phases do not count.
    let scratch = folder.appendingPathComponent("tmp")
    try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
    let process = Process()
    process.executableURL = Self.binary
    // 1000 loops: the first phase alone would run for many minutes, so a phase that outlives
    // its bench is seen running, not mistaken for one that finished its work.
    process.arguments = ["bench", "--file", "presets/fuber.json5", "--size", "320x320", "--fps", "30", "--loops", "1000"]
    process.currentDirectoryURL = folder
    var variables = ProcessInfo.processInfo.environment
    variables["TMPDIR"] = scratch.path + "/"
    process.environment = variables
    process.standardOutput = FileHandle.nullDevice
    let errors = Pipe()
    process.standardError = errors
    let finished = DispatchSemaphore(value: 0)
    process.terminationHandler = { _ in finished.signal() }
    try process.run()
    // The phase shares bench's stderr: the pipe ends when both have exited.
    let collected = BinaryRunner.CollectedOutput()
    let reader = DispatchGroup()
    BinaryRunner.read(errors, in: reader, into: collected.setErrors)
    var phase: pid_t?
    defer {
      // Whatever happened, nothing of this test runs on.
      if process.isRunning { kill(process.processIdentifier, SIGKILL) }
      if let phase, Self.isBenchPhase(phase) { kill(phase, SIGKILL) }
    }
    // The phase exists and has made its folder: the moment a Ctrl-C used to orphan both.
    let started = Self.poll(upTo: 60) {
      phase = Self.benchPhase(of: process.processIdentifier)
      return phase != nil && !((try? FileManager.default.contentsOfDirectory(atPath: scratch.path)) ?? []).isEmpty
    }
    try #require(started, "no __bench-phase child with its folder appeared")
    let child = try #require(phase)

    kill(process.processIdentifier, SIGINT)
    if finished.wait(timeout: .now() + 30) == .timedOut {
      Issue.record("bench did not exit after SIGINT")
      return
    }
    #expect(process.terminationReason == .exit && process.terminationStatus == 130)
    #expect(Self.poll(upTo: 30) { !Self.isBenchPhase(child) }, "the __bench-phase child \(child) still runs")
    #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.path).isEmpty, "a bench folder was left")
    if reader.wait(timeout: .now() + 30) == .timedOut {
      Issue.record("stderr stayed open after bench and its phase ended")
      return
    }
    // One message for one interruption, from bench, not a second from its phase.
    let text = String(decoding: collected.errors, as: UTF8.self)
    #expect(text.components(separatedBy: "interrupted").count == 2, "\(text)")
  }
}
