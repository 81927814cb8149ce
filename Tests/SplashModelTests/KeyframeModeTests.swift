import SplashCore
import Testing

@testable import SplashModel

@Suite("Keyframe calculation modes, keyframe paths and cumulative repeats")
struct KeyframeModeTests {
  private func number(_ value: AnimatableValue) -> Double {
    guard case .scalar(let number) = value else { return .nan }
    return number
  }

  @Test("paced ignores keyTimes and spaces values by distance: [0, 10, 30] is at 15 half-way")
  func paced() {
    let track = KeyframeTrack(
      values: [.scalar(0), .scalar(10), .scalar(30)], keyTimes: [0, 0.9, 1], timingFunctions: [.easeIn, .easeIn],
      calculationMode: .paced)
    #expect(track.effectiveKeyTimes == [0, 1.0 / 3, 1])
    #expect(abs(number(track.value(at: 0.5)) - 15) < 1e-12)
    #expect(abs(number(track.value(at: 1.0 / 6)) - 5) < 1e-12)
  }

  @Test("cubic passes through every value with Catmull-Rom tangents")
  func cubic() {
    let track = KeyframeTrack(values: [0, 1, 0, 1].map { .scalar($0) }, calculationMode: .cubic)
    #expect(number(track.value(at: 1.0 / 3)) == 1)
    #expect(abs(number(track.value(at: 0.5)) - 0.5) < 1e-12)  // tangents are 0 at both ends of segment 1
    #expect(abs(number(track.value(at: 1.0 / 3 + 1.0 / 12)) - 0.84375) < 1e-12)  // h00(¼) = 0.84375
    // Linear would be 0.75 there: the spline eases out of the peak.
    let linear = KeyframeTrack(values: [0, 1, 0, 1].map { .scalar($0) })
    #expect(abs(number(linear.value(at: 1.0 / 3 + 1.0 / 12)) - 0.75) < 1e-12)
  }

  @Test("tension 1 turns the cubic spline into straight Hermite steps with zero tangents")
  func tension() {
    let track = KeyframeTrack(
      values: [.scalar(0), .scalar(10)], calculationMode: .cubic, tensionValues: [1, 1])
    #expect(abs(number(track.value(at: 0.25)) - 10 * 0.15625) < 1e-12)  // h01(¼) = 0.15625
  }

  @Test("position along a path: linear times each element evenly, paced moves at constant speed")
  func keyframePath() {
    var path = Path()
    path.move(to: .zero)
    path.addLine(to: Point(x: 100, y: 0))
    path.addLine(to: Point(x: 100, y: 300))
    let linear = KeyframePath(path: path)
    #expect(linear.sample(at: 0.25).point == Point(x: 50, y: 0))
    #expect(linear.sample(at: 0.75).point == Point(x: 100, y: 150))
    let paced = KeyframePath(path: path, calculationMode: .paced, rotationMode: .auto)
    let quarter = paced.sample(at: 0.125)  // 50 of 400 points
    #expect(abs(quarter.point.x - 50) < 1e-9 && quarter.point.y == 0)
    #expect(quarter.angle == 0)
    let down = paced.sample(at: 0.5)
    #expect(abs(down.point.y - 100) < 1e-9)
    #expect(abs((down.angle ?? 0) - .pi / 2) < 1e-12)  // heading down: a quarter turn clockwise
    #expect(abs((KeyframePath(path: path, rotationMode: .autoReverse).sample(at: 0.75).angle ?? 0) - 1.5 * .pi) < 1e-12)
  }

  @Test("rotationMode turns the layer with the path")
  func rotationModeTurnsLayer() {
    var path = Path()
    path.move(to: .zero)
    path.addLine(to: Point(x: 0, y: 100))
    let animation = Animation.property(
      PropertyAnimation(
        keyPath: LayerPropertyRegistry.position.keyPath, timing: MediaTiming(duration: 1),
        values: .keyframePath(KeyframePath(path: path, rotationMode: .auto))))
    let presented = Layer(id: "car", animations: [animation]).presentation(at: 0.5).properties
    #expect(presented.position == Point(x: 0, y: 50))
    #expect(abs(TransformComponents(presented.transform).rotation.z - .pi / 2) < 1e-12)
  }

