import CCairo
import SplashCore
import SplashModel
import SplashRender

/// Blurred layers (`LayerProperties.blurRadius`): the layer's picture, drawn into its group,
/// blurred before it is composited.
extension CairoBackend {
  /// A copy of the group `content` blurred with σ = `radius` points of the current user space
  /// (the layer's), each premultiplied channel alike, as a pattern placed where the group is;
  /// `nil` when the group is no image to blur. The caller owns the pattern.
  ///
  /// The group keeps its own pixels: a cached group (`GroupCache`) is composited blurred
  /// again in the next frame.
  func blurred(_ content: OpaquePointer, radius: Double, in cairo: OpaquePointer) -> OpaquePointer? {
    var groupSurface: OpaquePointer?
    guard cairo_pattern_get_surface(content, &groupSurface) == CAIRO_STATUS_SUCCESS, let groupSurface,
      cairo_surface_get_type(groupSurface) == CAIRO_SURFACE_TYPE_IMAGE,
      cairo_image_surface_get_format(groupSurface) == CAIRO_FORMAT_ARGB32
    else { return nil }
    cairo_surface_flush(groupSurface)
    let width = Int(cairo_image_surface_get_width(groupSurface))
    let height = Int(cairo_image_surface_get_height(groupSurface))
    let stride = Int(cairo_image_surface_get_stride(groupSurface))
    guard width > 0, height > 0, let source = cairo_image_surface_get_data(groupSurface) else { return nil }
    var radiusX = radius
    var radiusY = 0.0
    cairo_user_to_device_distance(cairo, &radiusX, &radiusY)
    let sigma = (radiusX * radiusX + radiusY * radiusY).squareRoot()

    guard let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height)),
      cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS, let target = cairo_image_surface_get_data(surface)
    else { return nil }
    let targetStride = Int(cairo_image_surface_get_stride(surface))
    // Each channel of the premultiplied pixels blurred alike stays premultiplied: a weighted
    // mean of colours no brighter than their alphas is no brighter than its alpha.
    var planes = [[Float]](repeating: [Float](repeating: 0, count: width * height), count: 4)
    for y in 0..<height {
      let row = UnsafeRawPointer(source + y * stride).assumingMemoryBound(to: UInt32.self)
      for x in 0..<width {
        let pixel = row[x]
        for channel in 0..<4 { planes[channel][y * width + x] = Float((pixel >> UInt32(8 * channel)) & 0xFF) }
      }
    }
    for channel in 0..<4 { AlphaBlur.blur(&planes[channel], width: width, height: height, sigma: sigma) }
    for y in 0..<height {
      let row = UnsafeMutableRawPointer(target + y * targetStride).assumingMemoryBound(to: UInt32.self)
      for x in 0..<width {
        let index = y * width + x
        let alpha = min(max(planes[3][index].rounded(), 0), 255)
        var pixel = UInt32(alpha) << 24
        for channel in 0..<3 { pixel |= UInt32(min(max(planes[channel][index].rounded(), 0), alpha)) << UInt32(8 * channel) }
        row[x] = pixel
      }
    }
    cairo_surface_mark_dirty(surface)
    var deviceX = 0.0
    var deviceY = 0.0
    cairo_surface_get_device_offset(groupSurface, &deviceX, &deviceY)
    cairo_surface_set_device_offset(surface, deviceX, deviceY)
    let pattern = cairo_pattern_create_for_surface(surface)
    cairo_surface_destroy(surface)
    return pattern
  }

  /// The group `content` painted `color` wherever it has alpha, its alpha times the colour's
  /// (`LayerProperties.colorOverlay`), as a new group placed where `content` is; `nil` when
  /// Cairo fails. The caller owns the pattern.
  func recolored(_ content: OpaquePointer, with color: Color, in cairo: OpaquePointer) -> OpaquePointer? {
    cairo_save(cairo)
    defer { cairo_restore(cairo) }
    pushGroup(cairo)
    placeInDeviceSpace(content, in: cairo)
    cairo_set_source_rgba(cairo, color.red, color.green, color.blue, color.alpha)
    cairo_mask(cairo, content)
    return cairo_pop_group(cairo)
  }
}
