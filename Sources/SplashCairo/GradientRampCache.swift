import SplashCore
import SplashRaster

/// The ramps of the gradients a backend drew lately, so that a gradient drawn frame after frame
/// builds its table of 1024 colours once.
final class GradientRampCache {
  private struct Key: Hashable {
    var colors: [Color]
    var locations: [Double]
  }

  /// Most ramps kept (4 KB each); past it the cache starts afresh, as animated colours make a
  /// new ramp every frame and should not push the steady ones out one by one.
  static let capacity = 64

  private var ramps: [Key: GradientRamp] = [:]

  /// The ramp of `colors` at `locations`, built on first use.
  func ramp(colors: [Color], locations: [Double]) -> GradientRamp {
    let key = Key(colors: colors, locations: locations)
    if let ramp = ramps[key] { return ramp }
    if ramps.count >= Self.capacity { ramps.removeAll(keepingCapacity: true) }
    let ramp = GradientRamp(colors: colors, locations: locations)
    ramps[key] = ramp
    return ramp
  }
}
