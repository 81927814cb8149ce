/// What a player sees in a video file: its first video stream and container layout.
public struct VideoFileInfo: Sendable, Hashable {
  public var codecName: String
  /// The container's four-character code for the stream (`avc1`, `hvc1`, `ap4h`), empty when
  /// the container has none (WebM).
  public var codecTag: String
  public var profile: String?
  /// The level as FFmpeg reports it (`level_idc`: 40 for H.264 level 4.0, 120 for HEVC level
  /// 4.0, which counts in thirtieths); `nil` when unknown.
  public var level: Int?

  /// The level as people write it ("4", "4.1"), or `nil` when unknown.
  public var levelName: String? {
    guard let level else { return nil }
    // HEVC's general_level_idc is 30 × the level; H.264's level_idc is 10 × the level.
    let tenths = codecName == "hevc" ? level / 3 : level
    return tenths % 10 == 0 ? "\(tenths / 10)" : "\(tenths / 10).\(tenths % 10)"
  }
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
  /// Whether the stream carries alpha (in its pixel format, or beside it as VP9 in WebM does).
  public var hasAlpha: Bool
  /// For a GIF, its NETSCAPE2.0 loop count (0: forever; `nil`: plays once).
  public var gifLoopCount: Int?
  /// The first audio stream, if the file has one.
  public var audio: AudioStreamInfo?
  /// Whether every frame lasts the same number of stream ticks.
  public var isConstantFrameRate: Bool
  /// The number of keyframes, and the longest run of packets from one keyframe to the next.
  public var keyframeCount: Int
  public var longestKeyframeInterval: Int

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
    codec=\(codecName) tag=\(codecTag.isEmpty ? "none" : codecTag) profile=\(profile ?? "none") level=\(level.map(String.init) ?? "unknown") size=\(width)x\(height) pix_fmt=\(pixelFormat) alpha=\(hasAlpha)
    color_space=\(colorSpace) color_primaries=\(colorPrimaries) color_transfer=\(colorTransfer) color_range=\(colorRange)
    avg_frame_rate=\(averageFrameRate.0)/\(averageFrameRate.1) r_frame_rate=\(realFrameRate.0)/\(realFrameRate.1) constant=\(isConstantFrameRate)
    frames=\(declaredFrameCount) decoded=\(decodedFrameCount) duration=\(durationSeconds)
    boxes=\(topLevelBoxes.joined(separator: ","))
    audio=\(audio.map { "\($0.codecName)/\($0.sampleRate)/\($0.channels)/\($0.durationSeconds)" } ?? "none")
    """
  }

  /// What breaks or degrades playback in common players and uploads, one sentence each.
  public var warnings: [String] {
    var found: [String] = []
    // A GIF is RGB through a palette: no chroma subsampling, no colour tags (players take it
    // as sRGB), no index boxes; what can go wrong is its looping.
    if codecName == "gif" {
      if gifLoopCount == nil { found.append("the GIF plays once: it has no NETSCAPE2.0 loop extension") }
      return found
    }
    if width % 2 != 0 || height % 2 != 0 {
      found.append("odd size \(width)x\(height): 4:2:0 players and many uploads reject or crop it")
    }
    let tags = [
      ("color_space", colorSpace), ("color_primaries", colorPrimaries), ("color_transfer", colorTransfer), ("color_range", colorRange),
    ]
    let missing = tags.filter { $0.1 == "unknown" || $0.1 == "unspecified" }.map(\.0)
    if !missing.isEmpty {
      found.append("no \(missing.joined(separator: ", ")) tag: players guess, and guesses differ (colours shift)")
    }
    if codecName == "h264" && pixelFormat.hasPrefix("yuv444") {
      found.append("H.264 4:4:4 (\(pixelFormat)): browsers, phones and QuickTime cannot play it")
    }
    if codecName == "h264" && pixelFormat.hasPrefix("yuv422") {
      found.append("H.264 4:2:2 (\(pixelFormat)): browsers and phones cannot play it")
    }
    if codecName == "hevc" && codecTag == "hev1" {
      found.append("HEVC tagged hev1: QuickTime and Safari play HEVC in MP4 only as hvc1")
    }
    if topLevelBoxes.contains("moov") && !isFastStart {
      found.append("the index (moov) comes after the media: playback cannot start until the whole file has arrived")
    }
    if !isConstantFrameRate || averageFrameRate.0 * realFrameRate.1 != realFrameRate.0 * averageFrameRate.1 {
      found.append("variable frame rate: editors and some players drift out of sync")
    }
    return found
  }
}

/// What a player hears: a file's first audio stream.
public struct AudioStreamInfo: Sendable, Hashable {
  public var codecName: String
  public var sampleRate: Int
  public var channels: Int
  /// The stream's duration by its own time base.
  public var durationSeconds: Double
}
