import Foundation
import SplashEncode

/// A platform's requirements, applied by `--target NAME` (sources in docs/targets.md).
struct RenderTarget {
  var name: String
  /// What the target is for, for `--help` and messages.
  var purpose: String
  /// The pixel size, or `nil` for the canvas at the default scale.
  var size: (width: Int, height: Int)?
  var framesPerSecond: Int
  var format: VideoFormat
  /// Whether the platform wants an audio track even when the clip has no sound.
  var needsSoundTrack: Bool
  var isTransparent: Bool
  /// The durations the platform accepts, in seconds.
  var durations: ClosedRange<Double>?

  static let all: [RenderTarget] = [
    RenderTarget(
      name: "appstore-6.9", purpose: "App Store preview, 6.9-inch iPhone", size: (886, 1920), framesPerSecond: 30,
      format: .h264, needsSoundTrack: true, isTransparent: false, durations: 15...30),
    RenderTarget(
      name: "appstore-6.5", purpose: "App Store preview, 6.5-inch iPhone", size: (886, 1920), framesPerSecond: 30,
      format: .h264, needsSoundTrack: true, isTransparent: false, durations: 15...30),
    RenderTarget(
      name: "instagram-story", purpose: "Instagram story or reel, 9:16", size: (1080, 1920), framesPerSecond: 30,
      format: .h264, needsSoundTrack: true, isTransparent: false, durations: 3...900),
    RenderTarget(
      name: "square", purpose: "square social post, 1:1", size: (1080, 1080), framesPerSecond: 30, format: .h264,
      needsSoundTrack: true, isTransparent: false, durations: 3...900),
    RenderTarget(
      name: "web", purpose: "web page overlay: VP9 with alpha", size: nil, framesPerSecond: 30, format: .vp9,
      needsSoundTrack: false, isTransparent: true, durations: nil),
  ]

  static func named(_ name: String) throws -> RenderTarget {
    guard let target = all.first(where: { $0.name == name }) else {
      throw UsageError("--target \(name) is not one of \(all.map(\.name).joined(separator: ", "))")
    }
    return target
  }

  /// The options this target sets, as the command line would give them. Giving one of them
  /// too is a mistake (the platform decides it), except `--fit`, which only frames the canvas.
  func apply(to scanned: inout ArgumentScanner.Result) throws {
    for option in ["size", "scale", "fps", "format"] where scanned.values[option] != nil {
      throw UsageError("--target \(name) sets --\(option == "scale" ? "size" : option); leave --\(option) out")
    }
    if let size { scanned.values["size"] = "\(size.width)x\(size.height)" }
    scanned.values["fps"] = String(framesPerSecond)
    scanned.values["format"] = format.rawValue
    // A fixed-size platform shows the whole frame: fill it rather than letterbox the canvas.
    if size != nil, scanned.values["fit"] == nil { scanned.values["fit"] = "cover" }
    if isTransparent { scanned.flags.insert("transparent") }
  }

  /// A warning when the clip's length is outside what the platform accepts, with the loop
  /// count that would fit.
  func durationWarning(seconds: Double, loopSeconds: Double) -> String? {
    guard let durations, !durations.contains(seconds) else { return nil }
    let fewest = Int((durations.lowerBound / loopSeconds).rounded(.up))
    let most = Int((durations.upperBound / loopSeconds).rounded(.down))
    let advice = fewest <= most ? "; --loops \(fewest) to \(most) would fit" : ""
    return String(
      format: "warning: %@ accepts %g to %g s; this clip lasts %.2f s%@", name, durations.lowerBound,
      durations.upperBound, seconds, advice)
  }
}
