import SplashCore

extension LottieStar {
  /// The path, constant or sampled per frame by `sampler`.
  func path(sampler: LottieSampler, limits: LottieLimits) -> LottieProperty<Path> {
    let properties = [pointCount, position, rotation, outerRadius, innerRadius, outerRoundness, innerRoundness]
    // Each sample is a path of up to 2 × points vertices: keep the samples' total bounded.
    let mostPoints = [pointCount.initialValue[0]] + pointCount.keyframeValues.map { $0.first ?? 0 }
    let verticesPerSample = 2 * (mostPoints.max() ?? 0).clamped(to: 0...limits.sampledElements, rounding: .up) + 1
    let sampleLimit = max(2, min(limits.sampledFrames, limits.sampledElements / verticesPerSample))
    return sampler.property(of: properties, limit: sampleLimit) { values in
      let shape = Shape(
        points: values[0].first ?? 0,
        center: Point(lottie: values[1]),
        rotation: values[2].first ?? 0, outerRadius: values[3].first ?? 0, innerRadius: values[4].first ?? 0,
        outerRoundness: (values[5].first ?? 0) / 100, innerRoundness: (values[6].first ?? 0) / 100)
      let vertices = isPolygon ? shape.polygonVertices : shape.starVertices
      return Self.path(through: vertices, anticlockwise: isAnticlockwise)
    }
  }
}
