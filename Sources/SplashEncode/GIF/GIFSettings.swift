/// What a GIF writer produces: size and frame rate.
///
/// # Guarantees
/// `validated()` accepts sizes from 1×1 to 8192×8192 (a GIF needs no even sides) and frame
/// rates from 1 to 50.
///
/// # Frame times
/// A GIF stores each frame's delay in whole hundredths of a second, so most rates (30, 24,
/// 15 fps) have no exact delay. Frame `i` starts at `round(100 · i / fps)` hundredths, halves
/// rounded up, and shows until the next frame starts (`delay(ofFrame:)`): every frame starts
/// within half a hundredth of its exact time, the error never accumulates, and a clip of N
/// frames lasts `round(100 · N / fps)` hundredths, exactly its length whenever that is whole
/// hundredths (30 fps: delays 3, 3, 4, 3, 3, 4, … and 90 frames last 300 hundredths).
///
/// Up to 50 fps every delay is at least 2 hundredths: the exact delay `100 / fps` is at least
/// 2, and rounding both of its ends takes less than one hundredth off it. Faster rates need delays of 0 or 1, which browsers
/// do not honour: Chromium (`DeferredImageDecoder::FrameDurationAtIndex`), Firefox
/// (`FrameTimeout::FromRawMilliseconds`, image/FrameTimeout.h) and WebKit (`ImageSourceCG`,
/// webkit.org/b/36082) show a frame of 10 ms or less for 100 ms, so such a GIF would play
/// about five times too slowly.
public struct GIFSettings: Sendable, Hashable {
  public var width: Int
  public var height: Int
  public var framesPerSecond: Int

  /// The frame rates a GIF plays as asked: every delay at least 2 hundredths.
  public static let frameRates = 1...50

  public init(width: Int, height: Int, framesPerSecond: Int) {
    self.width = width
    self.height = height
    self.framesPerSecond = framesPerSecond
  }

  /// When frame `index` starts, in hundredths of a second from the clip's start: `100 · index
  /// / fps` rounded to the nearest hundredth, halves up (in integers, so no rounding of
  /// binary fractions can move a frame).
  public func start(ofFrame index: Int) -> Int {
    (200 * index + framesPerSecond) / (2 * framesPerSecond)
  }

  /// How long frame `index` shows, in hundredths of a second: until the next one starts.
  public func delay(ofFrame index: Int) -> Int {
    start(ofFrame: index + 1) - start(ofFrame: index)
  }

  /// These settings, or an error that says which one is out of range.
  public func validated() throws -> GIFSettings {
    let stage = "checking the GIF settings"
    let side = VideoSettings.maximumSide
    guard (1...side).contains(width), (1...side).contains(height) else {
      throw EncodeError(stage: stage, message: "size \(width)x\(height) is outside 1x1...\(side)x\(side)")
    }
    guard Self.frameRates.contains(framesPerSecond) else {
      throw EncodeError(
        stage: stage,
        message: "\(framesPerSecond) fps is outside \(Self.frameRates.lowerBound)...\(Self.frameRates.upperBound): "
          + "frame delays are whole hundredths of a second, and browsers show delays under 2 as 10")
    }
    return self
  }
}
