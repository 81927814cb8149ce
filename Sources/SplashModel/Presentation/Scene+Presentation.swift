import SplashCore

/// The evaluator: what a scene shows at a time.
extension Scene {
  /// The presentation tree at scene time `time` (seconds since the animations start).
  ///
  /// A pure function of the scene and the time: it reads nothing else and changes nothing, so
  /// frames can be evaluated on any thread, in any order, and any single frame can be inspected
  /// on its own.
  public func presentation(at time: Double) -> PresentationTree {
    PresentationTree(
      canvasSize: canvasSize, backgroundColor: backgroundColor,
      layers: layers.map { $0.presentation(at: time) })
  }
}

extension Layer {
  /// This layer, its mask and its subtree as they show at scene time `time`.
  public func presentation(at time: Double) -> PresentationLayer {
    presentation(at: time, animationTime: time, tint: .white)
  }

  /// This layer as it shows at scene time `time` inside replicator instances.
  ///
  /// - Parameters:
  ///   - animationTime: The time its animations see: the scene's, less the delays of the
  ///     replicator instances it is in.
  ///   - tint: The product of those instances' colours.
  ///   - instances: Their instance numbers, outermost first, which its id carries.
  func presentation(at time: Double, animationTime: Double, tint: Color, instances: [Int] = []) -> PresentationLayer {
    var presented = properties
    if let lifetime { presented.isHidden = !lifetime.contains(time) }
    for animation in animations {
      animation.apply(atParentTime: animationTime, isTopLevel: true, to: &presented)
    }
    let presentedID = instances.isEmpty ? id : ReplicatorStyle.copyID(of: id, instances: instances)
    // Inside a time remap, the sublayers live (appear, animate) at the remapped time.
    let sublayerTime = timeRemap?.time(at: time) ?? time
    let sublayerAnimationTime = timeRemap?.time(at: animationTime) ?? animationTime
    let presentedSublayers =
      kind == .replicator
      ? self.instances(
        of: presented, presentedID: presentedID, at: sublayerTime, animationTime: sublayerAnimationTime, tint: tint,
        instances: instances)
      : sublayers.map {
        $0.presentation(at: sublayerTime, animationTime: sublayerAnimationTime, tint: tint, instances: instances)
      }
    // A mask counts by its alpha alone: the tint is the masked layer's business.
    return PresentationLayer(
      id: presentedID, kind: kind, properties: presented, sublayers: presentedSublayers,
      mask: mask?.presentation(at: time, animationTime: animationTime, tint: .white, instances: instances), tint: tint)
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
