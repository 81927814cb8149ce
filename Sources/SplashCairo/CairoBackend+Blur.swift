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
    guard let source = SurfacePixels(of: content, format: CAIRO_FORMAT_ARGB32), source.width > 0, source.height > 0 else {
      return nil
    }
    let (width, height) = (source.width, source.height)
    var radiusX = radius
    var radiusY = 0.0
    cairo_user_to_device_distance(cairo, &radiusX, &radiusY)
    let sigma = (radiusX * radiusX + radiusY * radiusY).squareRoot()

    // Each channel of the premultiplied pixels blurred alike stays premultiplied: a weighted
    // mean of colours no brighter than their alphas is no brighter than its alpha.
    let count = width * height
    var blue = [Float](repeating: 0, count: count)
    var green = blue
    var red = blue
    var alpha = blue
    for y in 0..<height {
      let row = source.argbRow(y)
      for x in 0..<width {
        let pixel = row[x]
        let index = y * width + x
        blue[index] = Float(pixel & 0xFF)
        green[index] = Float((pixel >> 8) & 0xFF)
        red[index] = Float((pixel >> 16) & 0xFF)
        alpha[index] = Float(pixel >> 24)
      }
    }
    AlphaBlur.blur(&blue, width: width, height: height, sigma: sigma)
    AlphaBlur.blur(&green, width: width, height: height, sigma: sigma)
    AlphaBlur.blur(&red, width: width, height: height, sigma: sigma)
    AlphaBlur.blur(&alpha, width: width, height: height, sigma: sigma)

    guard let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height)),
      cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS
    else { return nil }
    let pattern = cairo_pattern_create_for_surface(surface)
    cairo_surface_destroy(surface)
    guard let pattern, let target = SurfacePixels(of: pattern, format: CAIRO_FORMAT_ARGB32) else {
      pattern.map(cairo_pattern_destroy)
      return nil
    }
    func byte(_ value: Float, atMost limit: Float) -> UInt32 { UInt32(min(max(value.rounded(), 0), limit)) }
    for y in 0..<height {
      let row = target.argbRow(y)
      for x in 0..<width {
        let index = y * width + x
        let opacity = min(max(alpha[index].rounded(), 0), 255)
        row[x] =
          UInt32(opacity) << 24 | byte(red[index], atMost: opacity) << 16 | byte(green[index], atMost: opacity) << 8
          | byte(blue[index], atMost: opacity)
      }
    }
    target.markDirty()
    var deviceX = 0.0
    var deviceY = 0.0
    cairo_surface_get_device_offset(source.surface, &deviceX, &deviceY)
    cairo_surface_set_device_offset(target.surface, deviceX, deviceY)
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
