import Foundation
import SplashCairo
import SplashCore
import SplashModel
import SplashRender
import SplashTestSupport
import Testing

/// A display list built with the last frame's nodes (`RetainedDisplayList`) is the list built
/// afresh, node for node, whatever frames came before; and it does take the nodes of still
/// subtrees, and keeps their placement while they land where they did.
@Suite("Display lists built from the last frame's nodes")
struct RetainedDisplayListTests {
  /// Lists of every frame of `scene` at `times`, built with one retained list from trees
  /// sharing the last frame's storage (as a render's worker builds them), each checked
  /// against the list built afresh from the tree evaluated alone.
  static func expectSameLists(_ scene: Scene, at times: [Double], name: String) {
    let evaluator = SceneEvaluator(scene)
    let viewport = Viewport(canvasSize: scene.canvasSize, pixelWidth: 360, pixelHeight: 640)
    let backend = CairoBackend()
    let retained = RetainedDisplayList()
    var previous: PresentationTree?
    for time in times {
      let alone = evaluator.presentation(at: time)
      let tree = evaluator.presentation(at: time, sharingWith: previous)
      previous = tree
      let kept = DisplayList(tree, viewport: viewport, measuring: backend, retaining: retained)
      let fresh = DisplayList(alone, viewport: viewport, measuring: backend)
      #expect(kept.layers == fresh.layers && kept.backdrop == fresh.backdrop, "\(name) at \(time) s")
    }
  }

  static func times(of scene: Scene, count: Int) -> [Double] {
    let end = scene.clip.start + scene.clip.loopDuration + 0.5
    return (0...count).map { scene.clip.start - 0.25 + (end - scene.clip.start + 0.25) * Double($0) / Double(count) }
  }

  @Test("the same lists as built afresh, frame after frame", arguments: SceneEvaluatorTests.sources)
  func inOrder(_ name: String) throws {
    let scene = try SceneEvaluatorTests.scene(name)
    Self.expectSameLists(scene, at: Self.times(of: scene, count: 90), name: name)
  }

  @Test("the same lists in any order of frames (a worker draws frames far apart)", arguments: SceneEvaluatorTests.sources)
  func anyOrder(_ name: String) throws {
    let scene = try SceneEvaluatorTests.scene(name)
    var generator = SeededGenerator(seed: 42)
    let times = Self.times(of: scene, count: 60)
    Self.expectSameLists(scene, at: times.shuffled(using: &generator) + times.reversed(), name: name)
  }

  /// A still group (two shapes, many points) that a mover carries off the canvas and back,
  /// resting at each end.
  static let carried: Scene = {
    let slide = Animation.property(
      PropertyAnimation(
        keyPath: LayerPropertyRegistry.positionX.keyPath,
        timing: MediaTiming(beginTime: 1, duration: 1, autoreverses: true, fillMode: .both),
        values: .basic(from: .scalar(0), to: .scalar(400), by: nil)))
    var square = Layer(id: "square", kind: .shape)
    square.properties.bounds = Rect(x: 0, y: 0, width: 40, height: 40)
    var squarePath = Path()
    squarePath.addRect(Rect(x: 0, y: 0, width: 40, height: 40))
    square.properties.shape.path = squarePath
    square.properties.shape.fillColor = Color(red: 1, green: 0, blue: 0)
    var ring = Layer(id: "ring", kind: .shape)
    var ringPath = Path()
    ringPath.addEllipse(in: Rect(x: 10, y: 10, width: 60, height: 60))
    ring.properties.shape.path = ringPath
    ring.properties.shape.strokeColor = Color(red: 0, green: 0, blue: 1)
    ring.properties.shape.lineWidth = 4
    ring.properties.opacity = 0.5
    let group = Layer(id: "group", sublayers: [square, ring])
    let mover = Layer(id: "mover", animations: [slide], sublayers: [group])
    return Scene(
      canvasSize: Size(width: 100, height: 100), backgroundColor: .black, layers: [mover], clip: ClipWindow(start: 0, cycle: 4))
  }()

  @Test("a still subtree carried off the canvas and back is placed as afresh at every step")
  func carriedOffAndBack() {
    Self.expectSameLists(Self.carried, at: (0...80).map { Double($0) / 20 }, name: "carried")
  }

  @Test("a still subtree is taken whole, and its placement kept while it lands where it did")
  func taken() {
    let evaluator = SceneEvaluator(Self.carried)
    let viewport = Viewport(canvasSize: Self.carried.canvasSize, pixelWidth: 100, pixelHeight: 100)
    let retained = RetainedDisplayList()
    func build(at time: Double) -> (taken: Int, kept: Int) {
      _ = DisplayList(evaluator.presentation(at: time), viewport: viewport, measuring: CairoBackend(), retaining: retained)
      return (retained.nodesTaken, retained.placementsKept)
    }
    #expect(build(at: 0.2) == (0, 0), "nothing kept yet")
    // At rest: the group is taken (the mover is built again), and placed once more: what a
    // node was placed with is kept from the frame it is first taken.
    #expect(build(at: 0.4) == (1, 0))
    #expect(build(at: 0.6) == (1, 1), "landing where it did, its placement is kept")
    // Moving: the group's moving presentation is another value, built afresh once; its opaque
    // square, which the motion probe leaves out (`MotionScope`), is the same value moving or
    // not, and its node is taken...
    #expect(build(at: 1.2) == (1, 0))
    // ...and then the group is taken, but placed again, since the mover carried it on.
    #expect(build(at: 1.3) == (1, 0))
    #expect(build(at: 1.4) == (1, 0))
    // At rest at the end: built afresh (the resting value again, the square taken), then
    // taken and placed again, the square landing where it did, then kept in place.
    #expect(build(at: 3.5) == (1, 0))
    #expect(build(at: 3.6) == (1, 1))
    #expect(build(at: 3.7) == (1, 1))
  }

