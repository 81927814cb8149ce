import Foundation
import SplashCairo
import SplashCore
import SplashEncode
import SplashFiles
import SplashModel
import SplashOutput
import SplashPipeline
import SplashRender

/// One measurement of `splashvid bench`, run in a process of its own; prints
/// `{"seconds": …, "cpuSeconds": …, "peakKilobytes": …}` (CPU time of all threads, user and
/// system, over the measured stretch).
struct BenchPhase {
  var phase: String
  /// The `bench` process that started this one.
  var parent: pid_t
  var job: RenderJob

  /// How often the phase checks that its `bench` is still there.
  static let orphanCheckInterval: DispatchTimeInterval = .seconds(1)

  init(_ arguments: [String]) throws {
    guard arguments.count >= 2, let parent = pid_t(arguments[1]) else {
      throw UsageError("__bench-phase needs a phase and the bench process's ID")
    }
    phase = arguments[0]
    self.parent = parent
    job = try RenderJob(RenderJob.scan(Array(arguments.dropFirst(2)) + ["-o", "/dev/null"]))
  }

  func run(environment: [String: String]) throws {
    // Its bench reports the interruption; a second line from here would come after it.
    SignalTrap.reportsInterruption.store(false, ordering: .relaxed)
    exitWhenOrphaned()
    let scene = try job.source.load(environment: environment)
    let size = job.size.resolve(canvas: scene.canvasSize, requiresEven: true)
    let framesPerSecond = job.rate(for: scene)
    let schedule = FrameSchedule(clip: scene.clip, framesPerSecond: framesPerSecond, loops: job.loops)
    let workers = job.workers ?? ProcessInfo.processInfo.activeProcessorCount
    let settings = job.videoSettings(job.format, width: size.width, height: size.height, framesPerSecond: framesPerSecond)
    let viewport = Viewport(canvasSize: scene.canvasSize, pixelWidth: size.width, pixelHeight: size.height, fit: job.size.fit)
    let folder = try Self.makeFolder()
    defer {
      TemporaryFiles.removeTree(folder)
      TemporaryFiles.unregister(folder)
    }
    guard let buffer = PixelBuffer(width: size.width, height: size.height) else {
      throw BenchError(message: "cannot allocate a \(size.width)x\(size.height) frame")
    }

    let started = Date()
    let startedCPU = Self.cpuSeconds()
    switch phase {
    case "render1":
      let backend = CairoBackend()
      for index in 0..<schedule.frameCount {
        try backend.render(scene.presentation(at: schedule.sceneTime(ofFrame: index)), viewport: viewport, into: buffer)
      }
    case "renderN":
      var pipeline = RenderPipeline(scene: scene, schedule: schedule, pixelWidth: size.width, pixelHeight: size.height, fit: job.size.fit)
      pipeline.workers = workers
      try pipeline.run(makeBackend: { CairoBackend() }, sink: DroppingSink())
    case "convert":
      try CairoBackend().render(scene.presentation(at: schedule.sceneTime(ofFrame: 0)), viewport: viewport, into: buffer)
      let writer = try VideoWriter(path: folder + "/convert.mp4", settings: settings)
      let converter = try writer.makeConverter()
      let picture = try writer.makePicture()
      let measured = Date()
      let measuredCPU = Self.cpuSeconds()
      for _ in 0..<schedule.frameCount { try converter.convert(buffer, into: picture) }
      report(seconds: Date().timeIntervalSince(measured), cpuSeconds: Self.cpuSeconds() - measuredCPU)
      return
    case "encode":
      // One loop rendered and converted up front; the clock runs only while encoding.
      let writer = try VideoWriter(path: folder + "/encode.mp4", settings: settings)
      let converter = try writer.makeConverter()
      let backend = CairoBackend()
      var pictures: [YUVPicture] = []
      for index in 0..<min(schedule.framesPerLoop, schedule.frameCount) {
        try backend.render(scene.presentation(at: schedule.sceneTime(ofFrame: index)), viewport: viewport, into: buffer)
        let picture = try writer.makePicture()
        try converter.convert(buffer, into: picture)
        pictures.append(picture)
      }
      let measured = Date()
      let measuredCPU = Self.cpuSeconds()
      for index in 0..<schedule.frameCount { try writer.append(pictures[index % pictures.count]) }
      try writer.finish()
      report(seconds: Date().timeIntervalSince(measured), cpuSeconds: Self.cpuSeconds() - measuredCPU)
      return
    case "endToEnd":
      // The render a user would run, to a file of the phase's own: the same job, one output.
      var endToEnd = job
      endToEnd.outputs = [RenderOutput(path: folder + "/end." + job.format.fileExtensions[0], kind: .video(job.format))]
      endToEnd.workers = workers
      try endToEnd.run(environment: environment, cancellation: CancellationFlag(), log: { _ in })
    default:
      throw UsageError("unknown bench phase '\(phase)'")
    }
    report(seconds: Date().timeIntervalSince(started), cpuSeconds: Self.cpuSeconds() - startedCPU)
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

  /// A new folder of this phase's own under the temporary directory, registered so that a
  /// forced exit removes it.
  ///
  /// `mkdtemp` creates it exclusively: a fixed name in a shared `/tmp` could be a folder or a
  /// link someone else made, and the phase's files would be written there.
  private static func makeFolder() throws -> String {
    var template = Array((NSTemporaryDirectory() + "splashvid-bench-\(getpid())-XXXXXX").utf8CString)
    let created = template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) }
    guard created != nil else {
      throw BenchError(message: "cannot create a folder in \(NSTemporaryDirectory()): \(String(cString: strerror(errno)))")
    }
    let folder = String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
    TemporaryFiles.register(folder, isFolder: true)
    return folder
  }

  private func report(seconds: Double, cpuSeconds: Double) {
    var usage = rusage()
    getrusage(RUSAGE_SELF.rawValue, &usage)
    StandardStream.output.write("{\"seconds\": \(seconds), \"cpuSeconds\": \(cpuSeconds), \"peakKilobytes\": \(usage.ru_maxrss)}\n")
  }

  /// User and system time of every thread of this process so far.
  private static func cpuSeconds() -> Double {
    var usage = rusage()
    getrusage(RUSAGE_SELF.rawValue, &usage)
    func seconds(_ time: timeval) -> Double { Double(time.tv_sec) + Double(time.tv_usec) / 1_000_000 }
    return seconds(usage.ru_utime) + seconds(usage.ru_stime)
  }
}

/// A sink that drops every frame: the pipeline's cost without conversion or encoding.
final class DroppingSink: FrameSink, @unchecked Sendable {
  func start(workers: Int, slots: Int) throws {}
  func prepare(_ frame: PixelBuffer, index: Int, slot: Int, worker: Int) throws {}
  func consume(slot: Int) throws {}
  func consumeRepeat() throws {}
  func finish() throws {}
}
