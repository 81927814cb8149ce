import Foundation
import SplashCairo
import SplashCore
import SplashEncode
import SplashFiles
import SplashModel
import SplashPipeline
import SplashPresets
import SplashRender

/// One render: where the animation comes from, how its frames are timed and sized, and every
/// file they go to (videos, GIFs, a poster, image sequences), all written from one pass.
///
/// `render`, `batch` and `bench` build a job and call `run`, which owns the whole pipeline:
/// loading the scene, the checks that need it, the sinks, GIF palette sampling, and putting
/// every output in place, or none of them.
public struct RenderJob: Sendable {
  public var source: PresetSource
  /// Every file the render writes; at least one video or GIF.
  public var outputs: [RenderOutput]
  public var loops: Int
  /// The frame rate asked for; `nil`: the document's own rate (a Lottie file's `fr`), else the default.
  public var requestedFramesPerSecond: Int?
  public var size: OutputSize
  /// The poster's time in seconds from the clip's start, when a poster is asked for.
  public var posterTime: Double?
  /// Render without the canvas background (formats with alpha, and GIF, only).
  public var isTransparent: Bool
  /// Sound for the videos (AAC in MP4 and MOV).
  public var soundtrack: Soundtrack?
  /// The platform whose requirements set the options above, for its duration warning.
  public var target: RenderTarget?
  public var encoder: EncoderChoice
  /// Render workers; `nil`: one a core, as many as fit in memory (`MemoryBudget`).
  public var workers: Int?
  /// The part of the animation the loops repeat (`--start`, `--end`, `--segment`).
  public var range = ClipRange()
  /// Seconds the first frame shows before the loops (`--hold-start`), and the final state
  /// after them (`--hold-end`): a title card, an end card.
  public var holdStart = 0.0
  public var holdEnd = 0.0
  /// What shows behind the animation (`--background`, `--background-image`).
  public var background = SceneBackground()
  /// Seconds the sound fades in at the start and out at the end (`--audio-fade`).
  public var audioFade = (in: 0.0, out: 0.0)
  /// Whether a file at an output's name is replaced (`render -o`) or kept, the output taking
  /// the next free name (the preview's exports: "an export never replaces a file").
  public var placement = OutputFile.Placement.replacing

  /// The default rate without a GIF among the outputs.
  public static let defaultFramesPerSecond = 60
  /// The default when a GIF is among the outputs: the fastest rate a GIF plays as asked,
  /// the nearest to 60 (see `GIFSettings`).
  public static let defaultGIFFramesPerSecond = GIFSettings.frameRates.upperBound
  public static let maximumLoops = 10_000
  /// The most frames one clip may have: 500 000 (2.3 hours at 60 fps).
  public static let maximumFrames = 500_000

  /// A job, checked for combinations no render can carry out.
  ///
  /// - Throws: `RenderOptionError` naming the option at fault: lossless H.264, sound without an
  ///   output that carries it, a GIF faster than 50 fps, an odd video size, x264/x265 options
  ///   for a format that has none.
  public init(
    source: PresetSource, outputs: [RenderOutput], loops: Int = 1, framesPerSecond: Int? = nil, size: OutputSize = OutputSize(),
    posterTime: Double? = nil, isTransparent: Bool = false, soundtrack: Soundtrack? = nil, target: RenderTarget? = nil,
    encoder: EncoderChoice = EncoderChoice(), workers: Int? = nil, range: ClipRange = ClipRange(), holdStart: Double = 0,
    holdEnd: Double = 0, background: SceneBackground = SceneBackground(), audioFade: (in: Double, out: Double) = (0, 0)
  ) throws {
    self.source = source
    self.outputs = outputs
    self.loops = loops
    self.requestedFramesPerSecond = framesPerSecond
    self.size = size
    self.posterTime = posterTime
    self.isTransparent = isTransparent
    self.soundtrack = soundtrack
    self.target = target
    self.encoder = encoder
    self.workers = workers
    self.range = range
    self.holdStart = holdStart
    self.holdEnd = holdEnd
    self.background = background
    self.audioFade = audioFade
    try check()
  }

