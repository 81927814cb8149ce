import Foundation
import SplashCairo
import SplashCore
import SplashEncode
import SplashModel
import SplashPipeline

/// `splashvid [render]`: a preset to one or more clips (H.264 MP4 unless an output's extension
/// or `--format` says otherwise, or an animated GIF) and a poster, all from one render pass.
struct RenderCommand {
  var source: PresetSource
  var loops: Int
  var framesPerSecond: Int
  /// Whether `--fps` was given: without it, a document with a frame rate of its own (a Lottie
  /// file's `fr`) is rendered at that rate.
  var isFramesPerSecondRequested = false
  var outputSize: OutputSize
  /// Every file the render writes; at least one video.
  var outputs: [RenderOutput]
  /// The poster's time in seconds from the clip's start (0 when a poster is asked for without it).
  var posterTime: Double
  /// Render without the canvas background (formats with alpha, and GIF, only).
  var isTransparent: Bool
  /// Sound for the videos (AAC in MP4 and MOV).
  var soundtrack: Soundtrack?
  /// The platform `--target` named, whose requirements set the options above.
  var target: RenderTarget?
  var constantRateFactor: Int
  var encoderPreset: String
  var tune: String
  var progressStyle: ProgressReporter.Style?
  var workers: Int?

  static let defaultFramesPerSecond = 60
  /// The default when a GIF is among the outputs: the fastest rate a GIF plays as asked,
  /// the nearest to 60 (see `GIFSettings`).
  static let defaultGIFFramesPerSecond = GIFSettings.frameRates.upperBound
  static let maximumLoops = 10_000
  /// The most frames one clip may have: 500 000 (2.3 hours at 60 fps).
  static let maximumFrames = 500_000

