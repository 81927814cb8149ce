/// An animation added to a layer: a property animation or a group of animations.
public indirect enum Animation: Sendable, Hashable {
  /// `CABasicAnimation` or `CAKeyframeAnimation`: one property over time.
  case property(PropertyAnimation)
  /// `CAAnimationGroup`: several animations timed together in the group's local time.
  case group(AnimationGroup)

  public var timing: MediaTiming {
    switch self {
    case .property(let animation): animation.timing
    case .group(let group): group.timing
    }
  }

  /// Whether every property the animation (and, for a group, each animation in it) sets
  /// satisfies `predicate`.
  public func setsOnly(_ predicate: (LayerKeyPath) -> Bool) -> Bool {
    switch self {
    case .property(let animation): predicate(animation.keyPath)
    case .group(let group): group.animations.allSatisfy { $0.setsOnly(predicate) }
    }
  }

  /// Whether the animation, or one inside it, sets `property`.
  public func sets(_ property: AnyLayerProperty) -> Bool { !setsOnly { $0.property !== property } }

  public var isRemovedOnCompletion: Bool {
    switch self {
    case .property(let animation): animation.isRemovedOnCompletion
    case .group(let group): group.isRemovedOnCompletion
    }
  }
}
