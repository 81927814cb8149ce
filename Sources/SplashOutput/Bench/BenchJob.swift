import Foundation
import SplashCairo
import SplashCore
import SplashEncode
import SplashFiles
import SplashModel
import SplashPipeline
import SplashRender

/// How fast each stage of a render is, and how close the whole pipeline comes to the encoder
/// alone: the measurements of `splashvid bench`, each made in the process that asks for it.
///
/// Each phase is meant to run in a process of its own (the command starts one per phase), so
/// that its peak memory is its own and one phase's caches do not help the next:
///
///     render ×1       evaluate + draw every frame, one worker, no conversion or encoding
///     render ×N       the same on N workers (the pipeline with a sink that drops frames)
///     convert         BGRA → YUV 4:2:0 of one frame, as many times as there are frames
///     encode          one loop pre-rendered and converted in memory, encoded for every frame
///                     of the clip with the same settings: the ceiling no pipeline can beat
///     end to end      the real pipeline writing the clip (`--format`: H.264 by default)
public struct BenchJob: Sendable {
  /// One measurement.
  public enum Phase: String, CaseIterable, Sendable {
    case renderOnce = "render1"
    case renderParallel = "renderN"
    case convert
    case encode
    case endToEnd

    /// Its name in the report.
    public var label: String {
      switch self {
      case .renderOnce: "render ×1"
      case .renderParallel: "render ×N"
      case .convert: "convert"
      case .encode: "encode only"
      case .endToEnd: "end to end"
      }
    }
  }

  /// What every phase draws and encodes, worked out once from the scene.
  public struct Plan {
    public var scene: Scene
    public var size: PixelSize
    public var framesPerSecond: Int
    public var schedule: FrameSchedule
    public var workers: Int
    public var settings: VideoSettings
    public var viewport: Viewport

    /// The report's first line: `bench: 1080x1920, 60 fps, 540 frames, H.264 MP4 (x264 …), 2 workers`.
    public var headline: String
  }

  /// One phase's time: wall-clock and CPU (all threads, user and system) over the measured
  /// stretch, and the process's peak memory.
  public struct Measurement: Sendable, Codable, Equatable {
    public var seconds: Double
    public var cpuSeconds: Double
    public var peakKilobytes: Double
    /// For the render phases: frames drawn, and frames the pipeline found unchanged from the
    /// one before and sent again without drawing (render ×1 draws every frame, as a player
    /// that is asked for every frame does); `nil` for the other phases.
    public var framesDrawn: Int?
    public var framesRepeated: Int?
    /// For render ×1: the seconds spent in each step of a frame, in order (`FrameStage`).
    public var stageSeconds: [Double]?
    /// For render ×1: the share of the frames' pixels drawn (a frame whose list changed only a
    /// region of it redraws that alone, `ChangedRegion`), 0–1.
    public var pixelShare: Double?

    public init(
      seconds: Double, cpuSeconds: Double, peakKilobytes: Double, framesDrawn: Int? = nil, framesRepeated: Int? = nil,
      stageSeconds: [Double]? = nil, pixelShare: Double? = nil
    ) {
      self.pixelShare = pixelShare
      self.stageSeconds = stageSeconds
      self.seconds = seconds
      self.cpuSeconds = cpuSeconds
      self.peakKilobytes = peakKilobytes
      self.framesDrawn = framesDrawn
      self.framesRepeated = framesRepeated
    }
  }

  /// The render measured: its animation, size, rate, loops, format and encoder settings.
  public var job: RenderJob

  public init(job: RenderJob) {
    self.job = job
  }

  /// The plan of every phase: the scene loaded once, the size (even, as the encoder takes it),
  /// the rate, the schedule and the encoder settings.
  public func plan(environment: [String: String]) throws -> Plan {
    let scene = try job.source.load(environment: environment)
    let size = job.size.resolve(canvas: scene.canvasSize, requiresEven: true)
    let workers = job.workers ?? ProcessInfo.processInfo.activeProcessorCount
    let framesPerSecond = job.rate(for: scene)
    let schedule = try job.schedule(of: scene, framesPerSecond: framesPerSecond)
    let format = job.format
    let encoder =
      format.usesX26xOptions
      ? "\(format == .h264 ? "x264" : "x265") \(job.encoder.resolvedPreset) crf \(job.encoder.constantRateFactor) tune \(job.encoder.resolvedTune)"
      : format.encoderName
    return Plan(
      scene: scene, size: size, framesPerSecond: framesPerSecond, schedule: schedule, workers: workers,
      settings: job.videoSettings(format, width: size.width, height: size.height, framesPerSecond: framesPerSecond),
      viewport: Viewport(canvasSize: scene.canvasSize, pixelWidth: size.width, pixelHeight: size.height, fit: job.size.fit),
      headline: "bench: \(size), \(framesPerSecond) fps, \(schedule.frameCount) frames, \(format.displayName) (\(encoder)), "
        + "\(workers) workers")
  }

