import SplashCore

/// A replicator's instances, made when it is presented (see `ReplicatorStyle`).
extension Layer {
  /// The instances of this replicator's sublayers as they show at `time`, one layer per
  /// instance, holding its copies of the sublayers.
  ///
  /// Instance k's layer has the replicator's bounds, centred on them, so that its transform,
  /// instanceTransformᵏ, applies about the replicator's centre as Core Animation's does; its
  /// copies' animations run k × instanceDelay later, and their colours are multiplied by
  /// instance k's colour. Instances are drawn in order, 0 first. Copies of instance k ≥ 1 have
  /// ids ending in `#k`, so every instance can be inspected.
  ///
  /// - Parameter replicator: The replicator's presented properties (its instance properties
  ///   may be animated).
  func instances(of replicator: LayerProperties, at time: Double, animationTime: Double, tint: Color) -> [PresentationLayer] {
    let style = replicator.replicator
    var instances: [PresentationLayer] = []
    instances.reserveCapacity(max(style.instanceCount, 0))
    var transform = Transform3D.identity
    for k in 0..<max(style.instanceCount, 0) {
      let instanceTint = tint.multiplied(by: style.color(ofInstance: k))
      let instanceTime = animationTime - Double(k) * style.instanceDelay
      let copies = sublayers.map { sublayer in
        let copy = sublayer.presentation(at: time, animationTime: instanceTime, tint: instanceTint)
        return k == 0 ? copy : copy.renamed(forInstance: k)
      }
      var holder = LayerProperties()
      holder.bounds = replicator.bounds
      holder.position = replicator.bounds.center
      holder.transform = transform
      instances.append(
        PresentationLayer(
          id: ReplicatorStyle.instanceID(of: id, instance: k), kind: .layer, properties: holder, sublayers: copies,
          tint: instanceTint))
      transform = transform.concatenating(style.instanceTransform)
    }
    return instances
  }

  /// Every id the layer's presentation has, replicator instances included, depth first (mask
  /// before sublayers): the ids `inspect` finds.
  public var presentedIDs: [String] {
    var ids = [id]
    if let mask { ids += mask.presentedIDs }
    let sublayerIDs = sublayers.flatMap(\.presentedIDs)
    guard kind == .replicator else { return ids + sublayerIDs }
    for k in 0..<max(properties.replicator.instanceCount, 0) {
      ids.append(ReplicatorStyle.instanceID(of: id, instance: k))
      ids += sublayerIDs.map { ReplicatorStyle.copyID(of: $0, instance: k) }
    }
    return ids
  }

  /// How many layers the presentation has, replicator instances included (`presentedIDs.count`).
  public var presentedLayerCount: Int {
    let own = 1 + (mask?.presentedLayerCount ?? 0)
    let sublayerCount = sublayers.reduce(0) { $0 + $1.presentedLayerCount }
    guard kind == .replicator else { return own + sublayerCount }
    return own + max(properties.replicator.instanceCount, 0) * (1 + sublayerCount)
  }

  /// How many animations the presentation evaluates, group children and replicator instances
  /// included.
  public var presentedAnimationCount: Int {
    let own = animations.reduce(0) { $0 + $1.count } + (mask?.presentedAnimationCount ?? 0)
    let sublayerCount = sublayers.reduce(0) { $0 + $1.presentedAnimationCount }
    guard kind == .replicator else { return own + sublayerCount }
    return own + max(properties.replicator.instanceCount, 0) * sublayerCount
  }
}

extension Animation {
  /// This animation and, for a group, every animation inside it.
  var count: Int {
    switch self {
    case .property: 1
    case .group(let group): 1 + group.animations.reduce(0) { $0 + $1.count }
    }
  }
}

extension PresentationLayer {
  /// This subtree as instance `k`'s copy: every id, masks' included, suffixed with `#k`.
  func renamed(forInstance k: Int) -> PresentationLayer {
    var copy = self
    copy.id = ReplicatorStyle.copyID(of: id, instance: k)
    copy.mask = mask?.renamed(forInstance: k)
    copy.sublayers = sublayers.map { $0.renamed(forInstance: k) }
    return copy
  }
}