  /// The job `request` asks for, of the animation `source` names (its parameters under the
  /// request's): every option read and checked here, whichever front end gave it.
  ///
  /// - Throws: `RenderOptionError` naming the option at fault, for the front end to word;
  ///   `UsageError` for the outputs' own names (a command line's `-o` given twice).
  public init(_ request: RenderRequest, source: PresetSource) throws {
    let settings = try request.read()
    var source = source
    source.parameters.merge(settings.parameters) { _, requested in requested }
    do {
      try self.init(
        source: source,
        outputs: try RenderOutput.plan(paths: request.outputs, formatName: settings.formatName, wantsPoster: settings.posterTime != nil),
        loops: settings.loops, framesPerSecond: settings.framesPerSecond, size: settings.size, posterTime: settings.posterTime,
        isTransparent: settings.isTransparent, soundtrack: settings.soundtrack, target: settings.target, encoder: settings.encoder,
        workers: settings.workers, range: settings.range, holdStart: settings.holdStart, holdEnd: settings.holdEnd,
        background: settings.background, audioFade: settings.audioFade)
    } catch let error as RenderOptionError {
      // A value the target set is the target's: the request never named it.
      guard let target = settings.target, request[error.option] == nil, RenderRequest.setByTarget.contains(error.option) else {
        throw error
      }
      throw RenderOptionError(.target, value: target.name, [.text(" sets "), .value(error.option, error.value ?? "")] + error.problem)
    }
  }

  /// The one check of a job's options against each other; the front ends word its refusals.
  private func check() throws(RenderOptionError) {
    // Every video must keep alpha; a GIF keeps it as GIF can, one palette entry clear.
    if isTransparent, let opaque = outputs.first(where: { $0.format?.carriesAlpha == false }), let format = opaque.format {
      throw RenderOptionError(
        .transparent,
        [
          .text(
            " needs a format with alpha (.mov for ProRes 4444, .webm for VP9, .gif); \(format.displayName) has none"
              + (outputs.count > 1 ? " (\(opaque.path))" : ""))
        ])
    }
    // x264's rate factor 0 is lossless, which H.264 allows only in the High 4:4:4 Predictive
    // profile; QuickTime, Safari and phones do not play that profile, and x264 refuses it in
    // High with a message of its own. x265 and libvpx take 0 as their best quality in the
    // profiles every player has, so it stays allowed for HEVC and VP9.
    if encoder.constantRateFactor == 0, outputs.contains(where: { $0.format == .h264 }) {
      throw RenderOptionError(
        .constantRateFactor, value: "0",
        [.text(": expected a whole number from 1 to 51 for H.264; lossless H.264 (0) does not play in QuickTime, Safari or on phones")])
    }
    // The sound goes to every output that can carry AAC (MP4 and MOV); a render with none
    // of those was asked for something it cannot do.
    if case .file? = soundtrack, !outputs.contains(where: { $0.format?.carriesAAC == true }) {
      throw RenderOptionError(
        .audio, [.text(": none of the outputs takes AAC sound (VP9 WebM, GIF and PNG carry none); add an .mp4 or .mov output")])
    }
    if writesGIF, let requestedFramesPerSecond, let problem = Self.gifRateProblem(requestedFramesPerSecond) {
      let fastest = GIFSettings.frameRates.upperBound
      // One pass feeds every output at one rate: a faster video needs a render of its own.
      let remedy =
        outputs.contains { $0.format != nil }
        ? "render the GIF and the \(requestedFramesPerSecond) fps video separately"
        : "write .mp4 or .webm for \(requestedFramesPerSecond) fps"
      throw RenderOptionError(
        .framesPerSecond, value: "\(requestedFramesPerSecond)",
        [.text(": \(problem); use "), .value(.framesPerSecond, "\(fastest)"), .text(" or less, or \(remedy)")])
    }
    // A see-through background shows black in a format without alpha, as a clear canvas would.
    if let color = background.color, color.alpha < 1, let opaque = outputs.first(where: { $0.format?.carriesAlpha == false }),
      let format = opaque.format
    {
      throw RenderOptionError(
        .background, value: background.colorText,
        [.text(" is see-through and \(format.displayName) has no alpha: write .mov, .webm or .gif, or give an opaque colour")])
    }
    if Self.needsEvenSize(outputs), let requested = size.requested, !requested.isEven {
      throw RenderOptionError(.size, value: "\(requested)", [.text(": video needs an even width and height")])
    }
    let displayNames = outputs.compactMap { output -> String? in
      switch output.kind {
      case .video(let format): format.usesX26xOptions ? nil : format.displayName
      case .gif: "animated GIF"
      case .poster, .imageSequence: nil
      }
    }
    for name in displayNames {
      for (option, value) in [(RenderOption.encoderPreset, encoder.preset), (.tune, encoder.tune)] where value != nil {
        throw RenderOptionError(option, [.text(" applies to h264 and hevc, not to \(name)")])
      }
    }
  }

