import Foundation
import SplashCore
import SplashModel

extension LottieShadow {
  /// Sets `layer`'s shadow and adds its animations on `timeline`.
  func apply(to layer: inout Layer, timeline: LottieTimeline, sampler: LottieSampler, limits: LottieLimits) {
    func offset(at frame: Double) -> Size {
      let radians = angle.value(at: frame) * .pi / 180
      let length = distance.value(at: frame)
      return Size(width: length * cos(radians), height: length * sin(radians))
    }
    let fraction = opacity.clamped(to: 0...1)
    LayerPropertyRegistry.shadowOffset.set(
      offset(at: angle.keyframeFrames.first ?? distance.keyframeFrames.first ?? 0), in: &layer.properties)
    var animations: [Animation?] = [
      LottieAnimations.bind(LayerPropertyRegistry.shadowColor, to: color, on: &layer, timeline: timeline) {
        LottieColor.color($0)
      },
      LottieAnimations.bind(LayerPropertyRegistry.shadowOpacity, to: fraction, on: &layer, timeline: timeline) { $0 },
      LottieAnimations.bind(LayerPropertyRegistry.shadowRadius, to: radius, on: &layer, timeline: timeline) { max($0, 0) },
    ]
    // The offset is a polar pair: sampled per frame when either part moves.
    let frames = sampler.frames(of: [angle.map { [$0] }, distance.map { [$0] }], limit: limits.sampledFrames)
    if frames.count > 1 {
      let track = LottieAnimations.track(
        times: frames.map(timeline.seconds), values: frames.map { .size(offset(at: $0)) }, timingFunctions: [])
      if let (track, timing) = track {
        animations.append(
          .property(
            PropertyAnimation(
              keyPath: LayerPropertyRegistry.shadowOffset.keyPath, timing: timing, values: .keyframes(track), isRemovedOnCompletion: false))
        )
      }
    }
    layer.animations += animations.compactMap { $0 }
  }
}
