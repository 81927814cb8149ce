/// A 3D transform split into the parts Core Animation interpolates separately.
///
/// Core Animation never interpolates transform matrices element by element: it decomposes both
/// ends, interpolates translation, scale, skew and perspective linearly and the rotation along
/// the shorter arc (quaternion slerp), then recomposes. A quarter turn therefore stays a rigid
/// rotation all the way instead of collapsing through a squashed matrix. The parts compose, for
/// a row vector p, in this order (first to last):
///
///     p · scale · skew · rotation · translation · perspective
///
/// # Guarantees
/// - For every transform whose 3×3 part is invertible and whose `m44` is not 0,
///   `DecomposedTransform(t)?.transform` equals `t` up to rounding.
/// - A reflection is carried as negative scales.
public struct DecomposedTransform: Sendable, Hashable {
  public var translation: (x: Double, y: Double, z: Double)
  public var scale: (x: Double, y: Double, z: Double)
  /// Shear factors: y picks up x (`xy`), z picks up x (`xz`) and y (`yz`), after scaling.
  public var skew: (xy: Double, xz: Double, yz: Double)
  /// The perspective column (m14, m24, m34, m44) of the perspective part.
  public var perspective: (x: Double, y: Double, z: Double, w: Double)
  public var rotation: Quaternion

  public init(
    translation: (x: Double, y: Double, z: Double) = (0, 0, 0), scale: (x: Double, y: Double, z: Double) = (1, 1, 1),
    skew: (xy: Double, xz: Double, yz: Double) = (0, 0, 0),
    perspective: (x: Double, y: Double, z: Double, w: Double) = (0, 0, 0, 1), rotation: Quaternion = .identity
  ) {
    self.translation = translation
    self.scale = scale
    self.skew = skew
    self.perspective = perspective
    self.rotation = rotation
  }

  public static func == (lhs: DecomposedTransform, rhs: DecomposedTransform) -> Bool {
    lhs.translation == rhs.translation && lhs.scale == rhs.scale && lhs.skew == rhs.skew
      && lhs.perspective == rhs.perspective && lhs.rotation == rhs.rotation
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(transform)
  }

