/// How the ends of an open stroke are drawn (`CAShapeLayerLineCap`).
public enum LineCap: String, Sendable, Hashable, CaseIterable {
  case butt
  case round
  case square
}

/// How the corners of a stroke are drawn (`CAShapeLayerLineJoin`).
public enum LineJoin: String, Sendable, Hashable, CaseIterable {
  case miter
  case round
  case bevel
}

/// Which regions of a self-intersecting path count as inside (`CAShapeLayerFillRule`).
public enum FillRule: String, Sendable, Hashable, CaseIterable {
  case nonZero
  case evenOdd
}