  @Test("cumulative: each repeat starts where the last ended (rotation.z by a quarter turn, 4 times)")
  func cumulative() {
    let spin = Animation.property(
      PropertyAnimation(
        keyPath: LayerPropertyRegistry.positionX.keyPath, timing: MediaTiming(duration: 1, repeatCount: 4),
        values: .basic(from: .scalar(0), to: .scalar(10), by: nil), isCumulative: true))
    let layer = Layer(id: "wheel", animations: [spin])
    #expect(abs(layer.presentation(at: 0.5).properties.position.x - 5) < 1e-12)
    #expect(abs(layer.presentation(at: 2.5).properties.position.x - 25) < 1e-12)
    #expect(abs(layer.presentation(at: 3.999).properties.position.x - 39.99) < 1e-9)
  }

  @Test("3D sub-key paths change one component: rotation.x keeps the scale, scale keeps the turn")
  func transformComponents() {
    var properties = LayerProperties()
    properties.transform = Transform3D(scaleX: 2, y: 2, z: 2).concatenating(Transform3D(rotationAngle: 0.5, x: 0, y: 0, z: 1))
    let tilt = Animation.property(
      PropertyAnimation(
        keyPath: LayerPropertyRegistry.rotationX.keyPath, timing: MediaTiming(duration: 1),
        values: .basic(from: .scalar(0), to: .scalar(1), by: nil)))
    let presented = TransformComponents(
      Layer(id: "card", properties: properties, animations: [tilt]).presentation(at: 0.5).properties.transform)
    #expect(abs(presented.rotation.x - 0.5) < 1e-9)
    #expect(abs(presented.rotation.z - 0.5) < 1e-9)
    #expect(abs(presented.scale.x - 2) < 1e-9)
    let grow = Animation.property(
      PropertyAnimation(
        keyPath: LayerPropertyRegistry.scale.keyPath, timing: MediaTiming(duration: 1),
        values: .basic(from: .scalar(1), to: .scalar(3), by: nil)))
    let grown = TransformComponents(
      Layer(id: "card", properties: properties, animations: [grow]).presentation(at: 0.5).properties.transform)
    #expect(abs(grown.scale.y - 2) < 1e-9 && abs(grown.rotation.z - 0.5) < 1e-9)
  }

  @Test("paths of different structure morph by the documented normalisation")
  func pathMorphing() {
    var line = Path()
    line.move(to: Point(x: 0, y: 30))
    line.addLine(to: Point(x: 90, y: 30))
    var wave = Path()
    wave.move(to: Point(x: 0, y: 30))
    wave.addCurve(to: Point(x: 90, y: 30), control1: Point(x: 30, y: 0), control2: Point(x: 60, y: 60))
    let start = Path.morph(line, wave, amount: 0)
    #expect(
      start.elements == [
        .move(to: Point(x: 0, y: 30)), .cubicCurve(control1: Point(x: 30, y: 30), control2: Point(x: 60, y: 30), to: Point(x: 90, y: 30)),
      ])
    let halfway = Path.morph(line, wave, amount: 0.5)
    #expect(halfway.elements[1] == .cubicCurve(control1: Point(x: 30, y: 15), control2: Point(x: 60, y: 45), to: Point(x: 90, y: 30)))
    // Two segments against one: the single one is split at its middle.
    var bent = Path()
    bent.move(to: Point(x: 0, y: 30))
    bent.addLine(to: Point(x: 45, y: 0))
    bent.addLine(to: Point(x: 90, y: 30))
    let split = Path.morph(line, bent, amount: 0)
    #expect(split.elements.count == 3)
    #expect(split.elements[1].endPoint == Point(x: 45, y: 30))
    // Same structure keeps Core Animation's exact point-by-point interpolation.
    #expect(Path.morph(wave, wave, amount: 0.3) == wave)
  }
}
