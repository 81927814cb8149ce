import SplashDocument

/// An expression's values at whole frames written as a Lottie property's keyframes.
enum LottieExpressionSamples {
  /// `original` (the property as the file writes it) with its value replaced by `samples`:
  /// linear keyframes, without the samples that lie on the straight line between the ones
  /// kept around them, or one constant when every sample is the same.
  ///
  /// A shape path's samples (`closedPath` not `nil`) are `LottieExpressionPath`'s numbers,
  /// written back as shapes.
  static func keyframes(_ samples: [(frame: Double, value: [Double])], original: JSONValue, closedPath: Bool? = nil) -> JSONValue {
    var members: [String: JSONValue] = [:]
    if case .object(let originalMembers) = original { members = originalMembers }
    members["x"] = nil
    func constant(_ value: [Double]) -> JSONValue {
      closedPath.map { LottieExpressionPath.shape(value, closed: $0) } ?? array(value)
    }
    func keyframeValue(_ value: [Double]) -> JSONValue {
      closedPath.map { .array([LottieExpressionPath.shape(value, closed: $0)]) } ?? array(value)
    }
    let kept = thinned(samples)
    if kept.count <= 1 || kept.allSatisfy({ $0.value == kept[0].value }) {
      members["a"] = .number(0)
      members["k"] = constant(kept.first?.value ?? [])
    } else {
      members["a"] = .number(1)
      members["k"] = .array(kept.map { .object(["t": .number($0.frame), "s": keyframeValue($0.value)]) })
    }
    return .object(members)
  }

  /// The samples without those a straight line through the kept neighbours gives back: a
  /// sample is left out only while every sample skipped since the last kept one lies on the
  /// line from it to the next, so no error builds up along a gentle curve. Runs are at most
  /// 256 samples long, which bounds the work.
  static func thinned(_ samples: [(frame: Double, value: [Double])]) -> [(frame: Double, value: [Double])] {
    guard samples.count > 2 else { return samples }
    var kept = [samples[0]]
    var anchor = 0
    for index in 1..<(samples.count - 1) {
      let next = samples[index + 1]
      let line = (anchor + 1)...index
      let onLine =
        index - anchor < 256
        && line.allSatisfy { skipped in
          let sample = samples[skipped]
          let progress = (sample.frame - samples[anchor].frame) / (next.frame - samples[anchor].frame)
          return sample.value.indices.allSatisfy { dimension in
            let from = samples[anchor].value[dimension]
            let to = dimension < next.value.count ? next.value[dimension] : from
            let expected = from + (to - from) * progress
            return abs(sample.value[dimension] - expected) <= 1e-6 * max(1, abs(expected))
          }
        }
      if !onLine {
        kept.append(samples[index])
        anchor = index
      }
    }
    kept.append(samples[samples.count - 1])
    return kept
  }

  private static func array(_ values: [Double]) -> JSONValue {
    .array(values.map(JSONValue.number))
  }
}
