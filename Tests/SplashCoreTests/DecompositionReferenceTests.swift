import Foundation
import SplashTestSupport
import Testing

@testable import SplashCore

/// `DecomposedTransform` works in fixed storage for speed; here it is held, bit for bit, to the
/// unmatrix method written plainly with arrays of rows.
@Suite("Decomposition in fixed storage equals the method written with rows, bit for bit")
struct DecompositionReferenceTests {
  /// The unmatrix method (Graphics Gems II) with arrays, as it reads on paper.
  static func reference(_ matrix: Transform3D) -> DecomposedTransform? {
    guard matrix.m44 != 0 else { return nil }
    let normalized = matrix.rows.map { $0.map { $0 / matrix.m44 } }
    var affine = normalized
    for row in 0..<3 { affine[row][3] = 0 }
    affine[3][3] = 1
    guard let inverse = inverse(affine) else { return nil }
    var parts = DecomposedTransform()
    let column = (0..<4).map { normalized[$0][3] }
    if column[0] != 0 || column[1] != 0 || column[2] != 0 {
      let solved = (0..<4).map { row in (0..<4).reduce(0.0) { $0 + inverse[row][$1] * column[$1] } }
      parts.perspective = (solved[0], solved[1], solved[2], solved[3])
    }
    parts.translation = (affine[3][0], affine[3][1], affine[3][2])
    var rows = (0..<3).map { Array(affine[$0][0..<3]) }
    func dot(_ a: [Double], _ b: [Double]) -> Double { a[0] * b[0] + a[1] * b[1] + a[2] * b[2] }
    func combine(_ a: [Double], _ b: [Double], _ factor: Double) -> [Double] {
      [a[0] - b[0] * factor, a[1] - b[1] * factor, a[2] - b[2] * factor]
    }
    var scaleX = dot(rows[0], rows[0]).squareRoot()
    guard scaleX > 0 else { return nil }
    rows[0] = rows[0].map { $0 / scaleX }
    var skewXY = dot(rows[0], rows[1])
    rows[1] = combine(rows[1], rows[0], skewXY)
    var scaleY = dot(rows[1], rows[1]).squareRoot()
    guard scaleY > 0 else { return nil }
    rows[1] = rows[1].map { $0 / scaleY }
    skewXY /= scaleY
    var skewXZ = dot(rows[0], rows[2])
    rows[2] = combine(rows[2], rows[0], skewXZ)
    var skewYZ = dot(rows[1], rows[2])
    rows[2] = combine(rows[2], rows[1], skewYZ)
    var scaleZ = dot(rows[2], rows[2]).squareRoot()
    guard scaleZ > 0 else { return nil }
    rows[2] = rows[2].map { $0 / scaleZ }
    skewXZ /= scaleZ
    skewYZ /= scaleZ
    let cross = [
      rows[1][1] * rows[2][2] - rows[1][2] * rows[2][1], rows[1][2] * rows[2][0] - rows[1][0] * rows[2][2],
      rows[1][0] * rows[2][1] - rows[1][1] * rows[2][0],
    ]
    if dot(rows[0], cross) < 0 {
      scaleX = -scaleX
      scaleY = -scaleY
      scaleZ = -scaleZ
      rows = rows.map { $0.map { -$0 } }
    }
    parts.scale = (scaleX, scaleY, scaleZ)
    parts.skew = (skewXY, skewXZ, skewYZ)
    parts.rotation = Quaternion(
      rotationRows: ((rows[0][0], rows[0][1], rows[0][2]), (rows[1][0], rows[1][1], rows[1][2]), (rows[2][0], rows[2][1], rows[2][2])))
    return parts
  }

  /// Gauss-Jordan with partial pivoting (the first largest pivot), on arrays.
  static func inverse(_ matrix: [[Double]]) -> [[Double]]? {
    var work = matrix.enumerated().map { index, row in row + (0..<4).map { $0 == index ? 1.0 : 0.0 } }
    for column in 0..<4 {
      guard let pivot = (column..<4).max(by: { abs(work[$0][column]) < abs(work[$1][column]) }), abs(work[pivot][column]) > 1e-12
      else { return nil }
      work.swapAt(column, pivot)
      let divisor = work[column][column]
      work[column] = work[column].map { $0 / divisor }
      for row in 0..<4 where row != column {
        let factor = work[row][column]
        if factor != 0 { work[row] = zip(work[row], work[column]).map { $0 - $1 * factor } }
      }
    }
    return work.map { Array($0[4..<8]) }
  }

  /// Every component's bits, in a fixed order.
  static func bits(_ parts: DecomposedTransform) -> [UInt64] {
    [
      parts.translation.x, parts.translation.y, parts.translation.z, parts.scale.x, parts.scale.y, parts.scale.z,
      parts.skew.xy, parts.skew.xz, parts.skew.yz, parts.perspective.x, parts.perspective.y, parts.perspective.z,
      parts.perspective.w, parts.rotation.x, parts.rotation.y, parts.rotation.z, parts.rotation.w,
    ].map(\.bitPattern)
  }

