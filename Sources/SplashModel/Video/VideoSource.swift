/// A video file a scene shows, as its container and stream declare it: probed once by the
/// loader, shared by every frame and worker, and told apart by its path alone.
///
/// The model knows only when each frame shows; decoding is the loader's business (SplashOutput
/// opens decoders through SplashEncode's FFmpeg wrapper), so the model and the backends stay
/// free of any media library. A backend asks for one decoder per worker (`makeDecoder`) and
/// keeps it for every frame it draws.
public final class VideoSource: Sendable, Hashable {
  /// The file, resolved against the preset's folder; also its name in messages.
  public let path: String
  /// The decoded picture's size in pixels.
  public let width: Int
  public let height: Int
  /// When each frame shows, in seconds from the first frame, ascending (the first is 0):
  /// presentation order, exact for a variable frame rate.
  public let frameTimes: [Double]
  /// Seconds from the first frame's start to the last frame's end.
  public let duration: Double
  /// Whether frames carry alpha (ProRes 4444, VP9 with alpha): drawn over what is beneath.
  public let hasAlpha: Bool
  private let opener: @Sendable () throws -> any VideoFrameDecoder

  public init(
    path: String, width: Int, height: Int, frameTimes: [Double], duration: Double, hasAlpha: Bool,
    makeDecoder: @escaping @Sendable () throws -> any VideoFrameDecoder
  ) {
    precondition(!frameTimes.isEmpty, "a video source has at least one frame")
    self.path = path
    self.width = width
    self.height = height
    self.frameTimes = frameTimes
    self.duration = duration
    self.hasAlpha = hasAlpha
    opener = makeDecoder
  }

  /// A decoder of this file for one worker.
  public func makeDecoder() throws -> any VideoFrameDecoder { try opener() }

  /// The frame showing at `videoTime` seconds from the first frame: the last that starts at or
  /// before it, as a player shows it (the first before the first; the last after the last).
  public func frameIndex(at videoTime: Double) -> Int {
    // Scene times are multiples of 1/fps and frame times of the stream's time base; both are
    // rounded, so a frame that starts "at" a scene time may start a hair after it in doubles.
    let time = videoTime + Self.timeTolerance
    return max(frameTimes.countOfLeading { $0 <= time } - 1, 0)
  }

  /// How much later than a frame's start a time may be taken as that start: a microsecond,
  /// far below any frame.
  static let timeTolerance = 1e-6

  public static func == (lhs: VideoSource, rhs: VideoSource) -> Bool { lhs.path == rhs.path }
  public func hash(into hasher: inout Hasher) { hasher.combine(path) }
}

/// Decodes one video's frames for one worker, in any order (seeking as it must).
public protocol VideoFrameDecoder: AnyObject {
  /// Writes frame `index` (presentation order) as premultiplied BGRA, `bytesPerRow` bytes a
  /// row, into `pixels`, which holds the source's `width` × `height` pixels.
  ///
  /// - Throws: the decoder's error, naming the file and the frame.
  func decodeFrame(_ index: Int, into pixels: UnsafeMutableRawPointer, bytesPerRow: Int) throws
}

/// The frame of a video a layer shows at a time: what its contents are in a presentation
/// tree, so two frames that show the same video frame compare equal.
public struct VideoFrame: Sendable, Hashable {
  public var source: VideoSource
  /// The frame's index in presentation order.
  public var index: Int

  public init(source: VideoSource, index: Int) {
    self.source = source
    self.index = index
  }
}