  private var writesGIF: Bool { outputs.contains { $0.kind == .gif } }

  /// The frame rate before the scene is known: the rate asked for, else the default for the
  /// outputs.
  public var framesPerSecond: Int {
    requestedFramesPerSecond ?? (writesGIF ? Self.defaultGIFFramesPerSecond : Self.defaultFramesPerSecond)
  }

  /// The frame rate of the render: the rate asked for, else the document's own rate rounded to
  /// a whole number (a Lottie file's `fr`; a GIF keeps its default above 50), else the default.
  public func rate(for scene: Scene) -> Int {
    guard requestedFramesPerSecond == nil, let own = scene.frameNumbering?.framesPerSecond else { return framesPerSecond }
    let rounded = max(1, Int(own.rounded()))
    if writesGIF, Self.gifRateProblem(rounded) != nil { return framesPerSecond }
    return rounded
  }

  /// Why a GIF cannot be written at `framesPerSecond`, or `nil` when it can (1 to 50 fps, see
  /// `GIFSettings`): the reason in the usage errors of the command line and of a manifest row.
  public static func gifRateProblem(_ framesPerSecond: Int) -> String? {
    guard !GIFSettings.frameRates.contains(framesPerSecond) else { return nil }
    return "a GIF shows at most \(GIFSettings.frameRates.upperBound) frames a second (its delays are whole hundredths, "
      + "and browsers show delays under 2 hundredths as 10)"
  }

  /// Whether the size must be even: 4:2:0 video halves both sides for chroma; a GIF (and the
  /// poster) take any size.
  public static func needsEvenSize(_ outputs: [RenderOutput]) -> Bool { outputs.contains { $0.format != nil } }

  /// The first video's path and format (what a single-output caller means).
  public var outputPath: String { outputs.first { $0.format != nil }?.path ?? "" }
  public var format: VideoFormat { outputs.compactMap(\.format).first ?? .h264 }

  /// The format `--format` names, or the output's extension implies (H.264 when the path has
  /// no extension, such as /dev/null). A named format must agree with the extension.
  public static func format(named name: String?, output: String) throws(RenderOptionError) -> VideoFormat {
    let pathExtension = (output as NSString).pathExtension.lowercased()
    if let name {
      let format = try RenderOptionValue.videoFormat(name)
      guard pathExtension.isEmpty || format.fileExtensions.contains(pathExtension) else {
        throw RenderOptionError(
          .format, value: name,
          [.text(": \(format.displayName) is written as .\(format.fileExtensions[0]), not .\(pathExtension); rename \(output)")])
      }
      return format
    }
    if pathExtension.isEmpty { return .h264 }
    guard let format = VideoFormat.implied(byExtension: pathExtension) else {
      throw RenderOptionError(
        .output, value: output,
        [
          .text(": cannot tell a video format from .\(pathExtension); use .mp4 (H.264, or HEVC with "), .value(.format, "hevc"),
          .text("), .mov (ProRes 4444) or .webm (VP9)"),
        ])
    }
    return format
  }

  /// The settings of one video output at `size` and `framesPerSecond`.
  public func videoSettings(_ format: VideoFormat, width: Int, height: Int, framesPerSecond: Int) -> VideoSettings {
    var settings = VideoSettings(
      format: format, width: width, height: height, framesPerSecond: framesPerSecond,
      constantRateFactor: encoder.constantRateFactor, encoderPreset: encoder.resolvedPreset, tune: encoder.resolvedTune)
    settings.soundtrack = format.carriesAAC ? soundtrack : nil
    settings.allowsEditLists = target?.allowsEditLists ?? true
    settings.audioFade = AudioFade(inSeconds: audioFade.in, outSeconds: audioFade.out)
    return settings
  }

