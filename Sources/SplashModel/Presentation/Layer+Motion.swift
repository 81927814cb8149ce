import SplashCore

/// The motion probe: which layers' places in the frame are changing (`PresentationLayer.isMoving`).
///
///     t ────●──────── t + Scene.motionProbeInterval ──●
///           placement here  ≠  placement here  →  moving
extension Layer {
  /// Where the motion probe of `Scene.presentation(at:)` looks at a layer: its times a moment
  /// later (remapped, and delayed by replicator instances, as the layer's own times are), and
  /// whether its superlayer's sublayers are moving.
  ///
  /// Only a layer with animations that place layers is evaluated again, and only those
  /// animations, into a copy of its model values: the others are where they were a moment
  /// before unless a superlayer moves. A second presentation tree was built for the probe
  /// before, every layer of it, at a third or more of the cost of evaluating a frame.
  struct MotionProbe {
    var time: Double
    var animationTime: Double
    var superlayerMoves: Bool
  }

  /// This layer's motion: whether it moves (its placement presented as `presented` differs a
  /// moment later, or its superlayer moves), where its sublayers are probed, and its model
  /// values with the placing animations applied a moment later when it has any (or is a
  /// replicator, whose instances are compared whole).
  ///
  /// `presented` is the storage of the presented values, not the values: values read out of
  /// a storage to be passed on are copied first (736 bytes, and a retain of each reference
  /// they hold), and only a few of them are compared here.
  func motion(
    at probe: MotionProbe, presented: CopyOnWrite<LayerProperties>
  ) -> (isMoving: Bool, sublayers: MotionProbe, later: LayerProperties?) {
    var isMoving = probe.superlayerMoves
    var sublayersMove = isMoving
    var later: LayerProperties?
    if kind == .replicator || animations.contains(where: { !$0.setsOnly { !$0.placesLayers } }) {
      var probed = properties
      for animation in animations {
        animation.apply(atParentTime: probe.animationTime, isTopLevel: true, to: &probed, placementOnly: true)
      }
      isMoving =
        isMoving || presented.wrappedValue.position != probed.position || presented.wrappedValue.transform != probed.transform
        || presented.wrappedValue.anchorPoint != probed.anchorPoint || presented.wrappedValue.bounds != probed.bounds
      // Sublayers are placed through this layer's bounds origin and sublayer transform too.
      sublayersMove = isMoving || presented.wrappedValue.sublayerTransform != probed.sublayerTransform
      later = probed
    }
    let sublayers = MotionProbe(
      time: timeRemap?.time(at: probe.time) ?? probe.time,
      animationTime: timeRemap?.time(at: probe.animationTime) ?? probe.animationTime, superlayerMoves: sublayersMove)
    return (isMoving, sublayers, later)
  }

  /// Marks a replicator's presented instances by comparing them whole with its instances a
  /// moment later (`later`: its values then): their number, transforms and delays may all change.
  func markInstanceMotion(
    _ presented: inout [PresentationLayer], later: LayerProperties, presentedID: String, probe: MotionProbe, tint: Color,
    instances: [Int]
  ) {
    let laterInstances = self.instances(
      of: later, presentedID: presentedID, at: probe.time, animationTime: probe.animationTime, tint: tint, instances: instances,
      detail: .placement)
    guard laterInstances.count == presented.count else {
      for index in presented.indices { presented[index].markAllMoving() }
      return
    }
    for index in presented.indices {
      presented[index].markMotion(comparedWith: laterInstances[index], superlayerMoves: probe.superlayerMoves)
    }
  }
}

extension PresentationLayer {
  /// Sets `isMoving` here and below by comparing with the same layer `later` (a replicator's
  /// instances, evaluated again at the probe's time).
  mutating func markMotion(comparedWith later: PresentationLayer, superlayerMoves: Bool) {
    // Read in place, field by field: a copy of either layer's properties would retain each of
    // their references, for every layer of every frame.
    isMoving =
      superlayerMoves || properties.position != later.properties.position || properties.transform != later.properties.transform
      || properties.anchorPoint != later.properties.anchorPoint || properties.bounds != later.properties.bounds
    // Sublayers are placed through this layer's bounds origin and sublayer transform too.
    let sublayersMove = isMoving || properties.sublayerTransform != later.properties.sublayerTransform
    // A replicator whose instance count changes has no one-to-one sublayers to compare.
    guard later.sublayers.count == sublayers.count else {
      for index in sublayers.indices { sublayers[index].markAllMoving() }
      return
    }
    for index in sublayers.indices {
      sublayers[index].markMotion(comparedWith: later.sublayers[index], superlayerMoves: sublayersMove)
    }
  }

  mutating func markAllMoving() {
    isMoving = true
    for index in sublayers.indices { sublayers[index].markAllMoving() }
  }
}
