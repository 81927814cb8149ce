extension LottieProperty {
  /// Where a frame falls among a property's keyframes.
  enum Position {
    /// On a value that holds there: a constant, before the first keyframe or past the last, in
    /// a hold, or in a segment of no length.
    case held(Value)
    /// `progress` of the way (before easing) from keyframe `start` to the next, `end`.
    case between(start: LottieKeyframe<Value>, end: LottieKeyframe<Value>, progress: Double)
  }

  /// Where layer-local frame `frame` falls: what every kind of value is evaluated from.
  func position(at frame: Double) -> Position {
    guard case .animated(let keyframes) = self else { return .held(initialValue) }
    guard let first = keyframes.first, frame > first.frame else { return .held(keyframes[0].value) }
    guard let last = keyframes.last, frame < last.frame else { return .held(keyframes[keyframes.count - 1].value) }
    let index = (keyframes.lastIndex { $0.frame <= frame }) ?? 0
    let start = keyframes[index]
    let end = keyframes[min(index + 1, keyframes.count - 1)]
    guard !start.isHold, end.frame > start.frame else { return .held(start.value) }
    return .between(start: start, end: end, progress: (frame - start.frame) / (end.frame - start.frame))
  }
}

extension LottieProperty where Value == Double {
  /// The value at layer-local frame `frame`: the arithmetic of the `[Double]` version's one
  /// dimension, to the bit.
  ///
  /// Worked out on the number itself: mapped to one-element arrays, each call allocated an
  /// array for every keyframe, and a file's trims are sampled frame by frame (issue_1717's
  /// took 38 M instructions to load, 25 000 a sample).
  func value(at frame: Double) -> Double {
    switch position(at: frame) {
    case .held(let value): value
    case .between(let start, let end, let progress):
      start.value + (end.value - start.value) * start.easing(of: 0).progress(at: progress)
    }
  }
}

extension LottieProperty where Value == [Double] {
  /// The value at layer-local frame `frame`, eased per dimension as a player computes it.
  func value(at frame: Double) -> [Double] {
    switch position(at: frame) {
    case .held(let value):
      return value
    case .between(let start, let end, let progress):
      // Solved once when every dimension eases alike: a gradient's colours have hundreds.
      let shared = start.easing.count <= 1 ? start.easing(of: 0).progress(at: progress) : nil
      return start.value.indices.map { dimension in
        let target = dimension < end.value.count ? end.value[dimension] : start.value[dimension]
        let eased = shared ?? start.easing(of: dimension).progress(at: progress)
        return start.value[dimension] + (target - start.value[dimension]) * eased
      }
    }
  }

  /// The frames of its keyframes (none for a constant).
  var keyframeFrames: [Double] {
    guard case .animated(let keyframes) = self else { return [] }
    return keyframes.map(\.frame)
  }
}
