import Dispatch
import Foundation
import SplashTestSupport

#if canImport(Glibc)
import Glibc
#endif

/// Runs the built `splashvid` binary the way a user would and captures what it prints.
struct BinaryRunner {
  struct Outcome {
    var exitCode: Int32
    var standardOutput: String
    var standardError: String
  }

  /// The repository root, found from this file's location.
  static let repository = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  /// The binary SwiftPM built next to this test bundle.
  static var binary: URL {
    if let override = ProcessInfo.processInfo.environment["SPLASHVID_BINARY"] {
      return URL(fileURLWithPath: override)
    }
    let testExecutable =
      (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")).map { URL(fileURLWithPath: $0) }
      ?? URL(fileURLWithPath: CommandLine.arguments[0])
    return testExecutable.deletingLastPathComponent().appendingPathComponent("splashvid")
  }

  /// The binary (or `executable`) set up to run in `folder`, with this process's environment
  /// less `SPLASHVID_PRESETS`, plus `environment`.
  static func process(
    _ arguments: [String], in folder: URL, environment: [String: String] = [:], executable: URL? = nil
  ) -> Process {
    let process = Process()
    process.executableURL = executable ?? binary
    process.arguments = arguments
    process.currentDirectoryURL = folder
    var variables = ProcessInfo.processInfo.environment
    variables.removeValue(forKey: "SPLASHVID_PRESETS")
    variables.merge(environment) { _, new in new }
    process.environment = variables
    return process
  }

  static func run(
    _ arguments: [String], in folder: URL, environment: [String: String] = [:], executable: URL? = nil
  ) throws -> Outcome {
    let process = process(arguments, in: folder, environment: environment, executable: executable)
    let output = Pipe()
    let errors = Pipe()
    process.standardOutput = output
    process.standardError = errors
    try process.run()
    let (collected, readers) = drain(output: output, errors: errors)
    readers.wait()
    process.waitUntilExit()
    return Outcome(
      exitCode: process.terminationStatus, standardOutput: String(decoding: collected.output, as: UTF8.self),
      standardError: String(decoding: collected.errors, as: UTF8.self))
  }

  /// A run of the binary that was stopped because it did not finish in time.
  struct Hung: Error, CustomStringConvertible {
    var arguments: [String]
    var description: String { "splashvid \(arguments.joined(separator: " ")) did not finish; it was killed" }
  }

  /// What the reader threads collected, handed over under a lock.
  final class CollectedOutput: @unchecked Sendable {
    private let lock = NSLock()
    private var storedOutput = Data()
    private var storedErrors = Data()
    var output: Data { lock.withLock { storedOutput } }
    var errors: Data { lock.withLock { storedErrors } }
    func setOutput(_ data: Data) { lock.withLock { storedOutput = data } }
    func setErrors(_ data: Data) { lock.withLock { storedErrors = data } }
  }

  /// Reads `output` and `errors` to their ends at once, each on a thread of its own; the group
  /// is left when both have ended.
  ///
  /// Read one after the other, a child that fills the second pipe (64 KB on Linux) before
  /// closing the first blocks on its write while the first read waits for an end that never
  /// comes. Threads rather than the Dispatch pool: each reader blocks for the child's whole
  /// run, and with many tests running children at once the pool's few threads could all be
  /// first readers while the second readers wait for a thread.
  static func drain(output: Pipe, errors: Pipe) -> (CollectedOutput, DispatchGroup) {
    let collected = CollectedOutput()
    let readers = DispatchGroup()
    read(output, in: readers, into: collected.setOutput)
    read(errors, in: readers, into: collected.setErrors)
    return (collected, readers)
  }

  /// Reads `pipe` to its end on a thread of its own (see `drain` for why not the Dispatch
  /// pool), handing the bytes to `keep`; `group` is left when it has.
  static func read(_ pipe: Pipe, in group: DispatchGroup, into keep: @escaping @Sendable (Data) -> Void) {
    group.enter()
    Thread {
      keep(pipe.fileHandleForReading.readDataToEndOfFile())
      group.leave()
    }.start()
  }

  /// Runs the binary like `run`, but kills it (SIGKILL: a process stuck opening a FIFO ignores
  /// SIGTERM) when it has not finished after `patience` seconds, so a hang fails the test
  /// instead of stopping the suite.
  static func runGuarded(
    _ arguments: [String], in folder: URL, executable: URL? = nil, patience: Double = 30
  ) throws -> Outcome {
    let process = process(arguments, in: folder, executable: executable)
    let output = Pipe()
    let errors = Pipe()
    process.standardOutput = output
    process.standardError = errors
    let finished = DispatchSemaphore(value: 0)
    process.terminationHandler = { _ in finished.signal() }
    try process.run()
    // A stuck child does not block the wait below either: the readers wait, not this thread.
    let (collected, readers) = drain(output: output, errors: errors)
    try awaitExit(process, finished: finished, readers: readers, patience: patience, arguments: arguments)
    return Outcome(
      exitCode: process.terminationStatus, standardOutput: String(decoding: collected.output, as: UTF8.self),
      standardError: String(decoding: collected.errors, as: UTF8.self))
  }

  /// Waits for `process` (whose termination handler signals `finished`) and for the threads
  /// reading its pipes; kills it and throws `Hung` when either takes more than `patience`
  /// seconds.
  static func awaitExit(
    _ process: Process, finished: DispatchSemaphore, readers: DispatchGroup, patience: Double, arguments: [String]
  ) throws {
    if finished.wait(timeout: .now() + patience) == .timedOut {
      kill(process.processIdentifier, SIGKILL)
      finished.wait()
      _ = readers.wait(timeout: .now() + patience)
      throw Hung(arguments: arguments)
    }
    // A crashed child's backtracer may hold the pipes open after the child is gone.
    guard readers.wait(timeout: .now() + patience) == .success else { throw Hung(arguments: arguments) }
  }

  /// A pipe read on a thread of its own as the child writes, so a test can wait for a line to
  /// appear (the child has reached some point) rather than sleep and hope it has.
  final class StreamedText: @unchecked Sendable {
    private let condition = NSCondition()
    private var data = Data()
    private var ended = false

    init(_ pipe: Pipe) {
      let handle = pipe.fileHandleForReading
      Thread { [self] in
        while true {
          let chunk = handle.availableData
          condition.lock()
          if chunk.isEmpty { ended = true } else { data.append(chunk) }
          condition.broadcast()
          condition.unlock()
          if chunk.isEmpty { return }
        }
      }.start()
    }

    /// What was read so far.
    var text: String {
      condition.lock()
      defer { condition.unlock() }
      return String(decoding: data, as: UTF8.self)
    }

    /// Waits until what was read satisfies `condition`; false when the pipe ends, or `seconds`
    /// pass, first. The bound is there for a child that never gets there, not to time it.
    func wait(upTo seconds: Double, until satisfied: (String) -> Bool) -> Bool {
      let deadline = Date(timeIntervalSinceNow: seconds)
      condition.lock()
      defer { condition.unlock() }
      while !satisfied(String(decoding: data, as: UTF8.self)) {
        guard !ended, condition.wait(until: deadline) else { return satisfied(String(decoding: data, as: UTF8.self)) }
      }
      return true
    }

    /// Everything the pipe carried, once the child and any process sharing the pipe closed it.
    func all() -> String {
      condition.lock()
      defer { condition.unlock() }
      while !ended { condition.wait() }
      return String(decoding: data, as: UTF8.self)
    }
  }

  static func temporaryFolder() throws -> URL {
    try ScratchFolder.make("splashvid-cli")
  }
}
