import SplashCore
import SplashTestSupport
import Testing

@testable import SplashModel

#if canImport(Glibc)
import Glibc
#endif

/// Where a layer sits in its superlayer (`toSuperlayer`), asked of a value and of a presented
/// layer, which reads its kept properties in place.
@Suite("A layer's place in its superlayer")
struct LayerPlacementTests {
  /// Properties with a random frame, anchor point, position and flat transform (a turn, a
  /// scale, a shear and a translation; `m44` other than 1 in one case of four).
  private static func randomProperties(_ generator: inout SeededGenerator) -> LayerProperties {
    var properties = LayerProperties()
    properties.bounds = Rect(
      x: .random(in: -50...50, using: &generator), y: .random(in: -50...50, using: &generator),
      width: .random(in: 0...300, using: &generator), height: .random(in: 0...300, using: &generator))
    properties.anchorPoint = Point(x: .random(in: -0.5...1.5, using: &generator), y: .random(in: -0.5...1.5, using: &generator))
    properties.position = Point(x: .random(in: -400...400, using: &generator), y: .random(in: -400...400, using: &generator))
    let angle = Double.random(in: -.pi...(.pi), using: &generator)
    let scale = Double.random(in: 0.1...3, using: &generator)
    let shear = Double.random(in: -0.5...0.5, using: &generator)
    let weight = Bool.random(using: &generator) && Bool.random(using: &generator) ? Double.random(in: 0.5...2, using: &generator) : 1
    properties.transform = Transform3D(
      scale * cos(angle), scale * sin(angle), 0, 0, -sin(angle) + shear, cos(angle), 0, 0, 0, 0, 1, 0,
      .random(in: -20...20, using: &generator), .random(in: -20...20, using: &generator), 0, weight)
    return properties
  }

  @Test("a point moves by the transform about the anchor, then to the position")
  func placesAsCoreAnimation() throws {
    var generator = SeededGenerator(seed: 42)
    for _ in 0..<200 {
      let properties = Self.randomProperties(&generator)
      let toSuperlayer = try #require(properties.toSuperlayer)
      let anchor = Point(
        x: properties.bounds.minX + properties.anchorPoint.x * properties.bounds.width,
        y: properties.bounds.minY + properties.anchorPoint.y * properties.bounds.height)
      // The anchor lands on the position, moved by the transform's own translation.
      let m = properties.transform
      let landed = toSuperlayer.apply(to: anchor)
      #expect(abs(landed.x - (properties.position.x + m.m41 / m.m44)) < 1e-9)
      #expect(abs(landed.y - (properties.position.y + m.m42 / m.m44)) < 1e-9)
      // superlayer point = position + transform · (point − anchor), the transform's row-vector
      // convention, divided through by m44.
      let point = Point(x: .random(in: -100...100, using: &generator), y: .random(in: -100...100, using: &generator))
      let (dx, dy) = (point.x - anchor.x, point.y - anchor.y)
      let expected = Point(
        x: properties.position.x + (dx * m.m11 + dy * m.m21 + m.m41) / m.m44,
        y: properties.position.y + (dx * m.m12 + dy * m.m22 + m.m42) / m.m44)
      let mapped = toSuperlayer.apply(to: point)
      #expect(abs(mapped.x - expected.x) < 1e-9 && abs(mapped.y - expected.y) < 1e-9)
    }
  }

  @Test("a transform with perspective has no flat place")
  func perspectiveHasNone() {
    var properties = LayerProperties()
    properties.bounds = Rect(x: 0, y: 0, width: 100, height: 100)
    properties.transform.m14 = 0.002
    #expect(properties.toSuperlayer == nil)
    properties.transform.m14 = 0
    properties.transform.m24 = -0.001
    #expect(properties.toSuperlayer == nil)
    let presented = PresentationLayer(id: "tilted", kind: .layer, properties: properties, sublayers: [])
    #expect(presented.toSuperlayer == nil)
  }

  @Test("a presented layer's place, read in place, is the very value its properties give")
  func presentedMatchesValue() {
    var generator = SeededGenerator(seed: 7)
    for _ in 0..<200 {
      let properties = Self.randomProperties(&generator)
      var presented = PresentationLayer(id: "layer", kind: .shape, properties: properties, sublayers: [])
      #expect(presented.toSuperlayer == properties.toSuperlayer)
      // Written after a copy shares the storage: each reads its own values.
      let copy = presented
      presented.properties.position.x += 10
      presented.properties.anchorPoint.y = 0.25
      #expect(copy.toSuperlayer == properties.toSuperlayer)
      #expect(presented.toSuperlayer == presented.properties.toSuperlayer)
      #expect(presented.toSuperlayer != copy.toSuperlayer)
    }
  }
}
