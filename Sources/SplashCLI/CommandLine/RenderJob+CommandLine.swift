import SplashCore
import SplashEncode
import SplashOutput

extension RenderJob {
  /// Scans the render command's options: `render`, `bench` and its phases take the same.
  static func scan(_ arguments: [String]) throws -> ArgumentScanner.Result {
    let scanner = ArgumentScanner(
      valueOptions: PresetSource.optionNames.union(OutputSize.optionNames).union([
        "loops", "fps", "format", "poster", "audio", "target", "crf", "x264-preset", "tune", "progress", "workers",
      ]),
      flags: ["transparent"], shortNames: ["o": "output"], repeatable: PresetSource.repeatableOptions.union(["output"]))
    let scanned = try scanner.scan(arguments)
    if let extra = scanned.positional.first { throw UsageError("unexpected argument '\(extra)'") }
    return scanned
  }

  /// The job the render command's options describe (`--progress` is the command's own).
  init(_ scanned: ArgumentScanner.Result) throws {
    var scanned = scanned
    let target = try scanned.values["target"].map(RenderTarget.named)
    try target?.apply(to: &scanned)
    let source = try PresetSource(scanned)
    let values = scanned.values
    let loops = try values["loops"].map(RenderOptionValue.loops) ?? 1
    let framesPerSecond = try values["fps"].map(RenderOptionValue.framesPerSecond)
    let encoder = EncoderChoice(
      constantRateFactor: try values["crf"].map(RenderOptionValue.constantRateFactor) ?? EncoderChoice.defaultConstantRateFactor,
      preset: try values["x264-preset"].map(RenderOptionValue.encoderPreset), tune: try values["tune"].map(RenderOptionValue.tune))
    // The command's own option, checked here so that its mistakes are reported in the order they always were.
    _ = try OptionParsing.choice(scanned.values["progress"], option: "progress", from: ProgressReporter.Style.allCases.map(\.rawValue))
    let workers = try values["workers"].map(RenderOptionValue.workers)
    let isTransparent = scanned.flags.contains("transparent")
    let posterTime = try values["poster"].map(RenderOptionValue.poster)
    let outputs = try RenderOutput.plan(
      paths: scanned.repeated["output"] ?? [], formatName: scanned.values["format"], wantsPoster: posterTime != nil)
    let soundtrack = scanned.values["audio"].map { .file($0) } ?? (target?.needsSoundTrack == true ? Soundtrack.silence : nil)
    // Even sides are the job's to check: here only the option's own spelling.
    let size = try OutputSize(scanned.values, maximumSide: VideoSettings.maximumSide)
    try self.init(
      source: source, outputs: outputs, loops: loops, framesPerSecond: framesPerSecond, size: size, posterTime: posterTime,
      isTransparent: isTransparent, soundtrack: soundtrack, target: target, encoder: encoder, workers: workers)
  }
}
