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
    // Both pipes are drained at once: read one after the other, a child that fills the second
    // (64 KB on Linux) before closing the first blocks on its write while the first read waits
    // for an end that never comes.
    let collected = CollectedOutput()
    let readers = DispatchGroup()
    DispatchQueue.global().async(group: readers) { collected.setOutput(output.fileHandleForReading.readDataToEndOfFile()) }
    DispatchQueue.global().async(group: readers) { collected.setErrors(errors.fileHandleForReading.readDataToEndOfFile()) }
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
    // The pipes are drained on their own threads so a chatty child never blocks on a full pipe
    // and a stuck one does not block the wait below.
    let collected = CollectedOutput()
    let readers = DispatchGroup()
    DispatchQueue.global().async(group: readers) { collected.setOutput(output.fileHandleForReading.readDataToEndOfFile()) }
    DispatchQueue.global().async(group: readers) { collected.setErrors(errors.fileHandleForReading.readDataToEndOfFile()) }
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

  static func temporaryFolder() throws -> URL {
    try ScratchFolder.make("splashvid-cli")
  }
}
