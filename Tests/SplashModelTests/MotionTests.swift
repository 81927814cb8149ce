import SplashCore
import Testing

@testable import SplashModel

/// `Scene.presentation(at:)` marks the layers whose place in the frame is changing.
@Suite("Motion: a layer moves while its placement or a superlayer's changes")
struct MotionTests {
  private func animation(_ property: LayerProperty<Double>, from: Double, to: Double, begin: Double = 0, duration: Double = 1) -> Animation
  {
    .property(
      PropertyAnimation(
        keyPath: property.keyPath, timing: MediaTiming(beginTime: begin, duration: duration, fillMode: .removed),
        values: .basic(from: .scalar(from), to: .scalar(to), by: nil)))
  }

  /// A scene of `layers`, every one of them faded: the probe looks only where a layer may show
  /// faded (`MotionScope`, tested at the end), and these tests are about what it sees there.
  private func scene(_ layers: [Layer]) -> Scene {
    plainScene(layers.map(Self.faded))
  }

  private func plainScene(_ layers: [Layer]) -> Scene {
    Scene(canvasSize: Size(width: 100, height: 100), backgroundColor: .black, layers: layers, clip: ClipWindow(start: 0, cycle: 3))
  }

  private static func faded(_ layer: Layer) -> Layer {
    var faded = layer
    faded.properties.opacity = 0.5
    faded.sublayers = layer.sublayers.map(Self.faded)
    return faded
  }

  @Test("a sliding layer moves while it slides; before its animation begins and after it ends it rests")
  func slidingLayer() {
    let child = Layer(id: "child")
    let slider = Layer(
      id: "slider", animations: [animation(LayerPropertyRegistry.positionX, from: 0, to: 50, begin: 1)], sublayers: [child])
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
    let growing = Layer(id: "growing", animations: [animation(LayerPropertyRegistry.scale, from: 1, to: 2)])
    let fading = Layer(id: "fading", animations: [animation(LayerPropertyRegistry.opacity, from: 1, to: 0)])
    var turning = LayerProperties()
    turning.bounds = Rect(x: 0, y: 0, width: 10, height: 10)
    let inside = Layer(id: "inside")
    let turn = Animation.property(
      PropertyAnimation(
        keyPath: LayerPropertyRegistry.sublayerTransform.keyPath, timing: MediaTiming(beginTime: 0, duration: 1, fillMode: .removed),
        values: .basic(from: .transform(.identity), to: .transform(Transform3D(rotationAngle: 1, x: 0, y: 0, z: 1)), by: nil)))
    let host = Layer(id: "host", properties: turning, animations: [turn], sublayers: [inside])
    let tree = scene([growing, fading, host]).presentation(at: 0.5)
    #expect(tree.layer(withID: "growing")?.isMoving == true)
    #expect(tree.layer(withID: "fading")?.isMoving == false)
    #expect(tree.layer(withID: "host")?.isMoving == false, "its own place holds")
    #expect(tree.layer(withID: "inside")?.isMoving == true, "its sublayers turn")
  }

