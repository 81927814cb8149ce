import SplashCore

/// The polygons a fill or a stroke lays, in its path's own space, ready to be mapped into any
/// target.
///
/// A fill's polygons are its flattened subpaths; a stroke's, the outline `StrokeOutliner`
/// builds around them. Both are built before they are mapped, so they depend only on the
/// path, the stroke style and the flattening tolerance, not on the matrix. A shape that moves,
/// turns or is placed elsewhere each frame keeps its outline and only maps it again:
/// flattening and outlining cost a tenth to a seventh of a Lottie frame of moving shapes.
public struct ShapeOutline: Sendable, Equatable {
  /// Every polygon's points, one polygon after another.
  var points: [Point] = []
  /// Where each polygon ends in `points`.
  var polygonEnds: [Int] = []

  /// The bytes the outline holds: its points and where its polygons end.
  public var byteCount: Int {
    points.count * MemoryLayout<Point>.stride + polygonEnds.count * MemoryLayout<Int>.stride
  }

  /// The polygons, each as its points.
  public var polygons: [ArraySlice<Point>] {
    var start = 0
    return polygonEnds.map { end in
      defer { start = end }
      return points[start..<end]
    }
  }

  public init() {}

  /// The subpaths of a fill, each a polygon.
  public init(filling polylines: [Polyline]) {
    points.reserveCapacity(polylines.reduce(0) { $0 + $1.points.count })
    for polyline in polylines {
      points += polyline.points
      endPolygon()
    }
  }

  /// Ends the polygon made of the points added since the last one ended; an empty one is
  /// not kept.
  mutating func endPolygon() {
    guard points.count > (polygonEnds.last ?? 0) else { return }
    polygonEnds.append(points.count)
  }
}

extension CoverageRasterizer {
  /// Adds the polygons of `outline`, each point mapped by `transform`.
  public func addOutline(_ outline: ShapeOutline, transform: AffineTransform) {
    outline.points.withUnsafeBufferPointer { points in
      var start = 0
      for end in outline.polygonEnds {
        addPolygon(UnsafeBufferPointer(rebasing: points[start..<end]), transform: transform)
        start = end
      }
    }
  }
}
