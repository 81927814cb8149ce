import SplashModel

extension LottieProperty where Value == Double {
  /// The property with its values held within `range`, as a player holds the value it draws
  /// (an opacity past 100 % draws as 100 %).
  ///
  /// Clamping the keyframes alone would squeeze a whole segment: keys 0 → 200 % over frames 0 …
  /// 60 would reach 100 % at frame 60, where a player shows it from frame 30 on. So where a
  /// linear segment crosses a bound, a keyframe is added at the crossing. (Expressions' values
  /// are linear keyframes, and often overshoot: `time * 200` for a fade.) An eased segment
  /// keeps its shape, clamped at its keyframes.
  func clamped(to range: ClosedRange<Double>) -> LottieProperty<Double> {
    func clamp(_ value: Double) -> Double { min(max(value, range.lowerBound), range.upperBound) }
    guard case .animated(let keyframes) = self else { return map(clamp) }
    var result: [LottieKeyframe<Double>] = []
    for (index, keyframe) in keyframes.enumerated() {
      var held = keyframe
      held.value = clamp(keyframe.value)
      result.append(held)
      guard index + 1 < keyframes.count else { continue }
      let next = keyframes[index + 1]
      let isLinear = keyframe.easing.allSatisfy { $0.control1.x == $0.control1.y && $0.control2.x == $0.control2.y }
      guard !keyframe.isHold, isLinear, next.frame > keyframe.frame else { continue }
      let crossings = [range.lowerBound, range.upperBound].compactMap { bound -> Double? in
        let from = keyframe.value - bound
        let to = next.value - bound
        return from * to < 0 ? from / (from - to) : nil
      }
      for progress in crossings.sorted() {
        result.append(
          LottieKeyframe(
            frame: keyframe.frame + (next.frame - keyframe.frame) * progress,
            value: clamp(keyframe.value + (next.value - keyframe.value) * progress), easing: keyframe.easing, isHold: false,
            outTangent: [], inTangent: []))
      }
    }
    return .animated(result)
  }
}
