/// What a player sees in a video file: its first video stream and container layout.
public struct VideoFileInfo: Sendable, Hashable {
  public var codecName: String
  public var profile: String?
  public var width: Int
  public var height: Int
  public var pixelFormat: String
  /// `colour_space` / matrix coefficients as FFmpeg names them (`bt709`, `unknown`, …).
  public var colorSpace: String
  public var colorPrimaries: String
  public var colorTransfer: String
  /// `tv` (limited) or `pc` (full).
  public var colorRange: String
  /// Average and real base frame rates as fractions (numerator, denominator).
  public var averageFrameRate: (Int, Int)
  public var realFrameRate: (Int, Int)
  /// The frame count the container declares.
  public var declaredFrameCount: Int
  /// The frames actually decoded.
  public var decodedFrameCount: Int
  public var durationSeconds: Double
  /// Top-level boxes of an MP4 file in order (`ftyp`, `moov`, `mdat`, …).
  public var topLevelBoxes: [String]

  public static func == (lhs: VideoFileInfo, rhs: VideoFileInfo) -> Bool {
    lhs.summary == rhs.summary
  }

  public func hash(into hasher: inout Hasher) { hasher.combine(summary) }

  /// Whether the index comes before the media, so playback can start while downloading.
  public var isFastStart: Bool {
    guard let moov = topLevelBoxes.firstIndex(of: "moov"), let mdat = topLevelBoxes.firstIndex(of: "mdat") else {
      return false
    }
    return moov < mdat
  }

  /// One line per fact, stable for tests and for `probe`.
  public var summary: String {
    """
    codec=\(codecName) profile=\(profile ?? "none") size=\(width)x\(height) pix_fmt=\(pixelFormat)
    color_space=\(colorSpace) color_primaries=\(colorPrimaries) color_transfer=\(colorTransfer) color_range=\(colorRange)
    avg_frame_rate=\(averageFrameRate.0)/\(averageFrameRate.1) r_frame_rate=\(realFrameRate.0)/\(realFrameRate.1)
    frames=\(declaredFrameCount) decoded=\(decodedFrameCount) duration=\(durationSeconds)
    boxes=\(topLevelBoxes.joined(separator: ","))
    """
  }
}
