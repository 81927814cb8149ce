/// Where the motion probe looks: a layer that may show faded, and every layer above one.
///
/// `isMoving` has one use: a renderer may composite a faded layer that moves from a picture of
/// it drawn earlier (`BackingStorePlan`, as Core Animation composites moving layers from their
/// backing stores). A layer drawn at full opacity is drawn afresh wherever it is, and its
/// subtree is drawn in its group, so whether it moves decides nothing unless a layer below it
/// may be faded. The probe evaluated the placing animations of every layer again a moment
/// later all the same: 7 % of 1643-exploding-star's frame, none of whose layers ever fades.
///
///     superlayer ──── probed: a sublayer may fade
///     ├─ dot ──────── probed: its opacity is animated
///     └─ card ─────── not probed (isMoving stays false), nor anything below it
///        └─ label
///
/// A layer may show faded when its model opacity lies between 0 and 1 or an animation sets its
/// opacity. One at 0 throughout draws nothing (a Lottie shape's unused paint), moving or not.
/// A replicator's instances are compared whole (`Layer.markInstanceMotion`), so a replicator
/// is probed, and everything below it, whenever its scope is.
///
/// Worked out once from the model (a scene's evaluator keeps it; `Scene.presentation(at:)`
/// works it out for the frame it presents), so both mark the same layers.
final class MotionScope: Sendable {
  /// Whether the probe looks at this layer.
  let probes: Bool
  /// The scopes of the sublayers, when this layer is probed and only some of them are; empty
  /// when all of them or none are (`probesEverythingBelow`).
  private let sublayers: [MotionScope]
  /// Whether every layer below is probed too (a replicator's copies).
  private let probesEverythingBelow: Bool

  private static let everything = MotionScope(probes: true, sublayers: [], probesEverythingBelow: true)
  private static let nothing = MotionScope(probes: false, sublayers: [], probesEverythingBelow: false)

  private init(probes: Bool, sublayers: [MotionScope], probesEverythingBelow: Bool) {
    self.probes = probes
    self.sublayers = sublayers
    self.probesEverythingBelow = probesEverythingBelow
  }

  /// The scope of `layer`'s subtree.
  convenience init(_ layer: Layer) {
    if layer.kind == .replicator {
      self.init(probes: true, sublayers: [], probesEverythingBelow: true)
      return
    }
    let below = layer.sublayers.map(MotionScope.init)
    let probes = layer.mayShowFaded || below.contains { $0.probes }
    self.init(probes: probes, sublayers: probes ? below : [], probesEverythingBelow: false)
  }

  /// The scope above a scene's top-level layers `layers`: the frame, which never moves.
  convenience init(above layers: [Layer]) {
    let below = layers.map(MotionScope.init)
    self.init(probes: false, sublayers: below, probesEverythingBelow: false)
  }

  /// The scope of sublayer `index`.
  func sublayer(_ index: Int) -> MotionScope {
    if probesEverythingBelow { return Self.everything }
    return index < sublayers.count ? sublayers[index] : Self.nothing
  }
}

extension Layer {
  /// Whether the layer may show faded at some time: its opacity between 0 and 1, or animated.
  var mayShowFaded: Bool {
    let opacity = properties.opacity
    return opacity > 0 && opacity < 1 || animations.contains { $0.sets(LayerPropertyRegistry.opacity) }
  }
}
