import Testing

@testable import SplashCore

@Suite("Transforms follow Core Animation conventions and decompose exactly")
struct TransformTests {
  private func expectClose(_ a: Transform3D, _ b: Transform3D, tolerance: Double = 1e-9, _ label: String = "") {
    for (rowA, rowB) in zip(a.rows, b.rows) {
      for (x, y) in zip(rowA, rowB) {
        #expect(abs(x - y) < tolerance, "\(label): \(a) vs \(b)")
      }
    }
  }

  @Test("a positive z rotation turns clockwise on screen (y down), in 2D and 3D alike")
  func rotationIsClockwise() throws {
    let quarterTurn = AffineTransform(rotationAngle: .pi / 2)
    let moved = quarterTurn.apply(to: Point(x: 1, y: 0))
    #expect(abs(moved.x) < 1e-12 && abs(moved.y - 1) < 1e-12)
    let flattened = try #require(Transform3D(rotationAngle: .pi / 2, x: 0, y: 0, z: 1).flattened)
    #expect(abs(flattened.a) < 1e-12 && abs(flattened.b - 1) < 1e-12 && abs(flattened.c + 1) < 1e-12)
  }

  @Test("concatenating applies the receiver first")
  func concatenationOrder() throws {
    let scaleThenMove = AffineTransform(scaleX: 2, y: 2).concatenating(AffineTransform(translationX: 10, y: 0))
    #expect(scaleThenMove.apply(to: Point(x: 1, y: 1)) == Point(x: 12, y: 2))
    let scaleThenMove3D = Transform3D(scaleX: 2, y: 2).concatenating(Transform3D(translationX: 10, y: 0))
    #expect(try #require(scaleThenMove3D.flattened) == scaleThenMove)
  }

  static let decomposable: [(String, Transform3D)] = [
    ("identity", .identity),
    ("rotate −45° · scale 0.25", Transform3D(scaleX: 0.25, y: 0.25).concatenating(Transform3D(rotationAngle: -.pi / 4, x: 0, y: 0, z: 1))),
    ("non-uniform scale then rotate", Transform3D(scaleX: 2, y: 3, z: 1).concatenating(Transform3D(rotationAngle: 1.2, x: 0, y: 0, z: 1))),
    ("skewed 2D", Transform3D(AffineTransform(a: 1, b: 0.3, c: 0.5, d: 1, tx: 4, ty: -7))),
    ("reflection", Transform3D(scaleX: -1, y: 1).concatenating(Transform3D(translationX: 3, y: 5))),
    (
      "rotation about an oblique axis",
      Transform3D(rotationAngle: 0.7, x: 1, y: 2, z: 3).concatenating(Transform3D(translationX: 1, y: 2, z: 3))
    ),
    (
      "perspective",
      Transform3D(rotationAngle: 0.5, x: 0, y: 1, z: 0).concatenating(
        Transform3D(rows: [[1, 0, 0, 0], [0, 1, 0, 0], [0, 0, 1, -0.002], [0, 0, 0, 1]]))
    ),
  ]

  @Test("decomposition recomposes to the same transform", arguments: decomposable)
  func decompositionRoundTrip(name: String, transform: Transform3D) throws {
    let parts = try #require(DecomposedTransform(transform), "\(name) should decompose")
    expectClose(parts.transform, transform, name)
  }

  @Test("a zero scale cannot be decomposed")
  func singular() {
    #expect(DecomposedTransform(Transform3D(scaleX: 0, y: 0)) == nil)
  }

  @Test("interpolation moves rotation and scale separately (fuber: −45°·0.25 → identity)")
  func decomposedInterpolation() throws {
    let start = try #require(
      DecomposedTransform(
        Transform3D(scaleX: 0.25, y: 0.25).concatenating(Transform3D(rotationAngle: -.pi / 4, x: 0, y: 0, z: 1))))
    let halfway = start.interpolated(to: try #require(DecomposedTransform(.identity)), amount: 0.5)
    #expect(abs(halfway.eulerAngles.z - (-.pi / 8)) < 1e-12)
    #expect(abs(halfway.scale.x - 0.625) < 1e-12)
    #expect(abs(halfway.scale.y - 0.625) < 1e-12)
  }

  @Test("whole-transform interpolation takes the shorter way round")
  func shortestRotation() throws {
    let from = try #require(DecomposedTransform(Transform3D(rotationAngle: 0.9 * .pi, x: 0, y: 0, z: 1)))
    let to = try #require(DecomposedTransform(Transform3D(rotationAngle: -0.9 * .pi, x: 0, y: 0, z: 1)))
    let halfway = from.interpolated(to: to, amount: 0.5)
    #expect(abs(abs(halfway.eulerAngles.z) - .pi) < 1e-9)
  }

  @Test("Euler angles read back what built the rotation (x, then y, then z)")
  func eulerRoundTrip() throws {
    var parts = DecomposedTransform()
    parts.setEulerAngles(x: 0.3, y: -0.4, z: 1.1)
    let read = try #require(DecomposedTransform(parts.transform)).eulerAngles
    #expect(abs(read.x - 0.3) < 1e-9 && abs(read.y + 0.4) < 1e-9 && abs(read.z - 1.1) < 1e-9)
    let expected = Transform3D(rotationAngle: 0.3, x: 1, y: 0, z: 0)
      .concatenating(Transform3D(rotationAngle: -0.4, x: 0, y: 1, z: 0))
      .concatenating(Transform3D(rotationAngle: 1.1, x: 0, y: 0, z: 1))
    expectClose(parts.transform, expected, "x, then y, then z")
  }

  @Test("a flat layer flattens exactly unless seen in perspective")
  func flattening() {
    #expect(Transform3D(rotationAngle: 0.5, x: 0, y: 1, z: 0).flattened != nil)
    let perspective = Transform3D(rows: [[1, 0, 0, 0], [0, 1, 0, 0], [0, 0, 1, -0.002], [0, 0, 0, 1]])
    #expect(perspective.flattened == AffineTransform.identity)
    #expect(Transform3D(rotationAngle: 0.5, x: 0, y: 1, z: 0).concatenating(perspective).flattened == nil)
  }

  @Test("a transform is the identity exactly when every entry equals the identity's")
  func identity() {
    #expect(Transform3D.identity.isIdentity)
    #expect(Transform3D(AffineTransform.identity).isIdentity)
    let entries = Transform3D.identity.rows.flatMap { $0 }
    for index in entries.indices {
      for changed in [0.5, -1, .nan, entries[index] == 0 ? -0.0 : 1.0.nextUp] {
        var values = entries
        values[index] = changed
        let transform = Transform3D(rows: (0..<4).map { Array(values[($0 * 4)..<($0 * 4 + 4)]) })
        #expect(transform.isIdentity == (transform == .identity), "entry \(index) = \(changed)")
      }
    }
  }
}
