/// Cutting polygons to a box of target pixels before they are rasterized: a clip Cairo cannot
/// hold as whole pixels (a `masksToBounds` at fractions of a pixel), applied to the geometry,
/// so the coverage of an edge pixel is the exact area of the shape inside it.
extension DeviceBox {
  /// The part of the closed polygon through `points` inside the box (Sutherland and
  /// Hodgman's clipping, one side after another).
  ///
  /// Every point inside keeps its winding number: the polygon's runs outside are replaced by
  /// runs along the box's sides, which may overlap in pairs going opposite ways and so
  /// cancel, under either fill rule. Points that are not finite are left out.
  public func clip(_ points: [Point]) -> [Point] {
    var polygon = points.filter { $0.x.isFinite && $0.y.isFinite }
    polygon = SutherlandHodgman.cut(polygon, keeping: { $0.x >= left }, crossing: { a, b in (left - a.x) / (b.x - a.x) })
    polygon = SutherlandHodgman.cut(polygon, keeping: { $0.x <= right }, crossing: { a, b in (right - a.x) / (b.x - a.x) })
    polygon = SutherlandHodgman.cut(polygon, keeping: { $0.y >= top }, crossing: { a, b in (top - a.y) / (b.y - a.y) })
    polygon = SutherlandHodgman.cut(polygon, keeping: { $0.y <= bottom }, crossing: { a, b in (bottom - a.y) / (b.y - a.y) })
    return polygon
  }

  /// Whether every point of `points`, mapped by `transform`, is finite and inside the box
  /// (its sides included): then `clip` returns the mapped points as they are.
  public func contains(_ points: UnsafeBufferPointer<Point>, mappedBy transform: AffineTransform) -> Bool {
    for point in points {
      let mapped = transform.apply(to: point)
      // A comparison with a value that is not a number is false: such a point is not inside.
      guard mapped.x >= left, mapped.x <= right, mapped.y >= top, mapped.y <= bottom else { return false }
    }
    return true
  }
}