  /// Splits `matrix` into its parts (the unmatrix method of Graphics Gems II, as WebKit and
  /// the CSS Transforms spec use it), or `nil` for a singular transform.
  ///
  /// Asked for whenever an animation sets one component of a transform, so it works in fixed
  /// storage rather than arrays of rows; the arithmetic, and so every bit, is that of the
  /// method written with rows.
  public init?(_ matrix: Transform3D) {
    guard matrix.m44 != 0 else { return nil }
    let w = matrix.m44
    let normalized = Transform3D(
      matrix.m11 / w, matrix.m12 / w, matrix.m13 / w, matrix.m14 / w, matrix.m21 / w, matrix.m22 / w, matrix.m23 / w,
      matrix.m24 / w, matrix.m31 / w, matrix.m32 / w, matrix.m33 / w, matrix.m34 / w, matrix.m41 / w, matrix.m42 / w,
      matrix.m43 / w, matrix.m44 / w)

    // The affine part A (perspective column cleared); the matrix is A · P.
    var affine = normalized
    (affine.m14, affine.m24, affine.m34, affine.m44) = (0, 0, 0, 1)
    let column = (normalized.m14, normalized.m24, normalized.m34, normalized.m44)
    if column.0 != 0 || column.1 != 0 || column.2 != 0 {
      guard let inverse = Self.inverse(affine) else { return nil }
      func solved(_ row: Int) -> Double {
        0.0 + inverse[row * 4] * column.0 + inverse[row * 4 + 1] * column.1 + inverse[row * 4 + 2] * column.2
          + inverse[row * 4 + 3] * column.3
      }
      perspective = (solved(0), solved(1), solved(2), solved(3))
    } else {
      // Without perspective the inverse is not used, only whether there is one: the same
      // elimination, on the matrix's half alone (a component set on a flat transform, as
      // every Lottie layer's scale and rotation are, spent a third of its time inverting).
      guard Self.isInvertible(affine) else { return nil }
      perspective = (0, 0, 0, 1)
    }
    translation = (affine.m41, affine.m42, affine.m43)

    // Gram-Schmidt on the rows of the 3×3 part: scale, skew, then what is left is a rotation.
    typealias Row = (Double, Double, Double)
    func dot(_ a: Row, _ b: Row) -> Double { a.0 * b.0 + a.1 * b.1 + a.2 * b.2 }
    func length(_ a: Row) -> Double { dot(a, a).squareRoot() }
    func combine(_ a: Row, _ b: Row, _ factor: Double) -> Row { (a.0 - b.0 * factor, a.1 - b.1 * factor, a.2 - b.2 * factor) }
    func divided(_ a: Row, by divisor: Double) -> Row { (a.0 / divisor, a.1 / divisor, a.2 / divisor) }
    var row0: Row = (affine.m11, affine.m12, affine.m13)
    var row1: Row = (affine.m21, affine.m22, affine.m23)
    var row2: Row = (affine.m31, affine.m32, affine.m33)
    var scaleX = length(row0)
    guard scaleX > 0 else { return nil }
    row0 = divided(row0, by: scaleX)
    var skewXY = dot(row0, row1)
    row1 = combine(row1, row0, skewXY)
    var scaleY = length(row1)
    guard scaleY > 0 else { return nil }
    row1 = divided(row1, by: scaleY)
    skewXY /= scaleY
    var skewXZ = dot(row0, row2)
    row2 = combine(row2, row0, skewXZ)
    var skewYZ = dot(row1, row2)
    row2 = combine(row2, row1, skewYZ)
    var scaleZ = length(row2)
    guard scaleZ > 0 else { return nil }
    row2 = divided(row2, by: scaleZ)
    skewXZ /= scaleZ
    skewYZ /= scaleZ

    let cross: Row = (row1.1 * row2.2 - row1.2 * row2.1, row1.2 * row2.0 - row1.0 * row2.2, row1.0 * row2.1 - row1.1 * row2.0)
    if dot(row0, cross) < 0 {
      // A reflection: flip every axis so the remaining rows form a proper rotation.
      scaleX = -scaleX
      scaleY = -scaleY
      scaleZ = -scaleZ
      row0 = (-row0.0, -row0.1, -row0.2)
      row1 = (-row1.0, -row1.1, -row1.2)
      row2 = (-row2.0, -row2.1, -row2.2)
    }
    scale = (scaleX, scaleY, scaleZ)
    skew = (skewXY, skewXZ, skewYZ)
    rotation = Quaternion(rotationRows: (row0, row1, row2))
  }

  /// The same transform with a reflection carried by the x scale alone, when it has one (all
  /// three scales negative, as decomposing gives it): what `transform.scale.x = -1` means, so
  /// that setting another component afterwards (`transform.scale.y`) keeps the mirror instead
  /// of turning the layer half a turn.
  ///
  /// Flipping every axis is flipping x and turning half a turn about x, and the half turn
  /// moves through the skew with two of its signs changed:
  ///
  ///     diag(−a, −b, −c) · K(xy, xz, yz) · R  =  diag(−a, b, c) · K(−xy, −xz, yz) · Rx(π) · R
  public var reflectionOnX: DecomposedTransform {
    guard scale.x < 0, scale.y < 0, scale.z < 0 else { return self }
    var result = self
    result.scale = (scale.x, -scale.y, -scale.z)
    result.skew = (-skew.xy, -skew.xz, skew.yz)
    // Rx(π) · R, in rows: the first row stays, the other two change sign.
    let rows = rotation.rotationRowTuples
    result.rotation = Quaternion(
      rotationRows: (rows.0, (-rows.1.0, -rows.1.1, -rows.1.2), (-rows.2.0, -rows.2.1, -rows.2.2)))
    return result
  }

  /// The transform these parts compose to.
  public var transform: Transform3D {
    let (sx, sy, sz) = scale
    // Scale and skew (rows), times the rotation's rows; sums in the order 0 + x + y + z.
    let scaled = ((sx, 0.0, 0.0), (sy * skew.xy, sy, 0.0), (sz * skew.xz, sz * skew.yz, sz))
    let r = rotation.rotationRowTuples
    func product(_ s: (Double, Double, Double)) -> (Double, Double, Double) {
      (
        0.0 + s.0 * r.0.0 + s.1 * r.1.0 + s.2 * r.2.0, 0.0 + s.0 * r.0.1 + s.1 * r.1.1 + s.2 * r.2.1,
        0.0 + s.0 * r.0.2 + s.1 * r.1.2 + s.2 * r.2.2
      )
    }
    let row1 = product(scaled.0)
    let row2 = product(scaled.1)
    let row3 = product(scaled.2)
    let affine = Transform3D(
      row1.0, row1.1, row1.2, 0, row2.0, row2.1, row2.2, 0, row3.0, row3.1, row3.2, 0, translation.x, translation.y, translation.z, 1)
    guard perspective != (0, 0, 0, 1) else { return affine }
    var perspectivePart = Transform3D.identity
    perspectivePart.m14 = perspective.x
    perspectivePart.m24 = perspective.y
    perspectivePart.m34 = perspective.z
    perspectivePart.m44 = perspective.w
    return affine.concatenating(perspectivePart)
  }

