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