  /// Measures `phase` in this process, its files in a folder of its own that is removed after.
  public func measure(_ phase: Phase, environment: [String: String]) throws -> Measurement {
    let plan = try plan(environment: environment)
    let folder = try Self.makeFolder()
    defer {
      TemporaryFiles.removeTree(folder)
      TemporaryFiles.unregister(folder)
    }
    let size = plan.size
    guard let buffer = PixelBuffer(width: size.width, height: size.height) else {
      throw UsageError("cannot allocate a \(size) frame")
    }
    let schedule = plan.schedule
    var started = Date()
    var startedCPU = Self.cpuSeconds()
    var counts: (drawn: Int, repeated: Int)?
    var stageSeconds: [Double]?
    var pixelShare: Double?
    switch phase {
    case .renderOnce:
      // Timed as the peers' harness times a player (../shared/lottie-peers/fps.py): the file
      // loaded and one frame drawn first, untimed (the backend's first surfaces, fonts and
      // scratch memory), then every frame once.
      let counters = RenderCounters()
      let backend = CairoBackend(counters: counters)
      // Pixels drawn so far: a frame drawn whole draws them all.
      func pixelsDrawn() -> Int { counters.framesDrawnWhole * size.width * size.height + counters.pixelsRedrawn }
      let evaluator = SceneEvaluator(plan.scene)
      let retained = RetainedDisplayList()
      // The renderer's last tree, as a render's workers keep theirs (`RenderPipeline`).
      var previousTree = evaluator.presentation(at: schedule.sceneTime(ofFrame: 0))
      try backend.render(DisplayList(previousTree, viewport: plan.viewport, measuring: backend, retaining: retained), into: buffer)
      let pixelsBefore = pixelsDrawn()
      started = Date()
      startedCPU = Self.cpuSeconds()
      // The steps of a frame timed apart (three clock reads a frame), to say where time goes.
      var stages = [Double](repeating: 0, count: FrameStage.allCases.count)
      for index in 0..<schedule.frameCount {
        let evaluating = Self.monotonicSeconds()
        let tree = evaluator.presentation(at: schedule.sceneTime(ofFrame: index), sharingWith: previousTree)
        previousTree = tree
        let listing = Self.monotonicSeconds()
        let list = DisplayList(tree, viewport: plan.viewport, measuring: backend, retaining: retained)
        let drawing = Self.monotonicSeconds()
        try backend.render(list, into: buffer)
        let done = Self.monotonicSeconds()
        stages[FrameStage.evaluate.rawValue] += listing - evaluating
        stages[FrameStage.displayList.rawValue] += drawing - listing
        stages[FrameStage.draw.rawValue] += done - drawing
      }
      counts = (schedule.frameCount, 0)
      stageSeconds = stages
      pixelShare = Double(pixelsDrawn() - pixelsBefore) / Double(max(schedule.frameCount * size.width * size.height, 1))
    case .renderParallel:
      var pipeline = RenderPipeline(
        scene: plan.scene, schedule: schedule, pixelWidth: size.width, pixelHeight: size.height, fit: job.size.fit)
      pipeline.workers = plan.workers
      let sink = DroppingSink()
      try pipeline.run(makeBackend: { CairoBackend() }, sink: sink)
      counts = (sink.consumed, sink.repeated)
    case .convert:
      try CairoBackend().render(plan.scene.presentation(at: schedule.sceneTime(ofFrame: 0)), viewport: plan.viewport, into: buffer)
      let writer = try VideoWriter(path: folder + "/convert.mp4", settings: plan.settings)
      let converter = try writer.makeConverter()
      let picture = try writer.makePicture()
      started = Date()
      startedCPU = Self.cpuSeconds()
      for _ in 0..<schedule.frameCount { try converter.convert(buffer, into: picture) }
    case .encode:
      // One loop rendered and converted up front; the clock runs only while encoding.
      let writer = try VideoWriter(path: folder + "/encode.mp4", settings: plan.settings)
      let converter = try writer.makeConverter()
      let backend = CairoBackend()
      let evaluator = SceneEvaluator(plan.scene)
      var pictures: [YUVPicture] = []
      for index in schedule.firstLoop {
        try backend.render(evaluator.presentation(at: schedule.sceneTime(ofFrame: index)), viewport: plan.viewport, into: buffer)
        let picture = try writer.makePicture()
        try converter.convert(buffer, into: picture)
        pictures.append(picture)
      }
      started = Date()
      startedCPU = Self.cpuSeconds()
      for index in 0..<schedule.frameCount { try writer.append(pictures[index % pictures.count]) }
      try writer.finish()
    case .endToEnd:
      // The render a user would run, to a file of the phase's own: the same job, one output.
      var endToEnd = job
      endToEnd.outputs = [RenderOutput(path: folder + "/end." + job.format.fileExtensions[0], kind: .video(job.format))]
      endToEnd.workers = plan.workers
      try endToEnd.run(environment: environment, cancellation: CancellationFlag(), log: { _ in })
    }
    var usage = rusage()
    getrusage(RUSAGE_SELF.rawValue, &usage)
    return Measurement(
      seconds: Date().timeIntervalSince(started), cpuSeconds: Self.cpuSeconds() - startedCPU, peakKilobytes: Double(usage.ru_maxrss),
      framesDrawn: counts?.drawn, framesRepeated: counts?.repeated, stageSeconds: stageSeconds, pixelShare: pixelShare)
  }

