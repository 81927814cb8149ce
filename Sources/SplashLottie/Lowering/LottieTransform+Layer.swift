import Foundation
import SplashCore
import SplashModel

extension LottieTransform {
  /// Sets `layer`'s geometry and adds its animations. `includesOpacity` is false for the
  /// transform-only copies a parented layer sits in (a Lottie parent lends its transform,
  /// never its opacity).
  func apply(
    to layer: inout Layer, timeline: LottieTimeline, sampler: LottieSampler, includesOpacity: Bool = true, autoOrient: Bool = false
  ) {
    let initialAnchor = Point(lottie: anchor.initialValue)
    LayerPropertyRegistry.bounds.set(Rect(x: initialAnchor.x, y: initialAnchor.y, width: 0, height: 0), in: &layer.properties)
    LayerPropertyRegistry.anchorPoint.set(.zero, in: &layer.properties)
    var animations: [Animation?] = [
      LottieAnimations.animation(anchor, of: LayerPropertyRegistry.boundsOrigin, timeline: timeline, value: Point.init(lottie:))
    ]

    switch position {
    case .combined(let property):
      LayerPropertyRegistry.position.set(Point(lottie: property.initialValue), in: &layer.properties)
      if property.hasSpatialTangents || (autoOrient && property.isAnimated) {
        animations.append(LottieAnimations.pathAnimation(property, timeline: timeline, rotatesAlongPath: autoOrient))
      } else if property.easesDimensionsAlike {
        animations.append(
          LottieAnimations.animation(property, of: LayerPropertyRegistry.position, timeline: timeline, value: Point.init(lottie:)))
      } else {
        animations.append(
          LottieAnimations.animation(property.component(0), of: LayerPropertyRegistry.positionX, timeline: timeline) { $0 })
        animations.append(
          LottieAnimations.animation(property.component(1), of: LayerPropertyRegistry.positionY, timeline: timeline) { $0 })
      }
    case .separate(let x, let y):
      animations.append(LottieAnimations.bind(LayerPropertyRegistry.positionX, to: x, on: &layer, timeline: timeline) { $0 })
      animations.append(LottieAnimations.bind(LayerPropertyRegistry.positionY, to: y, on: &layer, timeline: timeline) { $0 })
    }

    if isMatrix {
      let parts = [scale, rotation.map { [$0] }, rotationX.map { [$0] }, rotationY.map { [$0] }, skew.map { [$0] }, skewAxis.map { [$0] }]
      let matrix = sampler.property(of: parts, limit: sampleLimit) { values in
        Self.matrix(
          scale: values[0], rotationX: values[2][0], rotationY: values[3][0], rotationZ: values[1][0], skew: values[4][0],
          skewAxis: values[5][0])
      }
      animations.append(
        LottieAnimations.bind(LayerPropertyRegistry.transform, to: matrix, on: &layer, timeline: timeline) { $0 })
    } else {
      appendComponents(to: &layer, animations: &animations, timeline: timeline)
    }

    if includesOpacity {
      let fraction = opacity.map { $0 / 100 }.clamped(to: 0...1)
      animations.append(
        LottieAnimations.bind(LayerPropertyRegistry.opacity, to: fraction, on: &layer, timeline: timeline) { $0 })
    }
    layer.animations += animations.compactMap { $0 }
  }

  /// Scale and z rotation as `transform.*` components: Core Animation interpolates each
  /// on its own, as the keyframes ease.
  private func appendComponents(to layer: inout Layer, animations: inout [Animation?], timeline: LottieTimeline) {
    let scaleX = scale.component(0).map(Self.scaleFactor)
    let scaleY = scale.component(1).map(Self.scaleFactor)
    let radians = rotation.map { $0 * .pi / 180 }
    var components = TransformComponents(.identity)
    components.scale = (scaleX.initialValue, scaleY.initialValue, 1)
    components.rotation.z = radians.initialValue
    LayerPropertyRegistry.transform.set(components.transform, in: &layer.properties)
    animations.append(LottieAnimations.animation(scaleX, of: LayerPropertyRegistry.scaleX, timeline: timeline) { $0 })
    animations.append(LottieAnimations.animation(scaleY, of: LayerPropertyRegistry.scaleY, timeline: timeline) { $0 })
    animations.append(LottieAnimations.animation(radians, of: LayerPropertyRegistry.rotationZ, timeline: timeline) { $0 })
  }
}
