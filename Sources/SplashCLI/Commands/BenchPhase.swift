import Foundation
import SplashOutput

/// One measurement of `splashvid bench`, run in a process of its own; prints
/// `{"seconds": …, "cpuSeconds": …, "peakKilobytes": …}` (CPU time of all threads, user and
/// system, over the measured stretch).
struct BenchPhase {
  var phase: BenchJob.Phase
  /// The `bench` process that started this one.
  var parent: pid_t
  var bench: BenchJob

  /// How often the phase checks that its `bench` is still there.
  static let orphanCheckInterval: DispatchTimeInterval = .seconds(1)

  init(_ arguments: [String]) throws {
    guard arguments.count >= 2, let parent = pid_t(arguments[1]) else {
      throw UsageError("__bench-phase needs a phase and the bench process's ID")
    }
    guard let phase = BenchJob.Phase(rawValue: arguments[0]) else { throw UsageError("unknown bench phase '\(arguments[0])'") }
    self.phase = phase
    self.parent = parent
    bench = BenchJob(job: try RenderJob(RenderJob.scan(Array(arguments.dropFirst(2)) + ["-o", "/dev/null"])))
  }

  func run(environment: [String: String]) throws {
    // Its bench reports the interruption; a second line from here would come after it.
    SignalTrap.reportsInterruption.store(false, ordering: .relaxed)
    exitWhenOrphaned()
    let measured = try bench.measure(phase, environment: environment)
    let encoder = JSONEncoder()
    encoder.outputFormatting = .sortedKeys
    StandardStream.output.write(String(decoding: try encoder.encode(measured), as: UTF8.self) + "\n")
  }

  /// Ends this phase (removing its folder) once `bench` is gone: a phase nobody waits for
  /// would burn the cores for nothing.
  ///
  /// `bench` sends SIGTERM to its phase when it is interrupted; this covers a `bench` killed
  /// outright. Its parent ID changes when it is orphaned (to 1 or a subreaper). A timer rather
  /// than `prctl(PR_SET_PDEATHSIG)`: Swift does not import variadic C functions.
  private func exitWhenOrphaned() {
    let parent = parent
    guard getppid() == parent else { SignalTrap.forcedExit() }
    let timer = DispatchSource.makeTimerSource(queue: .global())
    timer.schedule(deadline: .now() + Self.orphanCheckInterval, repeating: Self.orphanCheckInterval)
    timer.setEventHandler { if getppid() != parent { SignalTrap.forcedExit() } }
    timer.resume()
    Self.orphanTimer = timer
  }

  /// Keeps the orphan check running for the life of the process.
  nonisolated(unsafe) private static var orphanTimer: (any DispatchSourceTimer)?
}