  /// The parts a fraction `amount` of the way from `self` to `other`: linear for all but the
  /// rotation, which takes the shorter way round (a full turn needs `transform.rotation.z`).
  public func interpolated(to other: DecomposedTransform, amount: Double) -> DecomposedTransform {
    func mix(_ from: Double, _ to: Double) -> Double { from + (to - from) * amount }
    return DecomposedTransform(
      translation: (
        mix(translation.x, other.translation.x), mix(translation.y, other.translation.y), mix(translation.z, other.translation.z)
      ),
      scale: (mix(scale.x, other.scale.x), mix(scale.y, other.scale.y), mix(scale.z, other.scale.z)),
      skew: (mix(skew.xy, other.skew.xy), mix(skew.xz, other.skew.xz), mix(skew.yz, other.skew.yz)),
      perspective: (
        mix(perspective.x, other.perspective.x), mix(perspective.y, other.perspective.y),
        mix(perspective.z, other.perspective.z), mix(perspective.w, other.perspective.w)
      ),
      rotation: rotation.slerp(to: other.rotation, amount: amount))
  }

  /// Euler angles of the rotation, for applying x first, then y, then z (the order in which the
  /// `transform.rotation.x/y/z` key paths compose).
  public var eulerAngles: (x: Double, y: Double, z: Double) {
    let r = rotation.rotationRowTuples
    // Column-vector matrix M = Rz · Ry · Rx, with M[i][j] = r[j][i].
    let y = Math.arcSine(-r.0.2)
    let x = Math.arcTangent(r.1.2, r.2.2)
    let z = Math.arcTangent(r.0.1, r.0.0)
    return (x, y, z)
  }

  /// Replaces the rotation with Euler angles (x applied first, then y, then z).
  public mutating func setEulerAngles(x: Double, y: Double, z: Double) {
    let aboutX = Quaternion(axisX: 1, y: 0, z: 0, angle: x)
    let aboutY = Quaternion(axisX: 0, y: 1, z: 0, angle: y)
    let aboutZ = Quaternion(axisX: 0, y: 0, z: 1, angle: z)
    rotation = aboutZ.multiplied(by: aboutY).multiplied(by: aboutX)
  }

  /// Whether `inverse(matrix)` finds an inverse: the same elimination without the identity
  /// half that becomes the inverse (each row's left half is worked out exactly as there, so
  /// every pivot, and the answer, is the same).
  static func isInvertible(_ matrix: Transform3D) -> Bool {
    if let flat = flatIsInvertible(matrix) { return flat }
    return eliminated(matrix, carryingIdentity: false) != nil
  }

  /// `isInvertible` of a flat matrix (a 2-D affine transform: the third row and column the
  /// identity's, no perspective) whose entries are at most 10¹² in size; `nil` for any other.
  ///
  /// The same elimination, on the three rows and columns that are not the identity's: the
  /// third row holds 0 in the first two columns, so it is never a pivot there and never
  /// changed, and it is the third column's pivot; every other operation in the third column
  /// is on zeros. The pivots compared with 1e-12 are then the very numbers the 4×4
  /// elimination finds (entries kept small enough that none overflows on the way, where a
  /// product with the third column's zeros would no longer be zero). Every Lottie layer's
  /// transform is flat, and setting its scale or rotation asks this (a fifth of evaluating
  /// 1643-exploding-star went to decomposing transforms).
  ///
  ///     rows   a  b  0  0          kept:   a  b  0
  ///            c  d  0  0                  c  d  0
  ///            0  0  1  0                  e  f  1
  ///            e  f  0  1
  static func flatIsInvertible(_ matrix: Transform3D) -> Bool? {
    let limit = 1e12
    guard matrix.m13 == 0, matrix.m14 == 0, matrix.m23 == 0, matrix.m24 == 0, matrix.m31 == 0, matrix.m32 == 0, matrix.m33 == 1,
      matrix.m34 == 0, matrix.m43 == 0,
      matrix.m44 == 1, abs(matrix.m11) <= limit, abs(matrix.m12) <= limit, abs(matrix.m21) <= limit, abs(matrix.m22) <= limit,
      abs(matrix.m41) <= limit, abs(matrix.m42) <= limit
    else { return nil }
    // The 4×4 matrix's rows 1, 2 and 4, columns 1, 2 and 4 (NaN fails every comparison above).
    var work = InlineArray<9, Double>(repeating: 0)
    (work[0], work[1], work[3], work[4], work[6], work[7], work[8]) = (
      matrix.m11, matrix.m12, matrix.m21, matrix.m22, matrix.m41, matrix.m42, 1
    )
    return eliminate(&work, size: 3, width: 3)
  }