  @Test("a layer moves exactly when its placement a moment later differs: holds, rests, fills, removal, discrete and cubic")
  func steadyHoldsAgreeWithPlacementLater() {
    func keyframes(
      _ property: LayerProperty<Double>, _ values: [Double], at keyTimes: [Double], mode: CalculationMode = .linear,
      begin: Double = 1, duration: Double = 2, fill: FillMode = .both, removed: Bool = false,
      easing: TimingFunction? = nil
    ) -> Animation {
      .property(
        PropertyAnimation(
          keyPath: property.keyPath, timing: MediaTiming(beginTime: begin, duration: duration, fillMode: fill),
          values: .keyframes(
            KeyframeTrack(
              values: values.map { .scalar($0) }, keyTimes: keyTimes,
              timingFunctions: Array(repeating: TimingFunction(0.42, 0, 0.58, 1), count: values.count - 1),
              calculationMode: mode)),
          timingFunction: easing, isRemovedOnCompletion: removed))
    }
    let layers = [
      // Moves, holds, moves again: a rest in the middle of the track.
      Layer(id: "rest", animations: [keyframes(LayerPropertyRegistry.positionX, [0, 40, 40, 80], at: [0, 0.3, 0.6, 1])]),
      // Filled before its start and past its end, the last segment moving.
      Layer(id: "fills", animations: [keyframes(LayerPropertyRegistry.scaleX, [1, 2, 0.5], at: [0, 0.5, 1])]),
      // Removed at its end: its last value goes at once.
      Layer(
        id: "removed",
        animations: [keyframes(LayerPropertyRegistry.positionY, [10, 20, 20], at: [0, 0.5, 1], fill: .forwards, removed: true)]),
      // Discrete steps, and a cubic spline whose equal neighbours still bulge between them.
      Layer(
        id: "discrete", animations: [keyframes(LayerPropertyRegistry.rotationZ, [0, 0, 1, 1], at: [0, 0.25, 0.5, 0.75], mode: .discrete)]),
      Layer(id: "cubic", animations: [keyframes(LayerPropertyRegistry.positionX, [0, 30, 30, 0], at: [0, 0.3, 0.6, 1], mode: .cubic)]),
      // Two animations of one property: the later one overrides the first, which moves.
      Layer(
        id: "overridden",
        animations: [
          keyframes(LayerPropertyRegistry.positionX, [0, 50], at: [0, 1]),
          keyframes(LayerPropertyRegistry.positionX, [5, 5, 9], at: [0, 0.8, 1], easing: TimingFunction(0.25, 0.1, 0.25, 1)),
        ]),
    ]
    let scene = scene(layers)
    var moving = 0
    var resting = 0
    for step in 0...400 {
      let time = Double(step) * 0.01 - 0.5 + (step % 3 == 0 ? 0.0005 : 0)
      let now = scene.presentation(at: time)
      let later = scene.presentation(at: time + Scene.motionProbeInterval)
      for (index, layer) in now.layers.enumerated() {
        let then = later.layers[index].properties
        let placedAlike =
          layer.properties.position == then.position && layer.properties.transform == then.transform
          && layer.properties.anchorPoint == then.anchorPoint && layer.properties.bounds == then.bounds
        #expect(layer.isMoving == !placedAlike, "\(layer.id) at \(time)")
        if layer.isMoving { moving += 1 } else { resting += 1 }
      }
    }
    #expect(moving > 400 && resting > 1000)
  }

  @Test("a replicator's animated instance transform moves its copies; a stroke that grows moves nothing")
  func replicatorCopiesAndContent() {
    var replicator = LayerProperties()
    replicator.replicator.instanceCount = 3
    let spread = Animation.property(
      PropertyAnimation(
        keyPath: LayerPropertyRegistry.instanceTransform.keyPath, timing: MediaTiming(beginTime: 0, duration: 1, fillMode: .removed),
        values: .basic(from: .transform(.identity), to: .transform(Transform3D(translationX: 20, y: 0, z: 0)), by: nil)))
    let dot = Layer(id: "dot")
    let ring = Layer(id: "ring", kind: .replicator, properties: replicator, animations: [spread], sublayers: [dot])
    let stroke = Layer(id: "stroke", kind: .shape, animations: [animation(LayerPropertyRegistry.strokeEnd, from: 0, to: 1)])
    let tree = scene([ring, stroke]).presentation(at: 0.5)
    let copies = tree.layers[0].sublayers
    #expect(copies.count == 3)
    #expect(copies[0].isMoving == false, "instance 0 is not transformed")
    #expect(copies[1].isMoving && copies[2].isMoving && copies[2].sublayers[0].isMoving)
    #expect(tree.layer(withID: "stroke")?.isMoving == false)
  }

