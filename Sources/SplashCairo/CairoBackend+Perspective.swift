import CCairo
import SplashCore
import SplashModel
import SplashRender

/// Drawing layers whose transform has perspective, which no affine matrix can express.
extension CairoBackend {
  /// Grid cells per side of the warp: 16 × 16 keeps the piecewise-affine error under half a
  /// pixel for the tilts splash animations use (a card turned up to ~70°).
  static let perspectiveGrid = 16

  /// Draws the layer flat into an offscreen image (its bounds, at the output's resolution),
  /// then maps that image through the projective transform one small triangle at a time.
  ///
  /// Content outside the layer's bounds is not drawn in perspective, and the parts of the layer
  /// behind the viewer (w ≤ 0) are left out.
  func drawInPerspective(_ node: DisplayNode, anchor: Point, in cairo: OpaquePointer) throws {
    let bounds = node.layer.properties.bounds
    guard bounds.width > 0, bounds.height > 0 else { return }
    // Layer space → (translated) superlayer space, homogeneous.
    let mapping = Transform3D(translationX: -anchor.x, y: -anchor.y).concatenating(node.layer.properties.transform)
    func project(_ point: Point) -> Point? {
      let x = point.x * mapping.m11 + point.y * mapping.m21 + mapping.m41
      let y = point.x * mapping.m12 + point.y * mapping.m22 + mapping.m42
      let w = point.x * mapping.m14 + point.y * mapping.m24 + mapping.m44
      guard w > 1e-6 else { return nil }
      return Point(x: x / w, y: y / w)
    }

    // Resolution: pixels per point of the current user space, so the warp loses no detail.
    var unitX = 1.0
    var unitY = 0.0
    cairo_user_to_device_distance(cairo, &unitX, &unitY)
    let pixelsPerPoint = max((unitX * unitX + unitY * unitY).squareRoot(), 0.01)
    let imageWidth = (bounds.width * pixelsPerPoint).clamped(to: 0...PixelBuffer.maximumSide + 1, rounding: .up)
    let imageHeight = (bounds.height * pixelsPerPoint).clamped(to: 0...PixelBuffer.maximumSide + 1, rounding: .up)
    guard imageWidth > 0, imageHeight > 0, imageWidth <= PixelBuffer.maximumSide, imageHeight <= PixelBuffer.maximumSide,
      let flat = try drawOffscreen(
        width: imageWidth, height: imageHeight, stage: "drawing a layer in perspective",
        place: { flatContext in
          cairo_scale(flatContext, pixelsPerPoint, pixelsPerPoint)
          cairo_translate(flatContext, -bounds.minX, -bounds.minY)
        },
        draw: { try drawInLayerSpace(node, in: $0) })
    else { return }
    defer { cairo_surface_destroy(flat) }

    guard let pattern = cairo_pattern_create_for_surface(flat) else { return }
    defer { cairo_pattern_destroy(pattern) }
    cairo_pattern_set_filter(pattern, CAIRO_FILTER_GOOD)
    cairo_pattern_set_extend(pattern, CAIRO_EXTEND_PAD)

    // Triangles are filled without antialiasing inside a group so that their shared edges leave
    // no seams; the group is then painted as one picture.
    pushGroup(cairo)
    cairo_set_antialias(cairo, CAIRO_ANTIALIAS_NONE)
    let cells = Self.perspectiveGrid
    func gridPoint(_ column: Int, _ row: Int) -> Point {
      Point(
        x: bounds.minX + bounds.width * Double(column) / Double(cells),
        y: bounds.minY + bounds.height * Double(row) / Double(cells))
    }
    for row in 0..<cells {
      for column in 0..<cells {
        let corners = [gridPoint(column, row), gridPoint(column + 1, row), gridPoint(column + 1, row + 1), gridPoint(column, row + 1)]
        let projected = corners.map(project)
        guard projected.allSatisfy({ $0 != nil }) else { continue }
        let targets = projected.compactMap { $0 }
        for triangle in [[0, 1, 2], [0, 2, 3]] {
          fillTriangle(
            source: triangle.map { corners[$0] }, target: triangle.map { targets[$0] }, bounds: bounds,
            pixelsPerPoint: pixelsPerPoint, pattern: pattern, in: cairo)
        }
      }
    }
    cairo_pop_group_to_source(cairo)
    cairo_paint(cairo)
  }

  /// Fills the target triangle with the pattern, mapped so the source triangle lands on it.
  private func fillTriangle(
    source: [Point], target: [Point], bounds: Rect, pixelsPerPoint: Double, pattern: OpaquePointer, in cairo: OpaquePointer
  ) {
    // Affine map layer → target: solve for the linear part from the two edge vectors.
    let s1 = source[1] - source[0]
    let s2 = source[2] - source[0]
    let d1 = target[1] - target[0]
    let d2 = target[2] - target[0]
    let determinant = s1.x * s2.y - s2.x * s1.y
    guard abs(determinant) > 1e-12 else { return }
    let a = (d1.x * s2.y - d2.x * s1.y) / determinant
    let c = (d2.x * s1.x - d1.x * s2.x) / determinant
    let b = (d1.y * s2.y - d2.y * s1.y) / determinant
    let d = (d2.y * s1.x - d1.y * s2.x) / determinant
    let layerToTarget = AffineTransform(
      a: a, b: b, c: c, d: d, tx: target[0].x - (a * source[0].x + c * source[0].y),
      ty: target[0].y - (b * source[0].x + d * source[0].y))
    var userToLayer = matrix(layerToTarget)
    guard cairo_matrix_invert(&userToLayer) == CAIRO_STATUS_SUCCESS else { return }
    var layerToPixels = matrix(
      AffineTransform(translationX: -bounds.minX, y: -bounds.minY).concatenating(AffineTransform(scaleX: pixelsPerPoint, y: pixelsPerPoint))
    )
    var patternMatrix = cairo_matrix_t()
    cairo_matrix_multiply(&patternMatrix, &userToLayer, &layerToPixels)
    cairo_pattern_set_matrix(pattern, &patternMatrix)

    cairo_new_path(cairo)
    cairo_move_to(cairo, target[0].x, target[0].y)
    cairo_line_to(cairo, target[1].x, target[1].y)
    cairo_line_to(cairo, target[2].x, target[2].y)
    cairo_close_path(cairo)
    cairo_set_source(cairo, pattern)
    cairo_fill(cairo)
  }
}
