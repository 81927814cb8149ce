extension LottieProperty where Value == [Double] {
  /// The value at layer-local frame `frame`, eased per dimension as a player computes it.
  func value(at frame: Double) -> [Double] {
    guard case .animated(let keyframes) = self else { return initialValue }
    guard let first = keyframes.first, frame > first.frame else { return keyframes[0].value }
    guard let last = keyframes.last, frame < last.frame else { return keyframes[keyframes.count - 1].value }
    let index = (keyframes.lastIndex { $0.frame <= frame }) ?? 0
    let start = keyframes[index]
    let end = keyframes[min(index + 1, keyframes.count - 1)]
    guard !start.isHold, end.frame > start.frame else { return start.value }
    let progress = (frame - start.frame) / (end.frame - start.frame)
    // Solved once when every dimension eases alike: a gradient's colours have hundreds.
    let shared = start.easing.count <= 1 ? start.easing(of: 0).progress(at: progress) : nil
    return start.value.indices.map { dimension in
      let target = dimension < end.value.count ? end.value[dimension] : start.value[dimension]
      let eased = shared ?? start.easing(of: dimension).progress(at: progress)
      return start.value[dimension] + (target - start.value[dimension]) * eased
    }
  }

  /// The frames of its keyframes (none for a constant).
  var keyframeFrames: [Double] {
    guard case .animated(let keyframes) = self else { return [] }
    return keyframes.map(\.frame)
  }
}

/// Sampling geometry that Core Animation cannot interpolate from its parameters (a rectangle's
/// size and roundness, an ellipse's) as a path per frame: the shapes' paths interpolate
/// point by point between samples, which at one sample per frame of the file is what a player
/// draws at each of those frames.
enum LottieSampling {
  /// Every whole frame from the first keyframe to the last of any of `properties`, and the
  /// keyframes' own frames; at most `limit` of them (spread evenly beyond that), and fewer
  /// when the compile's sampling budget runs out (`LottieSamplingBudget`).
  static func frames(of properties: [LottieProperty<[Double]>], limit: Int) -> [Double] {
    let keyframes = properties.flatMap(\.keyframeFrames)
    guard let first = keyframes.min(), let last = keyframes.max(), last > first else { return [] }
    let span = last - first
    // Compared as doubles: a span of 1e300 frames must not become an Int.
    var between = Int(min(Double(max(limit - keyframes.count, 2)), span.rounded(.up)))
    var frames = Set(keyframes)
    if let budget = LottieSamplingBudget.current { between = budget.grant(between, keyframes: frames.count) }
    let step = max(1, span / Double(max(between, 2)))
    var frame = first
    while frame < last {
      frames.insert(frame)
      frame += step
    }
    return frames.sorted()
  }
}
