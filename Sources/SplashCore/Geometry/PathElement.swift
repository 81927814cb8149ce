/// One drawing command of a `Path`, as in `CGPathElement`.
public enum PathElement: Sendable, Hashable {
  /// Starts a new subpath at a point.
  case move(to: Point)
  /// A straight line from the current point.
  case line(to: Point)
  /// A quadratic Bézier curve from the current point.
  case quadCurve(control: Point, to: Point)
  /// A cubic Bézier curve from the current point.
  case cubicCurve(control1: Point, control2: Point, to: Point)
  /// A straight line back to the start of the current subpath, which it closes.
  case close

  /// The point this element ends at, if it names one.
  public var endPoint: Point? {
    switch self {
    case .move(let point), .line(let point): point
    case .quadCurve(_, let point), .cubicCurve(_, _, let point): point
    case .close: nil
    }
  }
}
