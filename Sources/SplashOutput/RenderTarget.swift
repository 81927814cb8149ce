import Foundation
import SplashCore
import SplashEncode
import SplashRender

/// A platform's requirements, applied by `--target NAME` (sources in docs/targets.md).
public struct RenderTarget: Sendable, Equatable {
  public var name: String
  /// What the target is for, for `--help` and messages.
  public var purpose: String
  /// The pixel size, or `nil` for the canvas at the default scale.
  public var size: PixelSize?
  public var framesPerSecond: Int
  public var format: VideoFormat
  /// Whether the platform wants an audio track even when the clip has no sound.
  public var needsSoundTrack: Bool
  public var isTransparent: Bool
  /// The durations the platform accepts, in seconds.
  public var durations: ClosedRange<Double>?
  /// Whether the platform's specification allows MP4 edit lists (Instagram's excludes them).
  public var allowsEditLists = true

  public static let all: [RenderTarget] = [
    RenderTarget(
      name: "appstore-6.9", purpose: "App Store preview, 6.9-inch iPhone", size: PixelSize(width: 886, height: 1920), framesPerSecond: 30,
      format: .h264, needsSoundTrack: true, isTransparent: false, durations: 15...30),
    RenderTarget(
      name: "appstore-6.5", purpose: "App Store preview, 6.5-inch iPhone", size: PixelSize(width: 886, height: 1920), framesPerSecond: 30,
      format: .h264, needsSoundTrack: true, isTransparent: false, durations: 15...30),
    RenderTarget(
      name: "instagram-story", purpose: "Instagram story or reel, 9:16", size: PixelSize(width: 1080, height: 1920), framesPerSecond: 30,
      format: .h264, needsSoundTrack: true, isTransparent: false, durations: 3...900, allowsEditLists: false),
    RenderTarget(
      name: "square", purpose: "square social post, 1:1", size: PixelSize(width: 1080, height: 1080), framesPerSecond: 30, format: .h264,
      needsSoundTrack: true, isTransparent: false, durations: 3...900, allowsEditLists: false),
    RenderTarget(
      name: "web", purpose: "web page overlay: VP9 with alpha", size: nil, framesPerSecond: 30, format: .vp9,
      needsSoundTrack: false, isTransparent: true, durations: nil),
  ]

  public static func named(_ name: String) throws(RenderOptionError) -> RenderTarget {
    guard let target = all.first(where: { $0.name == name }) else {
      throw RenderOptionError(.target, value: name, [.text(" is not one of \(all.map(\.name).joined(separator: ", "))")])
    }
    return target
  }

  /// How a fixed-size platform frames the canvas when no fit was asked for: it shows the
  /// whole frame, so the canvas fills it rather than being letterboxed.
  public func fit(requested: Viewport.Fit?) -> Viewport.Fit? {
    requested ?? (size != nil ? .cover : nil)
  }

  /// A warning when the clip's length is outside what the platform accepts, with the loop
  /// count that would fit.
  public func durationWarning(seconds: Double, loopSeconds: Double) -> String? {
    guard let durations, !durations.contains(seconds) else { return nil }
    let fewest = (durations.lowerBound / loopSeconds).clamped(to: 0...Int(Int32.max), rounding: .up)
    let most = (durations.upperBound / loopSeconds).clamped(to: 0...Int(Int32.max), rounding: .down)
    let advice = fewest <= most ? "; --loops \(fewest) to \(most) would fit" : ""
    return String(
      format: "warning: %@ accepts %g to %g s; this clip lasts %.2f s%@", name, durations.lowerBound,
      durations.upperBound, seconds, advice)
  }
}
