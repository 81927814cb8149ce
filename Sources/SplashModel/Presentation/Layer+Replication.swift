import SplashCore

/// A replicator's instances, made when it is presented (see `ReplicatorStyle`).
extension Layer {
  /// The instances of this replicator's sublayers as they show at `time`, one layer per
  /// instance, holding its copies of the sublayers.
  ///
  /// Instance k's layer has the replicator's bounds, centred on them, so that its transform,
  /// instanceTransformᵏ, applies about the replicator's centre as Core Animation's does; its
  /// copies' animations run k × instanceDelay later, and their colours are multiplied by
  /// instance k's colour. Instances are drawn in order, 0 first. Copies carry their instance
  /// numbers in their ids (`ReplicatorStyle.copyID`), so every instance can be inspected.
  ///
  /// - Parameters:
  ///   - replicator: The replicator's presented properties (its instance properties may be
  ///     animated).
  ///   - presentedID: The replicator's id as presented.
  ///   - instances: The instance numbers of the replicators this one is in, outermost first.
  func instances(
    of replicator: LayerProperties, presentedID: String, at time: Double, animationTime: Double, tint: Color, instances: [Int],
    detail: PresentationDetail
  ) -> [PresentationLayer] {
    let style = replicator.replicator
    let count = max(style.instanceCount, 0)
    var holders: [PresentationLayer] = []
    holders.reserveCapacity(count)
    var transform = Transform3D.identity
    for k in 0..<count {
      let instanceTint = tint.multiplied(by: style.color(ofInstance: k))
      let instanceTime = animationTime - Double(k) * style.instanceDelay
      let copies = sublayers.map {
        $0.presentation(
          at: time, animationTime: instanceTime, tint: instanceTint, instances: instances + [k], detail: detail)
      }
      var holder = LayerProperties()
      holder.bounds = replicator.bounds
      holder.position = replicator.bounds.center
      holder.transform = transform
      holders.append(
        PresentationLayer(
          id: ReplicatorStyle.holderID(of: presentedID, instance: k), kind: .layer, properties: holder, sublayers: copies,
          tint: instanceTint))
      transform = transform.concatenating(style.instanceTransform)
    }
    return holders
  }

  /// Every id the layer's presentation has, replicator instances included, depth first (mask
  /// before sublayers): the ids `inspect` finds.
  public var presentedIDs: [String] { presentedIDs(instances: []) }

  private func presentedIDs(instances: [Int]) -> [String] {
    let presentedID = ReplicatorStyle.copyID(of: id, instances: instances)
    var ids = [presentedID]
    if let mask { ids += mask.presentedIDs(instances: instances) }
    guard kind == .replicator else { return ids + sublayers.flatMap { $0.presentedIDs(instances: instances) } }
    for k in 0..<max(properties.replicator.instanceCount, 0) {
      ids.append(ReplicatorStyle.holderID(of: presentedID, instance: k))
      ids += sublayers.flatMap { $0.presentedIDs(instances: instances + [k]) }
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
