import CCairo

/// The pixels of an image surface (a popped group's, an image's), flushed so they can be read
/// and written in place.
struct SurfacePixels {
  let surface: OpaquePointer
  let width: Int
  let height: Int
  private let data: UnsafeMutablePointer<UInt8>
  private let stride: Int

  /// The pixels behind `pattern`, or `nil` when it draws from no image surface of `format`.
  init?(of pattern: OpaquePointer, format: cairo_format_t) {
    var surface: OpaquePointer?
    guard cairo_pattern_get_surface(pattern, &surface) == CAIRO_STATUS_SUCCESS, let surface,
      cairo_surface_get_type(surface) == CAIRO_SURFACE_TYPE_IMAGE, cairo_image_surface_get_format(surface) == format
    else { return nil }
    self.init(image: surface)
  }

  /// The pixels of the image surface `surface`, or `nil` when it has none (a finished one).
  init?(image surface: OpaquePointer) {
    cairo_surface_flush(surface)
    guard let data = cairo_image_surface_get_data(surface) else { return nil }
    self.surface = surface
    self.data = data
    width = Int(cairo_image_surface_get_width(surface))
    height = Int(cairo_image_surface_get_height(surface))
    stride = Int(cairo_image_surface_get_stride(surface))
  }

  /// Row `y` of an ARGB32 surface, premultiplied pixels in native byte order.
  func argbRow(_ y: Int) -> UnsafeMutablePointer<UInt32> {
    UnsafeMutableRawPointer(data + y * stride).assumingMemoryBound(to: UInt32.self)
  }

  /// Tells Cairo the pixels were written.
  func markDirty() { cairo_surface_mark_dirty(surface) }
}
