import CCairo
import SplashCore
import SplashRaster
import SplashRender

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
  /// through, 0 to 255: the clip painted onto an alpha-only group. `nil` when Cairo makes no
  /// such group. The plane lives in the returned pattern, which the caller destroys once done
  /// with it.
  ///
  /// Under a clip of rectangles (`compositingClip`), Cairo's clip is their box cut to whole
  /// pixels (the canvas, a group's box, the rows redrawn), and in those pixels its coverage is
  /// the box's alone. So the box's coverage is drawn once over all its pixels, kept, and given
  /// again while the box and the target stay. A letterboxed Lottie composition clips every
  /// layer to its bounds at fractions of a pixel, and each masked layer drew that clip's
  /// coverage into a group of its own: 1 826 groups over issue_1717, all of the same box.
  func clipCoverage(
    columns: Range<Int>, rows: Range<Int>, on target: DevicePixelTarget, in cairo: OpaquePointer
  ) -> (pattern: OpaquePointer, plane: PixelPlane<UInt8>)? {
    guard !columns.isEmpty, !rows.isEmpty else { return nil }
    guard offscreenDepth == 0, case .rectangle(let box)? = compositingClip else {
      return drawnClipCoverage(columns: columns, rows: rows, on: target, in: cairo)
    }
    let key = KeptClipCoverage.Key(
      box: box, offsetX: target.offsetX, offsetY: target.offsetY, width: Int(cairo_image_surface_get_width(target.surface)),
      height: Int(cairo_image_surface_get_height(target.surface)))
    let isKept = keptClipCoverage?.key == key
    if !isKept {
      guard let drawn = drawnBoxCoverage(key) else { return drawnClipCoverage(columns: columns, rows: rows, on: target, in: cairo) }
      if let kept = keptClipCoverage { cairo_pattern_destroy(kept.pattern) }
      keptClipCoverage = drawn
      counters?.clipCoveragesKept += 1
    }
    // The box's pixels hold the pixels asked for, unless the target cuts the box (they are
    // then drawn afresh, as before).
    guard let kept = keptClipCoverage, kept.plane.columns.clamped(to: columns) == columns, kept.plane.rows.clamped(to: rows) == rows
    else { return drawnClipCoverage(columns: columns, rows: rows, on: target, in: cairo) }
    if isKept { counters?.clipCoveragesReused += 1 }
    return (cairo_pattern_reference(kept.pattern), kept.plane)
  }

  /// The coverage of `key`'s box alone over its whole pixels on the target's surface, drawn as
  /// Cairo clips to it (the box a clip in device space, painted onto an alpha-only surface).
  private func drawnBoxCoverage(_ key: KeptClipCoverage.Key) -> KeptClipCoverage? {
    // The box's whole pixels on the surface.
    let pixels = key.box.offsetBy(x: key.offsetX, y: key.offsetY).roundedOutward
    let left = Int(max(pixels.left, 0))
    let top = Int(max(pixels.top, 0))
    let right = Int(min(pixels.right, Double(key.width)))
    let bottom = Int(min(pixels.bottom, Double(key.height)))
    guard left < right, top < bottom,
      let surface = cairo_image_surface_create(CAIRO_FORMAT_A8, Int32(right - left), Int32(bottom - top))
    else { return nil }
    defer { cairo_surface_destroy(surface) }
    guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS, let context = cairo_create(surface) else { return nil }
    defer { cairo_destroy(context) }
    // Surface pixel (0, 0) is target pixel (left, top), device point (left − offsetX, …).
    cairo_surface_set_device_offset(surface, key.offsetX - Double(left), key.offsetY - Double(top))
    cairo_rectangle(context, key.box.left, key.box.top, key.box.right - key.box.left, key.box.bottom - key.box.top)
    cairo_clip(context)
    cairo_set_source_rgba(context, 0, 0, 0, 1)
    cairo_paint(context)
    cairo_surface_flush(surface)
    guard cairo_status(context) == CAIRO_STATUS_SUCCESS, let data = cairo_image_surface_get_data(surface) else { return nil }
    let plane = PixelPlane(
      base: UnsafeRawPointer(data).assumingMemoryBound(to: UInt8.self),
      elementsPerRow: Int(cairo_image_surface_get_stride(surface)), left: left, top: top, width: right - left, height: bottom - top)
    // The pattern holds the surface, and so the plane's pixels, for as long as it is kept.
    guard let pattern = cairo_pattern_create_for_surface(surface) else { return nil }
    return KeptClipCoverage(key: key, pattern: pattern, plane: plane)
  }

  /// `clipCoverage` drawn afresh over `columns`×`rows` alone (which hold some pixels).
  private func drawnClipCoverage(
    columns: Range<Int>, rows: Range<Int>, on target: DevicePixelTarget, in cairo: OpaquePointer
  ) -> (pattern: OpaquePointer, plane: PixelPlane<UInt8>)? {
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

/// A clip's coverage kept by `CairoBackend.clipCoverage`: the group it was drawn into, which
/// holds the plane's pixels, and what it was drawn for.
struct KeptClipCoverage {
  /// The clip's box in device space, the target's device offset and its surface's size.
  struct Key: Equatable {
    var box: DeviceBox
    var offsetX: Double
    var offsetY: Double
    var width: Int
    var height: Int
  }

  var key: Key
  /// Owned by the backend, destroyed when another is kept in its place.
  var pattern: OpaquePointer
  var plane: PixelPlane<UInt8>
}
