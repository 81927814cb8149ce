/// A convex polygon in device pixels: a `masksToBounds` clip turned or skewed off the device's
/// axes (a Lottie composition's bounds under a turning camera), alone or intersected with the
/// clips above it.
///
/// The display list plans the shapes under such a clip for splashvid's rasterizer, which cuts
/// them to the polygon first (`cut`), as it cuts them to a rectangle at fractions of a pixel:
/// a shape's coverage is then the exact area of the shape inside the clip, whatever the
/// clip's angle. Rounded corners stay a path, which Cairo draws.
///
/// The corners are kept in one turning order, clockwise on the screen (y pointing down), so
/// that the inside is where `inside(_:side:_:)` is positive for every side. A polygon that
/// covers nothing (a collapsed layer, clips that miss each other) has no corners, and lets
/// nothing through.
public struct ConvexPolygon: Sendable, Equatable, CustomStringConvertible {
  /// The corners, in turning order (see above); empty for a polygon that covers nothing.
  public private(set) var corners: [Point]

  /// The polygon through `corners`, in either turning order, which must make a convex polygon
  /// (a parallelogram: a rectangle through an affine map). `nil` when a corner is not finite;
  /// no corners when they enclose no area.
  public init?(corners: [Point]) {
    guard corners.allSatisfy({ $0.x.isFinite && $0.y.isFinite }) else { return nil }
    let area = Self.signedArea(corners)
    if area > 0 {
      self.corners = corners
    } else if area < 0 {
      self.corners = corners.reversed()
    } else {
      self.corners = []
    }
  }

  /// The polygon of `box`'s four corners; no corners when it is empty.
  public init(_ box: DeviceBox) {
    self.init(
      checked: [
        Point(x: box.left, y: box.top), Point(x: box.right, y: box.top), Point(x: box.right, y: box.bottom),
        Point(x: box.left, y: box.bottom),
      ])
  }

  /// Corners already in turning order, kept only when they enclose some area.
  private init(checked corners: [Point]) {
    self.corners = corners.count >= 3 && Self.signedArea(corners) > 0 ? corners : []
  }

  /// Whether the polygon covers nothing.
  public var isEmpty: Bool { corners.isEmpty }

  /// The box around the corners; an empty box at the origin when there are none.
  public var bounds: DeviceBox {
    guard let first = corners.first else { return DeviceBox(left: 0, top: 0, right: 0, bottom: 0) }
    var box = DeviceBox(left: first.x, top: first.y, right: first.x, bottom: first.y)
    for corner in corners.dropFirst() {
      box.left = min(box.left, corner.x)
      box.top = min(box.top, corner.y)
      box.right = max(box.right, corner.x)
      box.bottom = max(box.bottom, corner.y)
    }
    return box
  }

  /// The polygon moved by (`x`, `y`): into a surface's pixels by its device offset.
  public func offsetBy(x: Double, y: Double) -> ConvexPolygon {
    ConvexPolygon(checked: corners.map { Point(x: $0.x + x, y: $0.y + y) })
  }

  /// The part of this polygon inside `other`: convex again.
  public func intersection(_ other: ConvexPolygon) -> ConvexPolygon {
    guard !isEmpty, !other.isEmpty else { return ConvexPolygon(checked: []) }
    return ConvexPolygon(checked: other.cut(corners))
  }

  /// The part of this polygon inside `box`.
  public func intersection(_ box: DeviceBox) -> ConvexPolygon {
    intersection(ConvexPolygon(box))
  }

  /// How far `point` lies inside the side from `start` to `end`, times the side's length:
  /// positive inside, 0 on the side's line, negative outside.
  @inline(__always)
  public static func inside(_ point: Point, side start: Point, _ end: Point) -> Double {
    (end.x - start.x) * (point.y - start.y) - (end.y - start.y) * (point.x - start.x)
  }

