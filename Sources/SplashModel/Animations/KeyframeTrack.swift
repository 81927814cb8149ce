/// The values of a `CAKeyframeAnimation` with their times and per-segment easing.
///
/// # Guarantees
/// - At least one value; every value of the same kind.
/// - `keyTimes` is empty (evenly spaced) or has one entry per value, rising from 0 to 1.
/// - `timingFunctions` is empty or has one entry per segment (`values.count − 1`).
/// - The tension, continuity and bias lists are empty or have one entry per value.
public struct KeyframeTrack: Sendable, Hashable {
  /// A track's values, in one box that copies share until one of them is written
  /// (`CopyOnWrite`).
  ///
  /// Applying a keyframe animation takes its track out of the animation's values, which
  /// copied its six arrays (a retain of each) and released them after, for each animation of
  /// each frame. A copy now retains the box alone (2 to 5 % of evaluating a Lottie file).
  struct Fields: Sendable, Hashable {
    var values: [AnimatableValue]
    var keyTimes: [Double]
    var timingFunctions: [TimingFunction]
    var calculationMode: CalculationMode
    var tensionValues: [Double]
    var continuityValues: [Double]
    var biasValues: [Double]
  }

  private var fields: CopyOnWrite<Fields>

  public var values: [AnimatableValue] {
    _read { yield fields.wrappedValue.values }
    _modify { yield &fields.wrappedValue.values }
  }
  public var keyTimes: [Double] {
    _read { yield fields.wrappedValue.keyTimes }
    _modify { yield &fields.wrappedValue.keyTimes }
  }
  public var timingFunctions: [TimingFunction] {
    _read { yield fields.wrappedValue.timingFunctions }
    _modify { yield &fields.wrappedValue.timingFunctions }
  }
  public var calculationMode: CalculationMode {
    _read { yield fields.wrappedValue.calculationMode }
    _modify { yield &fields.wrappedValue.calculationMode }
  }
  /// Kochanek–Bartels parameters for the cubic modes, per value (0 everywhere: Catmull–Rom).
  public var tensionValues: [Double] {
    _read { yield fields.wrappedValue.tensionValues }
    _modify { yield &fields.wrappedValue.tensionValues }
  }
  public var continuityValues: [Double] {
    _read { yield fields.wrappedValue.continuityValues }
    _modify { yield &fields.wrappedValue.continuityValues }
  }
  public var biasValues: [Double] {
    _read { yield fields.wrappedValue.biasValues }
    _modify { yield &fields.wrappedValue.biasValues }
  }

  public init(
    values: [AnimatableValue], keyTimes: [Double] = [], timingFunctions: [TimingFunction] = [],
    calculationMode: CalculationMode = .linear, tensionValues: [Double] = [], continuityValues: [Double] = [],
    biasValues: [Double] = []
  ) {
    fields = CopyOnWrite(
      wrappedValue: Fields(
        values: values, keyTimes: keyTimes, timingFunctions: timingFunctions, calculationMode: calculationMode,
        tensionValues: tensionValues, continuityValues: continuityValues, biasValues: biasValues))
  }

  /// The value at a fraction `progress` (0...1) of the animation's duration.
  public func value(at progress: Double) -> AnimatableValue {
    let count = values.count
    if count == 1 { return values[0] }
    let times = effectiveKeyTimes

    if calculationMode == .discrete { return values[KeyframeTiming.discreteIndex(at: progress, keyTimes: times)] }
    guard let (segment, fraction) = KeyframeTiming.segment(at: progress, keyTimes: times) else {
      return progress <= times[0] ? values[0] : values[count - 1]
    }
    var eased = fraction
    if !calculationMode.isPaced && segment < timingFunctions.count {
      eased = timingFunctions[segment].progress(at: fraction)
    }
    if calculationMode.isCubic && values.allSatisfy(\.isVectorLike) {
      return cubicValue(segment: segment, fraction: eased)
    }
    return values[segment].interpolated(to: values[segment + 1], amount: eased)
  }

  /// Whether `value(at:)` gives the same value at both progresses, for certain: both in one
  /// segment whose ends are equal (with a kind whose interpolation then gives that value back
  /// whatever the amount), both on the same side outside the key times, or a discrete track
  /// on the same value. `false` when it cannot tell so cheaply (see `Animation.holdsSteady`).
  func holdsSteady(from progress: Double, to later: Double) -> Bool {
    let count = values.count
    if count == 1 { return true }
    // As `value(at:)` finds them, without the arrays `effectiveKeyTimes` would make.
    guard !keyTimes.isEmpty, !calculationMode.isPaced, !calculationMode.isCubic else { return false }
    if calculationMode == .discrete {
      return KeyframeTiming.discreteIndex(at: progress, keyTimes: keyTimes)
        == KeyframeTiming.discreteIndex(at: later, keyTimes: keyTimes)
    }
    switch (KeyframeTiming.segment(at: progress, keyTimes: keyTimes), KeyframeTiming.segment(at: later, keyTimes: keyTimes)) {
    case (nil, nil):
      return (progress <= keyTimes[0]) == (later <= keyTimes[0])
    case (let now?, let then?):
      return now.0 == then.0 && isSteady(segment: now.0)
    default:
      return false
    }
  }

  /// Whether `value(at:)` gives one value throughout segment `segment` of a linear track: its
  /// two ends are equal numbers, points, sizes or rectangles, whose interpolation then gives
  /// that value back whatever the amount.
  private func isSteady(segment: Int) -> Bool {
    let (start, end) = (values[segment], values[segment + 1])
    switch start.kind {
    case .scalar, .point, .size, .rect:
      // Equal ends give their value back at any amount, unless not finite (∞ − ∞ is NaN).
      return start == end && start.interpolated(to: end, amount: 0.5) == start
    default: return false
    }
  }

