extension Layer {
  /// Applies the layer's animations to `values` at `animationTime`, in the order they were
  /// added (placement alone when `placementOnly`): what its presentation, the motion probe
  /// and the values kept for its copies (`AppliedAnimations`) all start from.
  ///
  /// The storage is written through once per animation: a layer without animations keeps
  /// the storage it shares (written once up front, it was copied for every such layer).
  func applyAnimations(at animationTime: Double, to values: inout CopyOnWrite<LayerProperties>, placementOnly: Bool) {
    for animation in animations {
      animation.apply(atParentTime: animationTime, isTopLevel: true, to: &values.wrappedValue, placementOnly: placementOnly)
    }
  }

  /// The value each key path of this layer (not its mask or sublayers) was last given by an
  /// animation at scene time `time`, as the animation computed it.
  ///
  /// The presentation (`presentation(at:)`) holds the result in the layer's properties, where
  /// a `transform.rotation.z` of 288° is a matrix that reads back as −72°: the angle is
  /// decomposed from it and folded into −180°…180°. This keeps the animated angle itself, for
  /// `inspect` to report what the animation drives. A key path no animation set at `time` (not
  /// started, or removed on completion) has no entry.
  public func animatedValues(at time: Double) -> [LayerKeyPath: AnimatableValue] {
    var presented = properties
    var values: [LayerKeyPath: AnimatableValue] = [:]
    for animation in animations {
      animation.apply(atParentTime: time, isTopLevel: true, to: &presented) { keyPath, value in values[keyPath] = value }
    }
    return values
  }
}
