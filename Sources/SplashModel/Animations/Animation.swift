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

  public var isRemovedOnCompletion: Bool {
    switch self {
    case .property(let animation): animation.isRemovedOnCompletion
    case .group(let group): group.isRemovedOnCompletion
    }
  }
}
