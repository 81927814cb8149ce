import SplashCore
import SplashModel

extension LottieGradient {
  /// The gradient layer `id` showing through `paths` (the layers that draw the paths with
  /// `maskStyle`, in the coordinates of the gradient's group).
  func layer(id: String, masking paths: [Layer], timeline: LottieTimeline, sampler: LottieSampler) -> Layer {
    // One path layer is the mask itself: a container holding it draws it in place, and was
    // one more layer to present, list and draw every frame (a mask is drawn in the masked
    // layer's space either way).
    let mask = paths.count == 1 ? paths[0] : Layer(id: "\(id)/mask", sublayers: paths)
    let box = LottieGradientBox.box(around: mask)
    var layer = Layer(id: id, kind: .gradient, mask: mask)
    LayerPropertyRegistry.bounds.set(box, in: &layer.properties)
    LayerPropertyRegistry.anchorPoint.set(.zero, in: &layer.properties)
    LayerPropertyRegistry.position.set(box.origin, in: &layer.properties)

    func unit(_ point: Point) -> Point {
      Point(x: (point.x - box.minX) / box.width, y: (point.y - box.minY) / box.height)
    }
    func radialEnd(_ start: [Double], _ end: [Double]) -> Point {
      let center = Point(lottie: start)
      let radius = center.distance(to: Point(lottie: end))
      return unit(center + Point(x: radius, y: radius))
    }

    let initialStops = LottieGradientStops(colors.initialValue, colorCount: colorCount)
    LayerPropertyRegistry.gradientType.set(kind, in: &layer.properties)
    LayerPropertyRegistry.colors.set(initialStops.colors, in: &layer.properties)
    LayerPropertyRegistry.locations.set(initialStops.locations, in: &layer.properties)
    LayerPropertyRegistry.startPoint.set(unit(Point(lottie: startPoint.initialValue)), in: &layer.properties)
    let endValue = kind == .radial ? radialEnd(startPoint.initialValue, endPoint.initialValue) : unit(Point(lottie: endPoint.initialValue))
    LayerPropertyRegistry.endPoint.set(endValue, in: &layer.properties)

    var animations: [Animation?] = []
    animations += colorAnimations(timeline: timeline, sampler: sampler)
    animations.append(
      pointAnimation(startPoint, of: LayerPropertyRegistry.startPoint, timeline: timeline, sampler: sampler) { unit(Point(lottie: $0)) })
    if kind == .radial {
      let end = sampler.property(of: [startPoint, endPoint], limit: sampleLimit) { radialEnd($0[0], $0[1]) }
      animations.append(LottieAnimations.animation(end, of: LayerPropertyRegistry.endPoint, timeline: timeline) { $0 })
    } else {
      animations.append(
        pointAnimation(endPoint, of: LayerPropertyRegistry.endPoint, timeline: timeline, sampler: sampler) { unit(Point(lottie: $0)) })
    }
    let fraction = opacity.map { $0 / 100 }.clamped(to: 0...1)
    animations.append(LottieAnimations.bind(LayerPropertyRegistry.opacity, to: fraction, on: &layer, timeline: timeline) { $0 })
    layer.animations = animations.compactMap { $0 }
    return layer
  }

  /// `colors` (and `locations`, when the stops move) following `g`: keyframe by keyframe when
  /// every keyframe has its stops at the same offsets (the merged colours are then linear in
  /// the file's numbers, so Core Animation's interpolation is the player's), else sampled.
  private func colorAnimations(timeline: LottieTimeline, sampler: LottieSampler) -> [Animation?] {
    guard case .animated(let keyframes) = colors else { return [] }
    let offsets = LottieGradientStops.offsets(keyframes[0].value, colorCount: colorCount)
    let isDirect =
      colors.easesDimensionsAlike
      && keyframes.allSatisfy { LottieGradientStops.offsets($0.value, colorCount: colorCount) == offsets }
    let stops: LottieProperty<LottieGradientStops> =
      isDirect
      ? colors.map { LottieGradientStops($0, colorCount: colorCount) }
      : sampler.property(of: [colors], limit: colorSampleLimit) { LottieGradientStops($0[0], colorCount: colorCount) }
    var animations = [LottieAnimations.animation(stops, of: LayerPropertyRegistry.colors, timeline: timeline) { $0.colors }]
    if !isDirect {
      animations.append(LottieAnimations.animation(stops, of: LayerPropertyRegistry.locations, timeline: timeline) { $0.locations })
    }
    return animations
  }

  /// A point's animation through `unit`: keyframe by keyframe when its dimensions ease alike,
  /// else sampled per frame.
  private func pointAnimation(
    _ property: LottieProperty<[Double]>, of target: LayerProperty<Point>, timeline: LottieTimeline, sampler: LottieSampler,
    unit: ([Double]) -> Point
  ) -> Animation? {
    let mapped: LottieProperty<Point> =
      property.easesDimensionsAlike
      ? property.map(unit) : sampler.property(of: [property], limit: sampleLimit) { unit($0[0]) }
    return LottieAnimations.animation(mapped, of: target, timeline: timeline) { $0 }
  }
}
