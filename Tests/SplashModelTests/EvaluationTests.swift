import SplashCore
import Testing

@testable import SplashModel

@Suite("The evaluator applies animations as Core Animation does")
struct EvaluationTests {
  private func strokeEndLayer(_ animations: [Animation], modelStrokeEnd: Double = 1) -> Layer {
    var properties = LayerProperties()
    properties.shape.strokeEnd = modelStrokeEnd
    return Layer(id: "shape", kind: .shape, properties: properties, animations: animations)
  }

  private func basic(
    _ property: LayerProperty<Double>, from: Double?, to: Double?, by: Double? = nil, begin: Double = 0,
    duration: Double = 1, fill: FillMode = .removed, removed: Bool = true, additive: Bool = false
  ) -> Animation {
    .property(
      PropertyAnimation(
        keyPath: property.keyPath, timing: MediaTiming(beginTime: begin, duration: duration, fillMode: fill),
        values: .basic(from: from.map { .scalar($0) }, to: to.map { .scalar($0) }, by: by.map { .scalar($0) }),
        isAdditive: additive, isRemovedOnCompletion: removed))
  }

  private func strokeEnd(_ layer: Layer, at time: Double) -> Double {
    layer.presentation(at: time).properties.shape.strokeEnd
  }

  @Test("fromValue/toValue/byValue combinations resolve as CABasicAnimation documents")
  func basicValueResolution() {
    let model = 0.8
    let halfway = 0.5
    let cases: [(String, Animation, Double)] = [
      ("from + to", basic(LayerPropertyRegistry.strokeEnd, from: 0.2, to: 0.6), 0.4),
      ("from + by", basic(LayerPropertyRegistry.strokeEnd, from: 0.2, to: nil, by: 0.4), 0.4),
      ("by + to", basic(LayerPropertyRegistry.strokeEnd, from: nil, to: 0.6, by: 0.4), 0.4),
      ("from only → current value", basic(LayerPropertyRegistry.strokeEnd, from: 0.2, to: nil), 0.5),
      ("to only ← current value", basic(LayerPropertyRegistry.strokeEnd, from: nil, to: 0.2), 0.5),
      ("by only: current → current + by", basic(LayerPropertyRegistry.strokeEnd, from: nil, to: nil, by: -0.2), 0.7),
    ]
    for (rule, animation, expected) in cases {
      let value = strokeEnd(strokeEndLayer([animation], modelStrokeEnd: model), at: halfway)
      #expect(abs(value - expected) < 1e-12, "\(rule)")
    }
  }

  @Test("removedOnCompletion beats a forwards fill; kept animations hold their end")
  func removalAndFill() {
    let removed = strokeEndLayer([basic(LayerPropertyRegistry.strokeEnd, from: 0, to: 0.5, fill: .forwards)])
    #expect(strokeEnd(removed, at: 2) == 1)
    let kept = strokeEndLayer([basic(LayerPropertyRegistry.strokeEnd, from: 0, to: 0.5, fill: .forwards, removed: false)])
    #expect(strokeEnd(kept, at: 2) == 0.5)
    let backwards = strokeEndLayer([basic(LayerPropertyRegistry.strokeEnd, from: 0.3, to: 0.5, begin: 1, fill: .backwards)])
    #expect(strokeEnd(backwards, at: 0.5) == 0.3)
  }

  @Test("the animation added last wins; an additive one adds onto what is below it")
  func stacking() {
    let later = strokeEndLayer([
      basic(LayerPropertyRegistry.strokeEnd, from: 0, to: 0.2), basic(LayerPropertyRegistry.strokeEnd, from: 0.6, to: 0.8),
    ])
    #expect(abs(strokeEnd(later, at: 0.5) - 0.7) < 1e-12)
    let additive = strokeEndLayer([
      basic(LayerPropertyRegistry.strokeEnd, from: 0, to: 0.2), basic(LayerPropertyRegistry.strokeEnd, from: 0.5, to: 0.5, additive: true),
    ])
    #expect(abs(strokeEnd(additive, at: 0.5) - 0.6) < 1e-12)
  }

  @Test("additive position offsets the model position")
  func additivePosition() {
    var properties = LayerProperties()
    properties.position = Point(x: 100, y: 50)
    let push = Animation.property(
      PropertyAnimation(
        keyPath: LayerPropertyRegistry.position.keyPath, timing: MediaTiming(duration: 1),
        values: .basic(from: .point(.zero), to: .point(Point(x: 10, y: -20)), by: nil), isAdditive: true))
    let layer = Layer(id: "tile", properties: properties, animations: [push])
    #expect(layer.presentation(at: 0.5).properties.position == Point(x: 105, y: 40))
  }

  @Test("transform.rotation.z from 0 to 2π is a full turn: π at half time")
  func rotationFullTurn() {
    let spin = Animation.property(
      PropertyAnimation(
        keyPath: LayerPropertyRegistry.rotationZ.keyPath, timing: MediaTiming(duration: 0.4),
        values: .basic(from: .scalar(0), to: .scalar(2 * .pi), by: nil)))
    let layer = Layer(id: "triangle", animations: [spin])
    let halfTurn = TransformComponents(layer.presentation(at: 0.2).properties.transform)
    #expect(abs(abs(halfTurn.rotation.z) - .pi) < 1e-9)
    let quarterTurn = TransformComponents(layer.presentation(at: 0.1).properties.transform)
    #expect(abs(quarterTurn.rotation.z - .pi / 2) < 1e-9)
    // The matrix itself: (1, 0) turned a quarter clockwise lands on (0, 1).
    let matrix = layer.presentation(at: 0.1).properties.transform
    #expect(abs(matrix.m11) < 1e-9 && abs(matrix.m12 - 1) < 1e-9)
  }

