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
    var presented = properties
    for animation in animations {
      animation.apply(atParentTime: time, isTopLevel: true, to: &presented)
    }
    return PresentationLayer(
      id: id, kind: kind, properties: presented, sublayers: sublayers.map { $0.presentation(at: time) },
      mask: mask?.presentation(at: time))
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
