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
  var requestedSize: (width: Int, height: Int)?
  var outputPath: String

  static let defaultFramesPerSecond = 60
  static let maximumLoops = 10_000

  init(_ arguments: [String]) throws {
    let scanner = ArgumentScanner(
      valueOptions: PresetSource.optionNames.union(["loops", "fps", "size", "output"]),
      flags: [], shortNames: ["o": "output"])
    let scanned = try scanner.scan(arguments)
    if let extra = scanned.positional.first { throw UsageError("unexpected argument '\(extra)'") }
    source = try PresetSource(scanned.values)
    loops = try scanned.values["loops"].map {
      try OptionParsing.integer($0, option: "loops", range: 1...Self.maximumLoops)
    } ?? 1
    framesPerSecond = try scanned.values["fps"].map {
      try OptionParsing.integer($0, option: "fps", range: VideoSettings.frameRateRange)
    } ?? Self.defaultFramesPerSecond
    requestedSize = try scanned.values["size"].map {
      try OptionParsing.size($0, option: "size", maximum: VideoSettings.maximumSide)
    }
    try OutputSize.checkEven(requestedSize)
    guard let output = scanned.values["output"], !output.isEmpty else {
      throw UsageError("name the output file with -o FILE.mp4")
    }
    outputPath = output
  }

  func run(environment: [String: String], log: (String) -> Void) throws {
    let scene = try source.load(environment: environment)
    let size = OutputSize.resolve(requested: requestedSize, canvas: scene.canvasSize, requiresEven: true)
    let schedule = FrameSchedule(clip: scene.clip, framesPerSecond: framesPerSecond, loops: loops)
    let writer = try H264Writer(
      path: outputPath,
      settings: VideoSettings(width: size.width, height: size.height, framesPerSecond: framesPerSecond))
    let pipeline = RenderPipeline(scene: scene, schedule: schedule, pixelWidth: size.width, pixelHeight: size.height)
    try pipeline.run(backend: CairoBackend(), sink: EncoderSink(writer: writer))
    let seconds = Double(schedule.frameCount) / Double(framesPerSecond)
    log(
      "wrote \(outputPath): \(schedule.frameCount) frames, \(size.width)x\(size.height), \(framesPerSecond) fps, "
        + String(format: "%.2f s", seconds))
  }
}
