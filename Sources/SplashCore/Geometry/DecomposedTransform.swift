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
  public init?(_ matrix: Transform3D) {
    guard matrix.m44 != 0 else { return nil }
    let normalized = matrix.rows.map { $0.map { $0 / matrix.m44 } }

    // The affine part A (perspective column cleared); the matrix is A · P.
    var affine = normalized
    for row in 0..<3 { affine[row][3] = 0 }
    affine[3][3] = 1
    guard let inverse = Self.inverse(affine) else { return nil }
    let column = (0..<4).map { normalized[$0][3] }
    if column[0] != 0 || column[1] != 0 || column[2] != 0 {
      let solved = (0..<4).map { row in (0..<4).reduce(0.0) { $0 + inverse[row][$1] * column[$1] } }
      perspective = (solved[0], solved[1], solved[2], solved[3])
    } else {
      perspective = (0, 0, 0, 1)
    }
    translation = (affine[3][0], affine[3][1], affine[3][2])

    // Gram-Schmidt on the rows of the 3×3 part: scale, skew, then what is left is a rotation.
    var rows = (0..<3).map { Array(affine[$0][0..<3]) }
    func dot(_ a: [Double], _ b: [Double]) -> Double { a[0] * b[0] + a[1] * b[1] + a[2] * b[2] }
    func length(_ a: [Double]) -> Double { dot(a, a).squareRoot() }
    func combine(_ a: [Double], _ b: [Double], _ factor: Double) -> [Double] {
      [a[0] - b[0] * factor, a[1] - b[1] * factor, a[2] - b[2] * factor]
    }
    var scaleX = length(rows[0])
    guard scaleX > 0 else { return nil }
    rows[0] = rows[0].map { $0 / scaleX }
    var skewXY = dot(rows[0], rows[1])
    rows[1] = combine(rows[1], rows[0], skewXY)
    var scaleY = length(rows[1])
    guard scaleY > 0 else { return nil }
    rows[1] = rows[1].map { $0 / scaleY }
    skewXY /= scaleY
    var skewXZ = dot(rows[0], rows[2])
    rows[2] = combine(rows[2], rows[0], skewXZ)
    var skewYZ = dot(rows[1], rows[2])
    rows[2] = combine(rows[2], rows[1], skewYZ)
    var scaleZ = length(rows[2])
    guard scaleZ > 0 else { return nil }
    rows[2] = rows[2].map { $0 / scaleZ }
    skewXZ /= scaleZ
    skewYZ /= scaleZ

    let cross = [
      rows[1][1] * rows[2][2] - rows[1][2] * rows[2][1],
      rows[1][2] * rows[2][0] - rows[1][0] * rows[2][2],
      rows[1][0] * rows[2][1] - rows[1][1] * rows[2][0],
    ]
    if dot(rows[0], cross) < 0 {
      // A reflection: flip every axis so the remaining rows form a proper rotation.
      scaleX = -scaleX
      scaleY = -scaleY
      scaleZ = -scaleZ
      rows = rows.map { $0.map { -$0 } }
    }
    scale = (scaleX, scaleY, scaleZ)
    skew = (skewXY, skewXZ, skewYZ)
    rotation = Quaternion(rotationRows: rows)
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
      translation: (mix(translation.x, other.translation.x), mix(translation.y, other.translation.y), mix(translation.z, other.translation.z)),
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
    let r = rotation.rotationRows
    // Column-vector matrix M = Rz · Ry · Rx, with M[i][j] = r[j][i].
    let y = Math.arcSine(-r[0][2])
    let x = Math.arcTangent(r[1][2], r[2][2])
    let z = Math.arcTangent(r[0][1], r[0][0])
    return (x, y, z)
  }

  /// Replaces the rotation with Euler angles (x applied first, then y, then z).
  public mutating func setEulerAngles(x: Double, y: Double, z: Double) {
    let aboutX = Quaternion(axisX: 1, y: 0, z: 0, angle: x)
    let aboutY = Quaternion(axisX: 0, y: 1, z: 0, angle: y)
    let aboutZ = Quaternion(axisX: 0, y: 0, z: 1, angle: z)
    rotation = aboutZ.multiplied(by: aboutY).multiplied(by: aboutX)
  }

  /// The inverse of a 4×4 matrix by Gauss-Jordan elimination, or `nil` when it is singular.
  static func inverse(_ matrix: [[Double]]) -> [[Double]]? {
    var work = matrix.enumerated().map { index, row in row + (0..<4).map { $0 == index ? 1.0 : 0.0 } }
    for column in 0..<4 {
      guard let pivot = (column..<4).max(by: { abs(work[$0][column]) < abs(work[$1][column]) }),
        abs(work[pivot][column]) > 1e-12
      else { return nil }
      work.swapAt(column, pivot)
      let divisor = work[column][column]
      work[column] = work[column].map { $0 / divisor }
      for row in 0..<4 where row != column {
        let factor = work[row][column]
        if factor != 0 {
          work[row] = zip(work[row], work[column]).map { $0 - $1 * factor }
        }
      }
    }
    return work.map { Array($0[4..<8]) }
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
