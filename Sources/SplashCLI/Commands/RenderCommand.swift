import Foundation
import SplashCairo
import SplashEncode
import SplashModel
import SplashPipeline

/// `splashvid [render]`: a preset to an H.264 MP4 clip.
struct RenderCommand {
  var source: PresetSource
  var loops: Int
  var framesPerSecond: Int
  var outputSize: OutputSize
  var outputPath: String
  var constantRateFactor: Int
  var encoderPreset: String
  var tune: String
  var progressStyle: ProgressReporter.Style?
  var workers: Int?

  static let defaultFramesPerSecond = 60
  static let maximumLoops = 10_000
  /// The most frames one clip may have: 500 000 (2.3 hours at 60 fps).
  static let maximumFrames = 500_000

  init(_ arguments: [String]) throws {
    let scanner = ArgumentScanner(
      valueOptions: PresetSource.optionNames.union(OutputSize.optionNames).union(["loops", "fps", "output", "crf", "x264-preset", "tune", "progress", "workers"]),
      flags: [], shortNames: ["o": "output"], repeatable: PresetSource.repeatableOptions)
    let scanned = try scanner.scan(arguments)
    if let extra = scanned.positional.first { throw UsageError("unexpected argument '\(extra)'") }
    source = try PresetSource(scanned)
    loops = try scanned.values["loops"].map {
      try OptionParsing.integer($0, option: "loops", range: 1...Self.maximumLoops)
    } ?? 1
    framesPerSecond = try scanned.values["fps"].map {
      try OptionParsing.integer($0, option: "fps", range: VideoSettings.frameRateRange)
    } ?? Self.defaultFramesPerSecond
    outputSize = try OutputSize(scanned.values, maximumSide: VideoSettings.maximumSide, requiresEven: true)
    constantRateFactor = try scanned.values["crf"].map { try OptionParsing.integer($0, option: "crf", range: 0...51) } ?? 18
    encoderPreset = try OptionParsing.choice(scanned.values["x264-preset"], option: "x264-preset", from: VideoSettings.encoderPresets) ?? "medium"
    tune = try OptionParsing.choice(scanned.values["tune"], option: "tune", from: VideoSettings.tunes) ?? "animation"
    progressStyle = try OptionParsing.choice(
      scanned.values["progress"], option: "progress", from: ProgressReporter.Style.allCases.map(\.rawValue)
    ).flatMap(ProgressReporter.Style.init(rawValue:))
    workers = try scanned.values["workers"].map { try OptionParsing.integer($0, option: "workers", range: 1...64) }
    guard let output = scanned.values["output"], !output.isEmpty else {
      throw UsageError("name the output file with -o FILE.mp4")
    }
    outputPath = output
  }

  func run(environment: [String: String], cancellation: CancellationFlag, log: @escaping (String) -> Void) throws {
    let scene = try source.load(environment: environment)
    let size = outputSize.resolve(canvas: scene.canvasSize, requiresEven: true)
    let schedule = FrameSchedule(clip: scene.clip, framesPerSecond: framesPerSecond, loops: loops)
    guard schedule.frameCount <= Self.maximumFrames else {
      throw UsageError(
        "\(loops) loops of \(scene.clip.loopDuration) s at \(framesPerSecond) fps is \(schedule.frameCount) frames; at most \(Self.maximumFrames)")
    }
    let writer = try H264Writer(
      path: outputPath,
      settings: VideoSettings(
        width: size.width, height: size.height, framesPerSecond: framesPerSecond, constantRateFactor: constantRateFactor,
        encoderPreset: encoderPreset, tune: tune))
    var pipeline = RenderPipeline(
      scene: scene, schedule: schedule, pixelWidth: size.width, pixelHeight: size.height, fit: outputSize.fit)
    if let workers { pipeline.workers = workers }
    let progress = ProgressReporter(style: progressStyle, total: schedule.frameCount)
    let warnings = WarningLog(log: log)
    do {
      try pipeline.run(
        makeBackend: { CairoBackend { warnings.warn($0) } }, sink: EncoderSink(writer: writer), cancellation: cancellation,
        progress: progress.update)
    } catch {
      // Nothing half-written may outlive the failure, whoever still holds the writer.
      writer.abandon()
      throw error
    }
    progress.finish()
    let seconds = Double(schedule.frameCount) / Double(framesPerSecond)
    log(
      "wrote \(outputPath): \(schedule.frameCount) frames, \(size.width)x\(size.height), \(framesPerSecond) fps, "
        + String(format: "%.2f s", seconds))
  }
}
