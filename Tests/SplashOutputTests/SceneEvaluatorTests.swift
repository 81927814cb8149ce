import Foundation
import SplashCore
import SplashModel
import Testing

@testable import SplashOutput

/// `SceneEvaluator` presents still subtrees once and hands them out in every frame: its trees
/// are `Scene.presentation(at:)`'s, and its still layers share their storage from frame to frame.
@Suite("The scene evaluator presents what Scene.presentation(at:) presents")
struct SceneEvaluatorTests {
  static let presetsDirectory = SplashOutputTests.repository.appendingPathComponent("presets").path
  static let examples = SplashOutputTests.repository.appendingPathComponent("examples").path

  /// The built-in presets (replicators, masks, springs, lifetimes) and the examples (a Lottie
  /// file, a preset holding Lottie layers and a video, scenes in sequence).
  static let sources: [String] = ["fuber", "logo-reveal", "welcome", "badge.json", "card.json5", "promo.json5", "launch.json5"]

  static func scene(_ name: String) throws -> Scene {
    let origin: PresetSource.Origin =
      name.contains(".") ? .file(examples + "/" + name) : .named(name, presetsDirectory: presetsDirectory)
    return try PresetSource(origin: origin).load(environment: [:])
  }

  @Test("the same trees at 61 times across the clip and past its end", arguments: sources)
  func sameTrees(_ name: String) throws {
    let scene = try Self.scene(name)
    let evaluator = SceneEvaluator(scene)
    let end = scene.clip.start + scene.clip.loopDuration + 0.5
    for step in 0...60 {
      let time = scene.clip.start - 0.25 + (end - scene.clip.start + 0.25) * Double(step) / 60
      #expect(evaluator.presentation(at: time) == scene.presentation(at: time), "\(name) at \(time) s")
    }
  }

  @Test("a tree shared with an earlier one is the tree evaluated alone, for any earlier frame", arguments: sources)
  func sharedTreesEqual(_ name: String) throws {
    let scene = try Self.scene(name)
    let evaluator = SceneEvaluator(scene)
    let end = scene.clip.start + scene.clip.loopDuration + 0.5
    let times = (0...40).map { scene.clip.start - 0.25 + (end - scene.clip.start + 0.25) * Double($0) / 40 }
    var previous = evaluator.presentation(at: times[0])
    // Frame after frame, as one worker draws them, and far apart, as several do.
    for (index, time) in (times + times.reversed()).enumerated() {
      let tree = evaluator.presentation(
        at: time, sharingWith: index % 7 == 3 ? evaluator.presentation(at: times[(index * 13) % times.count]) : previous)
      #expect(tree == scene.presentation(at: time), "\(name) at \(time) s")
      previous = tree
    }
  }