  /// The inverse of a 4×4 matrix by Gauss-Jordan elimination with partial pivoting, row by row
  /// (`inverse[row * 4 + column]`), or `nil` when it is singular.
  static func inverse(_ matrix: Transform3D) -> InlineArray<16, Double>? {
    guard let work = eliminated(matrix, carryingIdentity: true) else { return nil }
    var inverse = InlineArray<16, Double>(repeating: 0)
    for row in 0..<4 {
      for column in 0..<4 { inverse[row * 4 + column] = work[row * 8 + 4 + column] }
    }
    return inverse
  }

  /// Four rows of eight (`row * 8 + column`), the matrix then the identity, after Gauss-Jordan
  /// elimination with partial pivoting: the identity half is then the inverse. `nil` when a
  /// pivot is 0 (to 1e-12). Without `carryingIdentity` the rows are four wide (`row * 4 +
  /// column`), the matrix alone: its pivots, worked out from it alone, are the same.
  @inline(__always)
  private static func eliminated(_ matrix: Transform3D, carryingIdentity: Bool) -> InlineArray<32, Double>? {
    let width = carryingIdentity ? 8 : 4
    var work = InlineArray<32, Double>(repeating: 0)
    let entries =
      [
        matrix.m11, matrix.m12, matrix.m13, matrix.m14, matrix.m21, matrix.m22, matrix.m23, matrix.m24, matrix.m31, matrix.m32,
        matrix.m33, matrix.m34, matrix.m41, matrix.m42, matrix.m43, matrix.m44,
      ] as InlineArray<16, Double>
    for row in 0..<4 {
      for column in 0..<4 { work[row * width + column] = entries[row * 4 + column] }
      if carryingIdentity { work[row * width + 4 + row] = 1 }
    }
    guard eliminate(&work, size: 4, width: width) else { return nil }
    return work
  }

  /// Gauss-Jordan elimination with partial pivoting of the `size`×`size` matrix at the start of
  /// each of `work`'s rows (`row * width + column`), carrying the rest of each row along; false
  /// when a pivot is 0 (to 1e-12), and `work` is then left part way.
  @inline(__always)
  private static func eliminate<let count: Int>(_ work: inout InlineArray<count, Double>, size: Int, width: Int) -> Bool {
    for column in 0..<size {
      // The first row holding the largest magnitude in this column, from this row down.
      var pivot = column
      for row in (column + 1)..<size where abs(work[pivot * width + column]) < abs(work[row * width + column]) { pivot = row }
      guard abs(work[pivot * width + column]) > 1e-12 else { return false }
      if pivot != column {
        for index in 0..<width { work.swapAt(column * width + index, pivot * width + index) }
      }
      let divisor = work[column * width + column]
      for index in 0..<width { work[column * width + index] = work[column * width + index] / divisor }
      for row in 0..<size where row != column {
        let factor = work[row * width + column]
        if factor != 0 {
          for index in 0..<width { work[row * width + index] = work[row * width + index] - work[column * width + index] * factor }
        }
      }
    }
    return true
  }
}

extension Quaternion {
  /// The Hamilton product `self · other`: the rotation `other` followed by `self`.
  func multiplied(by other: Quaternion) -> Quaternion {
    Quaternion(
      x: w * other.x + x * other.w + y * other.z - z * other.y,
      y: w * other.y - x * other.z + y * other.w + z * other.x,
      z: w * other.z + x * other.y - y * other.x + z * other.w,
      w: w * other.w - x * other.x - y * other.y - z * other.z)
  }
}
