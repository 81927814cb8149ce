import SplashCore
import SplashEncode
import SplashRender

/// A render asked for in words: each render option's text as a front end gave it, before any
/// of it is read.
///
/// Every front end builds one from its own key–value pairs, and `RenderJob(_:source:)` reads
/// and checks it, the one place that does; so the same words make the same job, or the same
/// `RenderOptionError`, whoever says them:
///
///     command line    --fps 24 --size 120x214 -o a.gif       ┐
///     manifest row    fps,size,output = 24,120x214,a.gif     │  RenderRequest  →  RenderJob
///     (over the batch's --loops 2 …)                         │  [fps: "24", size: "120x214", …]
///     preview export  fps=24&size=120x214&format=gif         ┘
public struct RenderRequest: Sendable, Equatable {
  /// Each option's text, by option; a flag that was given (`transparent`) has an empty text.
  /// `parameters` and `output` are kept apart, below: they repeat.
  public var values: [RenderOption: String] = [:]
  /// `NAME=VALUE` each, in the order given: a later one wins for the same name.
  public var parameters: [String] = []
  /// The files the frames go to, each told by its extension (`-o` on the command line).
  public var outputs: [String] = []
  /// The longest side `size` may ask for (the preview exports less than a render writes).
  public var maximumSide = VideoSettings.maximumSide

  public init(values: [RenderOption: String] = [:], parameters: [String] = [], outputs: [String] = []) {
    self.values = values
    self.parameters = parameters
    self.outputs = outputs
  }

  public subscript(option: RenderOption) -> String? {
    get { values[option] }
    set { values[option] = newValue }
  }

  /// Whether a flag was given.
  public func has(_ flag: RenderOption) -> Bool { values[flag] != nil }

  /// The options a target sets itself: giving one beside it is a mistake (the platform decides
  /// it). `fit` is not among them: it only frames the canvas.
  static let setByTarget: [RenderOption] = [.size, .scale, .framesPerSecond, .format]

  /// The request read and checked option by option, and against each other where no output
  /// is needed: a target with what it sets, `size` with `scale`.
  ///
  /// A batch reads its options this way before any clip is looked at, so that a bad `--size`
  /// is one refusal, not one per clip.
  public func read() throws(RenderOptionError) -> RenderSettings {
    var request = self
    let target = try values[.target].map(RenderTarget.named)
    if let target {
      for option in Self.setByTarget where values[option] != nil {
        throw RenderOptionError(
          .target, value: target.name,
          [.text(" sets "), .option(option == .scale ? .size : option), .text("; leave "), .value(option, values[option]!), .text(" out")])
      }
      if let size = target.size { request[.size] = "\(size)" }
      request[.framesPerSecond] = String(target.framesPerSecond)
      request[.format] = target.format.rawValue
    }
    var settings = RenderSettings()
    settings.target = target
    settings.loops = try request[.loops].map(RenderOptionValue.loops) ?? 1
    settings.framesPerSecond = try request[.framesPerSecond].map(RenderOptionValue.framesPerSecond)
    settings.encoder = EncoderChoice(
      constantRateFactor: try request[.constantRateFactor].map(RenderOptionValue.constantRateFactor)
        ?? EncoderChoice.defaultConstantRateFactor,
      preset: try request[.encoderPreset].map(RenderOptionValue.encoderPreset),
      tune: try request[.tune].map(RenderOptionValue.tune))
    settings.workers = try request[.workers].map(RenderOptionValue.workers)
    settings.posterTime = try request[.poster].map(RenderOptionValue.poster)
    settings.formatName = request[.format]
    settings.isTransparent = request.has(.transparent) || target?.isTransparent == true
    if let path = request[.audio] {
      settings.soundtrack = .file(path)
    } else if target?.needsSoundTrack == true {
      settings.soundtrack = .silence
    }
    // Even sides are the job's to check, once its outputs say whether a video is among them.
    let maximumSide = self.maximumSide
    let requested = try request[.size].map { text throws(RenderOptionError) in try RenderOptionValue.size(text, maximumSide: maximumSide) }
    if request[.scale] != nil && requested != nil { throw RenderOptionValue.sizeAndScale }
    let fit = try request[.fit].map(RenderOptionValue.fit)
    settings.size = OutputSize(
      requested: requested, scale: try request[.scale].map(RenderOptionValue.scale) ?? OutputSize.defaultScale,
      fit: target?.fit(requested: fit) ?? fit ?? .contain)
    try readClip(request, into: &settings)
    try readBackground(request, target: target, into: &settings)
    for assignment in parameters {
      let (name, value) = try RenderOptionValue.parameter(assignment)
      settings.parameters[name] = value
    }
    return settings
  }

