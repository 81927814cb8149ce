import SplashCore
import Testing

@testable import SplashCairo

/// A layer is placed by its position, transform and anchor, and the backend leaves out the
/// steps that move nothing (a zero position or anchor, an identity transform). Each layer
/// here has one of those values zero and the other not, and must land exactly where the same
/// shape placed another way lands.
@Suite("A layer lands where its position, transform and anchor put it")
struct LayerPlacementTests {
  /// `layers` drawn on a 100 × 100 canvas over black (as `CairoStateTests` draws them).
  static func draw(_ layers: String) throws -> PixelBuffer { try CairoStateTests.draw(layers) }

  /// A shape 20 points square, its top left corner at its layer's origin, fill and stroke at
  /// fractions of a pixel so that a shift of any size shows.
  static func star(id: String, position: String, anchorPoint: String = "[0, 0]", transform: String = "") -> String {
    ##"""
    { id: "\##(id)", type: "shape", position: \##(position), anchorPoint: \##(anchorPoint), bounds: [0, 0, 20, 20], \##(transform)
      fillColor: "#FF8000", strokeColor: "#40E0B0", lineWidth: 1.5, path: { polygon: [[10.3, 0.7], [16.2, 19.1], [0.4, 7.3], [19.6, 7.3], [3.8, 19.1]] } }
    """##
  }

  static func differingPixels(_ a: PixelBuffer, _ b: PixelBuffer) -> Int {
    var differing = 0
    for y in 0..<100 {
      for x in 0..<100 where a.rgba(x: x, y: y) != b.rgba(x: x, y: y) { differing += 1 }
    }
    return differing
  }

  @Test("a position with one coordinate zero, in a parent with the other zero")
  func oneCoordinateZero() throws {
    // (30, 0) inside (0, 40) is (30, 40); and (0, 25) inside (55, 0) is (55, 25).
    let nested = try Self.draw(
      ##"""
      { id: "down", position: [0, 40], anchorPoint: [0, 0], bounds: [0, 0, 0, 0], sublayers: [\##(Self.star(id: "a", position: "[30, 0]"))] },
      { id: "across", position: [55, 0], anchorPoint: [0, 0], bounds: [0, 0, 0, 0], sublayers: [\##(Self.star(id: "b", position: "[0, 25]"))] }
      """##)
    let flat = try Self.draw(Self.star(id: "a", position: "[30, 40]") + ", " + Self.star(id: "b", position: "[55, 25]"))
    #expect(Self.differingPixels(nested, flat) == 0)
    // Something was drawn in both places.
    #expect(flat.rgba(x: 40, y: 48) != nested.rgba(x: 2, y: 2))
  }

  @Test("an anchor with one coordinate zero moves the layer as a position would")
  func anchorOneCoordinateZero() throws {
    // Anchor (0, 10) at (30, 40) puts the origin at (30, 30); anchor (5, 0) at (65, 60) at (60, 60).
    let anchored = try Self.draw(
      Self.star(id: "a", position: "[30, 40]", anchorPoint: "[0, 0.5]") + ", "
        + Self.star(id: "b", position: "[65, 60]", anchorPoint: "[0.25, 0]"))
    let moved = try Self.draw(Self.star(id: "a", position: "[30, 30]") + ", " + Self.star(id: "b", position: "[60, 60]"))
    #expect(Self.differingPixels(anchored, moved) == 0)
  }

  @Test("an identity transform leaves the layer where a layer without one is")
  func identityTransform() throws {
    let turnedBack = try Self.draw(Self.star(id: "a", position: "[30.25, 40.5]", transform: "transform: { rotate: \"0deg\", scale: 1 },"))
    let plain = try Self.draw(Self.star(id: "a", position: "[30.25, 40.5]"))
    let turned = try Self.draw(Self.star(id: "a", position: "[30.25, 40.5]", transform: "transform: { rotate: \"90deg\" },"))
    #expect(Self.differingPixels(turnedBack, plain) == 0)
    #expect(Self.differingPixels(turned, plain) > 0, "a transform that turns is applied")
  }
}
