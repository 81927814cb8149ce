import SplashCore

/// The evaluator: what a scene shows at a time.
extension Scene {
  /// The presentation tree at scene time `time` (seconds since the animations start), with
  /// `isMoving` set on each layer whose place in the frame is changing then, among the layers
  /// that may show faded and those above them (`MotionScope`).
  ///
  /// A pure function of the scene and the time: it reads nothing else and changes nothing, so
  /// frames can be evaluated on any thread, in any order, and any single frame can be inspected
  /// on its own. What moves is seen by evaluating the tree a moment later alongside, never an
  /// earlier frame, so a frame is marked the same however frames are shared out between
  /// workers, and a still the same as that frame of a video.
  ///
  ///     t ────●──────── t + motionProbeInterval ──●
  ///           placement here  ≠  placement here  →  moving
  ///
  /// A layer outside its lifetime is presented hidden, as its model values, with no mask and
  /// no sublayers, unless `keepsHiddenSubtrees` (for `inspect`, which lists every layer): a
  /// player skips a Lottie layer outside its in and out points, and a file of hundreds of
  /// layers shows a few dozen at a time.
  public func presentation(at time: Double, keepsHiddenSubtrees: Bool = false) -> PresentationTree {
    presentation(at: time, detail: keepsHiddenSubtrees ? .everything : .drawn, stills: nil)
  }

  /// The presentation tree at `time`, evaluated to `detail`, with the still subtrees `stills`
  /// holds handed out as they are (`SceneEvaluator`).
  ///
  /// With an `earlier` tree (the renderer's last frame), what presents the same as there is
  /// handed out as that tree's storage (`Layer.presentation(…earlier:)`).
  func presentation(
    at time: Double, detail: Layer.PresentationDetail, stills: SceneStills?, earlier: PresentationTree? = nil
  ) -> PresentationTree {
    let probe = Layer.MotionProbe(
      time: time + Self.motionProbeInterval, animationTime: time + Self.motionProbeInterval, superlayerMoves: false,
      scope: stills?.motionScope ?? MotionScope(above: layers))
    let earlierTimes = earlier?.evaluatedAt.map {
      Layer.EarlierTimes(time: $0, animationTime: $0, probeTime: $0 + Self.motionProbeInterval)
    }
    let applied = stills?.hasAnimatedCopies == true ? AppliedAnimations() : nil
    let presented = PresentationLayer.presenting(layers, earlier: earlier?.layers) { index, earlierLayer in
      layers[index].presentation(
        at: time, animationTime: time, tint: .white, detail: detail, motion: probe.sublayer(index), stills: stills?.layers[index],
        earlier: earlierLayer, earlierTimes: earlierTimes, applied: applied)
    }
    var presentedBackdrop: PresentationLayer?
    if let backdrop {
      presentedBackdrop =
        PresentationLayer.presenting([backdrop], earlier: earlier?.backdrop.map { [$0] }) { _, earlierLayer in
          backdrop.presentation(
            at: time, animationTime: time, tint: .white, detail: detail, stills: stills?.backdrop, earlier: earlierLayer,
            earlierTimes: earlierTimes)
        }[0]
    }
    return PresentationTree(
      canvasSize: canvasSize, backgroundColor: backgroundColor, layers: presented, backdrop: presentedBackdrop,
      evaluatedAt: time)
  }

  /// How far ahead `presentation(at:)` looks to see what moves: a millisecond, far below a
  /// frame at any supported rate, so a layer that comes to rest at a keyframe is seen at rest
  /// from the first frame it holds still.
  public static let motionProbeInterval = 0.001
}

extension Layer {
  /// This layer, its mask and its subtree as they show at scene time `time`, hidden subtrees
  /// included.
  public func presentation(at time: Double) -> PresentationLayer {
    presentation(at: time, animationTime: time, tint: .white, detail: .everything)
  }

  /// How much of a layer's presentation is evaluated.
  enum PresentationDetail {
    /// Every layer and value, hidden subtrees included (`inspect`).
    case everything
    /// What a frame draws: a layer outside its lifetime, which no animation can show again,
    /// is presented hidden, with its model values and without its mask and sublayers.
    case drawn
    /// What places layers alone (see `LayerKeyPath.placesLayers`): the motion probe of
    /// `Scene.presentation(at:)`, which compares nothing else, skips evaluating colours,
    /// paths and strokes, and masks. Hidden subtrees are left out as for `drawn`.
    case placement
  }

