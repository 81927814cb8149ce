import Testing

@testable import SplashModel

/// Expected values come from solving each cubic Bézier by bisection to 1e-15 outside this code.
@Suite("Timing functions solve CA's cubic Bézier exactly")
struct TimingFunctionTests {
  static let cases: [(String, TimingFunction, [Double])] = [
    ("easeIn", .easeIn, [0.0170266, 0.062282, 0.1295768, 0.2148609, 0.3153568, 0.4291198, 0.554814, 0.6916339, 0.8394278]),
    ("easeOut", .easeOut, [0.1605722, 0.3083661, 0.445186, 0.5708802, 0.6846432, 0.7851391, 0.8704232, 0.937718, 0.9829734]),
    ("easeInEaseOut", .easeInEaseOut, [0.0197225, 0.0816599, 0.1873959, 0.3318839, 0.5, 0.6681161, 0.8126041, 0.9183401, 0.9802775]),
    ("default", .default, [0.0947963, 0.2952443, 0.5133152, 0.6825405, 0.8024034, 0.8852293, 0.9407646, 0.9756254, 0.9943165]),
    (
      "fuber strokeEnd (1, 0, 0.35, 1)", TimingFunction(1, 0, 0.35, 1),
      [0.0036609, 0.0163214, 0.0418002, 0.0874224, 0.1708036, 0.3623611, 0.8212808, 0.9498676, 0.9904171]
    ),
  ]

  @Test("named and custom curves at x = 0, 0.1 … 1", arguments: cases)
  func curveValues(name: String, function: TimingFunction, expected: [Double]) {
    #expect(function.progress(at: 0) == 0)
    #expect(function.progress(at: 1) == 1)
    for (index, value) in expected.enumerated() {
      let x = Double(index + 1) / 10
      #expect(abs(function.progress(at: x) - value) < 1e-6, "\(name) at \(x)")
    }
  }

  @Test("linear is the identity and times outside 0…1 clamp")
  func linearAndClamping() {
    #expect(TimingFunction.linear.progress(at: 0.37) == 0.37)
    #expect(TimingFunction.easeIn.progress(at: -0.5) == 0)
    #expect(TimingFunction.easeIn.progress(at: 1.5) == 1)
  }
}
