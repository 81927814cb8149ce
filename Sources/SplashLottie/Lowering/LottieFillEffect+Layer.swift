import SplashCore
import SplashModel

extension LottieFillEffect {
  /// Sets `layer`'s colour overlay to the effect's colour at its opacity, and adds its
  /// animation; the two are sampled together when both move.
  func apply(to layer: inout Layer, timeline: LottieTimeline, sampler: LottieSampler, limits: LottieLimits) {
    func overlay(_ rgb: [Double], _ opacity: Double) -> Color {
      let base = LottieColor.color(rgb)
      return Color(red: base.red, green: base.green, blue: base.blue, alpha: opacity.clampedToUnit)
    }
    let combined: LottieProperty<Color>
    switch (color.isAnimated, opacity.isAnimated) {
    case (false, _): combined = opacity.map { overlay(color.initialValue, $0) }
    case (true, false): combined = color.map { overlay($0, opacity.initialValue) }
    case (true, true):
      combined = sampler.property(of: [color, opacity.map { [$0] }], limit: limits.sampledFrames) { overlay($0[0], $0[1].first ?? 1) }
    }
    if let animation = LottieAnimations.bind(
      LayerPropertyRegistry.colorOverlay, to: combined, on: &layer, timeline: timeline, value: { $0 })
    {
      layer.animations.append(animation)
    }
  }
}