  init(_ arguments: [String]) throws {
    let scanner = ArgumentScanner(
      valueOptions: PresetSource.optionNames.union(OutputSize.optionNames).union([
        "loops", "fps", "format", "poster", "audio", "target", "crf", "x264-preset", "tune", "progress", "workers",
      ]),
      flags: ["transparent"], shortNames: ["o": "output"], repeatable: PresetSource.repeatableOptions.union(["output"]))
    var scanned = try scanner.scan(arguments)
    if let extra = scanned.positional.first { throw UsageError("unexpected argument '\(extra)'") }
    target = try scanned.values["target"].map(RenderTarget.named)
    try target?.apply(to: &scanned)
    source = try PresetSource(scanned)
    loops = try scanned.values["loops"].map {
      try OptionParsing.integer($0, option: "loops", range: 1...Self.maximumLoops)
    } ?? 1
    let requestedFramesPerSecond = try scanned.values["fps"].map {
      try OptionParsing.integer($0, option: "fps", range: VideoSettings.frameRateRange)
    }
    constantRateFactor = try scanned.values["crf"].map { try OptionParsing.integer($0, option: "crf", range: 0...51) } ?? 18
    encoderPreset = try OptionParsing.choice(scanned.values["x264-preset"], option: "x264-preset", from: VideoSettings.encoderPresets) ?? "medium"
    tune = try OptionParsing.choice(scanned.values["tune"], option: "tune", from: VideoSettings.tunes) ?? "animation"
    progressStyle = try OptionParsing.choice(
      scanned.values["progress"], option: "progress", from: ProgressReporter.Style.allCases.map(\.rawValue)
    ).flatMap(ProgressReporter.Style.init(rawValue:))
    workers = try scanned.values["workers"].map { try OptionParsing.integer($0, option: "workers", range: 1...64) }
    isTransparent = scanned.flags.contains("transparent")
    posterTime = try scanned.values["poster"].map { try OptionParsing.seconds($0, option: "poster") } ?? 0
    outputs = try RenderOutput.plan(
      paths: scanned.repeated["output"] ?? [], formatName: scanned.values["format"], isTransparent: isTransparent,
      wantsPoster: scanned.values["poster"] != nil)
    // x264's rate factor 0 is lossless, which H.264 allows only in the High 4:4:4 Predictive
    // profile; QuickTime, Safari and phones do not play that profile, and x264 refuses it in
    // High with a message of its own. x265 and libvpx take 0 as their best quality in the
    // profiles every player has, so it stays allowed for HEVC and VP9.
    if constantRateFactor == 0, outputs.contains(where: { $0.format == .h264 }) {
      throw UsageError(
        "--crf 0: expected a whole number from 1 to 51 for H.264; lossless H.264 (0) does not play in QuickTime, Safari or on phones")
    }
    soundtrack = scanned.values["audio"].map { .file($0) } ?? (target?.needsSoundTrack == true ? .silence : nil)
    // The sound goes to every output that can carry AAC (MP4 and MOV); a render with none
    // of those was asked for something it cannot do.
    if scanned.values["audio"] != nil, !outputs.contains(where: { $0.format?.carriesAAC == true }) {
      throw UsageError(
        "--audio: none of the outputs takes AAC sound (VP9 WebM, GIF and PNG carry none); add an .mp4 or .mov output")
    }
    let writesGIF = outputs.contains { $0.kind == .gif }
    if writesGIF, let requestedFramesPerSecond, let problem = Self.gifRateProblem(requestedFramesPerSecond) {
      let fastest = GIFSettings.frameRates.upperBound
      // One pass feeds every output at one rate: a faster video needs a render of its own.
      let remedy =
        outputs.contains { $0.format != nil }
        ? "render the GIF and the \(requestedFramesPerSecond) fps video separately" : "write .mp4 or .webm for \(requestedFramesPerSecond) fps"
      throw UsageError("--fps \(requestedFramesPerSecond): \(problem); use --fps \(fastest) or less, or \(remedy)")
    }
    framesPerSecond = requestedFramesPerSecond ?? (writesGIF ? Self.defaultGIFFramesPerSecond : Self.defaultFramesPerSecond)
    isFramesPerSecondRequested = requestedFramesPerSecond != nil
    outputSize = try OutputSize(
      scanned.values, maximumSide: VideoSettings.maximumSide, requiresEven: Self.needsEvenSize(outputs))
    let displayNames = outputs.compactMap { output -> String? in
      switch output.kind {
      case .video(let format): format.usesX26xOptions ? nil : format.displayName
      case .gif: "animated GIF"
      case .poster, .imageSequence: nil
      }
    }
    for name in displayNames {
      for option in ["x264-preset", "tune"] where scanned.values[option] != nil {
        throw UsageError("--\(option) applies to h264 and hevc, not to \(name)")
      }
    }
  }

  /// The frame rate of the render: `--fps`, else the document's own rate rounded to a whole
  /// number (a Lottie file's `fr`; a GIF keeps its default above 50), else the default.
  func rate(for scene: Scene) -> Int {
    guard !isFramesPerSecondRequested, let own = scene.frameNumbering?.framesPerSecond else { return framesPerSecond }
    let rounded = max(1, Int(own.rounded()))
    if outputs.contains(where: { $0.kind == .gif }), Self.gifRateProblem(rounded) != nil { return framesPerSecond }
    return rounded
  }

  /// Why a GIF cannot be written at `framesPerSecond`, or `nil` when it can (1 to 50 fps, see
  /// `GIFSettings`): the reason in the usage errors of the command line and of a manifest row.
  static func gifRateProblem(_ framesPerSecond: Int) -> String? {
    guard !GIFSettings.frameRates.contains(framesPerSecond) else { return nil }
    return "a GIF shows at most \(GIFSettings.frameRates.upperBound) frames a second (its delays are whole hundredths, "
      + "and browsers show delays under 2 hundredths as 10)"
  }

  /// Whether the size must be even: 4:2:0 video halves both sides for chroma; a GIF (and the
  /// poster) take any size.
  static func needsEvenSize(_ outputs: [RenderOutput]) -> Bool { outputs.contains { $0.format != nil } }

