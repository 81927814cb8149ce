/// Cutting a closed polygon by one side of a clip at a time (Sutherland and Hodgman's
/// method), shared by the clips the rasterizer cuts shapes to: a box (`DeviceBox.clip`) and a
/// convex polygon (`ConvexPolygon.cut`).
enum SutherlandHodgman {
  /// The polygon cut by one side: `keeping` tells a point inside, `crossing` where along an
  /// edge from `a` to `b` (a fraction) the side crosses it.
  static func cut(_ polygon: [Point], keeping isInside: (Point) -> Bool, crossing: (Point, Point) -> Double) -> [Point] {
    guard let last = polygon.last else { return [] }
    var result: [Point] = []
    result.reserveCapacity(polygon.count + 4)
    var previous = last
    var previousInside = isInside(last)
    for point in polygon {
      let inside = isInside(point)
      if inside != previousInside {
        let fraction = crossing(previous, point)
        result.append(previous.interpolated(to: point, amount: fraction))
      }
      if inside { result.append(point) }
      previous = point
      previousInside = inside
    }
    return result
  }
}