  /// Where `value(at:)` gives one value throughout, as spans of progress: before the first
  /// key time and after the last, and between two key times around a steady segment (or any
  /// two, for a discrete track). None for what `holdsSteady` cannot tell (paced and cubic
  /// modes, key times missing or out of order).
  var steadyProgressSpans: [SteadySpans.Span] {
    let count = values.count
    if count == 1 { return [SteadySpans.Span(lower: -.infinity, upper: .infinity)] }
    let times = keyTimes
    guard count > 1, times.count == count, !calculationMode.isPaced, !calculationMode.isCubic,
      times.allSatisfy(\.isFinite), zip(times, times.dropFirst()).allSatisfy({ $0 <= $1 })
    else { return [] }
    var spans = [SteadySpans.Span(lower: -.infinity, upper: times[0])]
    for segment in 0..<(count - 1) where times[segment] < times[segment + 1] {
      if calculationMode == .discrete || isSteady(segment: segment) {
        spans.append(SteadySpans.Span(lower: times[segment], upper: times[segment + 1]))
      }
    }
    spans.append(SteadySpans.Span(lower: times[count - 1], upper: .infinity))
    return spans
  }

  /// The key times in use: paced modes space values by distance, others use `keyTimes` or
  /// spread the values evenly.
  var effectiveKeyTimes: [Double] {
    if calculationMode.isPaced {
      let distances = zip(values, values.dropFirst()).map { $0.distance(to: $1) }
      if let paced = KeyframeTiming.pacedTimes(distances: distances) { return paced }
    }
    if !keyTimes.isEmpty { return keyTimes }
    let divisions = Double(calculationMode == .discrete ? values.count : values.count - 1)
    return values.indices.map { Double($0) / divisions }
  }

  /// The Kochanek–Bartels (Hermite) value between values `segment` and `segment + 1`.
  ///
  /// Missing neighbours at the ends are the end values themselves, so the curve leaves the first
  /// value and reaches the last one along the chord's direction at half speed.
  private func cubicValue(segment: Int, fraction s: Double) -> AnimatableValue {
    let last = values.count - 1
    let previous = values[max(segment - 1, 0)]
    let start = values[segment]
    let end = values[segment + 1]
    let next = values[min(segment + 2, last)]
    func parameter(_ list: [Double], _ index: Int) -> Double { index < list.count ? list[index] : 0 }
    let (t0, c0, b0) = (parameter(tensionValues, segment), parameter(continuityValues, segment), parameter(biasValues, segment))
    let (t1, c1, b1) = (
      parameter(tensionValues, segment + 1), parameter(continuityValues, segment + 1), parameter(biasValues, segment + 1)
    )
    let outgoing = start.subtracting(previous).scaled(by: (1 - t0) * (1 + b0) * (1 + c0) / 2)
      .adding(to: end.subtracting(start).scaled(by: (1 - t0) * (1 - b0) * (1 - c0) / 2))
    let incoming = end.subtracting(start).scaled(by: (1 - t1) * (1 + b1) * (1 - c1) / 2)
      .adding(to: next.subtracting(end).scaled(by: (1 - t1) * (1 - b1) * (1 + c1) / 2))
    let s2 = s * s
    let s3 = s2 * s
    let h00 = 2 * s3 - 3 * s2 + 1
    let h10 = s3 - 2 * s2 + s
    let h01 = -2 * s3 + 3 * s2
    let h11 = s3 - s2
    return start.scaled(by: h00).adding(to: outgoing.scaled(by: h10))
      .adding(to: end.scaled(by: h01)).adding(to: incoming.scaled(by: h11))
  }
}

/// How values between keyframes are found (`calculationMode`).
public enum CalculationMode: String, Sendable, Hashable, CaseIterable {
  /// Straight interpolation between neighbouring values at the key times.
  case linear
  /// Each value holds until the next key time; no interpolation.
  case discrete
  /// Linear, with key times (and timing functions) replaced so the value moves at an even pace.
  case paced
  /// A smooth Kochanek–Bartels spline through the values at the key times.
  case cubic
  /// The spline, paced by the distances between values (key times and timing functions ignored).
  case cubicPaced

  public var isPaced: Bool { self == .paced || self == .cubicPaced }
  public var isCubic: Bool { self == .cubic || self == .cubicPaced }
}

/// Key-time arithmetic shared by value tracks and keyframe paths.
enum KeyframeTiming {
  /// The value a discrete track shows at `progress`: value i shows from key time i until the
  /// next key time (one key time per value).
  static func discreteIndex(at progress: Double, keyTimes times: [Double]) -> Int {
    var index = 0
    while index + 1 < times.count && progress >= times[index + 1] { index += 1 }
    return index
  }

  /// The segment containing `progress` and the fraction through it, or `nil` outside the first
  /// and last key times.
  static func segment(at progress: Double, keyTimes times: [Double]) -> (Int, Double)? {
    let count = times.count
    guard count >= 2, progress > times[0] || (progress == times[0] && times[0] == 0) else { return nil }
    guard progress < times[count - 1] else { return (count - 2, 1) }
    var segment = 0
    while segment + 2 < count && progress >= times[segment + 1] { segment += 1 }
    let span = times[segment + 1] - times[segment]
    return (segment, span > 0 ? (progress - times[segment]) / span : 1)
  }

  /// Key times proportional to the distance covered, or `nil` when nothing moves.
  static func pacedTimes(distances: [Double]) -> [Double]? {
    let total = distances.reduce(0, +)
    guard total > 0 else { return nil }
    var times = [0.0]
    var walked = 0.0
    for distance in distances {
      walked += distance
      times.append(walked / total)
    }
    times[times.count - 1] = 1
    return times
  }
}
