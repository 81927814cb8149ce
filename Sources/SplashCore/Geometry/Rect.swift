/// An axis-aligned rectangle given by its origin (top-left corner) and size, in points.
public struct Rect: Sendable, Hashable, CustomStringConvertible {
  public var origin: Point
  public var size: Size

  public init(origin: Point, size: Size) {
    self.origin = origin
    self.size = size
  }

  public init(x: Double, y: Double, width: Double, height: Double) {
    self.init(origin: Point(x: x, y: y), size: Size(width: width, height: height))
  }

  public static let zero = Rect(origin: .zero, size: .zero)

  @inlinable public var minX: Double { origin.x }
  @inlinable public var minY: Double { origin.y }
  @inlinable public var maxX: Double { origin.x + size.width }
  @inlinable public var maxY: Double { origin.y + size.height }
  public var width: Double { size.width }
  public var height: Double { size.height }
  public var center: Point { Point(x: origin.x + size.width / 2, y: origin.y + size.height / 2) }

  public var description: String { "[\(origin.x), \(origin.y), \(size.width), \(size.height)]" }

  /// The part both rectangles cover; `nil` when it has no area.
  public func intersection(_ other: Rect) -> Rect? {
    let left = max(minX, other.minX)
    let top = max(minY, other.minY)
    let right = min(maxX, other.maxX)
    let bottom = min(maxY, other.maxY)
    guard left < right, top < bottom else { return nil }
    return Rect(x: left, y: top, width: right - left, height: bottom - top)
  }

  /// The rectangle a fraction `amount` of the way from `self` to `other`.
  public func interpolated(to other: Rect, amount: Double) -> Rect {
    Rect(
      origin: origin.interpolated(to: other.origin, amount: amount),
      size: size.interpolated(to: other.size, amount: amount))
  }
}
