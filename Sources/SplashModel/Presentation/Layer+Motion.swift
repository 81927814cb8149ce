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
    /// Which layers the probe looks at (`MotionScope`): from the layer it is handed to down,
    /// or, as the probe of a layer's sublayers, from that layer down.
    var scope: MotionScope

    /// The probe of sublayer `index`, when this is the probe of the sublayers; `nil` where the
    /// scope leaves that sublayer out, which leaves it and its subtree unmarked.
    func sublayer(_ index: Int) -> MotionProbe? {
      let sublayerScope = scope.sublayer(index)
      guard sublayerScope.probes else { return nil }
      return MotionProbe(time: time, animationTime: animationTime, superlayerMoves: superlayerMoves, scope: sublayerScope)
    }
  }

  /// This layer's motion: whether it moves (its placement presented as `presented` differs a
  /// moment later, or its superlayer moves), where its sublayers are probed, and, for a
  /// replicator (whose instances are compared whole), its model values with the placing
  /// animations applied a moment later.
  ///
  /// Values go in and out as their storage, not as values: a value read out of a storage to be
  /// passed on is copied first (736 bytes, and a retain of each reference it holds), and an
  /// optional value in a returned tuple was moved by `memcpy` four times on its way out, for
  /// every layer of every frame (7 % of evaluating LottieLogo1).
  ///
  /// `animationTime` is the time the layer's animations were presented at. A layer whose
  /// placing animations all hold steady until the probe's time (`Animation.holdsSteady`) is
  /// placed then as now, and is not evaluated again: LottieLogo1's letters rest most of the
  /// clip, and MotionCorpse_Jrcanest's limbs hold between moves.
  ///
  /// `copy` keeps the values placed a moment later for the layer's copies, when it has some
  /// (`AppliedAnimations`, and the number of the layer's pair there).
  func motion(
    at probe: MotionProbe, presented: CopyOnWrite<LayerProperties>, animationTime: Double,
    copy: (applied: AppliedAnimations, pair: Int)? = nil
  ) -> (isMoving: Bool, sublayers: MotionProbe, later: CopyOnWrite<LayerProperties>?) {
    var isMoving = probe.superlayerMoves
    var sublayersMove = isMoving
    var later: CopyOnWrite<LayerProperties>?
    var placed = false
    var steady = true
    for index in animations.indices where !animations[index].setsOnly({ !$0.placesLayers }) {
      placed = true
      if !animations[index].holdsSteady(from: animationTime, to: probe.animationTime) {
        steady = false
        break
      }
    }
    if kind == .replicator || placed && !steady {
      var probed: CopyOnWrite<LayerProperties>
      if let copy {
        probed = copy.applied.values(of: self, pair: copy.pair, at: probe.animationTime, placementOnly: true)
      } else {
        probed = propertiesStorage
        applyAnimations(at: probe.animationTime, to: &probed, placementOnly: true)
      }
      isMoving = isMoving || LayerProperties.placedApart(presented.storage.address, probed.storage.address)
      // Sublayers are placed through this layer's bounds origin and sublayer transform too.
      sublayersMove = isMoving || presented.wrappedValue.sublayerTransform != probed.wrappedValue.sublayerTransform
      if kind == .replicator { later = probed }
    }
    let sublayers = MotionProbe(
      time: sublayerTime(at: probe.time), animationTime: sublayerTime(at: probe.animationTime), superlayerMoves: sublayersMove,
      scope: probe.scope)
    return (isMoving, sublayers, later)
  }

  /// Marks a replicator's presented instances by comparing them whole with its instances a
  /// moment later (`later`: its values then): their number, transforms and delays may all change.
  func markInstanceMotion(
    _ presented: inout [PresentationLayer], later: CopyOnWrite<LayerProperties>, presentedID: String, probe: MotionProbe, tint: Color,
    instances: [Int]
  ) {
    let laterInstances = self.instances(
      of: later.wrappedValue, presentedID: presentedID, at: probe.time, animationTime: probe.animationTime, tint: tint,
      instances: instances,
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
    isMoving = superlayerMoves || LayerProperties.placedApart($properties.storage.address, later.$properties.storage.address)
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