  /// Refuses, for `scene` (the one `source` loads), what `run` would refuse once begun and
  /// before its first frame: an opaque format for a transparent canvas, too many frames, a
  /// frame size an encoder or the memory available does not take. Nothing is written; the
  /// preview's export panel asks before it queues a render, so that the page hears at once.
  public func preflight(_ scene: Scene, environment: [String: String]) throws {
    var scene = scene
    if isTransparent { scene.backgroundColor = .clear }
    let pixelSize = size.resolve(canvas: scene.canvasSize, requiresEven: Self.needsEvenSize(outputs))
    scene = try backed(scene, pixelSize: pixelSize)
    try checkCanvas(of: scene)
    let framesPerSecond = rate(for: scene)
    try checkFrameCount(try schedule(of: scene, framesPerSecond: framesPerSecond))
    _ = try MemoryBudget.workers(
      requested: workers, width: pixelSize.width, height: pixelSize.height, outputs: outputs,
      imagePixels: try ImageBudget.declaredPixels(in: scene), environment: environment, warn: { _ in })
    // What each encoder checks as it opens.
    for output in outputs {
      switch output.kind {
      case .video(let format):
        _ = try videoSettings(format, width: pixelSize.width, height: pixelSize.height, framesPerSecond: framesPerSecond).validated()
      case .gif:
        _ = try GIFSettings(width: pixelSize.width, height: pixelSize.height, framesPerSecond: framesPerSecond).validated()
      case .poster, .imageSequence: break
      }
    }
  }

  /// `scene` on this job's background at `pixelSize`, its image checked to be a file that can
  /// be read.
  private func backed(_ scene: Scene, pixelSize: PixelSize) throws -> Scene {
    guard !background.isNone else { return scene }
    try background.checkImage()
    let viewport = Viewport(canvasSize: scene.canvasSize, pixelWidth: pixelSize.width, pixelHeight: pixelSize.height, fit: size.fit)
    return background.applied(to: scene, viewport: viewport)
  }

  /// A preset whose canvas is not opaque asks for transparency itself; an opaque format
  /// would show its clear pixels as black, so it is refused as --transparent is.
  private func checkCanvas(of scene: Scene) throws {
    if !isTransparent, scene.backgroundColor.alpha < 1,
      let opaque = outputs.first(where: { $0.format?.carriesAlpha == false }), let format = opaque.format
    {
      throw UsageError(
        "the preset's canvas background is transparent and \(format.displayName) has no alpha: write .mov, .webm or .gif, "
          + "or give the background a colour (--param, if the preset has one)")
    }
  }

  private func checkFrameCount(_ schedule: FrameSchedule) throws {
    guard schedule.frameCount <= Self.maximumFrames else {
      let holds = schedule.holdStartFrames + schedule.holdEndFrames > 0 ? " and its holds" : ""
      throw UsageError(
        "\(loops) loops of \(schedule.clip.loopDuration) s\(holds) at \(schedule.framesPerSecond) fps is \(schedule.frameCount) frames; "
          + "at most \(Self.maximumFrames)")
    }
  }

  /// The frames of this job's clip of `scene` at `framesPerSecond`: its range, repeated
  /// `loops` times between its holds.
  ///
  /// - Throws: `RenderOptionError` for a range the scene does not have (see `ClipRange`).
  public func schedule(of scene: Scene, framesPerSecond: Int) throws(RenderOptionError) -> FrameSchedule {
    guard !range.isWhole || holdStart > 0 || holdEnd > 0 else {
      return FrameSchedule(clip: scene.clip, framesPerSecond: framesPerSecond, loops: loops)
    }
    let (clip, finalTime) = try range.window(in: scene)
    return FrameSchedule(
      clip: clip, framesPerSecond: framesPerSecond, loops: loops, holdStart: holdStart, holdEnd: holdEnd, finalTime: finalTime)
  }