  /// A dial turning and a badge scaling, each over still content, a label whose background
  /// changes colour as it slides, a card that tips into perspective, and a dot that jumps off
  /// the canvas.
  static let turning: Scene = {
    func shape(_ id: String, rect: Rect, fill: Color) -> Layer {
      var layer = Layer(id: id, kind: .shape)
      var path = Path()
      path.addRect(rect)
      layer.properties.shape.path = path
      layer.properties.shape.fillColor = fill
      return layer
    }
    func animation(_ keyPath: LayerKeyPath, from: AnimatableValue, to: AnimatableValue) -> Animation {
      .property(
        PropertyAnimation(
          keyPath: keyPath, timing: MediaTiming(beginTime: 0, duration: 1, fillMode: .both), values: .basic(from: from, to: to, by: nil)))
    }
    let red = Color(red: 1, green: 0, blue: 0)
    let blue = Color(red: 0, green: 0, blue: 1)
    var dial = Layer(
      id: "dial", animations: [animation(LayerPropertyRegistry.rotationZ.keyPath, from: .scalar(0), to: .scalar(3))],
      sublayers: [shape("hand", rect: Rect(x: 0, y: -2, width: 30, height: 4), fill: red)])
    dial.properties.position = Point(x: 30, y: 30)
    var badge = Layer(
      id: "badge", animations: [animation(LayerPropertyRegistry.scale.keyPath, from: .scalar(0.5), to: .scalar(1.5))],
      sublayers: [shape("face", rect: Rect(x: -10, y: -10, width: 20, height: 20), fill: blue)])
    badge.properties.position = Point(x: 70, y: 30)
    var label = shape("label", rect: Rect(x: 0, y: 0, width: 30, height: 8), fill: red)
    label.properties.bounds = Rect(x: 0, y: 0, width: 30, height: 8)
    label.animations = [
      animation(LayerPropertyRegistry.positionX.keyPath, from: .scalar(10), to: .scalar(60)),
      animation(LayerPropertyRegistry.backgroundColor.keyPath, from: .color(red), to: .color(blue)),
    ]
    label.properties.position = Point(x: 10, y: 60)
    // Seen in perspective: the farther side of the card shrinks (x feeds w).
    var tipped = Transform3D.identity
    tipped.m14 = -1.0 / 200
    var card = Layer(
      id: "card",
      animations: [animation(LayerPropertyRegistry.transform.keyPath, from: .transform(.identity), to: .transform(tipped))],
      sublayers: [shape("front", rect: Rect(x: -15, y: -10, width: 30, height: 20), fill: blue)])
    card.properties.position = Point(x: 70, y: 80)
    // At rest, then off the canvas in a thousandth of a second: placed where it rested, its
    // node holds what placing decided there, which must not be kept now that it has moved.
    let jump = Animation.property(
      PropertyAnimation(
        keyPath: LayerPropertyRegistry.positionX.keyPath, timing: MediaTiming(beginTime: 0.52, duration: 0.001, fillMode: .both),
        values: .basic(from: .scalar(50), to: .scalar(300), by: nil)))
    var jumper = Layer(
      id: "jumper", animations: [jump], sublayers: [shape("dot", rect: Rect(x: -5, y: -5, width: 10, height: 10), fill: red)])
    // Its model place is the one it jumps to: the animation holds it back until then.
    jumper.properties.position = Point(x: 300, y: 50)
    return Scene(
      canvasSize: Size(width: 100, height: 100), backgroundColor: .black, layers: [dial, badge, label, card, jumper],
      clip: ClipWindow(start: 0, cycle: 1))
  }()

  @Test("a layer only moved, turned or scaled over still content keeps its node, and the lists are those built afresh")
  func moved() {
    Self.expectSameLists(Self.turning, at: (0...24).map { Double($0) / 20 }, name: "turning")
    let evaluator = SceneEvaluator(Self.turning)
    let viewport = Viewport(canvasSize: Self.turning.canvasSize, pixelWidth: 100, pixelHeight: 100)
    let retained = RetainedDisplayList()
    var moved: [Int] = []
    var previous: PresentationTree?
    for time in [0.1, 0.2, 0.3] {
      // Sharing what holds still with the last frame, as a render's worker evaluates.
      let tree = evaluator.presentation(at: time, sharingWith: previous)
      previous = tree
      _ = DisplayList(tree, viewport: viewport, measuring: CairoBackend(), retaining: retained)
      moved.append(retained.nodesMoved)
    }
    // The dial and the badge, from the second frame on; the label changes more than its
    // place, and the card's transform is not flat (a picture of it is warped).
    #expect(moved == [0, 2, 2])
  }
}
