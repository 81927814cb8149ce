/// A location or offset in a two-dimensional coordinate space, in points.
///
/// Coordinates follow UIKit: the origin is top-left and y grows downward.
public struct Point: Sendable, Hashable, CustomStringConvertible {
  public var x: Double
  public var y: Double

  @inlinable public init(x: Double, y: Double) {
    self.x = x
    self.y = y
  }

  public static let zero = Point(x: 0, y: 0)

  public var description: String { "(\(x), \(y))" }

  @inlinable public static func + (lhs: Point, rhs: Point) -> Point { Point(x: lhs.x + rhs.x, y: lhs.y + rhs.y) }
  @inlinable public static func - (lhs: Point, rhs: Point) -> Point { Point(x: lhs.x - rhs.x, y: lhs.y - rhs.y) }
  @inlinable public static func * (lhs: Point, rhs: Double) -> Point { Point(x: lhs.x * rhs, y: lhs.y * rhs) }

  /// The straight-line distance to another point.
  @inlinable public func distance(to other: Point) -> Double {
    let dx = other.x - x
    let dy = other.y - y
    return (dx * dx + dy * dy).squareRoot()
  }

  /// The point a fraction `amount` of the way from `self` to `other`.
  public func interpolated(to other: Point, amount: Double) -> Point {
    Point(x: x + (other.x - x) * amount, y: y + (other.y - y) * amount)
  }
}
