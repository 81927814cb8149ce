/// An axis-aligned box (left, top, right, bottom): a rectangle placed through a transform, in
/// device pixels or a superlayer's space.
///
/// The display list and the backend decide with it what a clip is and what it cuts, so both
/// apply the same rules: a group clips to the whole pixels around its extents and one more
/// (`enclosingPixels`), and a layer is skipped when its box misses the clip by more than a
/// pixel of antialiasing (`overlaps`). The rasterizer cuts shapes to one (`clip(_:)`).
public struct DeviceBox: Sendable, Equatable {
  public var left: Double
  public var top: Double
  public var right: Double
  public var bottom: Double

  @inlinable
  public init(left: Double, top: Double, right: Double, bottom: Double) {
    self.left = left
    self.top = top
    self.right = right
    self.bottom = bottom
  }

  /// The whole plane: a clip that culls nothing.
  public static let everywhere = DeviceBox(left: -.infinity, top: -.infinity, right: .infinity, bottom: .infinity)

  /// The box around `rect`'s four corners, each mapped by `place`.
  @inlinable
  public init(around rect: Rect, place: (Point) -> Point) {
    // The corners are taken one by one: held in an array literal, they were allocated (on the
    // stack, and released through the runtime) at every call, two thirds of the cost of a box
    // the backend asks of Cairo for each layer it draws.
    self.init(left: .infinity, top: .infinity, right: -.infinity, bottom: -.infinity)
    include(place(Point(x: rect.minX, y: rect.minY)))
    include(place(Point(x: rect.maxX, y: rect.minY)))
    include(place(Point(x: rect.minX, y: rect.maxY)))
    include(place(Point(x: rect.maxX, y: rect.maxY)))
  }

  /// Widens the box to take in `point`.
  @inlinable
  mutating func include(_ point: Point) {
    left = min(left, point.x)
    top = min(top, point.y)
    right = max(right, point.x)
    bottom = max(bottom, point.y)
  }

  /// The box around `rect` mapped by `transform`.
  @inlinable
  public init(around rect: Rect, through transform: AffineTransform) {
    self.init(around: rect) { transform.apply(to: $0) }
  }

  /// The box as a rectangle, or `nil` when it is empty or not a number.
  public var rect: Rect? {
    guard left <= right, top <= bottom else { return nil }
    return Rect(x: left, y: top, width: right - left, height: bottom - top)
  }

  /// The box moved by (`x`, `y`): into a surface's pixels by its device offset.
  public func offsetBy(x: Double, y: Double) -> DeviceBox {
    DeviceBox(left: left + x, top: top + y, right: right + x, bottom: bottom + y)
  }

  public func intersection(_ other: DeviceBox) -> DeviceBox {
    DeviceBox(left: max(left, other.left), top: max(top, other.top), right: min(right, other.right), bottom: min(bottom, other.bottom))
  }

  /// Whether the two overlap, with a pixel of slack for antialiasing.
  public func overlaps(_ other: DeviceBox) -> Bool {
    right >= other.left - 1 && left <= other.right + 1 && bottom >= other.top - 1 && top <= other.bottom + 1
  }

  /// The whole pixels that cover the box and a pixel of antialiasing around it: the clip of a
  /// group drawn for what the box bounds.
  public var enclosingPixels: DeviceBox {
    DeviceBox(left: left - 1, top: top - 1, right: right + 1, bottom: bottom + 1).roundedOutward
  }

  /// The whole pixels that cover the box.
  public var roundedOutward: DeviceBox {
    DeviceBox(left: left.rounded(.down), top: top.rounded(.down), right: right.rounded(.up), bottom: bottom.rounded(.up))
  }
}
