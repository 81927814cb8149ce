import SplashCore
import SplashEncode
import SplashRender

/// The render options `batch` takes for every clip: `splashvid batch DIR -o OUT --size 360x640
/// --fps 30`.
///
/// They are defaults: a manifest row's column overrides its option (`size`, `fps`, `loops`,
/// `format`, and `params` name by name over `--param`), and the rest (`--scale`, `--fit`,
/// `--crf`, `--x264-preset`, `--tune`, `--transparent`, `--target`) hold for every clip. They
/// are read and checked here, before any clip is looked at, so a bad `--size` is one refusal;
/// what depends on a clip (an odd size for a video, a GIF above 50 fps, `--transparent` for
/// H.264) is checked with the clip, by the job its request (these options and its row's
/// columns) builds.
public struct BatchDefaults: Sendable {
  /// What `--format` takes: the video formats, and `gif` (a batch's clips have no `-o` whose
  /// extension could say it); a row's `format` takes `mp4` too, for H.264.
  public static let formatNames = VideoFormat.allCases.map(\.rawValue) + ["gif"]

  /// The options as given, without outputs: each clip's request starts from them.
  public private(set) var request = RenderRequest()
  /// The same options read.
  public private(set) var settings = RenderSettings()

  /// No defaults: each clip as its row (or the preset alone) says.
  public init() {}

  /// The defaults `request` gives (its outputs are not the batch's: a clip's comes from its row).
  ///
  /// - Throws: `RenderOptionError` for a value out of range, a malformed one, or options that
  ///   contradict each other (`--size` with `--scale`, `--target` with `--fps`), as `render`
  ///   says it.
  public init(_ request: RenderRequest) throws(RenderOptionError) {
    var request = request
    request.outputs = []
    settings = try request.read()
    if let name = request[.format] { _ = try RenderOptionValue.formatName(name, among: Self.formatNames) }
    self.request = request
  }

  /// The platform `--target` names; it decides size, rate and format, so neither the options
  /// nor a row may give them.
  public var target: RenderTarget? { settings.target }
  /// The format the batch names, or its target's: a name of `formatNames`.
  public var formatName: String? { settings.formatName }
  /// `--param NAME=VALUE`, for every clip; a row's params win for the same name.
  public var parameters: [String: String] { settings.parameters }
}
