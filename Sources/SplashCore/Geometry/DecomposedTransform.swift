#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// An affine transform split into the parts Core Animation interpolates separately.
///
/// Core Animation never interpolates transform matrices element by element: it decomposes both
/// ends into translation, scale, shear and rotation, interpolates each part, and recomposes. A
/// quarter turn therefore stays a rigid rotation all the way instead of collapsing through a
/// squashed matrix. Recomposition order (applied to a point, first to last):
///
///     scale → shear → rotation → translation
///
/// # Guarantees
/// - `DecomposedTransform(transform).transform` equals `transform` up to rounding, for every
///   invertible transform.
/// - A reflection is carried as a negative `scaleX`.
public struct DecomposedTransform: Sendable, Hashable {
  public var translation: Point
  public var scaleX: Double
  public var scaleY: Double
  /// The shear factor of x into y, applied after scaling.
  public var shear: Double
  /// The rotation angle in radians (clockwise on screen for positive values).
  public var rotation: Double

  public init(
    translation: Point = .zero, scaleX: Double = 1, scaleY: Double = 1, shear: Double = 0,
    rotation: Double = 0
  ) {
    self.translation = translation
    self.scaleX = scaleX
    self.scaleY = scaleY
    self.shear = shear
    self.rotation = rotation
  }

  /// Splits `transform` into its parts (the 2D form of the unmatrix method used by WebKit).
  public init(_ transform: AffineTransform) {
    var column0 = (transform.a, transform.b)
    var column1 = (transform.c, transform.d)
    var scaleX = (column0.0 * column0.0 + column0.1 * column0.1).squareRoot()
    if scaleX != 0 {
      column0 = (column0.0 / scaleX, column0.1 / scaleX)
    }
    var shear = column0.0 * column1.0 + column0.1 * column1.1
    column1 = (column1.0 - column0.0 * shear, column1.1 - column0.1 * shear)
    let scaleY = (column1.0 * column1.0 + column1.1 * column1.1).squareRoot()
    if scaleY != 0 {
      column1 = (column1.0 / scaleY, column1.1 / scaleY)
      shear /= scaleY
    }
    // A negative determinant is a reflection: fold it into scaleX so the rotation stays proper.
    if column0.0 * column1.1 - column0.1 * column1.0 < 0 {
      scaleX = -scaleX
      shear = -shear
      column0 = (-column0.0, -column0.1)
    }
    self.init(
      translation: Point(x: transform.tx, y: transform.ty), scaleX: scaleX, scaleY: scaleY,
      shear: shear, rotation: atan2(column0.1, column0.0))
  }

  /// The transform these parts compose to.
  public var transform: AffineTransform {
    let scale = AffineTransform(scaleX: scaleX, y: scaleY)
    let shearing = AffineTransform(a: 1, b: 0, c: shear, d: 1, tx: 0, ty: 0)
    return scale.concatenating(shearing)
      .concatenating(AffineTransform(rotationAngle: rotation))
      .concatenating(AffineTransform(translationX: translation.x, y: translation.y))
  }

  /// The parts a fraction `amount` of the way from `self` to `other`.
  ///
  /// Rotation takes the shorter way round, as Core Animation's quaternion interpolation of whole
  /// transforms does; a full turn needs the `transform.rotation.z` key path instead.
  public func interpolated(to other: DecomposedTransform, amount: Double) -> DecomposedTransform {
    var delta = other.rotation - rotation
    if delta > .pi { delta -= 2 * .pi }
    if delta < -.pi { delta += 2 * .pi }
    func mix(_ from: Double, _ to: Double) -> Double { from + (to - from) * amount }
    return DecomposedTransform(
      translation: translation.interpolated(to: other.translation, amount: amount),
      scaleX: mix(scaleX, other.scaleX), scaleY: mix(scaleY, other.scaleY),
      shear: mix(shear, other.shear), rotation: rotation + delta * amount)
  }
}
