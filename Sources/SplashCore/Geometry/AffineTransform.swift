#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A two-dimensional affine transform with Core Graphics conventions.
///
/// A point (x, y) maps to (a·x + c·y + tx, b·x + d·y + ty). With y pointing down, a positive
/// rotation angle turns clockwise on screen, as `CGAffineTransform(rotationAngle:)` does on iOS.
public struct AffineTransform: Sendable, Hashable, CustomStringConvertible {
  public var a: Double
  public var b: Double
  public var c: Double
  public var d: Double
  public var tx: Double
  public var ty: Double

  @inlinable public init(a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double) {
    self.a = a
    self.b = b
    self.c = c
    self.d = d
    self.tx = tx
    self.ty = ty
  }

  public static let identity = AffineTransform(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)

  /// A rotation by `angle` radians about the origin (clockwise on screen for positive angles).
  public init(rotationAngle angle: Double) {
    let cosine = cos(angle)
    let sine = sin(angle)
    self.init(a: cosine, b: sine, c: -sine, d: cosine, tx: 0, ty: 0)
  }

  @inlinable public init(scaleX: Double, y scaleY: Double) {
    self.init(a: scaleX, b: 0, c: 0, d: scaleY, tx: 0, ty: 0)
  }

  @inlinable public init(translationX: Double, y translationY: Double) {
    self.init(a: 1, b: 0, c: 0, d: 1, tx: translationX, ty: translationY)
  }

  public var isIdentity: Bool { self == .identity }

  /// The transform that applies `self` first and then `other` (Core Graphics' concatenation order).
  @inlinable public func concatenating(_ other: AffineTransform) -> AffineTransform {
    AffineTransform(
      a: a * other.a + b * other.c,
      b: a * other.b + b * other.d,
      c: c * other.a + d * other.c,
      d: c * other.b + d * other.d,
      tx: tx * other.a + ty * other.c + other.tx,
      ty: tx * other.b + ty * other.d + other.ty)
  }

  /// The transform that undoes this one, or `nil` when it flattens the plane onto a line or a
  /// point (or holds a value that is not a number).
  public func inverted() -> AffineTransform? {
    let determinant = a * d - b * c
    guard determinant != 0, determinant.isFinite else { return nil }
    return AffineTransform(
      a: d / determinant, b: -b / determinant, c: -c / determinant, d: a / determinant,
      tx: (c * ty - d * tx) / determinant, ty: (b * tx - a * ty) / determinant)
  }

  /// Where this transform maps `point`.
  @inlinable public func apply(to point: Point) -> Point {
    Point(x: a * point.x + c * point.y + tx, y: b * point.x + d * point.y + ty)
  }

  public var description: String { "[\(a), \(b), \(c), \(d), \(tx), \(ty)]" }
}
