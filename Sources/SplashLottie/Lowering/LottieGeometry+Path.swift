import SplashCore

extension LottieGeometry {
  /// The path the item draws: constant, keyframed as the file keyframes it, or sampled once per
  /// frame by `sampler` where its parameters or its corner radii move.
  func path(sampler: LottieSampler, limits: LottieLimits) -> LottieProperty<Path> {
    var path: LottieProperty<Path>
    switch shape {
    case .path(let keyframed):
      path = keyframed
    case .rectangle(let center, let size, let roundness, let isReversed):
      path = sampler.property(of: [center, size, roundness], limit: limits.sampledFrames) { values in
        LottieShapePaths.rectangle(center: values[0], size: values[1], radius: values[2].first ?? 0, isReversed: isReversed)
      }
    case .ellipse(let center, let size, let isReversed):
      path = sampler.property(of: [center, size], limit: limits.sampledFrames) { values in
        LottieShapePaths.ellipse(center: values[0], size: values[1], isReversed: isReversed)
      }
    case .star(let star):
      path = star.path(sampler: sampler, limits: limits)
    }
    for radius in cornerRadii {
      guard radius.isAnimated else {
        path = path.map { LottieRoundedCorners.rounded($0, radius: radius.initialValue) }
        continue
      }
      let unrounded = path
      let frames = sampler.frames(of: [radius.map { [$0] }, unrounded.map { _ in [0.0] }], limit: limits.sampledFrames)
      guard frames.count > 1 else {
        path = unrounded.map { LottieRoundedCorners.rounded($0, radius: radius.initialValue) }
        continue
      }
      path = .animated(
        frames.map { frame in
          LottieKeyframe(
            frame: frame, value: LottieRoundedCorners.rounded(unrounded.value(at: frame), radius: radius.value(at: frame)),
            easing: [], isHold: false, outTangent: [], inTangent: [])
        })
    }
    return path
  }
}