  @Test("a layer that presents the same as in the frame before takes that frame's storage, subtree and all")
  func unchangedLayersShareStorage() throws {
    // A layer that slides until 1 s and rests after, holding a sublayer that fades until 2 s.
    let slide = Animation.property(
      PropertyAnimation(
        keyPath: LayerPropertyRegistry.positionX.keyPath, timing: MediaTiming(beginTime: 0, duration: 1, fillMode: .both),
        values: .basic(from: .scalar(0), to: .scalar(50), by: nil)))
    let fade = Animation.property(
      PropertyAnimation(
        keyPath: LayerPropertyRegistry.opacity.keyPath, timing: MediaTiming(beginTime: 0, duration: 2, fillMode: .both),
        values: .basic(from: .scalar(1), to: .scalar(0.5), by: nil)))
    let fading = Layer(id: "fading", animations: [fade])
    let slider = Layer(id: "slider", animations: [slide], sublayers: [fading, Layer(id: "still")])
    let scene = Scene(
      canvasSize: Size(width: 100, height: 100), backgroundColor: .black, layers: [slider], clip: ClipWindow(start: 0, cycle: 3))
    let evaluator = SceneEvaluator(scene)
    func tree(at time: Double, after previous: PresentationTree) -> PresentationTree {
      evaluator.presentation(at: time, sharingWith: previous)
    }
    let sliding = evaluator.presentation(at: 0.5)
    let resting = tree(at: 1.5, after: tree(at: 1.4, after: sliding))
    let restingLater = tree(at: 1.6, after: resting)
    // The slider rests: its values are the frame before's; the fading sublayer changed, so
    // the sublayers are new (the still one shared all along).
    #expect(restingLater.layers[0].$properties.isIdentical(to: resting.layers[0].$properties))
    #expect(!restingLater.layers[0].sublayers[0].$properties.isIdentical(to: resting.layers[0].sublayers[0].$properties))
    #expect(restingLater.layers[0].sublayers[1].$properties.isIdentical(to: resting.layers[0].sublayers[1].$properties))
    // After 2 s nothing changes: the whole subtree is the frame before's, arrays included.
    let done = tree(at: 2.5, after: tree(at: 2.4, after: restingLater))
    let doneLater = tree(at: 2.6, after: done)
    #expect(doneLater.layers[0].$properties.isIdentical(to: done.layers[0].$properties))
    let sameSublayers = doneLater.layers[0].sublayers.withUnsafeBufferPointer { mine in
      done.layers[0].sublayers.withUnsafeBufferPointer { theirs in mine.baseAddress == theirs.baseAddress }
    }
    #expect(sameSublayers)
    // Evaluated alone, each frame has storage of its own; the values are the same.
    let alone = evaluator.presentation(at: 2.6)
    #expect(!alone.layers[0].$properties.isIdentical(to: done.layers[0].$properties))
    #expect(alone == doneLater)
  }

  @Test("a resting mask, a replicator's resting instances and a resting scene are the frame before's, arrays included")
  func masksAndInstancesShared() throws {
    func settling(_ keyPath: LayerKeyPath, from: Double, to: Double) -> Animation {
      .property(
        PropertyAnimation(
          keyPath: keyPath, timing: MediaTiming(beginTime: 0, duration: 1, fillMode: .both),
          values: .basic(from: .scalar(from), to: .scalar(to), by: nil)))
    }
    let mask = Layer(id: "mask", animations: [settling(LayerPropertyRegistry.opacity.keyPath, from: 0.2, to: 1)])
    let masked = Layer(id: "masked", mask: mask)
    var replicatorProperties = LayerProperties()
    replicatorProperties.replicator.instanceCount = 3
    let replicator = Layer(
      id: "replicator", kind: .replicator, properties: replicatorProperties,
      sublayers: [Layer(id: "copy", animations: [settling(LayerPropertyRegistry.positionX.keyPath, from: 0, to: 40)])])
    let scene = Scene(
      canvasSize: Size(width: 100, height: 100), backgroundColor: .black, layers: [masked, replicator],
      clip: ClipWindow(start: 0, cycle: 3))
    let evaluator = SceneEvaluator(scene)
    let settlingTree = evaluator.presentation(at: 0.5)
    let moving = evaluator.presentation(at: 0.6, sharingWith: settlingTree)
    // Still settling: new values, new arrays.
    #expect(!moving.layers[0].maskStorage.sharesStorage(with: settlingTree.layers[0].maskStorage))
    #expect(!moving.layers.sharesStorage(with: settlingTree.layers))
    #expect(moving == scene.presentation(at: 0.6))
    let rested = evaluator.presentation(at: 1.5, sharingWith: evaluator.presentation(at: 1.4, sharingWith: moving))
    let restedLater = evaluator.presentation(at: 1.6, sharingWith: rested)
    #expect(restedLater.layers[0].maskStorage.sharesStorage(with: rested.layers[0].maskStorage))
    #expect(restedLater.layers[0].maskStorage[0].$properties.isIdentical(to: rested.layers[0].maskStorage[0].$properties))
    #expect(restedLater.layers[1].sublayers.count == 3)
    #expect(restedLater.layers[1].sublayers.sharesStorage(with: rested.layers[1].sublayers))
    #expect(restedLater.layers.sharesStorage(with: rested.layers))
    #expect(restedLater == scene.presentation(at: 1.6))
  }

