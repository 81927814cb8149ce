/// What a GIF writer produces: size and frame rate.
///
/// # Guarantees
/// `validated()` accepts sizes from 1×1 to 8192×8192 (a GIF needs no even sides) and only the
/// frame rates in `frameRates`: a GIF's frame delays are whole hundredths of a second, and
/// browsers slow delays under 2/100 s down to about 1/10 s, so a frame must last a whole
/// number of hundredths, at least 2.
public struct GIFSettings: Sendable, Hashable {
  public var width: Int
  public var height: Int
  public var framesPerSecond: Int

  /// The frame rates a GIF plays exactly, fastest first.
  public static let frameRates = [50, 25, 20, 10, 5, 4, 2, 1]

  public init(width: Int, height: Int, framesPerSecond: Int) {
    self.width = width
    self.height = height
    self.framesPerSecond = framesPerSecond
  }

  /// How long each frame shows, in hundredths of a second.
  public var frameDelay: Int { 100 / framesPerSecond }

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
        message: "\(framesPerSecond) fps is not one of \(Self.frameRates.map(String.init).joined(separator: ", ")): "
          + "frame delays are whole hundredths of a second, at least 2")
    }
    return self
  }
}
