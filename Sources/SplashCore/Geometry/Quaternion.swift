/// A unit quaternion (x, y, z, w) standing for a 3D rotation; what whole transforms interpolate.
public struct Quaternion: Sendable, Hashable {
  public var x: Double
  public var y: Double
  public var z: Double
  public var w: Double

  public init(x: Double, y: Double, z: Double, w: Double) {
    self.x = x
    self.y = y
    self.z = z
    self.w = w
  }

  public static let identity = Quaternion(x: 0, y: 0, z: 0, w: 1)

  /// A rotation by `angle` about the unit axis (axisX, y, z).
  public init(axisX: Double, y: Double, z: Double, angle: Double) {
    let half = angle / 2
    let sine = Math.sine(half)
    self.init(x: axisX * sine, y: y * sine, z: z * sine, w: Math.cosine(half))
  }

  /// The rotation whose row-vector matrix has rows `r0`, `r1`, `r2` (orthonormal, determinant 1).
  ///
  /// Shepperd's method: start from the largest of w, x, y, z so no division is by a small number.
  init(rotationRows r: ((Double, Double, Double), (Double, Double, Double), (Double, Double, Double))) {
    // The column-vector matrix is the transpose: c[i][j] = r[j][i].
    let c00 = r.0.0
    let c11 = r.1.1
    let c22 = r.2.2
    let c01 = r.1.0
    let c10 = r.0.1
    let c02 = r.2.0
    let c20 = r.0.2
    let c12 = r.2.1
    let c21 = r.1.2
    let trace = c00 + c11 + c22
    if trace > 0 {
      let s = (trace + 1).squareRoot() * 2
      self.init(x: (c21 - c12) / s, y: (c02 - c20) / s, z: (c10 - c01) / s, w: s / 4)
    } else if c00 > c11 && c00 > c22 {
      let s = (1 + c00 - c11 - c22).squareRoot() * 2
      self.init(x: s / 4, y: (c01 + c10) / s, z: (c02 + c20) / s, w: (c21 - c12) / s)
    } else if c11 > c22 {
      let s = (1 + c11 - c00 - c22).squareRoot() * 2
      self.init(x: (c01 + c10) / s, y: s / 4, z: (c12 + c21) / s, w: (c02 - c20) / s)
    } else {
      let s = (1 + c22 - c00 - c11).squareRoot() * 2
      self.init(x: (c02 + c20) / s, y: (c12 + c21) / s, z: s / 4, w: (c10 - c01) / s)
    }
  }

  /// The rows of this rotation's row-vector matrix, as tuples: the evaluator's hot path
  /// allocates no arrays.
  var rotationRowTuples: ((Double, Double, Double), (Double, Double, Double), (Double, Double, Double)) {
    // Column-vector entries, transposed: row i holds column i.
    let c00 = 1 - 2 * (y * y + z * z)
    let c01 = 2 * (x * y - z * w)
    let c02 = 2 * (x * z + y * w)
    let c10 = 2 * (x * y + z * w)
    let c11 = 1 - 2 * (x * x + z * z)
    let c12 = 2 * (y * z - x * w)
    let c20 = 2 * (x * z - y * w)
    let c21 = 2 * (y * z + x * w)
    let c22 = 1 - 2 * (x * x + y * y)
    return ((c00, c10, c20), (c01, c11, c21), (c02, c12, c22))
  }

  var rotationTransform: Transform3D {
    let r = rotationRowTuples
    return Transform3D(r.0.0, r.0.1, r.0.2, 0, r.1.0, r.1.1, r.1.2, 0, r.2.0, r.2.1, r.2.2, 0, 0, 0, 0, 1)
  }

  /// Spherical interpolation along the shorter arc, as transform interpolation does.
  public func slerp(to other: Quaternion, amount: Double) -> Quaternion {
    var target = other
    var cosine = x * other.x + y * other.y + z * other.z + w * other.w
    if cosine < 0 {
      cosine = -cosine
      target = Quaternion(x: -other.x, y: -other.y, z: -other.z, w: -other.w)
    }
    let fromWeight: Double
    let toWeight: Double
    if cosine > 0.9999 {
      // Nearly the same rotation: linear blending is exact enough and avoids dividing by ~0.
      fromWeight = 1 - amount
      toWeight = amount
    } else {
      let angle = Math.arcCosine(cosine)
      let sine = Math.sine(angle)
      fromWeight = Math.sine((1 - amount) * angle) / sine
      toWeight = Math.sine(amount * angle) / sine
    }
    var result = Quaternion(
      x: x * fromWeight + target.x * toWeight, y: y * fromWeight + target.y * toWeight,
      z: z * fromWeight + target.z * toWeight, w: w * fromWeight + target.w * toWeight)
    let length = (result.x * result.x + result.y * result.y + result.z * result.z + result.w * result.w).squareRoot()
    result = Quaternion(x: result.x / length, y: result.y / length, z: result.z / length, w: result.w / length)
    return result
  }
}
