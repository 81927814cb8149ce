import Testing

@testable import SplashModel

/// Reference values come from integrating m·x″ + c·x′ + k·(x − 1) = 0 with RK4 (200 000 steps)
/// outside this code, so the closed form is checked against an independent method.
@Suite("Springs: CASpringAnimation physics and the UIKit form")
struct SpringTests {
  static let integrated: [(String, Spring, [Double])] = [
    ("under-damped, CA defaults (m 1, k 100, c 10)", Spring(), [0.340299847, 1.124354767, 1.002289494]),
    ("critically damped (c 20)", Spring(mass: 1, stiffness: 100, damping: 20), [0.264241118, 0.800851727, 0.982648735]),
    (
      "over-damped with velocity (c 40, v 2)", Spring(mass: 1, stiffness: 100, damping: 40, initialVelocity: 2),
      [0.220518402, 0.543616961, 0.795721253]
    ),
    (
      "heavy, moving away first (m 2, k 50, c 3, v −1)", Spring(mass: 2, stiffness: 50, damping: 3, initialVelocity: -1),
      [0.027502541, 0.648415452, 1.588410748]
    ),
  ]

  @Test("closed form matches numerical integration at t = 0.1, 0.3, 0.6 s", arguments: integrated)
  func closedForm(name: String, spring: Spring, expected: [Double]) {
    for (time, value) in zip([0.1, 0.3, 0.6], expected) {
      #expect(abs(spring.progress(at: time) - value) < 1e-6, "\(name) at \(time)")
    }
    #expect(spring.progress(at: 0) == 0)
  }

  @Test("UIKit spring, damping ratio 0.7: overshoots 4.6 % at t = π/ω_d, then holds 1 from its duration")
  func uiKitOvershoot() {
    let spring = Spring(uiKitDuration: 0.4, dampingRatio: 0.7, initialVelocity: 0)
    #expect(abs(spring.naturalFrequency - 24.670554568) < 1e-6)  // ln 1000 / (0.7 · 0.4)
    #expect(abs(spring.dampingRatio - 0.7) < 1e-12)
    let peakTime = 0.178314177  // π / (ω₀ √(1 − 0.7²))
    #expect(abs(spring.progress(at: peakTime) - 1.045987910) < 1e-6)
    #expect(spring.progress(at: peakTime - 0.01) < spring.progress(at: peakTime))
    #expect(spring.progress(at: peakTime + 0.01) < spring.progress(at: peakTime))
    #expect(spring.progress(at: 0.3999) != 1)
    #expect(spring.progress(at: 0.4) == 1)
    #expect(spring.settlingDuration == 0.4)
  }

  @Test("the welcome label's spring (scale 0.25 → 1, 0.4 s, ζ 0.7, v 0.1) peaks near 1.034")
  func welcomeLabel() {
    let spring = Spring(uiKitDuration: 0.4, dampingRatio: 0.7, initialVelocity: 0.1)
    let animation = Animation.property(
      PropertyAnimation(
        keyPath: LayerPropertyRegistry.scale.keyPath, timing: MediaTiming(beginTime: 4.35, duration: 0.4),
        values: .spring(from: .scalar(0.25), to: .scalar(1), by: nil, spring: spring)))
    let label = Layer(id: "label", kind: .text, animations: [animation])
    let peak =
      stride(from: 4.35, through: 4.75, by: 0.001).map {
        TransformComponents(label.presentation(at: $0).properties.transform).scale.x
      }.max() ?? 0
    #expect(abs(peak - 1.0345) < 0.001)
    #expect(abs(TransformComponents(label.presentation(at: 4.36).properties.transform).scale.x - 0.25) < 0.05)
  }

  @Test("settlingDuration follows the decay envelope to 0.1 % (Apple's k 100, c 5 example: 2.78 s)")
  func settling() {
    let example = Spring(mass: 1, stiffness: 100, damping: 5)
    #expect(abs(example.settlingDuration - 2.776) < 0.002)
    let settled = example.settlingDuration
    for time in stride(from: settled, to: settled + 2, by: 0.01) {
      #expect(abs(example.progress(at: time) - 1) < 0.001)
    }
    let critical = Spring(mass: 1, stiffness: 100, damping: 20)
    #expect(abs(critical.progress(at: critical.settlingDuration) - 1) < 0.001)
  }
}
