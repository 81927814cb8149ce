import SplashCore
import Testing

@testable import SplashRaster

/// Outlines built once in a path's space and mapped into a target lay what mapping each of
/// their polygons there lays, under every map, with and without a cut.
@Suite("Shape outlines: built in the path's space, mapped into any target")
struct ShapeOutlineTests {
  /// A ring with a bite out of it: a curve, a corner and a hole.
  static let path: Path = {
    var path = Path()
    path.addArc(center: Point(x: 0, y: 0), radius: 12, startAngle: 0.4, endAngle: 5.9, clockwise: true)
    path.addLine(to: Point(x: 3, y: 1))
    path.closeSubpath()
    path.addArc(center: Point(x: -2, y: 0), radius: 5, startAngle: 0, endAngle: 2 * .pi, clockwise: false)
    return path
  }()

  /// Moved, turned, scaled evenly, squeezed one way, and sheared.
  static let maps: [AffineTransform] = [
    AffineTransform(translationX: 20.25, y: 19.6),
    AffineTransform(rotationAngle: 0.7).concatenating(AffineTransform(translationX: 21.3, y: 18.9)),
    AffineTransform(scaleX: 1.4, y: 1.4).concatenating(AffineTransform(translationX: 20, y: 20.5)),
    AffineTransform(scaleX: 1.6, y: 0.5).concatenating(AffineTransform(translationX: 22, y: 20)),
    AffineTransform(a: 1, b: 0.3, c: -0.4, d: 1.1, tx: 19.5, ty: 20.1),
  ]

  /// The picture of `add`'s polygons filled with `rule`, cut to `cut`.
  static func picture(
    rule: CoverageRasterizer.FillRule, cut: DeviceBox? = nil, _ add: (CoverageRasterizer) -> Void
  ) -> CoveragePicture {
    let rasterizer = CoverageRasterizer()
    rasterizer.cut = cut.map { .box($0) }
    add(rasterizer)
    var picture = CoveragePicture(width: 44, height: 44)
    picture.fill(rasterizer, rule: rule)
    return picture
  }

  /// Adds each of `polygons`, its points mapped by `map` first, to `rasterizer`.
  static func addByHand(_ polygons: [[Point]], map: AffineTransform, to rasterizer: CoverageRasterizer) {
    for polygon in polygons { rasterizer.addPolygon(polygon.map { map.apply(to: $0) }) }
  }

  @Test("a fill's outline is its flattened subpaths, and lays what they lay mapped one by one")
  func fills() {
    let polylines = PathFlattener.polylines(of: Self.path, transform: .identity, tolerance: 0.02)
    let outline = ShapeOutline(filling: polylines)
    #expect(outline.polygons.map(Array.init) == polylines.map(\.points))
    #expect(outline.byteCount == polylines.reduce(0) { $0 + $1.points.count } * 16 + polylines.count * 8)
    for (index, map) in Self.maps.enumerated() {
      for cut in [nil, DeviceBox(left: 10.3, top: 12.5, right: 30.7, bottom: 33.2)] {
        let mapped = Self.picture(rule: .evenOdd, cut: cut) { rasterizer in
          rasterizer.addOutline(outline, transform: map)
        }
        let onePerPolygon = Self.picture(rule: .evenOdd, cut: cut) { Self.addByHand(polylines.map(\.points), map: map, to: $0) }
        #expect(mapped.bytes == onePerPolygon.bytes, "map \(index), cut \(cut != nil)")
        #expect(mapped.bytes.contains { $0 == 255 } && mapped.bytes.contains { $0 != 0 && $0 != 255 })
      }
    }
  }

  @Test("a stroke's outline, made once, lays under each map what its polygons mapped one by one lay")
  func strokes() {
    let polylines = PathFlattener.polylines(of: Self.path, transform: .identity, tolerance: 0.02, tangents: true)
    for style in [
      StrokeStyle(width: 3, cap: .round, join: .round),
      StrokeStyle(width: 2, cap: .square, join: .miter, dashes: [4, 2.5], dashPhase: 1),
    ] {
      let outline = StrokeOutliner.outline(of: polylines, style: style, tolerance: 0.02)
      #expect(outline.polygons.count > 1)
      for (index, map) in Self.maps.enumerated() {
        let mapped = Self.picture(rule: .nonZero) { $0.addOutline(outline, transform: map) }
        let outlined = Self.picture(rule: .nonZero) { Self.addByHand(outline.polygons.map(Array.init), map: map, to: $0) }
        #expect(mapped.bytes == outlined.bytes, "map \(index)")
        #expect(mapped.bytes.contains { $0 == 255 })
      }
    }
  }

  @Test("a pen of no width outlines nothing, and empty subpaths leave no polygon")
  func empty() {
    let polylines = PathFlattener.polylines(of: Self.path, transform: .identity, tolerance: 0.02, tangents: true)
    #expect(StrokeOutliner.outline(of: polylines, style: StrokeStyle(width: 0), tolerance: 0.02) == ShapeOutline())
    #expect(ShapeOutline(filling: [Polyline(points: [], isClosed: true)]).polygons.isEmpty)
  }
}
