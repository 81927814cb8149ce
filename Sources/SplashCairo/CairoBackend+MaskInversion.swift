import CCairo

/// Inverting a mask (Core Animation has no inverted mask; Lottie's inverted mattes and masks
/// compile to one, `LayerProperties.invertsMask`) without a second group.
extension CairoBackend {
  /// Turns the alpha-only group `mask` into its inverse (255 − coverage) in place; false when
  /// it is not an alpha-only image (a luminance mask).
  ///
  /// The same bytes as painting the group's inverse with Cairo (everything, then the mask taken
  /// out: 255 × (255 − coverage) / 255, which pixman's rounding makes exact), without pixman's
  /// general path, which converts each row of an 8-bit surface to 32 bits and back. Whatever
  /// the clip's shape (a turned or scaled precomposition's bounds cut pixels in part), the two
  /// groups are the same: pushed under one clip, both are its box, and neither is clipped
  /// inside (`pushGroup`), so the paint reaches every pixel of it.
  func invertInPlace(_ mask: OpaquePointer, in cairo: OpaquePointer) -> Bool {
    guard fastPaths.invertsMasksInPlace, let surface = Self.imageSurface(behind: mask, format: CAIRO_FORMAT_A8) else { return false }
    cairo_surface_flush(surface)
    guard let data = cairo_image_surface_get_data(surface) else { return false }
    let width = Int(cairo_image_surface_get_width(surface))
    let height = Int(cairo_image_surface_get_height(surface))
    let stride = Int(cairo_image_surface_get_stride(surface))
    for y in 0..<height {
      let row = UnsafeMutableRawPointer(data + y * stride)
      var x = 0
      // For a byte, 255 − b is its complement.
      while x + 8 <= width {
        row.storeBytes(of: ~row.loadUnaligned(fromByteOffset: x, as: UInt64.self), toByteOffset: x, as: UInt64.self)
        x += 8
      }
      while x < width {
        row.storeBytes(of: ~row.load(fromByteOffset: x, as: UInt8.self), toByteOffset: x, as: UInt8.self)
        x += 1
      }
    }
    cairo_surface_mark_dirty(surface)
    return true
  }
}