  /// The part of the animation, its holds and the sound's fades.
  private func readClip(_ request: RenderRequest, into settings: inout RenderSettings) throws(RenderOptionError) {
    settings.range = ClipRange(
      start: try request[.start].map { text throws(RenderOptionError) in try RenderOptionValue.moment(text, .start) },
      end: try request[.end].map { text throws(RenderOptionError) in try RenderOptionValue.moment(text, .end) },
      segment: try request[.segment].map(RenderOptionValue.segment))
    // A segment is a start and an end: one given beside it contradicts it or repeats it.
    if let segment = request[.segment], let bound = [RenderOption.start, .end].first(where: { request[$0] != nil }) {
      throw RenderOptionError(
        .segment, value: segment, [.text(" sets the start and the end; leave "), .value(bound, request[bound]!), .text(" out")])
    }
    settings.holdStart = try request[.holdStart].map { text throws(RenderOptionError) in try RenderOptionValue.hold(text, .holdStart) } ?? 0
    settings.holdEnd = try request[.holdEnd].map { text throws(RenderOptionError) in try RenderOptionValue.hold(text, .holdEnd) } ?? 0
    if let text = request[.audioFade] {
      guard request[.audio] != nil else {
        throw RenderOptionError(.audioFade, value: text, [.text(" fades a sound track; give "), .option(.audio), .text(" too")])
      }
      settings.audioFade = try RenderOptionValue.audioFade(text)
    }
  }

  /// What shows behind the animation, refused beside what clears it.
  private func readBackground(
    _ request: RenderRequest, target: RenderTarget?, into settings: inout RenderSettings
  ) throws(RenderOptionError) {
    settings.background = SceneBackground(
      color: try request[.background].map { text throws(RenderOptionError) in try RenderOptionValue.color(text, .background) },
      colorText: request[.background],
      imagePath: try request[.backgroundImage].map { text throws(RenderOptionError) in try RenderOptionValue.file(text, .backgroundImage) },
      imageFit: try request[.backgroundFit].map { text throws(RenderOptionError) in try RenderOptionValue.fit(text, .backgroundFit) }
        ?? .cover)
    if request[.backgroundFit] != nil && request[.backgroundImage] == nil {
      throw RenderOptionError(
        .backgroundFit, value: request[.backgroundFit], [.text(" fits an image; give "), .option(.backgroundImage), .text(" too")])
    }
    // The background is what --transparent clears: asking for both asks for two things at once.
    if settings.isTransparent, let painted = [RenderOption.background, .backgroundImage].first(where: { request[$0] != nil }) {
      let clearing: [RenderOptionError.Part] = request.has(.transparent) ? [.option(.transparent)] : [.value(.target, target?.name ?? "")]
      throw RenderOptionError(painted, value: request[painted], [.text(" paints what ")] + clearing + [.text(" clears; give one of them")])
    }
  }
}

/// A `RenderRequest`'s options read into values: everything of a `RenderJob` but its outputs
/// and its source.
public struct RenderSettings: Sendable {
  public var target: RenderTarget?
  public var loops = 1
  /// `nil`: the document's own rate (a Lottie file's), else the default.
  public var framesPerSecond: Int?
  public var size = OutputSize()
  public var posterTime: Double?
  public var isTransparent = false
  public var soundtrack: Soundtrack?
  public var encoder = EncoderChoice()
  public var workers: Int?
  /// The format named (the target's when there is one), read with the outputs.
  public var formatName: String?
  /// The parameters, by name.
  public var parameters: [String: String] = [:]
  /// The part of the animation the loops repeat.
  public var range = ClipRange()
  /// Seconds of the first frame before the loops, and of the final state after them.
  public var holdStart = 0.0
  public var holdEnd = 0.0
  /// What shows behind the animation.
  public var background = SceneBackground()
  /// Seconds the sound fades in and out.
  public var audioFade = (in: 0.0, out: 0.0)
}
