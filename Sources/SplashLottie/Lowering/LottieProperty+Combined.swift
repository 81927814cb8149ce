import SplashCore

extension LottieProperty where Value == Path {
  /// Several paths as one: a constant when they all are; else sampled once per frame over
  /// their keyframes, each at that frame, so that what one style paints stays one path (its
  /// fill rule cutting holes across the paths) while they move.
  static func combined(_ paths: [LottieProperty<Path>], sampler: LottieSampler, limit: Int) -> LottieProperty<Path> {
    func joined(_ parts: [Path]) -> Path {
      var combined = Path()
      for part in parts { combined.elements += part.elements }
      return combined
    }
    let frames = sampler.frames(of: paths.map { $0.map { _ in [0.0] } }, limit: limit)
    guard frames.count > 1 else { return .constant(joined(paths.map(\.initialValue))) }
    return .animated(
      frames.map { frame in
        LottieKeyframe(
          frame: frame, value: joined(paths.map { $0.value(at: frame) }), easing: [], isHold: false, outTangent: [], inTangent: [])
      })
  }
}
