import SplashCore

/// A damped spring that carries an animation's progress from 0 to 1, as `CASpringAnimation`.
///
/// The progress x(t) solves m·x″ + c·x′ + k·(x − 1) = 0 with x(0) = 0 and x′(0) = v₀, in
/// closed form, so any time can be evaluated on its own:
///
///     ω₀ = √(k/m)   ζ = c / (2√(k·m))
///     ζ < 1 (bouncy):   x = 1 − e^(−ζω₀t)·(cos ω_d t + ((ζω₀ − v₀)/ω_d)·sin ω_d t),  ω_d = ω₀√(1−ζ²)
///     ζ = 1 (critical): x = 1 − e^(−ω₀t)·(1 + (ω₀ − v₀)·t)
///     ζ > 1 (sluggish): the sum of two decaying exponentials with the same start
///
/// `initialVelocity` is in progress per second: 1 means the whole distance per second, in the
/// direction of travel (negative moves away first).
public struct Spring: Sendable, Hashable {
  public var mass: Double
  public var stiffness: Double
  public var damping: Double
  public var initialVelocity: Double
  /// If set, progress is exactly 1 from this time on (the UIKit form ends at its duration).
  public var endsAt: Double?

  /// `CASpringAnimation`'s parameters; its defaults are mass 1, stiffness 100, damping 10.
  public init(mass: Double = 1, stiffness: Double = 100, damping: Double = 10, initialVelocity: Double = 0) {
    self.mass = mass
    self.stiffness = stiffness
    self.damping = damping
    self.initialVelocity = initialVelocity
    endsAt = nil
  }

  /// The spring of `UIView.animate(withDuration:delay:usingSpringWithDamping:initialSpringVelocity:)`.
  ///
  /// UIKit does not document its mapping; splashvid's is: damping ratio ζ as given,
  /// mass 1, and ω₀ chosen so that the envelope e^(−ζω₀t) falls to 1/1000 at `duration`
  /// (ω₀ = ln 1000 / (ζ · duration)); the velocity is in distances per second, and progress is
  /// held at exactly 1 from `duration` on. ζ = 0.7 overshoots by e^(−ζπ/√(1−ζ²)) ≈ 4.6 % of the
  /// distance, at t = π / ω_d.
  ///
  /// - Precondition: `duration > 0` and `dampingRatio > 0`.
  public init(uiKitDuration duration: Double, dampingRatio: Double, initialVelocity: Double) {
    let naturalFrequency = Math.naturalLogarithm(1000) / (dampingRatio * duration)
    self.init(
      mass: 1, stiffness: naturalFrequency * naturalFrequency, damping: 2 * dampingRatio * naturalFrequency,
      initialVelocity: initialVelocity)
    endsAt = duration
  }

  public var naturalFrequency: Double { (stiffness / mass).squareRoot() }
  public var dampingRatio: Double { damping / (2 * (stiffness * mass).squareRoot()) }

  /// The progress at `time` seconds after the spring starts (0 before it).
  public func progress(at time: Double) -> Double {
    guard time > 0 else { return 0 }
    if let endsAt, time >= endsAt { return 1 }
    let omega = naturalFrequency
    let zeta = dampingRatio
    let velocity = initialVelocity
    if zeta < 1 {
      let damped = omega * (1 - zeta * zeta).squareRoot()
      let envelope = Math.exponential(-zeta * omega * time)
      return 1 - envelope * (Math.cosine(damped * time) + (zeta * omega - velocity) / damped * Math.sine(damped * time))
    }
    if zeta == 1 {
      return 1 - Math.exponential(-omega * time) * (1 + (omega - velocity) * time)
    }
    // Overdamped: x − 1 = a·e^(r₁t) + b·e^(r₂t) with a + b = −1 and a·r₁ + b·r₂ = v₀.
    let root = omega * (zeta * zeta - 1).squareRoot()
    let r1 = -zeta * omega + root
    let r2 = -zeta * omega - root
    let a = (velocity + r2) / (r1 - r2)
    let b = -1 - a
    return 1 + a * Math.exponential(r1 * time) + b * Math.exponential(r2 * time)
  }

  /// When the spring can be considered at rest: the time after which its distance from the
  /// target stays under 0.1 % of the travel, from the decay envelope of the solution.
  ///
  /// For Apple's documented example (stiffness 100, damping 5) this gives 2.78 s where Apple
  /// quotes "approximately 2.85": Core Animation's own threshold is not documented.
  public var settlingDuration: Double {
    if let endsAt { return endsAt }
    let omega = naturalFrequency
    let zeta = dampingRatio
    let tolerance = 0.001
    if zeta < 1 {
      let damped = omega * (1 - zeta * zeta).squareRoot()
      let sineWeight = (zeta * omega - initialVelocity) / damped
      let amplitude = (1 + sineWeight * sineWeight).squareRoot()
      return max(0, Math.naturalLogarithm(amplitude / tolerance) / (zeta * omega))
    }
    // Critically and over-damped springs do not oscillate: step until within tolerance.
    var time = 0.0
    let step = 1.0 / 240
    while abs(1 - progress(at: time)) >= tolerance && time < 3_600 { time += step }
    return time
  }
}
