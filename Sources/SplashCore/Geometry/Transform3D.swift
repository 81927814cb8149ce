/// A 4×4 homogeneous transform with `CATransform3D`'s layout and conventions.
///
/// Points are row vectors: [x y z 1] · M, so translation sits in `m41…m43`, perspective in
/// `m14…m34` (the usual `m34 = −1/d`), and `a.concatenating(b)` applies `a` first, like
/// `CATransform3DConcat(a, b)`. The 2D part (`m11 m12 m21 m22 m41 m42`) is exactly a
/// `CGAffineTransform`'s (a b c d tx ty).
public struct Transform3D: Sendable, Hashable, CustomStringConvertible {
  public var m11, m12, m13, m14: Double
  public var m21, m22, m23, m24: Double
  public var m31, m32, m33, m34: Double
  public var m41, m42, m43, m44: Double

  public init(rows: [[Double]]) {
    precondition(rows.count == 4 && rows.allSatisfy { $0.count == 4 }, "a 4×4 matrix needs 4 rows of 4")
    (m11, m12, m13, m14) = (rows[0][0], rows[0][1], rows[0][2], rows[0][3])
    (m21, m22, m23, m24) = (rows[1][0], rows[1][1], rows[1][2], rows[1][3])
    (m31, m32, m33, m34) = (rows[2][0], rows[2][1], rows[2][2], rows[2][3])
    (m41, m42, m43, m44) = (rows[3][0], rows[3][1], rows[3][2], rows[3][3])
  }

  public static let identity = Transform3D(rows: [[1, 0, 0, 0], [0, 1, 0, 0], [0, 0, 1, 0], [0, 0, 0, 1]])

  /// The 3D form of a 2D affine transform.
  public init(_ affine: AffineTransform) {
    self.init(rows: [[affine.a, affine.b, 0, 0], [affine.c, affine.d, 0, 0], [0, 0, 1, 0], [affine.tx, affine.ty, 0, 1]])
  }

  public init(translationX x: Double, y: Double, z: Double = 0) {
    self.init(rows: [[1, 0, 0, 0], [0, 1, 0, 0], [0, 0, 1, 0], [x, y, z, 1]])
  }

  public init(scaleX x: Double, y: Double, z: Double = 1) {
    self.init(rows: [[x, 0, 0, 0], [0, y, 0, 0], [0, 0, z, 0], [0, 0, 0, 1]])
  }

  /// A rotation by `angle` radians about the axis (x, y, z), as `CATransform3DMakeRotation`;
  /// about z, a positive angle turns clockwise on screen (y down). A zero axis gives identity.
  public init(rotationAngle angle: Double, x: Double, y: Double, z: Double) {
    let length = (x * x + y * y + z * z).squareRoot()
    guard length > 0 else {
      self = .identity
      return
    }
    self = Quaternion(axisX: x / length, y: y / length, z: z / length, angle: angle).rotationTransform
  }

  public var rows: [[Double]] {
    [[m11, m12, m13, m14], [m21, m22, m23, m24], [m31, m32, m33, m34], [m41, m42, m43, m44]]
  }

  public var isIdentity: Bool { self == .identity }

  /// The transform that applies `self` first and then `other`.
  public func concatenating(_ other: Transform3D) -> Transform3D {
    let a = rows
    let b = other.rows
    var product = [[Double]](repeating: [0, 0, 0, 0], count: 4)
    for row in 0..<4 {
      for column in 0..<4 {
        product[row][column] =
          a[row][0] * b[0][column] + a[row][1] * b[1][column] + a[row][2] * b[2][column] + a[row][3] * b[3][column]
      }
    }
    return Transform3D(rows: product)
  }

  /// What a flat layer (z = 0) shows through this transform, if it is an affine map of the plane.
  ///
  /// Exact whenever `m14` and `m24` are 0: z-only terms (`m3x`, and `m34` perspective on its own)
  /// never touch points with z = 0. Otherwise the layer is seen in perspective, which no affine
  /// transform can draw, and the result is `nil`.
  public var flattened: AffineTransform? {
    guard m14 == 0, m24 == 0, m44 != 0 else { return nil }
    return AffineTransform(a: m11 / m44, b: m12 / m44, c: m21 / m44, d: m22 / m44, tx: m41 / m44, ty: m42 / m44)
  }

  public var description: String {
    rows.map { "[" + $0.map { String($0) }.joined(separator: ", ") + "]" }.joined(separator: ", ")
  }
}
