/// Which Core Animation layer class a layer stands for.
public enum LayerKind: String, Sendable, Hashable, CaseIterable {
  /// A plain `CALayer`: background, corner radius and sublayers.
  case layer
  /// A `CAShapeLayer`: a plain layer that also fills and strokes its `path`.
  case shape
}