  /// Refuses a render one of whose outputs would replace the preset, an image it shows or
  /// the soundtrack, or whose image sequences would write (or clear) each other's frames.
  private func checkOutputs(_ scene: Scene, frameCount: Int, environment: [String: String]) throws {
    var inputs = try source.inputs(scene, environment: environment)
    if case .file(let path)? = soundtrack { inputs.append(OutputPaths.Input(role: "the soundtrack", path: path)) }
    if let path = background.imagePath { inputs.append(OutputPaths.Input(role: "the background image", path: path)) }
    let sequences = outputs.compactMap { output -> FrameNamePattern? in
      if case .imageSequence(let pattern) = output.kind { return pattern }
      return nil
    }
    let files = outputs.filter { if case .imageSequence = $0.kind { false } else { true } }.map(\.path)
    try OutputPaths.checkNoInputOverwritten(files: files, sequences: sequences, inputs: inputs)
    try OutputPaths.checkSequencesApart(sequences, frameCount: frameCount)
  }

  /// Renders every frame once and writes every output, putting them all in place at the end,
  /// or none of them: a failure or a cancellation abandons what was begun and removes the
  /// folders the render made.
  ///
  /// - Parameters:
  ///   - progress: Told the frame count once it is known, then each frame done.
  ///   - log: Warnings and the closing summary, one line each.
  ///   - document: The file `source` names, already read (a batch renders the very bytes it
  ///     fingerprinted); `nil` reads it.
  /// - Returns: Where each output went, in the order of `outputs`: its path, or with
  ///   `keepingExisting` the free name it took.
  @discardableResult
  public func run(
    environment: [String: String], cancellation: CancellationFlag, progress: (any RenderProgress)? = nil,
    document: AnimationDocument? = nil, log: @escaping (String) -> Void
  ) throws -> [String] {
    let warn = { (line: String) in log("splashvid: \(line)") }
    var scene = try source.scene(of: try document ?? source.document(environment: environment), warn: warn)
    let framesPerSecond = rate(for: scene)
    if isTransparent { scene.backgroundColor = .clear }
    let pixelSize = size.resolve(canvas: scene.canvasSize, requiresEven: Self.needsEvenSize(outputs))
    scene = try backed(scene, pixelSize: pixelSize)
    try checkCanvas(of: scene)
    let schedule = try schedule(of: scene, framesPerSecond: framesPerSecond)
    try checkFrameCount(schedule)
    try checkOutputs(scene, frameCount: schedule.frameCount, environment: environment)
    // Workers that fit in memory, decided before any encoder opens or frame renders.
    let renderWorkers = try MemoryBudget.workers(
      requested: workers, width: pixelSize.width, height: pixelSize.height,
      outputs: outputs, imagePixels: try ImageBudget.declaredPixels(in: scene), environment: environment,
      warn: { log("splashvid: warning: \($0)") })
    let duration = Double(schedule.frameCount) / Double(framesPerSecond)
    let posterTime = self.posterTime ?? 0
    guard posterTime <= duration else {
      // As short as the value allows, never rounded: 3.0000001 must not read as 3.
      let shortest = String(format: "%g", posterTime)
      let shown = Double(shortest) == posterTime ? shortest : String(posterTime)
      throw RenderOptionError(.poster, value: shown, [.text(": the clip is " + String(format: "%.2f s long", duration))])
    }
    // The sound goes to MP4 and MOV; a WebM or a GIF beside them is written silent, which is said.
    if case .file(let path)? = soundtrack {
      for output in outputs where output.kind == .gif || output.format?.carriesAAC == false {
        let name = output.format?.displayName ?? "an animated GIF"
        log("splashvid: warning: --audio \(path): \(output.path) is written without it (\(name) carries no sound)")
      }
    }
    if let warning = target?.durationWarning(seconds: duration, loopSeconds: schedule.clip.loopDuration) {
      log("splashvid: \(warning)")
    }
    let posterIndex = min(Int((posterTime * Double(framesPerSecond)).rounded()), schedule.frameCount - 1)
    // Every check that needs no file is done: the outputs' missing folders are made now, and
    // unmade if the render does not complete.
    // A sequence that keeps existing files claims its own folder at the end (`PNGSequenceSink`):
    // only the folder that holds it is made now.
    let folders = try OutputFolders(
      creating: outputs.map { output in
        if case .imageSequence = output.kind, placement == .keepingExisting {
          (OutputFile.split(output.folder).folder, output.path)
        } else {
          (output.folder, output.path)
        }
      })
    var isComplete = false
    defer { if !isComplete { folders.removeCreated() } }
    let warnings = WarningLog(log: log)
    // A GIF's palette is sampled from frames before the pass; a bad GIF path fails before that.
    for output in outputs where output.kind == .gif { _ = try OutputFile(destination: output.path, placement: placement) }
    // One palette for every GIF output: they share the size, the frames and the transparency.
    let gifPalette =
      try writesGIF
      ? GIFPaletteSampling.palette(
        scene: scene, schedule: schedule, width: pixelSize.width, height: pixelSize.height, fit: size.fit,
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
          var settings = videoSettings(format, width: pixelSize.width, height: pixelSize.height, framesPerSecond: framesPerSecond)
          settings.audioFade.end = duration
          sinks.append(EncoderSink(writer: try VideoWriter(path: output.path, settings: settings, placement: placement)))
        case .gif:
          guard let gifPalette else { preconditionFailure("a GIF output without its palette") }
          let writer = try GIFWriter(
            path: output.path,
            settings: GIFSettings(width: pixelSize.width, height: pixelSize.height, framesPerSecond: framesPerSecond),
            palette: gifPalette, placement: placement)
          sinks.append(GIFSink(writer: writer))
        case .poster:
          sinks.append(try PosterSink(path: output.path, frame: posterIndex, placement: placement))
        case .imageSequence(let pattern):
          sinks.append(try PNGSequenceSink(pattern: pattern, frameCount: schedule.frameCount, placement: placement))
        }
      }
    } catch {
      abandonAll()
      throw error
    }
    var pipeline = RenderPipeline(
      scene: scene, schedule: schedule, pixelWidth: pixelSize.width, pixelHeight: pixelSize.height, fit: size.fit)
    pipeline.workers = renderWorkers
    if outputs.contains(where: { $0.kind == .poster }) { pipeline.alwaysRendered = [posterIndex] }
    progress?.start(frames: schedule.frameCount)
    do {
      try pipeline.run(
        makeBackend: { CairoBackend { warnings.warn($0) } }, sink: sinks.count == 1 ? sinks[0] : FanOutSink(sinks),
        cancellation: cancellation, progress: progress.map { progress in { progress.update($0) } })
    } catch {
      // Nothing half-written may outlive the failure, whoever still holds the writers; and
      // no output appears unless all of them could be completed.
      abandonAll()
      throw error
    }
    progress?.finish()
    isComplete = true
    for message in folders.messages { log(message) }
    let written = sinks.map(\.writtenPath)
    log(
      "wrote \(written.joined(separator: ", ")): \(schedule.frameCount) frames, \(pixelSize.width)x\(pixelSize.height), "
        + "\(framesPerSecond) fps, " + String(format: "%.2f s", duration))
    return written
  }
}

/// What a render tells its caller as it goes.
public protocol RenderProgress: AnyObject {
  /// The render is about to begin `frames` frames.
  func start(frames: Int)
  /// `done` frames have been handed to the outputs; called on the thread that runs the job.
  func update(_ done: Int)
  /// Every frame is done (not called when the render fails).
  func finish()
}

/// The encoder options of x264 and x265: the rate factor, the preset and the tune.
public struct EncoderChoice: Sendable, Equatable {
  /// 0 (best) to 51; 18 by default, close to visually lossless.
  public var constantRateFactor: Int
  /// The encoder preset asked for; `nil`: medium.
  public var preset: String?
  /// The tune asked for; `nil`: animation.
  public var tune: String?

  public static let defaultConstantRateFactor = 18
  public static let defaultPreset = "medium"
  public static let defaultTune = "animation"

  public init(constantRateFactor: Int = Self.defaultConstantRateFactor, preset: String? = nil, tune: String? = nil) {
    self.constantRateFactor = constantRateFactor
    self.preset = preset
    self.tune = tune
  }

  public var resolvedPreset: String { preset ?? Self.defaultPreset }
  public var resolvedTune: String { tune ?? Self.defaultTune }
}
