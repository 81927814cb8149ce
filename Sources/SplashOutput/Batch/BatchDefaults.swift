import SplashCore
import SplashEncode
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
public struct BatchDefaults: Sendable {
  /// What `--format` takes: the video formats, and `gif` (a batch's clips have no `-o` whose
  /// extension could say it).
  public static let formatNames = VideoFormat.allCases.map(\.rawValue) + ["gif"]

  public var size: PixelSize?
  /// `--scale`, for clips without a size.
  public var scale: Double?
  public var fit: Viewport.Fit?
  public var framesPerSecond: Int?
  public var loops: Int?
  /// A name of `formatNames`.
  public var formatName: String?
  public var constantRateFactor: Int?
  public var encoderPreset: String?
  public var tune: String?
  /// The platform `--target` names; it decides size, rate and format, so neither the options
  /// nor a row may give them.
  public var target: RenderTarget?
  public var isTransparent = false
  /// `--param NAME=VALUE`, for every clip; a row's params win for the same name.
  public var parameters: [String: String] = [:]

  /// No defaults: each clip as its row (or the preset alone) says.
  public init() {}
}
