import SplashCore

/// Applying animations to a layer's properties at a time: the core of the evaluator.
extension Animation {
  /// Applies what this animation shows at `parentTime` onto `properties`.
  ///
  /// - Parameters:
  ///   - parentTime: Seconds in the parent's time space (the scene's for a top-level
  ///     animation, the group's local time for a child).
  ///   - isTopLevel: Whether the animation was added to the layer directly; only such an
  ///     animation is removed on completion.
  ///   - properties: The layer's values so far (model values with earlier animations applied).
  ///   - record: Told each value an animation sets, in order, as it sets it (see
  ///     `Layer.animatedValues(at:)`).
  ///   - placementOnly: Whether to apply only animations of properties that place layers.
  func apply(
    atParentTime parentTime: Double, isTopLevel: Bool, to properties: inout LayerProperties,
    record: ((LayerKeyPath, AnimatableValue) -> Void)? = nil, placementOnly: Bool = false
  ) {
    let timing = self.timing
    if isTopLevel && isRemovedOnCompletion && timing.hasEnded(atParentTime: parentTime) { return }
    guard let iteration = timing.iteration(atParentTime: parentTime) else { return }
    switch self {
    case .property(let animation):
      if placementOnly && !animation.keyPath.placesLayers { return }
      animation.apply(atIterationTime: iteration.time, iteration: iteration.index, to: &properties, record: record)
    case .group(let group):
      var childTime = iteration.time
      if let easing = group.timingFunction {
        let duration = timing.effectiveDuration
        childTime = duration * easing.progress(at: iteration.time / duration)
      }
      let inheritedDuration = timing.effectiveDuration
      for child in group.animations {
        child.inheritingDuration(inheritedDuration).apply(
          atParentTime: childTime, isTopLevel: false, to: &properties, record: record, placementOnly: placementOnly)
      }
    }
  }
}

extension Animation {
  /// Whether this animation sets, for certain, the very value at `later` that it sets at
  /// `time` (or sets nothing at both): a property animation at the same moment of itself at
  /// both (filled before its start or past its end), or in one keyframe segment whose two ends
  /// are equal numbers, points, sizes or rectangles (a hold, or a rest between moves). `false`
  /// when it cannot tell so cheaply (groups; moving springs, basic and path animations; cubic
  /// and paced keyframes; transforms).
  ///
  /// The motion probe asks it first (`Layer.motion`): a layer whose placing animations all
  /// hold steady is placed a moment later exactly as now, and applying them again (decomposing
  /// transforms, copying the layer's values) would only say so.
  func holdsSteady(from time: Double, to later: Double) -> Bool {
    guard case .property(let animation) = self else { return false }
    let timing = animation.timing
    if animation.isRemovedOnCompletion {
      let removedNow = timing.hasEnded(atParentTime: time)
      guard removedNow == timing.hasEnded(atParentTime: later) else { return false }
      if removedNow { return true }
    }
    switch (timing.iteration(atParentTime: time), timing.iteration(atParentTime: later)) {
    case (nil, nil):
      return true
    case (let now?, let then?):
      guard now.index == then.index else { return false }
      // The same moment of the animation (filled before its start or past its end): the same
      // value, computed from the same inputs.
      if now.time == then.time { return true }
      guard case .keyframes(let track) = animation.values, !track.calculationMode.isPaced else { return false }
      func progress(_ iterationTime: Double) -> Double {
        let linear = iterationTime / timing.effectiveDuration
        return animation.timingFunction?.progress(at: linear) ?? linear
      }
      return track.holdsSteady(from: progress(now.time), to: progress(then.time))
    default:
      return false
    }
  }
}

extension PropertyAnimation {
  /// Applies the value at a time within one iteration (0...duration) of repeat `iteration`.
  func apply(
    atIterationTime iterationTime: Double, iteration: Int, to properties: inout LayerProperties,
    record: ((LayerKeyPath, AnimatableValue) -> Void)? = nil
  ) {
    let linearProgress = iterationTime / timing.effectiveDuration
    let progress = timingFunction?.progress(at: linearProgress) ?? linearProgress
    // What one iteration moves the value by matters only to a cumulative animation past its
    // first iteration; worked out every frame for every animation, it was a fifteenth of
    // evaluating a Lottie file.
    let accumulates = isCumulative && iteration > 0
    var value: AnimatableValue
    var change: AnimatableValue?
    switch values {
    case .basic(let from, let to, let by):
      let (start, end) = Self.resolveBasic(from: from, to: to, by: by, current: keyPath.value(in: properties))
      value = start.interpolated(to: end, amount: progress)
      if accumulates { change = end.subtracting(start) }
    case .spring(let from, let to, let by, let spring):
      let (start, end) = Self.resolveBasic(from: from, to: to, by: by, current: keyPath.value(in: properties))
      // A spring runs on seconds, not on eased progress: the timing function does not apply.
      value = start.interpolated(to: end, amount: spring.progress(at: iterationTime))
      if accumulates { change = end.subtracting(start) }
    case .keyframes(let track):
      value = track.value(at: track.calculationMode.isPaced ? linearProgress : progress)
      if accumulates, let first = track.values.first, let last = track.values.last { change = last.subtracting(first) }
    case .keyframePath(let keyframePath):
      let sample = keyframePath.sample(at: keyframePath.calculationMode.isPaced ? linearProgress : progress)
      value = .point(sample.point)
      if let angle = sample.angle {
        // The layer turns with the path: a rotation about z applied before its own transform.
        properties.transform = Transform3D(rotationAngle: angle, x: 0, y: 0, z: 1).concatenating(properties.transform)
      }
      if accumulates, let first = keyframePath.segments.first, let last = keyframePath.segments.last {
        change = .point(last.point(at: 1) - first.startPoint)
      }
    }
    if accumulates, let change, change.isVectorLike {
      value = change.scaled(by: Double(iteration)).adding(to: value)
    }
    if isAdditive { value = value.adding(to: keyPath.value(in: properties)) }
    keyPath.set(value, in: &properties)
    record?(keyPath, value)
  }

  /// The two ends of a basic animation, filled in from the current value as
  /// `CABasicAnimation`'s documentation lays out:
  ///
  ///     from, to  → from … to          from, by → from … from+by     by, to → to−by … to
  ///     from only → from … current     to only  → current … to       by only → current … current+by
  ///
  /// With none of them set, the animation holds the current value.
  static func resolveBasic(
    from: AnimatableValue?, to: AnimatableValue?, by: AnimatableValue?, current: AnimatableValue
  ) -> (AnimatableValue, AnimatableValue) {
    switch (from, to, by) {
    case (let from?, let to?, _): (from, to)
    case (let from?, nil, let by?): (from, by.adding(to: from))
    case (nil, let to?, let by?): (to.subtracting(by), to)
    case (let from?, nil, nil): (from, current)
    case (nil, let to?, nil): (current, to)
    case (nil, nil, let by?): (current, by.adding(to: current))
    case (nil, nil, nil): (current, current)
    }
  }
}

extension Animation {
  /// This animation with `duration` in place of a duration of 0, as a child of a group whose
  /// own (effective) duration is `duration` takes it (see `AnimationGroup`).
  func inheritingDuration(_ duration: Double) -> Animation {
    guard timing.duration <= 0 else { return self }
    switch self {
    case .property(var animation):
      animation.timing.duration = duration
      return .property(animation)
    case .group(var group):
      group.timing.duration = duration
      return .group(group)
    }
  }
}
