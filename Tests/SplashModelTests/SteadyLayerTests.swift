import SplashCore
import Testing

@testable import SplashModel

/// A layer whose animations all set now what they set at the earlier frame's time takes the
/// earlier frame's values without applying them (`Layer.holdsSteady`): the trees must stay
/// those evaluated alone, wherever the two times fall.
@Suite("Layers holding steady since the earlier frame take its values")
struct SteadyLayerTests {
  /// x rests at 0 until 0.4 s, slides to 50 by 0.6 s and rests there; filled both ways.
  static let restSlideRest = Animation.property(
    PropertyAnimation(
      keyPath: LayerPropertyRegistry.positionX.keyPath, timing: MediaTiming(beginTime: 0, duration: 1, fillMode: .both),
      values: .keyframes(
        KeyframeTrack(values: [.scalar(0), .scalar(0), .scalar(50), .scalar(50)], keyTimes: [0, 0.4, 0.6, 1]))))

  /// Whether `layer`, presented at `earlier` and then at `now`, holds steady between them.
  static func holdsSteady(_ layer: Layer, from earlier: Double, to now: Double, id: String? = nil) -> Bool {
    var earlierLayer = layer.presentation(at: earlier)
    return withUnsafePointer(to: &earlierLayer) { pointer in
      layer.holdsSteady(
        since: pointer, at: Layer.EarlierTimes(time: earlier, animationTime: earlier, probeTime: earlier + Scene.motionProbeInterval),
        time: now, animationTime: now,
        id: id ?? layer.id)
    }
  }

  @Test("steady within a resting segment and past the end; not across the slide, between two rests, or for another layer")
  func decisions() {
    let layer = Layer(id: "slider", animations: [Self.restSlideRest])
    #expect(Self.holdsSteady(layer, from: 0.1, to: 0.3))
    #expect(Self.holdsSteady(layer, from: 0.7, to: 0.9))
    #expect(Self.holdsSteady(layer, from: 1.5, to: 2.5), "filled past its end: the same moment of it")
    #expect(!Self.holdsSteady(layer, from: 0.3, to: 0.5), "into the slide")
    #expect(!Self.holdsSteady(layer, from: 0.2, to: 0.8), "two rests at different values")
    #expect(!Self.holdsSteady(layer, from: 0.1, to: 0.3, id: "another"))
    let mortal = Layer(id: "mortal", animations: [Self.restSlideRest], lifetime: LayerLifetime(addedAt: 0.2, removedAt: 2))
    #expect(!Self.holdsSteady(mortal, from: 0.1, to: 0.3), "added between the two times")
    #expect(Self.holdsSteady(mortal, from: 0.25, to: 0.3))
    #expect(Self.holdsSteady(Layer(id: "still"), from: 0.1, to: 0.9), "no animations")
  }

  @Test("under a time remap the earlier frame's time is remapped too: shared trees are the trees evaluated alone")
  func remappedTimes() {
    // x rests at 0, then 50 (0.3–0.5 s), then 100 (from 0.6 s); the sublayer sees scene time
    // + 0.3. At scene time 0.4 it rests at 100, at 0.05 at 50: compared unremapped, 0.4 and
    // 0.35 (0.05's remapped time) fall in one rest, and the value at 0.4 would be taken.
    let threeRests = Animation.property(
      PropertyAnimation(
        keyPath: LayerPropertyRegistry.positionX.keyPath, timing: MediaTiming(beginTime: 0, duration: 1, fillMode: .both),
        values: .keyframes(
          KeyframeTrack(
            values: [.scalar(0), .scalar(0), .scalar(50), .scalar(50), .scalar(100), .scalar(100)],
            keyTimes: [0, 0.2, 0.3, 0.5, 0.6, 1]))))
    let remap = TimeRemap(
      track: KeyframeTrack(values: [.scalar(0.3), .scalar(1.3)], keyTimes: [0, 1]), beginTime: 0, duration: 1)
    let host = Layer(id: "host", sublayers: [Layer(id: "slider", animations: [threeRests])], timeRemap: remap)
    let scene = Scene(
      canvasSize: Size(width: 100, height: 100), backgroundColor: .black, layers: [host], clip: ClipWindow(start: 0, cycle: 2))
    let evaluator = SceneEvaluator(scene)
    let times = [0.4, 0.05, 0.1, 0.35, 0.15, 0.8, 0.85, 0.02]
    for (earlier, now) in zip(times, times.dropFirst()) {
      let shared = evaluator.presentation(at: now, sharingWith: evaluator.presentation(at: earlier))
      #expect(shared == scene.presentation(at: now), "at \(now) after \(earlier)")
    }
    let back = evaluator.presentation(at: 0.05, sharingWith: evaluator.presentation(at: 0.4))
    #expect(back.layers[0].sublayers[0].properties.position.x == 50)
  }

  @Test("a tree made by an evaluator knows its time; trees of two times that show the same are still equal")
  func evaluatedAt() {
    let scene = Scene(
      canvasSize: Size(width: 100, height: 100), backgroundColor: .black,
      layers: [Layer(id: "slider", animations: [Self.restSlideRest])], clip: ClipWindow(start: 0, cycle: 2))
    let evaluator = SceneEvaluator(scene)
    let first = evaluator.presentation(at: 0.1)
    let second = evaluator.presentation(at: 0.3, sharingWith: first)
    #expect(first.evaluatedAt == 0.1 && second.evaluatedAt == 0.3)
    #expect(first == second && first.hashValue == second.hashValue)
    #expect(second.layers[0].$properties.isIdentical(to: first.layers[0].$properties))
  }
}