  /// Whether every point of `points`, mapped by `transform`, is finite and inside the polygon
  /// (its sides included): then `cut` returns the mapped points as they are.
  ///
  /// The box around the mapped points is asked first: the polygon is convex, so when the box's
  /// four corners lie inside every side by more than the rounding of the test can take back,
  /// so does every point in it, and the answer is the one point by point would give. Only
  /// when a corner is not that far inside are the points asked one by one. (Each shape under a
  /// turned clip is asked: one by one, four sides a point, issue_1949's cost 6.6 M
  /// instructions.)
  public func contains(_ points: UnsafeBufferPointer<Point>, mappedBy transform: AffineTransform) -> Bool {
    guard !isEmpty, let first = points.first else { return !isEmpty }
    var low = transform.apply(to: first)
    var high = low
    // `min` and `max` may drop a value that is not a number: the box then proves nothing.
    var isFinite = low.x.isFinite && low.y.isFinite
    for point in points.dropFirst() {
      let mapped = transform.apply(to: point)
      isFinite = isFinite && mapped.x.isFinite && mapped.y.isFinite
      low = Point(x: min(low.x, mapped.x), y: min(low.y, mapped.y))
      high = Point(x: max(high.x, mapped.x), y: max(high.y, mapped.y))
    }
    if isFinite, containsWithMargin(low, high) { return true }
    for point in points {
      let mapped = transform.apply(to: point)
      var start = corners[corners.count - 1]
      for end in corners {
        // A comparison with a value that is not a number is false: such a point is not inside.
        guard Self.inside(mapped, side: start, end) >= 0 else { return false }
        start = end
      }
    }
    return true
  }

  /// Whether the four corners of the box from `low` to `high` lie inside every side by more
  /// than the rounding of `inside` at any point of the box: each product in it is off by at
  /// most half a unit in the last place of its size, and so is each difference, so a margin of
  /// 2⁻⁴⁰ times the sizes of the products leaves room to spare.
  private func containsWithMargin(_ low: Point, _ high: Point) -> Bool {
    var start = corners[corners.count - 1]
    for end in corners {
      let (width, height) = (abs(end.x - start.x), abs(end.y - start.y))
      let reach = max(abs(low.x - start.x), abs(high.x - start.x)) + max(abs(low.y - start.y), abs(high.y - start.y))
      let margin = 0x1p-40 * (width + height) * reach
      guard Self.inside(low, side: start, end) > margin, Self.inside(high, side: start, end) > margin,
        Self.inside(Point(x: high.x, y: low.y), side: start, end) > margin,
        Self.inside(Point(x: low.x, y: high.y), side: start, end) > margin
      else { return false }
      start = end
    }
    return true
  }

  /// The closed polygon through `points` cut to this one (Sutherland and Hodgman's clipping,
  /// one side after another); nothing when this polygon is empty. Every point inside keeps its
  /// winding number: runs outside are replaced by runs along the sides, which cancel in pairs
  /// under either fill rule. Points that are not finite are left out.
  public func cut(_ points: [Point]) -> [Point] {
    guard !isEmpty else { return [] }
    var polygon = points.filter { $0.x.isFinite && $0.y.isFinite }
    var start = corners[corners.count - 1]
    for end in corners {
      // What lies on the side's left (inside) or on its line is kept.
      let side = start
      polygon = SutherlandHodgman.cut(
        polygon, keeping: { Self.inside($0, side: side, end) >= 0 },
        crossing: { a, b in
          let (depthA, depthB) = (Self.inside(a, side: side, end), Self.inside(b, side: side, end))
          return depthA / (depthA - depthB)
        })
      start = end
    }
    return polygon
  }

  /// Twice the polygon's area, positive when its corners turn as `corners` keeps them.
  private static func signedArea(_ points: [Point]) -> Double {
    guard var previous = points.last else { return 0 }
    var sum = 0.0
    for point in points {
      sum += previous.x * point.y - point.x * previous.y
      previous = point
    }
    return sum
  }

  public var description: String {
    func text(_ value: Double) -> String { String((value * 1000).rounded() / 1000) }
    return corners.map { "\(text($0.x)),\(text($0.y))" }.joined(separator: " ")
  }
}
