import Testing

@testable import SplashCore

@Suite("Affine transforms follow Core Graphics conventions")
struct TransformTests {
  @Test("a positive rotation turns clockwise on screen (y down)")
  func rotationIsClockwise() {
    let quarterTurn = AffineTransform(rotationAngle: .pi / 2)
    let moved = quarterTurn.apply(to: Point(x: 1, y: 0))
    #expect(abs(moved.x) < 1e-12)
    #expect(abs(moved.y - 1) < 1e-12)
  }

  @Test("concatenating applies the receiver first")
  func concatenationOrder() {
    let scaleThenMove = AffineTransform(scaleX: 2, y: 2).concatenating(AffineTransform(translationX: 10, y: 0))
    #expect(scaleThenMove.apply(to: Point(x: 1, y: 1)) == Point(x: 12, y: 2))
  }

  @Test(
    "decomposition recomposes to the same transform",
    arguments: [
      AffineTransform(rotationAngle: -.pi / 4).concatenating(AffineTransform(scaleX: 0.25, y: 0.25)),
      AffineTransform(scaleX: 2, y: 3).concatenating(AffineTransform(rotationAngle: 1.2)),
      AffineTransform(a: 1, b: 0.3, c: 0.5, d: 1, tx: 4, ty: -7),
      AffineTransform(scaleX: -1, y: 1).concatenating(AffineTransform(translationX: 3, y: 5)),
    ])
  func decompositionRoundTrip(transform: AffineTransform) {
    let recomposed = DecomposedTransform(transform).transform
    for (actual, expected) in [
      (recomposed.a, transform.a), (recomposed.b, transform.b), (recomposed.c, transform.c),
      (recomposed.d, transform.d), (recomposed.tx, transform.tx), (recomposed.ty, transform.ty),
    ] {
      #expect(abs(actual - expected) < 1e-9)
    }
  }

  @Test("interpolation moves rotation and scale separately (fuber: −45°·0.25 → identity)")
  func decomposedInterpolation() {
    let start = DecomposedTransform(
      AffineTransform(scaleX: 0.25, y: 0.25).concatenating(AffineTransform(rotationAngle: -.pi / 4)))
    let halfway = start.interpolated(to: DecomposedTransform(.identity), amount: 0.5)
    #expect(abs(halfway.rotation - (-.pi / 8)) < 1e-12)
    #expect(abs(halfway.scaleX - 0.625) < 1e-12)
    #expect(abs(halfway.scaleY - 0.625) < 1e-12)
  }

  @Test("whole-transform interpolation takes the shorter way round")
  func shortestRotation() {
    let from = DecomposedTransform(rotation: 0.9 * .pi)
    let to = DecomposedTransform(rotation: -0.9 * .pi)
    let halfway = from.interpolated(to: to, amount: 0.5)
    #expect(abs(abs(halfway.rotation) - .pi) < 1e-12)
  }
}
