/// A cubic Bézier easing curve from (0, 0) to (1, 1), as `CAMediaTimingFunction` defines it.
///
/// The curve maps a fraction of elapsed time x to a fraction of progress y. It is solved exactly
/// (Newton's method with a bisection fallback, to 1e-7 in x) like Core Animation and WebKit do,
/// never through a lookup table, so a value at a given time is the same on every run and thread.
public struct TimingFunction: Sendable, Hashable, CustomStringConvertible {
  public let control1: (x: Double, y: Double)
  public let control2: (x: Double, y: Double)

  /// A curve with the given control points; x coordinates are clamped into 0...1 as CA does.
  public init(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) {
    control1 = (x1.clampedToUnit, y1)
    control2 = (x2.clampedToUnit, y2)
  }

  public static let linear = TimingFunction(0, 0, 1, 1)
  public static let easeIn = TimingFunction(0.42, 0, 1, 1)
  public static let easeOut = TimingFunction(0, 0, 0.58, 1)
  public static let easeInEaseOut = TimingFunction(0.42, 0, 0.58, 1)
  /// `kCAMediaTimingFunctionDefault`, the curve of implicit animations.
  public static let `default` = TimingFunction(0.25, 0.1, 0.25, 1)

  public var description: String { "(\(control1.x), \(control1.y), \(control2.x), \(control2.y))" }

  public static func == (lhs: TimingFunction, rhs: TimingFunction) -> Bool {
    lhs.control1 == rhs.control1 && lhs.control2 == rhs.control2
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(control1.x)
    hasher.combine(control1.y)
    hasher.combine(control2.x)
    hasher.combine(control2.y)
  }

  /// The progress at a fraction `time` of the duration (time is clamped into 0...1).
  public func progress(at time: Double) -> Double {
    if time <= 0 { return 0 }
    if time >= 1 { return 1 }
    if self == .linear { return time }
    return sampleY(parameter(forX: time))
  }

  // The curve in power form: for a coordinate with control values p1, p2 (ends at 0 and 1),
  // B(s) = ((a·s + b)·s + c)·s with c = 3·p1, b = 3·(p2 − p1) − c, a = 1 − c − b.
  private var coefficientsX: (a: Double, b: Double, c: Double) {
    let c = 3 * control1.x
    let b = 3 * (control2.x - control1.x) - c
    return (1 - c - b, b, c)
  }

  private var coefficientsY: (a: Double, b: Double, c: Double) {
    let c = 3 * control1.y
    let b = 3 * (control2.y - control1.y) - c
    return (1 - c - b, b, c)
  }

  private func sampleX(_ s: Double) -> Double {
    let (a, b, c) = coefficientsX
    return ((a * s + b) * s + c) * s
  }

  private func sampleY(_ s: Double) -> Double {
    let (a, b, c) = coefficientsY
    return ((a * s + b) * s + c) * s
  }

  private func sampleDerivativeX(_ s: Double) -> Double {
    let (a, b, c) = coefficientsX
    return (3 * a * s + 2 * b) * s + c
  }

  /// The curve parameter s whose x is `x`: x(s) is monotonic because both x controls lie in 0...1.
  private func parameter(forX x: Double) -> Double {
    let epsilon = 1e-7
    var s = x
    for _ in 0..<8 {
      let error = sampleX(s) - x
      if abs(error) < epsilon { return s }
      let slope = sampleDerivativeX(s)
      if abs(slope) < 1e-6 { break }
      s -= error / slope
    }
    // Newton's method stalls on flat stretches (e.g. control1 = (1, 0)); bisection always converges.
    var low = 0.0
    var high = 1.0
    s = x
    while high - low > epsilon {
      let value = sampleX(s)
      if abs(value - x) < epsilon { return s }
      if value < x { low = s } else { high = s }
      s = (low + high) / 2
    }
    return s
  }
}
