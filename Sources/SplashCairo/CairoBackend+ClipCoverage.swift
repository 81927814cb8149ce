import CCairo
import SplashRaster

/// Clips that are not rectangles of whole pixels, for splashvid's own compositors.
///
/// A Lottie canvas fitted into a frame of another shape is letterboxed: its edges, and so every
/// clip under the composition's bounds, fall at fractions of a pixel (issue_1717's 1644×1192
/// canvas in 512×512 spans rows 70.4 to 441.6). Cairo composites under such a clip through
/// the clip's coverage, what painting under the clip lays on an alpha-only surface
/// (`_cairo_clip_get_surface`): the composite's mask is multiplied by it, rounded as pixman
/// rounds, and the picture laid through the product. A compositor given that coverage makes
/// the same pixels, bit for bit.
extension CairoBackend {
  /// The surface being drawn on, when it is an image in `format` at a whole-pixel offset, with
  /// the pixels of it the clip's box touches: where the clip lets anything through, some
  /// pixels only in part (see `clipCoverage`).
  func partlyClippedPixelTarget(of cairo: OpaquePointer, format: cairo_format_t) -> DevicePixelTarget? {
    devicePixelTarget(of: cairo, format: format, within: Self.deviceClipBox(of: cairo))
  }

  /// How much of each pixel of `columns`×`rows` (the target's pixels) the current clip lets
  /// through, 0 to 255: the clip painted onto an alpha-only group over those pixels alone.
  /// `nil` when Cairo makes no such group. The plane lives in the returned pattern, which the
  /// caller destroys once done with it.
  func clipCoverage(
    columns: Range<Int>, rows: Range<Int>, on target: DevicePixelTarget, in cairo: OpaquePointer
  ) -> (pattern: OpaquePointer, plane: PixelPlane<UInt8>)? {
    guard !columns.isEmpty, !rows.isEmpty else { return nil }
    cairo_save(cairo)
    cairo_identity_matrix(cairo)
    // Whole pixels: narrowing the clip to them changes no coverage inside them, and keeps the
    // group as small as the pixels asked for.
    cairo_rectangle(
      cairo, Double(columns.lowerBound) - target.offsetX, Double(rows.lowerBound) - target.offsetY,
      Double(columns.count), Double(rows.count))
    cairo_clip(cairo)
    cairo_push_group_with_content(cairo, CAIRO_CONTENT_ALPHA)
    cairo_set_source_rgba(cairo, 0, 0, 0, 1)
    cairo_paint(cairo)
    let group = cairo_pop_group(cairo)
    cairo_restore(cairo)
    guard let group else { return nil }
    guard let plane = plane(of: group, format: CAIRO_FORMAT_A8, as: UInt8.self, on: target),
      plane.columns.clamped(to: columns) == columns, plane.rows.clamped(to: rows) == rows
    else {
      cairo_pattern_destroy(group)
      return nil
    }
    return (group, plane)
  }
}