  @Test("2000 seeded transforms (2D, 3D, reflected, with perspective, some singular) decompose to the same bits")
  func sameBits() {
    var generator = SeededGenerator(seed: 17)
    var decomposed = 0
    for index in 0..<2000 {
      var entries = (0..<16).map { _ in Double.random(in: -3...3, using: &generator) }
      switch index % 4 {
      case 0:  // affine 2D: what Lottie and presets mostly animate
        for position in [2, 3, 6, 7, 8, 9, 11, 14] { entries[position] = 0 }
        (entries[10], entries[15]) = (1, 1)
      case 1:  // affine 3D
        (entries[3], entries[7], entries[11], entries[15]) = (0, 0, 0, 1)
      case 2:  // a singular 3×3 part: the third row a mix of the first two
        for column in 0..<3 { entries[8 + column] = 0.5 * entries[column] - 2 * entries[4 + column] }
      default:  // perspective as it comes
        break
      }
      let rows: [[Double]] = (0..<4).map { (row: Int) -> [Double] in Array(entries[(row * 4)..<(row * 4 + 4)]) }
      let matrix = Transform3D(rows: rows)
      let expected = Self.reference(matrix)
      let actual = DecomposedTransform(matrix)
      #expect((expected == nil) == (actual == nil), "transform \(index)")
      if let expected, let actual {
        decomposed += 1
        #expect(Self.bits(actual) == Self.bits(expected), "transform \(index)")
      }
    }
    #expect(decomposed > 1400)
  }

  @Test("whether a matrix can be inverted is answered as inverting it answers, near the pivot limit too")
  func invertibleAsInverse() {
    var generator = SeededGenerator(seed: 29)
    var singular = 0
    for index in 0..<2000 {
      var entries = (0..<16).map { _ in Double.random(in: -3...3, using: &generator) }
      if index % 2 == 0 {
        // The third row a mix of the first two, off by a little around the 1e-12 pivot limit.
        let offset = Double.random(in: -3e-12...3e-12, using: &generator)
        for column in 0..<4 { entries[8 + column] = 0.5 * entries[column] - 2 * entries[4 + column] + offset }
      }
      if index % 3 == 0 { (entries[3], entries[7], entries[11], entries[15]) = (0, 0, 0, 1) }
      let matrix = Transform3D(rows: (0..<4).map { Array(entries[($0 * 4)..<($0 * 4 + 4)]) })
      let inverse = DecomposedTransform.inverse(matrix)
      if inverse == nil { singular += 1 }
      #expect(DecomposedTransform.isInvertible(matrix) == (inverse != nil), "matrix \(index)")
    }
    #expect(singular > 100 && singular < 1000)
  }

  @Test("a flat matrix is answered as inverting it answers: ties, zeros, large moves, near the pivot limit")
  func flatInvertibleAsInverse() throws {
    var generator = SeededGenerator(seed: 31)
    func entry(_ generator: inout SeededGenerator) -> Double {
      switch Int.random(in: 0..<6, using: &generator) {
      case 0: 0
      case 1: [1, -1, 0.5, 2][Int.random(in: 0..<4, using: &generator)]
      case 2: Double.random(in: -1e-11...1e-11, using: &generator)
      default: Double.random(in: -3...3, using: &generator)
      }
    }
    var singular = 0
    for index in 0..<4000 {
      var (a, b, c, d) = (entry(&generator), entry(&generator), entry(&generator), entry(&generator))
      if index % 3 == 0 {
        // The second row nearly a multiple of the first, off by a little around the pivot limit.
        let scale = Double.random(in: -2...2, using: &generator)
        (c, d) = (a * scale, b * scale + Double.random(in: -3e-12...3e-12, using: &generator))
      }
      if index % 5 == 0 { (b, c) = (-a, d) }
      // A move large enough to be the first pivot, or none.
      let reach = [0, 1, 100, 1e6][index % 4]
      let (e, f) = (Double.random(in: -reach...reach, using: &generator), Double.random(in: -reach...reach, using: &generator))
      let matrix = Transform3D(a, b, 0, 0, c, d, 0, 0, 0, 0, 1, 0, e, f, 0, 1)
      let flat = try #require(DecomposedTransform.flatIsInvertible(matrix), "matrix \(index)")
      let inverse = DecomposedTransform.inverse(matrix)
      if inverse == nil { singular += 1 }
      #expect(flat == (inverse != nil), "matrix \(index): \(a) \(b) \(c) \(d) \(e) \(f)")
      #expect(DecomposedTransform.isInvertible(matrix) == flat)
    }
    #expect(singular > 200 && singular < 3000)
    // Anything else is left to the whole elimination.
    #expect(DecomposedTransform.flatIsInvertible(Transform3D(1, 0, 0, 0, 0, 1, 0.5, 0, 0, 0, 1, 0, 0, 0, 0, 1)) == nil)
    #expect(DecomposedTransform.flatIsInvertible(Transform3D(1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 2)) == nil)
    #expect(DecomposedTransform.flatIsInvertible(Transform3D(1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 1e13, 0, 0, 1)) == nil)
    #expect(DecomposedTransform.flatIsInvertible(Transform3D(.nan, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1)) == nil)
  }

  @Test("at 0 the elementary functions give the library's bits without calling it")
  func exactAtZero() {
    for zero in [0.0, -0.0] {
      #expect(Math.sine(zero).bitPattern == sin(zero).bitPattern)
      #expect(Math.cosine(zero).bitPattern == cos(zero).bitPattern)
      #expect(Math.arcSine(zero).bitPattern == asin(zero).bitPattern)
      for x in [1e-300, 0.5, 1, 1e300, .infinity] {
        #expect(Math.arcTangent(zero, x).bitPattern == atan2(zero, x).bitPattern)
      }
      // Where the shortcut does not apply, the library answers.
      #expect(Math.arcTangent(zero, -1).bitPattern == atan2(zero, -1).bitPattern)
      #expect(Math.arcTangent(zero, zero).bitPattern == atan2(zero, zero).bitPattern)
    }
    for x in [1e-310, 0.3, -2.5] {
      #expect(Math.sine(x) == sin(x) && Math.cosine(x) == cos(x))
    }
  }
}
