/// What an animation shows outside its active time, as `CAMediaTimingFillMode`.
///
/// Filling only matters while the animation is still attached: an animation that is removed on
/// completion stops contributing when it ends, whatever its fill mode.
public enum FillMode: String, Sendable, Hashable, CaseIterable {
  /// Nothing outside the active time: the property shows the layer's model value.
  case removed
  /// Holds the end state after the active time.
  case forwards
  /// Holds the start state before the active time.
  case backwards
  /// Holds both.
  case both

  public var fillsForwards: Bool { self == .forwards || self == .both }
  public var fillsBackwards: Bool { self == .backwards || self == .both }
}
