import SplashCore

/// A point of a stroked polyline with the path's direction arriving at it and leaving it.
///
/// At a corner the two differ and the stroke draws a join; along a curve they are the same
/// tangent, and the stroke's edges stand square to it.
struct StrokeVertex: Equatable {
  var point: Point
  var arrival: Point
  var departure: Point

  /// The vertices of `polyline`, in order, with no two at the same place and every direction
  /// known (a chord's where the flattener gave none). A closed polyline ends with its first
  /// point again, reached along the closing segment.
  static func vertices(of polyline: Polyline) -> [StrokeVertex] {
    let points = polyline.points
    guard !points.isEmpty else { return [] }
    let hasTangents = polyline.arrivals.count == points.count && polyline.departures.count == points.count
    var vertices: [StrokeVertex] = []
    vertices.reserveCapacity(points.count + 1)
    func append(_ vertex: StrokeVertex) {
      if let last = vertices.indices.last, vertices[last].point.distance(to: vertex.point) <= 1e-9 {
        // The same place twice: arrive as the first did, leave as the second does.
        if vertex.departure != .zero { vertices[last].departure = vertex.departure }
        return
      }
      vertices.append(vertex)
    }
    for index in points.indices {
      append(
        StrokeVertex(
          point: points[index], arrival: hasTangents ? polyline.arrivals[index] : .zero,
          departure: hasTangents ? polyline.departures[index] : .zero))
    }
    if polyline.isClosed, vertices.count > 1 {
      let first = vertices[0]
      if vertices[vertices.count - 1].point.distance(to: first.point) <= 1e-9 {
        vertices[vertices.count - 1].departure = first.departure
      } else {
        vertices.append(StrokeVertex(point: first.point, arrival: .zero, departure: first.departure))
      }
    }
    // Directions the flattener did not give are the chords'.
    for index in vertices.indices {
      if vertices[index].arrival == .zero, index > 0 {
        vertices[index].arrival = PathFlattener.unit(vertices[index].point - vertices[index - 1].point)
      }
      if vertices[index].departure == .zero, index + 1 < vertices.count {
        vertices[index].departure = PathFlattener.unit(vertices[index + 1].point - vertices[index].point)
      }
    }
    if polyline.isClosed, vertices.count > 1 {
      vertices[0].arrival = vertices[vertices.count - 1].arrival
      vertices[vertices.count - 1].departure = vertices[0].departure
    }
    if vertices.count > 1 {
      if vertices[0].arrival == .zero { vertices[0].arrival = vertices[0].departure }
      let last = vertices.count - 1
      if vertices[last].departure == .zero { vertices[last].departure = vertices[last].arrival }
    }
    return vertices
  }

  /// The same vertex met walking the path backwards.
  var reversed: StrokeVertex { StrokeVertex(point: point, arrival: departure * -1, departure: arrival * -1) }
}