  /// This layer as it shows at scene time `time` inside replicator instances.
  ///
  /// - Parameters:
  ///   - animationTime: The time its animations see: the scene's, less the delays of the
  ///     replicator instances it is in.
  ///   - tint: The product of those instances' colours.
  ///   - instances: Their instance numbers, outermost first, which its id carries.
  ///   - detail: How much is evaluated (`PresentationDetail`).
  ///   - motion: Where to look to set `isMoving` here and below; `nil` leaves it false (masks,
  ///     backdrops, a layer presented alone and layers outside the probe's scope are not
  ///     marked).
  ///   - stills: This subtree's still parts, presented once (`SceneEvaluator`).
  ///   - earlier: This layer as the renderer's last frame presented it, if any: what of it
  ///     presents the same now is handed out as its storage, and a subtree the same throughout
  ///     is that subtree itself (see `PresentationTree+Sharing.swift`). Its address, not a
  ///     copy: a copy retains each reference it holds, for every layer of every frame.
  ///   - earlierTimes: The times `earlier` was presented at, when known: where every
  ///     animation sets at `animationTime` what it set then, the earlier values are taken
  ///     without applying the animations again.
  ///   - siblings: The sublayers presented by a sibling holding the very same sublayers
  ///     (`SiblingSublayers`), taken when this layer presents them at the same times.
  ///   - applied: The values this frame's animations set for layers with copies
  ///     (`AppliedAnimations`), used where `stills` says this layer has some.
  func presentation(
    at time: Double, animationTime: Double, tint: Color, instances: [Int] = [], detail: PresentationDetail,
    motion: MotionProbe? = nil, stills: StillPresentations? = nil, earlier: UnsafePointer<PresentationLayer>? = nil,
    earlierTimes: EarlierTimes? = nil, siblings: SiblingSublayers? = nil, applied: AppliedAnimations? = nil
  ) -> PresentationLayer {
    // What is presented the same at every time was presented once (outside replicas, which
    // carry ids and tints of their own), at rest or moving.
    let stills = tint == .white && instances.isEmpty && detail == .drawn ? stills : nil
    let superlayerMoves = motion?.superlayerMoves ?? false
    if let subtree = stills?.subtree(moving: superlayerMoves) { return subtree }
    // The model's storage, copied only when something writes it: a layer no animation touches
    // shares it, and caches that compare layers find it equal at once.
    var shared = propertiesStorage
    let presentedID = instances.isEmpty ? id : ReplicatorStyle.copyID(of: id, instances: instances)
    if let lifetime {
      let isAlive = lifetime.contains(time)
      // Nothing of a removed layer draws: its animations, mask and sublayers are not evaluated.
      if !isAlive, detail != .everything, !animations.contains(where: { $0.sets(LayerPropertyRegistry.hidden) }) {
        return stills?.removed(moving: superlayerMoves) ?? removedPresentation(id: presentedID, tint: tint, moving: superlayerMoves)
      }
      // Written only when it changes: a write copies the model's storage, shared until then.
      if shared.wrappedValue.isHidden == isAlive { shared.wrappedValue.isHidden = !isAlive }
    }
    if let stills, let earlier, let earlierTimes,
      presentsAsBefore(earlier, at: earlierTimes, time: time, animationTime: animationTime, motion: motion, steady: stills.steady)
    {
      return earlier.pointee
    }
    let placementOnly = detail == .placement
    // Stills are only handed to layers presented as drawn, outside replicas.
    let copy = stills?.animatedCopy.flatMap { pair in applied.map { (applied: $0, pair: pair) } }
    if let earlier, let earlierTimes,
      holdsSteady(since: earlier, at: earlierTimes, time: time, animationTime: animationTime, id: presentedID)
    {
      // What the animations set now they set then: the earlier values are these values.
      shared = earlier.pointee.$properties
    } else if let copy, !hasVideo, shared.isIdentical(to: propertiesStorage) {
      // The model's own values (not written for the lifetime), as a copy applied them.
      shared = copy.applied.values(of: self, pair: copy.pair, at: animationTime, placementOnly: placementOnly)
    } else {
      applyAnimations(at: animationTime, to: &shared, placementOnly: placementOnly)
      // A video's frame replaces whatever image the layer holds; the motion probe compares
      // placement only and has no use for it.
      if hasVideo, !placementOnly, let video, let frame = video.contents(at: animationTime) { shared.wrappedValue.contents = frame }
    }
    // Inside a time remap, the sublayers live (appear, animate) at the remapped time.
    let sublayerTime = self.sublayerTime(at: time)
    let sublayerAnimationTime = self.sublayerTime(at: animationTime)
    // Not `motion.map`: the closure moved the result (and the values in it) once more.
    var probed: (isMoving: Bool, sublayers: MotionProbe, later: CopyOnWrite<LayerProperties>?)?
    if let motion { probed = self.motion(at: motion, presented: shared, animationTime: animationTime, copy: copy) }
    // Taken out field by field: `earlier?.pointee.sublayers` copied the whole earlier layer.
    var earlierSublayers: [PresentationLayer]?
    var earlierMask: [PresentationLayer]?
    if let earlier {
      earlierSublayers = earlier.pointee.sublayers
      earlierMask = earlier.pointee.maskStorage
    }
    var presentedSublayers: [PresentationLayer]
    if kind == .replicator {
      presentedSublayers = self.instances(
        of: shared.wrappedValue, presentedID: presentedID, at: sublayerTime, animationTime: sublayerAnimationTime, tint: tint,
        instances: instances, detail: detail)
      if let probed, let later = probed.later {
        markInstanceMotion(
          &presentedSublayers, later: later, presentedID: presentedID, probe: probed.sublayers, tint: tint, instances: instances)
      }
      // Instances are made whole; they share with the earlier ones afterwards.
      if let earlierSublayers { _ = PresentationLayer.share(&presentedSublayers, with: earlierSublayers) }
    } else if let siblings,
      let taken = siblings.presented(sublayers, time: sublayerTime, animationTime: sublayerAnimationTime, probe: probed?.sublayers)
    {
      presentedSublayers = taken
    } else {
      // The earlier frame's times, remapped as this frame's are.
      let earlierSublayerTimes = earlierTimes.map {
        EarlierTimes(
          time: self.sublayerTime(at: $0.time), animationTime: self.sublayerTime(at: $0.animationTime),
          probeTime: self.sublayerTime(at: $0.probeTime))
      }
      let childrenSiblings = stills?.sublayersShareTheirs == true ? SiblingSublayers() : nil
      presentedSublayers = PresentationLayer.presenting(sublayers, earlier: earlierSublayers) { index, earlierSublayer in
        sublayers[index].presentation(
          at: sublayerTime, animationTime: sublayerAnimationTime, tint: tint, instances: instances, detail: detail,
          motion: probed?.sublayers.sublayer(index), stills: stills?.sublayer(index), earlier: earlierSublayer,
          earlierTimes: earlierSublayerTimes, siblings: childrenSiblings, applied: applied)
      }
      siblings?.keep(presentedSublayers, of: sublayers, time: sublayerTime, animationTime: sublayerAnimationTime, probe: probed?.sublayers)
    }
    // A mask counts by its alpha alone: the tint is the masked layer's business.
    let presentedMask: [PresentationLayer] =
      placementOnly || maskStorage.isEmpty
      ? []
      : PresentationLayer.presenting(maskStorage, earlier: earlierMask) { _, earlierLayer in
        maskStorage[0].presentation(
          at: time, animationTime: animationTime, tint: .white, instances: instances, detail: detail, stills: stills?.mask,
          earlier: earlierLayer, earlierTimes: earlierTimes, applied: applied)
      }
    // Equal to the earlier values: the earlier storage (`CopyOnWrite`'s == is at once true for
    // storage already shared, as a layer no animation writes has). Values placed, faded or
    // trimmed apart are told apart first, in place: == on values whose bytes differ copied
    // both out, then compared them field by field.
    if let earlier, earlier.pointee.kind == kind, earlier.pointee.id == presentedID {
      let earlierProperties = earlier.pointee.$properties
      if shared.isIdentical(to: earlierProperties)
        || !LayerProperties.apartWhereAnimated(shared.storage.address, earlierProperties.storage.address)
          && shared == earlierProperties
      {
        shared = earlierProperties
      }
    }
    var layer = PresentationLayer(
      id: presentedID, kind: kind, sharing: shared, sublayers: presentedSublayers, maskStorage: presentedMask, tint: tint)
    layer.isMoving = probed?.isMoving ?? false
    // The motion probe compares placement only; it has no use for this.
    layer.hasFixedContent =
      !placementOnly && kind != .replicator && !hasTimeRemapOrVideo
      && animations.allSatisfy { $0.setsOnly(\.isAppliedWhenCompositing) }
      // By index: a zip would copy each sublayer (and retain all it holds) every frame.
      && sublayers.indices.allSatisfy { sublayers[$0].isStill && presentedSublayers[$0].hasFixedContent }
    return layer
  }
}