  /// The first video's path and format (what a single-output caller means).
  var outputPath: String { outputs.first { $0.format != nil }?.path ?? "" }
  var format: VideoFormat { outputs.compactMap(\.format).first ?? .h264 }

  /// The format `--format` names, or the output's extension implies (H.264 when the path has
  /// no extension, such as /dev/null). A named format must agree with the extension.
  static func format(named name: String?, output: String) throws -> VideoFormat {
    let pathExtension = (output as NSString).pathExtension.lowercased()
    if let name {
      guard let format = VideoFormat(rawValue: name) else {
        throw UsageError(
          "--format \(name) is not one of \(VideoFormat.allCases.map(\.rawValue).joined(separator: ", "))")
      }
      guard pathExtension.isEmpty || format.fileExtensions.contains(pathExtension) else {
        throw UsageError(
          "\(format.displayName) is written as .\(format.fileExtensions[0]), not .\(pathExtension); rename \(output)")
      }
      return format
    }
    if pathExtension.isEmpty { return .h264 }
    guard let format = VideoFormat.implied(byExtension: pathExtension) else {
      throw UsageError(
        "cannot tell a video format from .\(pathExtension): use .mp4 (H.264, or HEVC with --format hevc), "
          + ".mov (ProRes 4444) or .webm (VP9)")
    }
    return format
  }

  /// Refuses a render one of whose outputs would replace the preset, an image it shows or
  /// the soundtrack, or whose image sequences would write (or clear) each other's frames.
  private func checkOutputs(_ scene: Scene, frameCount: Int, environment: [String: String]) throws {
    var inputs = try source.inputs(scene, environment: environment)
    if case .file(let path)? = soundtrack { inputs.append(OutputPaths.Input(role: "the soundtrack", path: path)) }
    let sequences = outputs.compactMap { output -> FrameNamePattern? in
      if case .imageSequence(let pattern) = output.kind { return pattern }
      return nil
    }
    let files = outputs.filter { if case .imageSequence = $0.kind { false } else { true } }.map(\.path)
    try OutputPaths.checkNoInputOverwritten(files: files, sequences: sequences, inputs: inputs)
    try OutputPaths.checkSequencesApart(sequences, frameCount: frameCount)
  }

