import SplashCore
import SplashModel
import SplashRaster

/// A `CAGradientLayer`'s gradient placed in its layer's space: the stops with a location each,
/// and the start and end points in the layer's coordinates.
struct GradientGeometry {
  var kind: GradientStyle.Kind
  var colors: [Color]
  var locations: [Double]
  var start: Point
  var end: Point

  /// The gradient of a layer with `bounds`, or `nil` when it paints nothing (no colours, empty
  /// bounds). Without one location per colour the colours are spread evenly, as Core Animation
  /// spreads them.
  init?(_ gradient: GradientStyle, bounds: Rect) {
    guard !gradient.colors.isEmpty, bounds.width > 0, bounds.height > 0 else { return nil }
    let colors = gradient.colors
    kind = gradient.kind
    self.colors = colors
    locations =
      gradient.locations.count == colors.count
      ? gradient.locations : colors.indices.map { colors.count == 1 ? 0 : Double($0) / Double(colors.count - 1) }
    // Points are in unit coordinates of the bounds.
    func unit(_ point: Point) -> Point {
      Point(x: bounds.minX + point.x * bounds.width, y: bounds.minY + point.y * bounds.height)
    }
    start = unit(gradient.startPoint)
    end = unit(gradient.endPoint)
  }

  /// A radial gradient's radii: it reaches the end point along each axis separately.
  var radii: (x: Double, y: Double) { (max(abs(end.x - start.x), 1e-6), max(abs(end.y - start.y), 1e-6)) }

  /// The layer's space → the gradient's own space (`GradientShader`): for an axial gradient
  /// the position along start → end in x, for a radial one the unit circle. `nil` for a conic
  /// gradient, or an axial one whose start and end are one point.
  var userToGradient: AffineTransform? {
    switch kind {
    case .axial:
      let along = Point(x: end.x - start.x, y: end.y - start.y)
      let lengthSquared = along.x * along.x + along.y * along.y
      guard lengthSquared > 0 else { return nil }
      return AffineTransform(
        a: along.x / lengthSquared, b: 0, c: along.y / lengthSquared, d: 0,
        tx: -(start.x * along.x + start.y * along.y) / lengthSquared, ty: 0)
    case .radial:
      let radii = radii
      return AffineTransform(a: 1 / radii.x, b: 0, c: 0, d: 1 / radii.y, tx: -start.x / radii.x, ty: -start.y / radii.y)
    case .conic:
      return nil
    }
  }
}