  @Test("a group clips a longer child and repeats it from the start")
  func groupClipsChildren() {
    let child = basic(LayerPropertyRegistry.strokeEnd, from: 0, to: 1, duration: 4, fill: .forwards)
    let group = Animation.group(
      AnimationGroup(timing: MediaTiming(duration: 2, repeatCount: .infinity), animations: [child]))
    let layer = strokeEndLayer([group], modelStrokeEnd: 1)
    #expect(abs(strokeEnd(layer, at: 1) - 0.25) < 1e-12)
    #expect(abs(strokeEnd(layer, at: 1.999) - 0.49975) < 1e-9)
    #expect(abs(strokeEnd(layer, at: 2.5) - 0.125) < 1e-12)
  }

  @Test("keyTimes with per-segment timing functions (fuber's tile opacity)")
  func keyframesWithSegmentTiming() {
    let tf = TimingFunction(0.25, 0, 0.2, 1)
    let track = KeyframeTrack(
      values: [0, 1, 0.45, 0.6, 0, 0].map { .scalar($0) }, keyTimes: [0, 0.61, 0.7, 0.767, 0.95, 1],
      timingFunctions: [.easeInEaseOut, tf, tf, .easeOut, .linear])
    func opacity(_ phase: Double) -> Double {
      guard case .scalar(let value) = track.value(at: phase / 3) else { return .nan }
      return value
    }
    #expect(abs(opacity(1.83) - 1) < 1e-9)
    #expect(abs(opacity(2.1) - 0.45) < 1e-9)
    #expect(abs(opacity(2.301) - 0.6) < 1e-9)
    #expect(opacity(2.9) == 0)
    // Half-way through the first segment (phase 0.915), easeInEaseOut gives exactly 0.5.
    #expect(abs(opacity(0.915) - 0.5) < 1e-6)
    // Half-way through the tf segment 1 → 0.45: tf(0.5) ≈ 0.8208 of the way.
    let expected = 1 + (0.45 - 1) * TimingFunction(0.25, 0, 0.2, 1).progress(at: 0.5)
    #expect(abs(opacity(1.965) - expected) < 1e-9)
  }

  @Test("discrete keyframes hold each value until the next key time")
  func discreteKeyframes() {
    let track = KeyframeTrack(
      values: [.scalar(1), .scalar(2), .scalar(3)], keyTimes: [0, 0.5, 0.9], calculationMode: .discrete)
    #expect(track.value(at: 0.49) == .scalar(1))
    #expect(track.value(at: 0.5) == .scalar(2))
    #expect(track.value(at: 0.95) == .scalar(3))
  }

  @Test("the fuber circle group: strokeEnd follows τ = (t + 2.1) mod 3 and rests at 1 after τ = 2.5")
  func fuberCircle() {
    let curve = TimingFunction(1, 0, 0.35, 1)
    let strokeEndTrack = Animation.property(
      PropertyAnimation(
        keyPath: LayerPropertyRegistry.strokeEnd.keyPath, timing: MediaTiming(duration: 2.5),
        values: .keyframes(KeyframeTrack(values: [.scalar(0), .scalar(1)], keyTimes: [0, 1])),
        timingFunction: curve))
    let group = Animation.group(
      AnimationGroup(
        timing: MediaTiming(duration: 3, timeOffset: 2.1, repeatCount: .infinity), animations: [strokeEndTrack]))
    let layer = strokeEndLayer([group])
    #expect(strokeEnd(layer, at: 0.9) == 0)  // τ = 0
    #expect(abs(strokeEnd(layer, at: 2.15) - curve.progress(at: 0.5)) < 1e-9)  // τ = 1.25
    #expect(strokeEnd(layer, at: 0.5) == 1)  // τ = 2.6: model value
    #expect(abs(strokeEnd(layer, at: 5.15) - curve.progress(at: 0.5)) < 1e-9)  // next cycle
  }

  /// Rule table: (fill mode, removed on completion) → (value before begin, value after end), for
  /// an animation from 0.2 to 0.6 active from t = 1 to t = 2 on a model strokeEnd of 1.
  static let fillTable: [(FillMode, Bool, Double, Double)] = [
    (.removed, true, 1, 1), (.removed, false, 1, 1),
    (.forwards, true, 1, 1), (.forwards, false, 1, 0.6),
    (.backwards, true, 0.2, 1), (.backwards, false, 0.2, 1),
    (.both, true, 0.2, 1), (.both, false, 0.2, 0.6),
  ]

  @Test("every fill mode before and after the active time, with and without removal", arguments: fillTable)
  func fillModes(fill: FillMode, removed: Bool, before: Double, after: Double) {
    let layer = strokeEndLayer([basic(LayerPropertyRegistry.strokeEnd, from: 0.2, to: 0.6, begin: 1, fill: fill, removed: removed)])
    #expect(strokeEnd(layer, at: 0.5) == before, "before, \(fill), removed \(removed)")
    #expect(abs(strokeEnd(layer, at: 1.5) - 0.4) < 1e-12, "active")
    #expect(strokeEnd(layer, at: 2.5) == after, "after, \(fill), removed \(removed)")
  }
}