extension Layer {
  /// The scene and animation times a layer of an earlier frame was presented at.
  struct EarlierTimes {
    var time: Double
    var animationTime: Double
    /// Where its motion probe looked (`MotionProbe.time`).
    var probeTime: Double
  }

  /// Whether this layer's values now are those `earlier` holds, presented at `earlierTimes`:
  /// the same layer, alive then as now, with no video, and every animation setting at
  /// `animationTime` what it set then (`Animation.holdsSteady`).
  ///
  /// A layer between keyframes, or past its last, presents the same values frame after
  /// frame: applying its animations copied its values out of the model's storage, set them,
  /// and then found them equal to the last frame's and dropped them (LottieLogo1's letters
  /// rest for about 170 of 179 frames). Asking the animations first costs about what
  /// applying them costs, and skips the copy, the writes and the comparison.
  func holdsSteady(
    since earlier: UnsafePointer<PresentationLayer>, at earlierTimes: EarlierTimes, time: Double, animationTime: Double,
    id presentedID: String
  ) -> Bool {
    guard !hasVideo, earlier.pointee.kind == kind, earlier.pointee.id == presentedID else { return false }
    if let lifetime, lifetime.contains(earlierTimes.time) != lifetime.contains(time) { return false }
    let earlierTime = earlierTimes.animationTime
    return animations.allSatisfy { $0.holdsSteady(from: earlierTime, to: animationTime) }
  }

