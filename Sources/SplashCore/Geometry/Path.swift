#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A vector path made of subpaths of lines and Bézier curves, like `CGPath` / `UIBezierPath`.
///
/// Paths are values: building one never changes another, and any path can be shared across
/// threads.
public struct Path: Sendable, Hashable {
  public var elements: [PathElement]

  public init(elements: [PathElement] = []) {
    self.elements = elements
  }

  public var isEmpty: Bool { elements.isEmpty }

  /// The point a new element would start from (`nil` before the first `move`).
  public var currentPoint: Point? {
    var subpathStart: Point?
    var current: Point?
    for element in elements {
      switch element {
      case .move(let point):
        subpathStart = point
        current = point
      case .close:
        current = subpathStart
      default:
        current = element.endPoint
      }
    }
    return current
  }

  public mutating func move(to point: Point) { elements.append(.move(to: point)) }

  public mutating func addLine(to point: Point) { elements.append(.line(to: point)) }

  public mutating func addQuadCurve(to point: Point, control: Point) {
    elements.append(.quadCurve(control: control, to: point))
  }

  public mutating func addCurve(to point: Point, control1: Point, control2: Point) {
    elements.append(.cubicCurve(control1: control1, control2: control2, to: point))
  }

  public mutating func closeSubpath() { elements.append(.close) }

  /// Adds a circular arc the way `UIBezierPath(arcCenter:radius:startAngle:endAngle:clockwise:)`
  /// and `CGPath.addArc(center:radius:startAngle:endAngle:clockwise:)` draw it.
  ///
  /// Angles are in radians, measured from the positive x axis; with UIKit's y-down coordinates,
  /// `clockwise: true` means increasing angles. A line joins the current point to the arc's start
  /// (a move when the path is empty). The sweep, for Δ = endAngle − startAngle:
  ///
  ///     |Δ| ≥ 2π                 one full turn from startAngle, in the direction asked for
  ///     otherwise, clockwise     Δ brought into [0, 2π)     (−π/2 → 0: a quarter turn)
  ///     otherwise, anticlockwise Δ brought into (−2π, 0]    (0 → π/2: three quarters back)
  ///     startAngle = endAngle    nothing but the joining line
  ///
  /// The first rule is why `startAngle: 0, endAngle: 2 * .pi, clockwise: false` (the way
  /// NVActivityIndicatorView and much other iOS code draws its dots and rings) is a whole circle
  /// on an iPhone, and why `2 * .pi → 0, clockwise: true` is one too: Core Graphics treats a
  /// difference of a whole turn or more as a circle whichever way the angles run, rather than
  /// reducing it to zero modulo 2π as the HTML canvas `arc()` does for the backward case. Apple
  /// does not document the rule (its `addArc` reference only defines the angles and the
  /// direction, in radians from the positive x axis); it is what iOS draws for that code, and
  /// Microsoft's Core Graphics reimplementation for Windows notes full circles "from 2π to 0"
  /// as reference behaviour it reproduces. A sweep of more than one turn is drawn once: a
  /// second lap would change nothing a fill or stroke shows but would halve what a `strokeEnd`
  /// fraction reveals.
  ///
  /// # Tolerance
  /// The arc is stored as cubic Béziers of at most a quarter turn each, whose radial error is
  /// below 0.03 % of the radius (0.01 pt on a 37.5 pt circle). A difference within 10⁻⁹ of a
  /// whole turn counts as one (`360deg` and `2 * pi` differ from 2π in the last bits).
  public mutating func addArc(
    center: Point, radius: Double, startAngle: Double, endAngle: Double, clockwise: Bool
  ) {
    let start = Point(x: center.x + radius * cos(startAngle), y: center.y + radius * sin(startAngle))
    if currentPoint == nil { move(to: start) } else { addLine(to: start) }

    let sweep = Self.arcSweep(from: startAngle, to: endAngle, clockwise: clockwise)
    guard sweep != 0, sweep.isFinite, radius > 0 else { return }

    let segmentCount = (abs(sweep) / (Double.pi / 2)).clamped(to: 1...1_000, rounding: .up)
    let step = sweep / Double(segmentCount)
    // Control-point distance of the standard cubic approximation of a circular arc of angle `step`.
    let handle = 4.0 / 3.0 * tan(step / 4) * radius
    var angle = startAngle
    for _ in 0..<segmentCount {
      let next = angle + step
      let from = Point(x: center.x + radius * cos(angle), y: center.y + radius * sin(angle))
      let to = Point(x: center.x + radius * cos(next), y: center.y + radius * sin(next))
      addCurve(
        to: to,
        control1: Point(x: from.x - handle * sin(angle), y: from.y + handle * cos(angle)),
        control2: Point(x: to.x + handle * sin(next), y: to.y - handle * cos(next)))
      angle = next
    }
  }

