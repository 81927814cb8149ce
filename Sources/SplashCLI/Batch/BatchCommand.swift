import Foundation
import SplashCore
import SplashOutput
import SplashPipeline

/// `splashvid batch DIR -o OUTDIR`: many clips in one command, resumable and shardable.
///
///     splashvid batch presets/ -o clips/ [--manifest clips.csv] [--jobs N] [--force]
///                     [--report report.json] [--shard INDEX/COUNT|auto/COUNT|auto]
///                     [--assets-root ROOT]
///                     [render options: --size, --fps, --loops, --format, --param, …]
///
/// The command parses and prints; `BatchJob` checks, renders, records and reports.
struct BatchCommand {
  var job: BatchJob

  init(_ arguments: [String], environment: [String: String]) throws {
    let scanner = ArgumentScanner(
      valueOptions: BatchDefaults.valueOptions.union(["output", "manifest", "jobs", "report", "shard", "assets-root"]),
      flags: BatchDefaults.flags.union(["force"]), shortNames: ["o": "output"], repeatable: BatchDefaults.repeatableOptions)
    let scanned = try scanner.scan(arguments)
    guard scanned.positional.count == 1, let folder = scanned.positional.first else {
      throw UsageError("batch takes one preset folder: splashvid batch DIR -o OUTDIR")
    }
    guard let output = scanned.values["output"], !output.isEmpty else { throw UsageError("name the output folder with -o OUTDIR") }
    job = BatchJob(
      folder: folder, outputFolder: output, manifest: scanned.values["manifest"],
      jobs: try scanned.values["jobs"].map { try OptionParsing.integer($0, option: "jobs", range: 1...64) } ?? 1,
      force: scanned.flags.contains("force"), reportPath: scanned.values["report"], assetsRoot: scanned.values["assets-root"],
      defaults: try BatchDefaults(scanned))
    if let text = scanned.values["shard"] {
      let shard = try ShardOption(text, environment: environment)
      job.shard = (shard.index, shard.count)
    }
  }

  /// Runs the batch, prints its table; returns the exit code: 1 when a clip failed.
  func run(environment: [String: String], cancellation: CancellationFlag, log: @escaping (String) -> Void) throws -> Int32 {
    let results = try job.run(environment: environment, cancellation: cancellation, log: log)
    for line in BatchReport.table(results) { StandardStream.output.writeLine(line) }
    try job.finish(results, cancellation: cancellation)
    return results.contains { $0.status == .failed } ? ExitCode.failure.rawValue : ExitCode.success.rawValue
  }
}
