/// What the encoder produces: size, frame rate and quality.
///
/// # Guarantees
/// `validated()` accepts only even sizes from 2×2 to 8192×8192 (4:2:0 video halves both
/// chroma dimensions) and frame rates from 1 to 240.
public struct VideoSettings: Sendable, Hashable {
  public var width: Int
  public var height: Int
  public var framesPerSecond: Int
  /// x264's constant rate factor: 0 is lossless, 18 is visually lossless for flat graphics.
  public var constantRateFactor: Int
  /// x264's speed/size trade-off preset.
  public var encoderPreset: String
  /// x264's tuning; `animation` suits flat vector content.
  public var tune: String

  public static let maximumSide = 8192
  public static let frameRateRange = 1...240

  public init(
    width: Int, height: Int, framesPerSecond: Int, constantRateFactor: Int = 18,
    encoderPreset: String = "medium", tune: String = "animation"
  ) {
    self.width = width
    self.height = height
    self.framesPerSecond = framesPerSecond
    self.constantRateFactor = constantRateFactor
    self.encoderPreset = encoderPreset
    self.tune = tune
  }

  /// A keyframe about every two seconds: seeking stays quick and files stay small.
  public var keyframeInterval: Int { framesPerSecond * 2 }

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
        stage: stage, message: "size \(width)x\(height) is odd; H.264 4:2:0 video needs even width and height")
    }
    guard Self.frameRateRange.contains(framesPerSecond) else {
      throw EncodeError(
        stage: stage,
        message: "\(framesPerSecond) fps is outside \(Self.frameRateRange.lowerBound)...\(Self.frameRateRange.upperBound)")
    }
    guard (0...51).contains(constantRateFactor) else {
      throw EncodeError(stage: stage, message: "CRF \(constantRateFactor) is outside 0...51")
    }
    return self
  }
}
