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

  /// The matrix with these entries, row by row. Evaluation builds transforms for every layer
  /// of every frame, so the hot paths use this rather than `init(rows:)`, which allocates.
  public init(
    _ m11: Double, _ m12: Double, _ m13: Double, _ m14: Double, _ m21: Double, _ m22: Double, _ m23: Double, _ m24: Double,
    _ m31: Double, _ m32: Double, _ m33: Double, _ m34: Double, _ m41: Double, _ m42: Double, _ m43: Double, _ m44: Double
  ) {
    (self.m11, self.m12, self.m13, self.m14) = (m11, m12, m13, m14)
    (self.m21, self.m22, self.m23, self.m24) = (m21, m22, m23, m24)
    (self.m31, self.m32, self.m33, self.m34) = (m31, m32, m33, m34)
    (self.m41, self.m42, self.m43, self.m44) = (m41, m42, m43, m44)
  }

  public static let identity = Transform3D(1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1)

  /// The 3D form of a 2D affine transform.
  public init(_ affine: AffineTransform) {
    self.init(affine.a, affine.b, 0, 0, affine.c, affine.d, 0, 0, 0, 0, 1, 0, affine.tx, affine.ty, 0, 1)
  }

  public init(translationX x: Double, y: Double, z: Double = 0) {
    self.init(1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, x, y, z, 1)
  }

  public init(scaleX x: Double, y: Double, z: Double = 1) {
    self.init(x, 0, 0, 0, 0, y, 0, 0, 0, 0, z, 0, 0, 0, 0, 1)
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

  /// Whether every entry is the identity's. Asked of every layer's sublayer transform in every
  /// frame: compared as `self == .identity`, the two whole values were copied out for an outlined
  /// comparison (89 instructions a call); entry by entry, a translation or a scale stops at
  /// its first entry.
  @inlinable public var isIdentity: Bool {
    m11 == 1 && m22 == 1 && m41 == 0 && m42 == 0 && m12 == 0 && m21 == 0 && m33 == 1 && m44 == 1 && m13 == 0 && m14 == 0
      && m23 == 0 && m24 == 0 && m31 == 0 && m32 == 0 && m34 == 0 && m43 == 0
  }

  /// The transform that applies `self` first and then `other`.
  public func concatenating(_ other: Transform3D) -> Transform3D {
    let b = other
    // Row r of the product: row r of self times each column of `other`, summed left to right.
    func row(_ x1: Double, _ x2: Double, _ x3: Double, _ x4: Double) -> (Double, Double, Double, Double) {
      (
        x1 * b.m11 + x2 * b.m21 + x3 * b.m31 + x4 * b.m41, x1 * b.m12 + x2 * b.m22 + x3 * b.m32 + x4 * b.m42,
        x1 * b.m13 + x2 * b.m23 + x3 * b.m33 + x4 * b.m43, x1 * b.m14 + x2 * b.m24 + x3 * b.m34 + x4 * b.m44
      )
    }
    let r1 = row(m11, m12, m13, m14)
    let r2 = row(m21, m22, m23, m24)
    let r3 = row(m31, m32, m33, m34)
    let r4 = row(m41, m42, m43, m44)
    return Transform3D(
      r1.0, r1.1, r1.2, r1.3, r2.0, r2.1, r2.2, r2.3, r3.0, r3.1, r3.2, r3.3, r4.0, r4.1, r4.2, r4.3)
  }

  /// What a flat layer (z = 0) shows through this transform, if it is an affine map of the plane.
  ///
  /// Exact whenever `m14` and `m24` are 0: z-only terms (`m3x`, and `m34` perspective on its own)
  /// never touch points with z = 0. Otherwise the layer is seen in perspective, which no affine
  /// transform can draw, and the result is `nil`.
  @inlinable public var flattened: AffineTransform? {
    guard m14 == 0, m24 == 0, m44 != 0 else { return nil }
    return AffineTransform(a: m11 / m44, b: m12 / m44, c: m21 / m44, d: m22 / m44, tx: m41 / m44, ty: m42 / m44)
  }

  public var description: String {
    rows.map { "[" + $0.map { String($0) }.joined(separator: ", ") + "]" }.joined(separator: ", ")
  }
}
