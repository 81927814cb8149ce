import SplashCore

/// The sublayers one layer presented, for its siblings that hold the very same sublayers.
///
/// A Lottie repeater becomes a layer of copies, each holding the same sublayers (the items
/// before the repeater) under a transform and opacity of its own:
///
///     repeater ─┬─ copy 0 ── the items ─┐
///               ├─ copy 1 ── the items ─┤  one array of layers, shared
///               └─ copy 12 ─ the items ─┘
///
/// Each copy presented the items again at the same time: 13 times the same animations in
/// 4479-fireworks, a third of its frame. A presentation depends on the layer, its times, its
/// tint, its replicator instances, its detail and its motion probe, nothing else, so the items
/// presented under one copy are those every copy presents at the same times and probe. The
/// repeater's evaluation (with a `SceneEvaluator`, where tint, instances and detail are those
/// of a frame drawn) hands one of these to its copies; the first presents and keeps, the
/// others take.
final class SiblingSublayers {
  /// The sublayers presented, held so that no other array can take their address.
  private var model: [Layer] = []
  private var time = 0.0
  private var animationTime = 0.0
  private var probe: Layer.MotionProbe?
  private var presented: [PresentationLayer]?

  /// Whether `layers` hold, two or more of them, the very same sublayers (one array, not
  /// equal ones).
  static func share(_ layers: [Layer]) -> Bool {
    var seen: Set<UnsafeRawPointer> = []
    for layer in layers {
      guard let storage = layer.sublayers.storageAddress else { continue }
      if !seen.insert(storage).inserted { return true }
    }
    return false
  }

  /// The sublayers kept for `sublayers` presented at these times and probe, if any.
  func presented(_ sublayers: [Layer], time: Double, animationTime: Double, probe: Layer.MotionProbe?) -> [PresentationLayer]? {
    guard let presented, time == self.time, animationTime == self.animationTime, Self.same(probe, self.probe),
      sublayers.sharesStorage(with: model)
    else { return nil }
    return presented
  }

  /// Keeps `presented`, the sublayers `model` presented at these times and probe.
  func keep(_ presented: [PresentationLayer], of model: [Layer], time: Double, animationTime: Double, probe: Layer.MotionProbe?) {
    guard !model.isEmpty else { return }
    self.model = model
    self.time = time
    self.animationTime = animationTime
    self.probe = probe
    self.presented = presented
  }

  private static func same(_ a: Layer.MotionProbe?, _ b: Layer.MotionProbe?) -> Bool {
    switch (a, b) {
    case (nil, nil): true
    case (let a?, let b?): a.time == b.time && a.animationTime == b.animationTime && a.superlayerMoves == b.superlayerMoves
    default: false
    }
  }
}
