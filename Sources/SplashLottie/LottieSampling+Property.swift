extension LottieSampling {
  /// What `make` computes from `properties`, as a property: constant when they all are, else
  /// one linear keyframe per sampled frame (see `frames(of:limit:)`).
  ///
  /// For values Core Animation cannot interpolate from the Lottie ones: a star's path from its
  /// radii and point count, a radial gradient's end point from its distance to the start.
  static func property<Value>(
    of properties: [LottieProperty<[Double]>], limit: Int, make: ([[Double]]) -> Value
  ) -> LottieProperty<Value> {
    let frames = frames(of: properties, limit: limit)
    guard frames.count > 1 else { return .constant(make(properties.map(\.initialValue))) }
    return .animated(
      frames.map { frame in
        LottieKeyframe(
          frame: frame, value: make(properties.map { $0.value(at: frame) }), easing: [], isHold: false, outTangent: [],
          inTangent: [])
      })
  }
}
