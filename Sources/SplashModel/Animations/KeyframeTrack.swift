/// The values of a `CAKeyframeAnimation` with their times and per-segment easing.
///
/// # Guarantees
/// - At least one value; every value of the same kind.
/// - `keyTimes` is empty (evenly spaced) or has one entry per value, rising from 0 to 1.
/// - `timingFunctions` is empty or has one entry per segment (`values.count − 1`).
public struct KeyframeTrack: Sendable, Hashable {
  /// How values between keyframes are found (`calculationMode`).
  public enum CalculationMode: String, Sendable, Hashable, CaseIterable {
    /// Straight interpolation between neighbouring values.
    case linear
    /// Each value holds until the next key time; no interpolation.
    case discrete
  }

  public var values: [AnimatableValue]
  public var keyTimes: [Double]
  public var timingFunctions: [TimingFunction]
  public var calculationMode: CalculationMode

  public init(
    values: [AnimatableValue], keyTimes: [Double] = [], timingFunctions: [TimingFunction] = [],
    calculationMode: CalculationMode = .linear
  ) {
    self.values = values
    self.keyTimes = keyTimes
    self.timingFunctions = timingFunctions
    self.calculationMode = calculationMode
  }

  /// The value at a fraction `progress` (0...1) of the animation's duration.
  public func value(at progress: Double) -> AnimatableValue {
    let count = values.count
    if count == 1 { return values[0] }
    let times = keyTimes.isEmpty ? evenlySpacedTimes : keyTimes

    if calculationMode == .discrete {
      // Value i shows from keyTimes[i] until the next key time.
      var index = 0
      while index + 1 < count && progress >= times[index + 1] { index += 1 }
      return values[index]
    }

    if progress <= times[0] { return values[0] }
    if progress >= times[count - 1] { return values[count - 1] }
    var segment = 0
    while segment + 2 < count && progress >= times[segment + 1] { segment += 1 }
    let span = times[segment + 1] - times[segment]
    var fraction = span > 0 ? (progress - times[segment]) / span : 1
    if segment < timingFunctions.count {
      fraction = timingFunctions[segment].progress(at: fraction)
    }
    return values[segment].interpolated(to: values[segment + 1], amount: fraction)
  }

  private var evenlySpacedTimes: [Double] {
    let divisions = Double(calculationMode == .discrete ? values.count : values.count - 1)
    return values.indices.map { Double($0) / divisions }
  }
}