  @Test("a still subtree is the same storage in every frame, at rest or moving with its superlayer")
  func shared() throws {
    let slide = Animation.property(
      PropertyAnimation(
        keyPath: LayerPropertyRegistry.positionX.keyPath, timing: MediaTiming(beginTime: 1, duration: 1, fillMode: .both),
        values: .basic(from: .scalar(0), to: .scalar(50), by: nil)))
    // One sublayer faded: the probe looks only where a layer may show faded (`MotionScope`).
    var faded = LayerProperties()
    faded.opacity = 0.5
    let group = Layer(id: "group", sublayers: [Layer(id: "a", properties: faded), Layer(id: "b")])
    let mover = Layer(id: "mover", animations: [slide], sublayers: [group])
    let scene = Scene(
      canvasSize: Size(width: 100, height: 100), backgroundColor: .black, layers: [mover], clip: ClipWindow(start: 0, cycle: 3))
    let evaluator = SceneEvaluator(scene)
    /// The still group's sublayers' buffer at `time`, and whether it moves then.
    func stillGroup(at time: Double, evaluatedBy present: (Double) -> PresentationTree) throws -> (UnsafeRawPointer?, Bool) {
      let presented = try #require(present(time).layer(withID: "group"))
      return (presented.sublayers.withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress) }, presented.isMoving)
    }
    let early = try stillGroup(at: 0.5, evaluatedBy: evaluator.presentation)
    let later = try stillGroup(at: 2.5, evaluatedBy: evaluator.presentation)
    let moving = try stillGroup(at: 1.5, evaluatedBy: evaluator.presentation)
    let movingLater = try stillGroup(at: 1.7, evaluatedBy: evaluator.presentation)
    #expect(early.0 != nil && early.0 == later.0 && !early.1 && !later.1, "at rest: one presentation")
    #expect(moving.0 != nil && moving.0 == movingLater.0 && moving.1, "moving: the other")
    #expect(moving.0 != early.0)
    // Evaluated without the evaluator, each frame builds its own (both kept alive, so that
    // the second cannot reuse the first's memory).
    let plainTrees = (scene.presentation(at: 0.5), scene.presentation(at: 2.5))
    let plain = try stillGroup(at: 0.5, evaluatedBy: { _ in plainTrees.0 })
    let plainLater = try stillGroup(at: 2.5, evaluatedBy: { _ in plainTrees.1 })
    #expect(plain.0 != plainLater.0)
  }

  @Test("a layer outside its lifetime is presented once, and the same in every frame it is out")
  func removedShared() throws {
    let brief = Layer(id: "brief", sublayers: [Layer(id: "inside")], lifetime: LayerLifetime(addedAt: 1, removedAt: 2))
    let scene = Scene(
      canvasSize: Size(width: 100, height: 100), backgroundColor: .black, layers: [brief], clip: ClipWindow(start: 0, cycle: 3))
    let evaluator = SceneEvaluator(scene)
    let before = try #require(evaluator.presentation(at: 0.5).layer(withID: "brief"))
    let after = try #require(evaluator.presentation(at: 2.5).layer(withID: "brief"))
    let alive = try #require(evaluator.presentation(at: 1.5).layer(withID: "brief"))
    #expect(before.properties.isHidden && before.sublayers.isEmpty && before == scene.presentation(at: 0.5).layers[0])
    #expect(before.$properties.isIdentical(to: after.$properties), "one presentation, handed out again")
    #expect(!alive.properties.isHidden && alive.sublayers.count == 1)
    // Alive, the layer's properties are still the model's: nothing wrote them.
    #expect(alive.$properties.isIdentical(to: brief.propertiesStorage))
  }
}
