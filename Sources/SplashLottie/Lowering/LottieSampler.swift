/// Samples values Core Animation cannot interpolate from a Lottie file's parameters, within
/// one budget for the whole compile.
///
/// A rectangle's size and roundness, a star's radii, a 3D transform's parts, a radial
/// gradient's end point: each becomes a keyframe per frame of the file, and the shapes or
/// matrices interpolate between those samples, which at the file's own rate is what a player
/// draws. Sampling costs memory per value and per frame: a file of thousands of layers
/// animated over thousands of frames would need gigabytes before drawing anything. So one
/// compile shares `LottieLimits.sampledFramesInAll` samples; past them, values are sampled at
/// their keyframes and a couple of points between, and the compile says so once
/// (`isExhausted`).
final class LottieSampler {
  /// Samples still to give.
  private(set) var remaining: Int
  /// Whether some value got fewer samples than it asked for.
  private(set) var isExhausted = false

  init(samples: Int) {
    remaining = samples
  }

  /// Every whole frame from the first keyframe to the last of any of `properties`, and the
  /// keyframes' own frames; at most `limit` of them (spread evenly beyond that), and fewer
  /// when the budget runs out. None for constants.
  func frames(of properties: [LottieProperty<[Double]>], limit: Int) -> [Double] {
    let keyframes = properties.flatMap(\.keyframeFrames)
    guard let first = keyframes.min(), let last = keyframes.max(), last > first else { return [] }
    let span = last - first
    // Compared as doubles: a span of 1e300 frames must not become an Int.
    let wanted = Int(min(Double(max(limit - keyframes.count, 2)), span.rounded(.up)))
    var frames = Set(keyframes)
    let between = grant(wanted, keyframes: frames.count)
    let step = max(1, span / Double(max(between, 2)))
    var frame = first
    while frame < last {
      frames.insert(frame)
      frame += step
    }
    return frames.sorted()
  }

  /// What `make` computes from `properties`, as a property: constant when they all are, else
  /// one linear keyframe per sampled frame (see `frames(of:limit:)`).
  func property<Value>(
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

  /// How many of the `wanted` samples between keyframes a value gets; its `keyframes` are
  /// always sampled and counted first.
  private func grant(_ wanted: Int, keyframes: Int) -> Int {
    let cost = wanted + keyframes
    if cost <= remaining {
      remaining -= cost
      return wanted
    }
    isExhausted = true
    let granted = max(remaining - keyframes, 0)
    remaining = max(remaining - keyframes - granted, 0)
    return granted
  }
}
