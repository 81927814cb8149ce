import SplashCore
import Testing

@testable import SplashModel

/// `Scene.presentation(at:)` marks the layers whose place in the frame is changing.
@Suite("Motion: a layer moves while its placement or a superlayer's changes")
struct MotionTests {
  private func animation(_ keyPath: LayerKeyPath, from: Double, to: Double, begin: Double = 0, duration: Double = 1) -> Animation {
    .property(
      PropertyAnimation(
        keyPath: keyPath, timing: MediaTiming(beginTime: begin, duration: duration, fillMode: .removed),
        values: .basic(from: .scalar(from), to: .scalar(to), by: nil)))
  }

  private func scene(_ layers: [Layer]) -> Scene {
    Scene(canvasSize: Size(width: 100, height: 100), backgroundColor: .black, layers: layers, clip: ClipWindow(start: 0, cycle: 3))
  }

  @Test("a sliding layer moves while it slides; before its animation begins and after it ends it rests")
  func slidingLayer() {
    let child = Layer(id: "child")
    let slider = Layer(id: "slider", animations: [animation(.positionX, from: 0, to: 50, begin: 1)], sublayers: [child])
    let still = Layer(id: "still")
    let scene = scene([slider, still])
    for (time, moving) in [(0.5, false), (1.2, true), (1.999, true), (2.5, false)] {
      let tree = scene.presentation(at: time)
      #expect(tree.layer(withID: "slider")?.isMoving == moving, "slider at \(time)")
      #expect(tree.layer(withID: "child")?.isMoving == moving, "its sublayer moves with it at \(time)")
      #expect(tree.layer(withID: "still")?.isMoving == false, "a sibling at \(time)")
    }
  }

  @Test("scale and a superlayer's sublayer transform move; fading does not")
  func whatCountsAsMotion() {
    let growing = Layer(id: "growing", animations: [animation(.scale, from: 1, to: 2)])
    let fading = Layer(id: "fading", animations: [animation(.opacity, from: 1, to: 0)])
    var turning = LayerProperties()
    turning.bounds = Rect(x: 0, y: 0, width: 10, height: 10)
    let inside = Layer(id: "inside")
    let turn = Animation.property(
      PropertyAnimation(
        keyPath: .sublayerTransform, timing: MediaTiming(beginTime: 0, duration: 1, fillMode: .removed),
        values: .basic(from: .transform(.identity), to: .transform(Transform3D(rotationAngle: 1, x: 0, y: 0, z: 1)), by: nil)))
    let host = Layer(id: "host", properties: turning, animations: [turn], sublayers: [inside])
    let tree = scene([growing, fading, host]).presentation(at: 0.5)
    #expect(tree.layer(withID: "growing")?.isMoving == true)
    #expect(tree.layer(withID: "fading")?.isMoving == false)
    #expect(tree.layer(withID: "host")?.isMoving == false, "its own place holds")
    #expect(tree.layer(withID: "inside")?.isMoving == true, "its sublayers turn")
  }
}
