/// Which Core Animation layer class a layer stands for.
public enum LayerKind: String, Sendable, Hashable, CaseIterable {
  /// A plain `CALayer`: background, border, corner radius, contents (an image), shadow, sublayers.
  case layer
  /// A `CAShapeLayer`: a plain layer that also fills and strokes its `path`.
  case shape
  /// A text layer (`CATextLayer` or a `UILabel`'s layer): one string in one font.
  case text
  /// A `CAGradientLayer`: axial, radial or conic colour ramps over its bounds.
  case gradient
  /// A `CAReplicatorLayer`: a plain layer that draws its sublayers `instanceCount` times, each
  /// instance transformed, delayed and coloured from the one before (see `ReplicatorStyle`).
  case replicator
}