  func run(environment: [String: String], cancellation: CancellationFlag, log: @escaping (String) -> Void) throws {
    var scene = try source.load(environment: environment, warn: { log("splashvid: \($0)") })
    let framesPerSecond = rate(for: scene)
    if isTransparent { scene.backgroundColor = .clear }
    // A preset whose canvas is not opaque asks for transparency itself; an opaque format
    // would show its clear pixels as black, so it is refused as --transparent is.
    if !isTransparent, scene.backgroundColor.alpha < 1,
      let opaque = outputs.first(where: { $0.format?.carriesAlpha == false }), let format = opaque.format
    {
      throw UsageError(
        "the preset's canvas background is transparent and \(format.displayName) has no alpha: write .mov, .webm or .gif, "
          + "or give the background a colour (--param, if the preset has one)")
    }
    let size = outputSize.resolve(canvas: scene.canvasSize, requiresEven: Self.needsEvenSize(outputs))
    let schedule = FrameSchedule(clip: scene.clip, framesPerSecond: framesPerSecond, loops: loops)
    guard schedule.frameCount <= Self.maximumFrames else {
      throw UsageError(
        "\(loops) loops of \(scene.clip.loopDuration) s at \(framesPerSecond) fps is \(schedule.frameCount) frames; at most \(Self.maximumFrames)")
    }
    try checkOutputs(scene, frameCount: schedule.frameCount, environment: environment)
    // Workers that fit in memory, decided before any encoder opens or frame renders.
    let renderWorkers = try MemoryBudget.workers(
      requested: workers, width: size.width, height: size.height,
      outputs: outputs, environment: environment, warn: { log("splashvid: warning: \($0)") })
    let duration = Double(schedule.frameCount) / Double(framesPerSecond)
    guard posterTime <= duration else {
      // As short as the value allows, never rounded: 3.0000001 must not read as 3.
      let shortest = String(format: "%g", posterTime)
      let shown = Double(shortest) == posterTime ? shortest : String(posterTime)
      throw UsageError("--poster \(shown): the clip is " + String(format: "%.2f s long", duration))
    }
    if let warning = target?.durationWarning(seconds: duration, loopSeconds: scene.clip.loopDuration) {
      log("splashvid: \(warning)")
    }
    let posterIndex = min(Int((posterTime * Double(framesPerSecond)).rounded()), schedule.frameCount - 1)
    // Every check that needs no file is done: the outputs' missing folders are made now, and
    // unmade if the render does not complete.
    let folders = try OutputFolders(creating: outputs.map { ($0.folder, $0.path) })
    var isComplete = false
    defer { if !isComplete { folders.removeCreated() } }
    let warnings = WarningLog(log: log)
    // A GIF's palette is sampled from frames before the pass; a bad GIF path fails before that.
    for output in outputs where output.kind == .gif { _ = try OutputFile(destination: output.path) }
    // One palette for every GIF output: they share the size, the frames and the transparency.
    let gifPalette =
      try outputs.contains { $0.kind == .gif }
      ? GIFPaletteSampling.palette(
        scene: scene, schedule: schedule, width: size.width, height: size.height, fit: outputSize.fit,
        transparent: isTransparent, warn: { warnings.warn($0) })
      : nil
    // Every file's sink is created before any frame renders, so a bad path fails first.
    var sinks: [any OutputSink] = []
    func abandonAll() {
      for sink in sinks { sink.abandon() }
    }
    do {
      for output in outputs {
        switch output.kind {
        case .video(let format):
          var settings = VideoSettings(
            format: format, width: size.width, height: size.height, framesPerSecond: framesPerSecond,
            constantRateFactor: constantRateFactor, encoderPreset: encoderPreset, tune: tune)
          settings.soundtrack = format.carriesAAC ? soundtrack : nil
          sinks.append(EncoderSink(writer: try VideoWriter(path: output.path, settings: settings)))
        case .gif:
          guard let gifPalette else { preconditionFailure("a GIF output without its palette") }
          let writer = try GIFWriter(
            path: output.path,
            settings: GIFSettings(width: size.width, height: size.height, framesPerSecond: framesPerSecond),
            palette: gifPalette)
          sinks.append(GIFSink(writer: writer))
        case .poster:
          sinks.append(try PosterSink(path: output.path, frame: posterIndex))
        case .imageSequence(let pattern):
          sinks.append(try PNGSequenceSink(pattern: pattern, frameCount: schedule.frameCount))
        }
      }
    } catch {
      abandonAll()
      throw error
    }
    var pipeline = RenderPipeline(
      scene: scene, schedule: schedule, pixelWidth: size.width, pixelHeight: size.height, fit: outputSize.fit)
    pipeline.workers = renderWorkers
    if outputs.contains(where: { $0.kind == .poster }) { pipeline.alwaysRendered = [posterIndex] }
    let progress = ProgressReporter(style: progressStyle, total: schedule.frameCount)
    do {
      try pipeline.run(
        makeBackend: { CairoBackend { warnings.warn($0) } }, sink: sinks.count == 1 ? sinks[0] : FanOutSink(sinks),
        cancellation: cancellation, progress: progress.update)
    } catch {
      // Nothing half-written may outlive the failure, whoever still holds the writers; and
      // no output appears unless all of them could be completed.
      abandonAll()
      throw error
    }
    progress.finish()
    isComplete = true
    for message in folders.messages { log(message) }
    let seconds = Double(schedule.frameCount) / Double(framesPerSecond)
    log(
      "wrote \(outputs.map(\.path).joined(separator: ", ")): \(schedule.frameCount) frames, \(size.width)x\(size.height), "
        + "\(framesPerSecond) fps, " + String(format: "%.2f s", seconds))
  }
}