  /// Whether this layer's whole subtree presents now as `earlier` does, presented at
  /// `earlierTimes`: both times, and where the motion probe looked from each, lie in one span
  /// where the subtree holds steady (`StillPresentations.steady`), and its superlayer moves
  /// as it did then. Every layer below is then presented the same, placed the same a moment
  /// later, and so marked moving as its superlayer is: the earlier subtree is this one.
  ///
  /// Asked before evaluating anything of the subtree: a file's layers rest most of the time
  /// (issue_1717 between its scenes), and presenting each of them again, asking each of their
  /// animations whether it holds steady (`holdsSteady`), was most of evaluating such frames.
  func presentsAsBefore(
    _ earlier: UnsafePointer<PresentationLayer>, at earlierTimes: EarlierTimes, time: Double, animationTime: Double,
    motion: MotionProbe?, steady: SteadySpans
  ) -> Bool {
    // Times shifted by replicator instances never come here (their layers have no stills).
    guard time == animationTime, earlierTimes.time == earlierTimes.animationTime else { return false }
    let isSteady =
      if let motion {
        steady.holds(earlierTimes.time, earlierTimes.probeTime, time, motion.time)
      } else {
        steady.holds(earlierTimes.time, time)
      }
    guard isSteady else { return false }
    return earlier.pointee.isMoving == (motion?.superlayerMoves ?? false) && earlier.pointee.kind == kind
      && earlier.pointee.id == id
  }

  /// The layer as it shows outside its lifetime: hidden, at its model values, without its
  /// animations, mask and sublayers.
  func removedPresentation(id presentedID: String, tint: Color, moving: Bool) -> PresentationLayer {
    var shared = propertiesStorage
    shared.wrappedValue.isHidden = true
    var removed = PresentationLayer(id: presentedID, kind: kind, sharing: shared, sublayers: [], mask: nil, tint: tint)
    removed.isMoving = moving
    return removed
  }
}

extension PresentationTree {
  /// The first layer with `id`, depth first, masks included.
  public func layer(withID id: String) -> PresentationLayer? {
    for layer in layers {
      if let found = layer.layer(withID: id) { return found }
    }
    return nil
  }
}
