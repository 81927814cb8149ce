import SplashCore
import SplashEncode
import SplashOutput
import SplashRender

/// The render options `batch` takes for every clip: `splashvid batch DIR -o OUT --size 360x640
/// --fps 30`.
///
/// They are defaults: a manifest row's column overrides its option (`size`, `fps`, `loops`,
/// `format`, and `params` name by name over `--param`), and the rest (`--scale`, `--fit`,
/// `--crf`, `--x264-preset`, `--tune`, `--transparent`, `--target`) hold for every clip. Their
/// values are checked here, before any clip is looked at, so a bad `--size` is one usage error;
/// what depends on a clip (an odd size for a video, a GIF above 50 fps, `--transparent` for
/// H.264) is checked with the clip, as a manifest row's own values are.
struct BatchDefaults {
  static let valueOptions: Set<String> = [
    "size", "scale", "fit", "fps", "loops", "format", "crf", "x264-preset", "tune", "target",
  ]
  static let flags: Set<String> = ["transparent"]
  static let repeatableOptions: Set<String> = ["param"]
  /// What `--format` takes: the video formats, and `gif` (a batch's clips have no `-o` whose
  /// extension could say it).
  static let formatNames = VideoFormat.allCases.map(\.rawValue) + ["gif"]

  var size: PixelSize?
  /// `--scale`, for clips without a size.
  var scale: Double?
  var fit: Viewport.Fit?
  var framesPerSecond: Int?
  var loops: Int?
  /// A name of `formatNames`.
  var formatName: String?
  var constantRateFactor: Int?
  var encoderPreset: String?
  var tune: String?
  /// The platform `--target` names; it decides size, rate and format, so neither the options
  /// nor a row may give them.
  var target: RenderTarget?
  var isTransparent = false
  /// `--param NAME=VALUE`, for every clip; a row's params win for the same name.
  var parameters: [String: String] = [:]

  /// No defaults: each clip as its row (or the preset alone) says.
  init() {}

  /// The defaults on a `batch` command line.
  ///
  /// - Throws: `UsageError` for a value out of range, a malformed one, or options that
  ///   contradict each other (`--size` with `--scale`, `--target` with `--fps`), as `render`
  ///   says it.
  init(_ scanned: ArgumentScanner.Result) throws {
    let values = scanned.values
    if let name = values["target"] {
      let target = try RenderTarget.named(name)
      var applied = scanned
      // Refuses --size, --scale, --fps and --format beside the target, as render does.
      try target.apply(to: &applied)
      self.target = target
      framesPerSecond = target.framesPerSecond
      formatName = target.format.rawValue
      size = target.size
      isTransparent = target.isTransparent
    }
    // Size, scale and fit are checked together, as a render's are (a target refused --size
    // and --scale beside it, and gave its own size above).
    let checked = try OutputSize(values, maximumSide: VideoSettings.maximumSide)
    if target == nil {
      size = checked.requested
      framesPerSecond = try values["fps"].map(RenderOptionValue.framesPerSecond)
      formatName = try OptionParsing.choice(values["format"], option: "format", from: Self.formatNames)
    }
    scale = values["scale"] != nil ? checked.scale : nil
    fit = values["fit"] != nil ? checked.fit : nil
    loops = try values["loops"].map(RenderOptionValue.loops)
    constantRateFactor = try values["crf"].map(RenderOptionValue.constantRateFactor)
    encoderPreset = try values["x264-preset"].map(RenderOptionValue.encoderPreset)
    tune = try values["tune"].map(RenderOptionValue.tune)
    isTransparent = isTransparent || scanned.flags.contains("transparent")
    for assignment in scanned.repeated["param"] ?? [] {
      let (name, value) = try RenderOptionValue.parameter(assignment)
      parameters[name] = value
    }
  }
}
