/// When a layer is in the tree: what the original code did with `addSublayer` and
/// `removeFromSuperlayer` from completion callbacks and timers.
///
/// It is not an animation: a replicator's `instanceDelay` shifts the animations of each
/// instance, not the moment the replicated sublayer was added, which every instance shares.
public struct LayerLifetime: Sendable, Hashable {
  /// Scene seconds.
  public var addedAt: Double
  /// Scene seconds; infinite for a layer never removed.
  public var removedAt: Double

  public init(addedAt: Double, removedAt: Double = .infinity) {
    self.addedAt = addedAt
    self.removedAt = removedAt
  }

  /// Whether the layer is in the tree at scene time `time`: from `addedAt` up to, not
  /// including, `removedAt`.
  public func contains(_ time: Double) -> Bool {
    // Measured from `addedAt`, as an animation beginning then is timed, so a frame on the
    // boundary falls on the same side as it did when this was an animation of `hidden`.
    let elapsed = time - addedAt
    return elapsed >= 0 && elapsed < removedAt - addedAt
  }
}