  /// The steps of drawing one frame, as render ×1 times them.
  public enum FrameStage: Int, CaseIterable, Sendable {
    /// The scene's presentation tree at the frame's time (`SceneEvaluator`).
    case evaluate
    /// Its display list: order, extents, culling, backing stores (`DisplayList`).
    case displayList
    /// The list drawn into the frame's pixels.
    case draw

    public var label: String {
      switch self {
      case .evaluate: "evaluate"
      case .displayList: "display list"
      case .draw: "draw"
      }
    }
  }

  /// What the five measurements say together.
  public struct Summary: Sendable, Equatable {
    /// End to end over encode only: what counts on a noisy machine, both measured in one run.
    public var ratio: Double
    /// Core-seconds the encoder alone leaves idle: `cores × encode s − encode cpu`.
    public var idleCoreSeconds: Double
    /// What rendering and converting every frame cost in CPU.
    public var renderAndConvertSeconds: Double
    /// The fastest end to end can be on `cores`:
    /// `max(encode s, (encode cpu + render ×1 cpu + convert cpu) / cores)`.
    public var floorSeconds: Double
    public var floorRatio: Double
    public var cores: Int
    /// Peak memory of end to end beyond encode only, in megabytes.
    public var extraPeakMegabytes: Double

    /// The summary of `results` on `cores` cores; `nil` without encode, end to end, render ×1
    /// and convert.
    ///
    /// CPU time shows why a ratio is what it is: when rendering and converting cost more than
    /// the encoder leaves idle, no schedule can hide them.
    public init?(_ results: [Phase: Measurement], cores: Int) {
      guard let encode = results[.encode], let endToEnd = results[.endToEnd], let render = results[.renderOnce],
        let convert = results[.convert]
      else { return nil }
      let cores = max(cores, 1)
      ratio = endToEnd.seconds / encode.seconds
      idleCoreSeconds = max(Double(cores) * encode.seconds - encode.cpuSeconds, 0)
      renderAndConvertSeconds = render.cpuSeconds + convert.cpuSeconds
      floorSeconds = max(encode.seconds, (encode.cpuSeconds + render.cpuSeconds + convert.cpuSeconds) / Double(cores))
      floorRatio = floorSeconds / encode.seconds
      self.cores = cores
      extraPeakMegabytes = (endToEnd.peakKilobytes - encode.peakKilobytes) / 1024
    }
  }

  /// A new folder of the phase's own under the temporary directory, registered so that a
  /// forced exit removes it.
  ///
  /// `mkdtemp` creates it exclusively: a fixed name in a shared `/tmp` could be a folder or a
  /// link someone else made, and the phase's files would be written there.
  private static func makeFolder() throws -> String {
    var template = Array((NSTemporaryDirectory() + "splashvid-bench-\(getpid())-XXXXXX").utf8CString)
    let created = template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) }
    guard created != nil else {
      throw OutputFileError(path: NSTemporaryDirectory(), reason: "cannot create a folder: \(String(cString: strerror(errno)))")
    }
    let folder = String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
    TemporaryFiles.register(folder, isFolder: true)
    return folder
  }

  /// A monotonic clock's seconds, for intervals within one process.
  private static func monotonicSeconds() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1_000_000_000
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
  /// Frames drawn, and frames sent again unchanged; counted on the consuming thread alone.
  private(set) var consumed = 0
  private(set) var repeated = 0
  func start(workers: Int, slots: Int) throws {}
  func prepare(_ frame: PixelBuffer, index: Int, slot: Int, worker: Int) throws {}
  func consume(slot: Int) throws { consumed += 1 }
  func consumeRepeat() throws { repeated += 1 }
  func finish() throws {}
}
