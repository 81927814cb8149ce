/// What the encoder produces: format, size, frame rate and quality.
///
/// # Guarantees
/// `validated()` accepts only even sizes from 2×2 to 8192×8192 (4:2:0 video halves both
/// chroma dimensions; HEVC from 16×16, see `hevcSizeProblem`) and frame rates from 1 to 240.
public struct VideoSettings: Sendable, Hashable {
  /// Codec, pixel format and container.
  public var format: VideoFormat = .h264
  public var width: Int
  public var height: Int
  public var framesPerSecond: Int
  /// x264's (and x265's) constant rate factor: 0 is the best quality (lossless in x264, so
  /// refused for H.264), 18 is visually lossless for flat graphics. VP9 maps it to its own
  /// 0–63 scale; ProRes has no rate factor.
  public var constantRateFactor: Int
  /// x264's (and x265's) speed/size trade-off preset.
  public var encoderPreset: String
  /// x264's (and x265's) tuning; `animation` suits flat vector content; `none` uses none.
  public var tune: String
  /// Whether BT.709 and the limited range are declared in the stream and the container. Only
  /// tests turn this off, to make the kind of file `probe` warns about.
  package var writesColorTags = true
  /// Whether the index (moov) goes before the media. Only tests turn this off.
  package var isFastStart = true
  /// Whether an MP4 or MOV may carry edit lists (`elst`). A platform whose specification
  /// excludes them (Instagram's) gets none: B-frames are placed by negative composition offsets
  /// instead (version 1 `ctts`), so the first frame still shows at time 0.
  public var allowsEditLists = true
  /// A sound track to mux beside the video (AAC stereo, 48 kHz), or none.
  public var soundtrack: Soundtrack?
  /// Seconds the sound fades in from silence at the start, and out to silence at the end
  /// (`--audio-fade`); linear in amplitude.
  public var audioFade = AudioFade()
  /// The AAC bit rate: 256 kbit/s, what App Store previews ask for.
  public var audioBitRate = 256_000
  /// Another FFmpeg encoder than the format's; tests name a missing one to check the error.
  package var encoderNameOverride: String?

  /// The FFmpeg encoder that writes the stream.
  public var encoderName: String { encoderNameOverride ?? format.encoderName }

  public static let maximumSide = 8192
  public static let frameRateRange = 1...240
  public static let encoderPresets = [
    "ultrafast", "superfast", "veryfast", "faster", "fast", "medium", "slow", "slower", "veryslow", "placebo",
  ]
  public static let tunes = ["animation", "film", "grain", "stillimage", "fastdecode", "zerolatency", "none"]

  public init(
    format: VideoFormat = .h264, width: Int, height: Int, framesPerSecond: Int, constantRateFactor: Int = 18,
    encoderPreset: String = "medium", tune: String = "animation"
  ) {
    self.format = format
    self.width = width
    self.height = height
    self.framesPerSecond = framesPerSecond
    self.constantRateFactor = constantRateFactor
    self.encoderPreset = encoderPreset
    self.tune = tune
  }

  /// The H.264 level declared for this size and rate (other formats let their encoder choose).
  public var level: String? { H264Level.minimum(width: width, height: height, framesPerSecond: framesPerSecond) }

  /// A keyframe about every two seconds: seeking stays quick and files stay small.
  public var keyframeInterval: Int { framesPerSecond * 2 }

  /// The smallest side x265 encodes: its smallest coding block is 8 pixels, but it refuses
  /// sides under 16 (`Invalid argument` from `avcodec_open2`; found by trying even sizes with
  /// Debian 12's libx265 3.5: 14x64 and 64x14 fail, 16x16 and 16x64 encode).
  public static let hevcMinimumSide = 16
  /// The longest side x265 encodes beside a side under 32 pixels.
  ///
  /// x265 codes such a picture in 16-pixel blocks, and HEVC levels 5 and up allow only 32 or
  /// 64-pixel blocks (ITU-T H.265 A.4.1), so the picture must fit level 4.1: each side at most
  /// √(8 × 2 228 224) = 4222 pixels after x265 pads it to a multiple of 8. Tried: 4216x16 and
  /// 30x4216 encode, 4218x16 and 4218x30 fail (`Invalid data found when processing input`).
  public static let hevcLongestSideBesideNarrow = 4216

  /// Why x265 would refuse a `width`×`height` picture, or `nil` when it encodes it.
  static func hevcSizeProblem(width: Int, height: Int) -> String? {
    if min(width, height) < hevcMinimumSide {
      return "size \(width)x\(height) is too small for HEVC: x265 needs each side at least \(hevcMinimumSide) pixels"
    }
    if min(width, height) < 32 && max(width, height) > hevcLongestSideBesideNarrow {
      return "size \(width)x\(height) is too narrow for HEVC: beside a side under 32 pixels, x265 allows at most "
        + "\(hevcLongestSideBesideNarrow) pixels (HEVC levels 5 and up need 32-pixel blocks)"
    }
    return nil
  }

  /// These settings, or an error that says which one is out of range.
  public func validated() throws -> VideoSettings {
    let stage = "checking the video settings"
    guard (2...Self.maximumSide).contains(width), (2...Self.maximumSide).contains(height) else {
      throw EncodeError(
        stage: stage,
        message: "size \(width)x\(height) is outside 2x2...\(Self.maximumSide)x\(Self.maximumSide)")
    }
    guard width % 2 == 0, height % 2 == 0 else {
      throw EncodeError(
        stage: stage, message: "size \(width)x\(height) is odd; \(format.displayName) video needs even width and height")
    }
    if format == .hevc, let problem = Self.hevcSizeProblem(width: width, height: height) {
      throw EncodeError(stage: stage, message: problem)
    }
    guard Self.frameRateRange.contains(framesPerSecond) else {
      throw EncodeError(
        stage: stage,
        message: "\(framesPerSecond) fps is outside \(Self.frameRateRange.lowerBound)...\(Self.frameRateRange.upperBound)")
    }
    guard (0...51).contains(constantRateFactor) else {
      throw EncodeError(stage: stage, message: "CRF \(constantRateFactor) is outside 0...51")
    }
    // x264's 0 is lossless, which needs the High 4:4:4 Predictive profile: Apple's players and
    // phones do not play it, and x264 refuses it in the High profile written here.
    guard format != .h264 || constantRateFactor > 0 else {
      throw EncodeError(stage: stage, message: "CRF 0 (lossless) is outside 1...51 for H.264")
    }
    guard Self.encoderPresets.contains(encoderPreset) else {
      throw EncodeError(stage: stage, message: "x264 preset \(encoderPreset) is not one of \(Self.encoderPresets.joined(separator: ", "))")
    }
    guard Self.tunes.contains(tune) else {
      throw EncodeError(stage: stage, message: "x264 tune \(tune) is not one of \(Self.tunes.joined(separator: ", "))")
    }
    if soundtrack != nil && format == .vp9 {
      throw EncodeError(stage: stage, message: "VP9 WebM takes Opus or Vorbis sound, not AAC; write the soundtrack to .mp4 or .mov")
    }
    guard format != .h264 || level != nil else {
      throw EncodeError(stage: stage, message: "\(width)x\(height) at \(framesPerSecond) fps is beyond H.264 level 6.2")
    }
    return self
  }
}
