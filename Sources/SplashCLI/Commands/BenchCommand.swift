import Foundation
import SplashOutput

/// `splashvid bench`: how fast each stage is, and how close the whole pipeline comes to the
/// encoder alone, measured in one run on this machine (see `BenchJob` for the phases).
///
/// Each phase runs in a child process of its own (`splashvid __bench-phase …`), so its peak
/// memory is its own and one phase's caches do not help the next. This command plans, starts
/// the phases one after another and prints.
///
/// The ratio end to end / encode is what counts on a noisy machine: both are measured in the
/// same run, under the same load. CPU time (all threads) shows why a ratio is what it is
/// (`BenchJob.Summary`):
///
///     floor = max(encode s, (encode cpu + render ×1 cpu + convert cpu) / cores)
struct BenchCommand {
  var arguments: [String]
  var bench: BenchJob

  /// The render measured (what `render` would build from the same options).
  var job: RenderJob { bench.job }

  init(_ arguments: [String]) throws {
    // Output is not the user's business here: the phases write to a temporary folder.
    self.arguments = arguments
    bench = BenchJob(job: try RenderJob(RenderJob.scan(arguments + ["-o", "/dev/null"])))
  }

  func run(environment: [String: String], output: (String) -> Void) throws {
    let plan = try bench.plan(environment: environment)
    output(plan.headline)
    var results: [BenchJob.Phase: BenchJob.Measurement] = [:]
    for phase in BenchJob.Phase.allCases {
      let result = try runPhase(phase)
      results[phase] = result
      output(Self.line(result, label: phase.label, frames: plan.schedule.frameCount))
    }
    guard let summary = BenchJob.Summary(results, cores: ProcessInfo.processInfo.activeProcessorCount) else { return }
    output(String(format: "ratio end to end / encode: %.3f", summary.ratio))
    output(
      String(
        format: "cpu beside the encoder: %.2f core-s idle, render + convert need %.2f; floor %.2f s (ratio %.3f) on %d cores",
        summary.idleCoreSeconds, summary.renderAndConvertSeconds, summary.floorSeconds, summary.floorRatio, summary.cores))
    output(String(format: "peak RSS end to end − encode: %+.1f MB", summary.extraPeakMegabytes))
  }

  /// `render ×1       544.3 frames/s     0.99 s  cpu    0.99 s  peak RSS    89.1 MB  180 drawn,
  /// 64 % of their pixels (evaluate 12 %, display list 6 %, draw 82 %)`; the render phases say how
  /// many frames were drawn and how many were found unchanged and sent again, so a rate
  /// compares with a player that draws every frame, and render ×1 what share of the frames'
  /// pixels it drew (a frame is drawn again only where it changed) and where a frame's time goes.
  static func line(_ result: BenchJob.Measurement, label: String, frames: Int) -> String {
    let paddedLabel = label.padding(toLength: 12, withPad: " ", startingAt: 0)
    var line = String(
      format: "%@ %8.1f frames/s  %7.2f s  cpu %7.2f s  peak RSS %7.1f MB", paddedLabel, Double(frames) / result.seconds,
      result.seconds, result.cpuSeconds, result.peakKilobytes / 1024)
    if let drawn = result.framesDrawn {
      line += "  \(drawn) drawn"
      if let repeated = result.framesRepeated, repeated > 0 { line += ", \(repeated) unchanged (not drawn)" }
      if let share = result.pixelShare { line += String(format: ", %.0f %% of their pixels", 100 * share) }
    }
    if let stages = result.stageSeconds, stages.count == BenchJob.FrameStage.allCases.count {
      let total = max(stages.reduce(0, +), .leastNonzeroMagnitude)
      let shares = BenchJob.FrameStage.allCases.map { String(format: "%@ %.0f %%", $0.label, 100 * stages[$0.rawValue] / total) }
      line += " (" + shares.joined(separator: ", ") + ")"
    }
    return line
  }

  private func runPhase(_ phase: BenchJob.Phase) throws -> BenchJob.Measurement {
    guard let binary = PresetSource.executableURL else { throw UsageError("cannot find the splashvid binary to run phases") }
    let process = Process()
    process.executableURL = binary
    // The phase learns who its parent is, so that it can tell when it has been orphaned.
    process.arguments = ["__bench-phase", phase.rawValue, String(getpid())] + arguments
    let pipe = Pipe()
    process.standardOutput = pipe
    try process.run()
    // A forced exit (Ctrl-C: bench cannot wind down) ends the child too (`ChildProcesses`).
    ChildProcesses.register(process.processIdentifier)
    defer { ChildProcesses.unregister(process.processIdentifier) }
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    guard process.terminationStatus == 0, let result = try? JSONDecoder().decode(BenchJob.Measurement.self, from: data) else {
      throw BenchError(message: "bench phase \(phase.rawValue) failed (exit \(process.terminationStatus))")
    }
    return result
  }
}

struct BenchError: Error, CustomStringConvertible {
  var message: String
  var description: String { message }
}