  /// The signed angle an arc turns through (positive: clockwise on screen), by the rule in
  /// `addArc`'s documentation.
  static func arcSweep(from startAngle: Double, to endAngle: Double, clockwise: Bool) -> Double {
    let fullTurn = 2 * Double.pi
    let difference = endAngle - startAngle
    guard difference.isFinite else { return 0 }
    if abs(difference) >= fullTurn - 1e-9 { return clockwise ? fullTurn : -fullTurn }
    if clockwise { return difference < 0 ? difference + fullTurn : difference }
    return difference > 0 ? difference - fullTurn : difference
  }

  /// Adds a closed ellipse inscribed in `rect`, as `UIBezierPath(ovalIn:)` does: it starts at the
  /// right-most point and runs clockwise on screen.
  public mutating func addEllipse(in rect: Rect) {
    let center = rect.center
    let radiusX = rect.width / 2
    let radiusY = rect.height / 2
    var unitCircle = Path()
    unitCircle.addArc(center: .zero, radius: 1, startAngle: 0, endAngle: 2 * .pi, clockwise: true)
    let toEllipse = AffineTransform(scaleX: radiusX, y: radiusY)
      .concatenating(AffineTransform(translationX: center.x, y: center.y))
    elements.append(contentsOf: unitCircle.applying(toEllipse).elements)
    closeSubpath()
  }

  /// Adds a closed rectangle, starting at its top-left corner and running clockwise on screen.
  public mutating func addRect(_ rect: Rect) {
    move(to: rect.origin)
    addLine(to: Point(x: rect.maxX, y: rect.minY))
    addLine(to: Point(x: rect.maxX, y: rect.maxY))
    addLine(to: Point(x: rect.minX, y: rect.maxY))
    closeSubpath()
  }

  /// Adds a closed rectangle with circular corners, as `UIBezierPath(roundedRect:cornerRadius:)`
  /// does (the radius is capped at half the shorter side): it starts on the top edge after the
  /// top-left corner and runs clockwise on screen.
  public mutating func addRoundedRect(_ rect: Rect, cornerRadius: Double) {
    let radius = min(max(cornerRadius, 0), min(rect.width, rect.height) / 2)
    guard radius > 0 else {
      addRect(rect)
      return
    }
    let quarter = Double.pi / 2
    move(to: Point(x: rect.minX + radius, y: rect.minY))
    addArc(center: Point(x: rect.maxX - radius, y: rect.minY + radius), radius: radius, startAngle: -quarter, endAngle: 0, clockwise: true)
    addArc(center: Point(x: rect.maxX - radius, y: rect.maxY - radius), radius: radius, startAngle: 0, endAngle: quarter, clockwise: true)
    addArc(
      center: Point(x: rect.minX + radius, y: rect.maxY - radius), radius: radius, startAngle: quarter, endAngle: 2 * quarter,
      clockwise: true)
    addArc(
      center: Point(x: rect.minX + radius, y: rect.minY + radius), radius: radius, startAngle: 2 * quarter, endAngle: 3 * quarter,
      clockwise: true)
    closeSubpath()
  }

  /// This path with every point mapped through `transform`.
  public func applying(_ transform: AffineTransform) -> Path {
    Path(
      elements: elements.map { element in
        switch element {
        case .move(let point): .move(to: transform.apply(to: point))
        case .line(let point): .line(to: transform.apply(to: point))
        case .quadCurve(let control, let point):
          .quadCurve(control: transform.apply(to: control), to: transform.apply(to: point))
        case .cubicCurve(let control1, let control2, let point):
          .cubicCurve(
            control1: transform.apply(to: control1), control2: transform.apply(to: control2),
            to: transform.apply(to: point))
        case .close: .close
        }
      })
  }
}