  @Test("fixed content: only place and opacity animate, and nothing below the layer changes")
  func fixedContent() {
    let still = Layer(id: "lines", kind: .shape)
    let tile = Layer(
      id: "tile",
      animations: [animation(LayerPropertyRegistry.opacity, from: 0, to: 1), animation(LayerPropertyRegistry.scale, from: 1, to: 1.05)],
      sublayers: [still])
    let growing = Layer(id: "growing", kind: .shape, animations: [animation(LayerPropertyRegistry.strokeEnd, from: 0, to: 1)])
    let host = Layer(id: "host", sublayers: [growing])
    let slidingChild = Layer(id: "slider", animations: [animation(LayerPropertyRegistry.positionX, from: 0, to: 5)])
    let parent = Layer(id: "parent", sublayers: [slidingChild])
    let tree = scene([tile, host, parent]).presentation(at: 0.5)
    #expect(tree.layer(withID: "tile")?.hasFixedContent == true)
    #expect(tree.layer(withID: "growing")?.hasFixedContent == false, "its stroke grows")
    #expect(tree.layer(withID: "host")?.hasFixedContent == false, "a sublayer's stroke grows")
    #expect(tree.layer(withID: "slider")?.hasFixedContent == true, "its own picture holds while it slides")
    #expect(tree.layer(withID: "parent")?.hasFixedContent == false, "a sublayer moves within it")
  }

  @Test("the probe looks only at layers that may show faded and at the layers above them")
  func probedWhereAFadeMayShow() {
    let slide = animation(LayerPropertyRegistry.positionX, from: 0, to: 50)
    // Opaque throughout, above a layer that never shows (opacity 0): drawn afresh wherever it
    // is, so nothing is asked of its motion.
    var unseen = LayerProperties()
    unseen.opacity = 0
    let card = Layer(id: "card", animations: [slide], sublayers: [Layer(id: "label"), Layer(id: "unused", properties: unseen)])
    // Opaque in the model, faded by an animation.
    let dot = Layer(id: "dot", animations: [slide, animation(LayerPropertyRegistry.opacity, from: 1, to: 0.5)])
    // Opaque, above a layer faded in the model and an opaque one.
    var badgeProperties = LayerProperties()
    badgeProperties.opacity = 0.8
    let host = Layer(
      id: "host", animations: [slide],
      sublayers: [Layer(id: "badge", properties: badgeProperties), Layer(id: "caption", sublayers: [Layer(id: "icon")])])
    // A replicator's copies are compared whole, faded or not.
    var replicator = LayerProperties()
    replicator.replicator.instanceCount = 2
    let ring = Layer(id: "ring", kind: .replicator, properties: replicator, animations: [slide], sublayers: [Layer(id: "spoke")])
    let scene = plainScene([card, dot, host, ring])
    let tree = scene.presentation(at: 0.5)
    #expect(tree.layer(withID: "card")?.isMoving == false, "no layer of its subtree may show faded")
    #expect(tree.layer(withID: "label")?.isMoving == false)
    #expect(tree.layer(withID: "dot")?.isMoving == true, "its opacity is animated")
    #expect(tree.layer(withID: "host")?.isMoving == true, "a sublayer may show faded")
    #expect(tree.layer(withID: "badge")?.isMoving == true, "faded, it moves with its superlayer")
    #expect(tree.layer(withID: "caption")?.isMoving == false, "an opaque sibling is left out")
    #expect(tree.layer(withID: "icon")?.isMoving == false)
    #expect(tree.layers[3].sublayers.allSatisfy { $0.isMoving && $0.sublayers.allSatisfy(\.isMoving) }, "the ring's copies")
    // The evaluator keeps the scope it worked out once, and marks the same layers.
    let evaluator = SceneEvaluator(scene)
    for time in [0.25, 0.5, 0.75, 1.5] {
      #expect(evaluator.presentation(at: time) == scene.presentation(at: time), "at \(time)")
    }
    #expect(evaluator.presentation(at: 0.5).layer(withID: "badge")?.isMoving == true)
  }
}
