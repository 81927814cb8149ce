import SplashCore

/// The paths of Lottie's parametric shapes, point for point as Bodymovin players build them:
/// where a path starts and which way it runs is what trim paths measure from.
///
/// An ellipse starts at the top and runs clockwise (right side first, y down); a rectangle
/// starts at its top-right corner and runs down the right side. Direction `d: 3` runs the
/// other way from the same start. Quarter circles are cubic Béziers with handles of 0.5519 of
/// the radius, the constant those players use.
enum LottieShapePaths {
  static let handle = 0.5519

  /// An ellipse of `size` centred on `center`.
  static func ellipse(center: [Double], size: [Double], isReversed: Bool) -> Path {
    let (cx, cy) = (center.first ?? 0, center.count > 1 ? center[1] : 0)
    let (rx, ry) = (abs(size.first ?? 0) / 2, abs(size.count > 1 ? size[1] : 0) / 2)
    let (hx, hy) = (rx * handle, ry * handle)
    let top = Point(x: cx, y: cy - ry)
    let right = Point(x: cx + rx, y: cy)
    let bottom = Point(x: cx, y: cy + ry)
    let left = Point(x: cx - rx, y: cy)
    var path = Path()
    path.move(to: top)
    if isReversed {
      path.addCurve(to: left, control1: Point(x: cx - hx, y: top.y), control2: Point(x: left.x, y: cy - hy))
      path.addCurve(to: bottom, control1: Point(x: left.x, y: cy + hy), control2: Point(x: cx - hx, y: bottom.y))
      path.addCurve(to: right, control1: Point(x: cx + hx, y: bottom.y), control2: Point(x: right.x, y: cy + hy))
      path.addCurve(to: top, control1: Point(x: right.x, y: cy - hy), control2: Point(x: cx + hx, y: top.y))
    } else {
      path.addCurve(to: right, control1: Point(x: cx + hx, y: top.y), control2: Point(x: right.x, y: cy - hy))
      path.addCurve(to: bottom, control1: Point(x: right.x, y: cy + hy), control2: Point(x: cx + hx, y: bottom.y))
      path.addCurve(to: left, control1: Point(x: cx - hx, y: bottom.y), control2: Point(x: left.x, y: cy + hy))
      path.addCurve(to: top, control1: Point(x: left.x, y: cy - hy), control2: Point(x: cx - hx, y: top.y))
    }
    path.closeSubpath()
    return path
  }

  /// A rectangle of `size` centred on `center`, its corners rounded by `radius` (at most half
  /// the shorter side).
  static func rectangle(center: [Double], size: [Double], radius: Double, isReversed: Bool) -> Path {
    let (cx, cy) = (center.first ?? 0, center.count > 1 ? center[1] : 0)
    let (halfWidth, halfHeight) = (abs(size.first ?? 0) / 2, abs(size.count > 1 ? size[1] : 0) / 2)
    let r = min(max(radius, 0), halfWidth, halfHeight)
    let (left, right, top, bottom) = (cx - halfWidth, cx + halfWidth, cy - halfHeight, cy + halfHeight)
    let h = r * (1 - handle)
    // Each corner clockwise from the top-right one: where its curve starts, its two handles,
    // where it ends; straight sides join them.
    let corners: [(Point, Point, Point, Point)] = [
      (Point(x: right - r, y: top), Point(x: right - h, y: top), Point(x: right, y: top + h), Point(x: right, y: top + r)),
      (Point(x: right, y: bottom - r), Point(x: right, y: bottom - h), Point(x: right - h, y: bottom), Point(x: right - r, y: bottom)),
      (Point(x: left + r, y: bottom), Point(x: left + h, y: bottom), Point(x: left, y: bottom - h), Point(x: left, y: bottom - r)),
      (Point(x: left, y: top + r), Point(x: left, y: top + h), Point(x: left + h, y: top), Point(x: left + r, y: top)),
    ]
    var path = Path()
    if !isReversed {
      // Start where the top-right corner ends, going down the right side.
      path.move(to: corners[0].3)
      for corner in [corners[1], corners[2], corners[3], corners[0]] {
        path.addLine(to: corner.0)
        if r > 0 { path.addCurve(to: corner.3, control1: corner.1, control2: corner.2) }
      }
    } else {
      // The same start, the corners walked backwards: up round the top-right one, then left.
      path.move(to: corners[0].3)
      for (index, corner) in [corners[0], corners[3], corners[2], corners[1]].enumerated() {
        if index > 0 { path.addLine(to: corner.3) }
        if r > 0 { path.addCurve(to: corner.0, control1: corner.2, control2: corner.1) }
      }
    }
    path.closeSubpath()
    return path
  }
}
