import Foundation

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

  static func run(
    _ arguments: [String], in folder: URL, environment: [String: String] = [:], executable: URL? = nil
  ) throws -> Outcome {
    let process = Process()
    process.executableURL = executable ?? binary
    process.arguments = arguments
    process.currentDirectoryURL = folder
    var variables = ProcessInfo.processInfo.environment
    variables.removeValue(forKey: "SPLASHVID_PRESETS")
    variables.merge(environment) { _, new in new }
    process.environment = variables
    let output = Pipe()
    let errors = Pipe()
    process.standardOutput = output
    process.standardError = errors
    try process.run()
    // Read both pipes before waiting so a chatty child never blocks on a full pipe.
    let outputData = output.fileHandleForReading.readDataToEndOfFile()
    let errorData = errors.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return Outcome(
      exitCode: process.terminationStatus, standardOutput: String(decoding: outputData, as: UTF8.self),
      standardError: String(decoding: errorData, as: UTF8.self))
  }

  static func temporaryFolder() throws -> URL {
    let folder = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("splashvid-cli-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    return folder
  }
}
