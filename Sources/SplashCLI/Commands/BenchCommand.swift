import Foundation
import SplashCairo
import SplashCore
import SplashEncode
import SplashModel
import SplashOutput
import SplashPipeline
import SplashRender

/// `splashvid bench`: how fast each stage is, and how close the whole pipeline comes to the
/// encoder alone, measured in one run on this machine.
///
/// Each measurement runs in a child process of its own (`splashvid __bench-phase …`), so its
/// peak memory is its own and one phase's caches do not help the next:
///
///     render ×1       evaluate + draw every frame, one worker, no conversion or encoding
///     render ×N       the same on N workers (the pipeline with a sink that drops frames)
///     convert         BGRA → YUV 4:2:0 of one frame, as many times as there are frames
///     encode          one loop pre-rendered and converted in memory, encoded for every frame
///                     of the clip with the same settings: the ceiling no pipeline can beat
///     end to end      the real pipeline writing the clip (`--format`: H.264 by default)
///
/// The ratio end to end / encode is what counts on a noisy machine: both are measured in the
/// same run, under the same load.
///
/// CPU time (all threads) shows why a ratio is what it is. The encoder alone leaves
/// `cores × encode s − encode cpu` core-seconds idle; rendering and converting every frame
/// costs `render ×1 cpu + convert cpu`. When that is more than the idle time, no schedule can
/// hide it, and end to end is at least `(encode cpu + render cpu + convert cpu) / cores`:
///
///     floor = max(encode s, (encode cpu + render ×1 cpu + convert cpu) / cores)
struct BenchCommand {
  var arguments: [String]
  var job: RenderJob

  init(_ arguments: [String]) throws {
    // Output is not the user's business here: the phases write to a temporary folder.
    self.arguments = arguments
    job = try RenderJob(RenderJob.scan(arguments + ["-o", "/dev/null"]))
  }

  func run(environment: [String: String], output: (String) -> Void) throws {
    let scene = try job.source.load(environment: environment)
    let size = job.size.resolve(canvas: scene.canvasSize, requiresEven: true)
    let workers = job.workers ?? ProcessInfo.processInfo.activeProcessorCount
    let framesPerSecond = job.rate(for: scene)
    let frames = FrameSchedule(clip: scene.clip, framesPerSecond: framesPerSecond, loops: job.loops).frameCount
    let format = job.format
    let encoder =
      format.usesX26xOptions
      ? "\(format == .h264 ? "x264" : "x265") \(job.encoder.resolvedPreset) crf \(job.encoder.constantRateFactor) tune \(job.encoder.resolvedTune)"
      : format.encoderName
    output(
      "bench: \(size.width)x\(size.height), \(framesPerSecond) fps, \(frames) frames, \(format.displayName) "
        + "(\(encoder)), \(workers) workers")
    var results: [String: BenchResult] = [:]
    for phase in ["render1", "renderN", "convert", "encode", "endToEnd"] {
      let result = try runPhase(phase, environment: environment)
      results[phase] = result
      output(result.line(label: Self.labels[phase] ?? phase, frames: frames))
    }
    if let encode = results["encode"], let endToEnd = results["endToEnd"] {
      output(String(format: "ratio end to end / encode: %.3f", endToEnd.seconds / encode.seconds))
      if let render = results["render1"], let convert = results["convert"] {
        let cores = Double(ProcessInfo.processInfo.activeProcessorCount)
        let work = encode.cpuSeconds + render.cpuSeconds + convert.cpuSeconds
        let floor = max(encode.seconds, work / cores)
        output(
          String(
            format: "cpu beside the encoder: %.2f core-s idle, render + convert need %.2f; floor %.2f s (ratio %.3f) on %d cores",
            max(cores * encode.seconds - encode.cpuSeconds, 0), render.cpuSeconds + convert.cpuSeconds, floor,
            floor / encode.seconds, Int(cores)))
      }
      output(String(format: "peak RSS end to end − encode: %+.1f MB", (endToEnd.peakKilobytes - encode.peakKilobytes) / 1024))
    }
  }

  static let labels = [
    "render1": "render ×1", "renderN": "render ×N", "convert": "convert", "encode": "encode only", "endToEnd": "end to end",
  ]

  private func runPhase(_ phase: String, environment: [String: String]) throws -> BenchResult {
    guard let binary = PresetSource.executableURL else { throw UsageError("cannot find the splashvid binary to run phases") }
    let process = Process()
    process.executableURL = binary
    // The phase learns who its parent is, so that it can tell when it has been orphaned.
    process.arguments = ["__bench-phase", phase, String(getpid())] + arguments
    let pipe = Pipe()
    process.standardOutput = pipe
    try process.run()
    // A forced exit (Ctrl-C: bench cannot wind down) ends the child too (`ChildProcesses`).
    ChildProcesses.register(process.processIdentifier)
    defer { ChildProcesses.unregister(process.processIdentifier) }
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    guard process.terminationStatus == 0,
      let object = try? JSONSerialization.jsonObject(with: data) as? [String: Double],
      let seconds = object["seconds"], let cpuSeconds = object["cpuSeconds"], let peak = object["peakKilobytes"]
    else {
      throw BenchError(message: "bench phase \(phase) failed (exit \(process.terminationStatus))")
    }
    return BenchResult(seconds: seconds, cpuSeconds: cpuSeconds, peakKilobytes: peak)
  }
}

struct BenchResult {
  var seconds: Double
  /// CPU time of all the phase's threads over the measured stretch.
  var cpuSeconds: Double
  var peakKilobytes: Double

  func line(label: String, frames: Int) -> String {
    let paddedLabel = label.padding(toLength: 12, withPad: " ", startingAt: 0)
    return String(
      format: "%@ %8.1f frames/s  %7.2f s  cpu %7.2f s  peak RSS %7.1f MB", paddedLabel, Double(frames) / seconds,
      seconds, cpuSeconds, peakKilobytes / 1024)
  }
}

struct BenchError: Error, CustomStringConvertible {
  var message: String
  var description: String { message }
}
