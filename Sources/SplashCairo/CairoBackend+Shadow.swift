import CCairo
import SplashCore
import SplashModel

/// Drop shadows: the layer's own alpha, offset, blurred and tinted.
extension CairoBackend {
  /// Paints the shadow of `content` (the layer drawn into a group) below where it will go.
  ///
  /// The shadow follows the composited alpha of the layer and its sublayers, as Core Animation's
  /// does without a `shadowPath`; `shadowOffset` is in the layer's coordinate space and
  /// `shadowRadius` r blurs with σ = r points (see `AlphaBlur`).
  func drawShadow(_ shadow: Shadow, of content: OpaquePointer, in cairo: OpaquePointer) {
    var groupSurface: OpaquePointer?
    guard cairo_pattern_get_surface(content, &groupSurface) == CAIRO_STATUS_SUCCESS, let groupSurface,
      cairo_surface_get_type(groupSurface) == CAIRO_SURFACE_TYPE_IMAGE
    else { return }
    cairo_surface_flush(groupSurface)
    let width = Int(cairo_image_surface_get_width(groupSurface))
    let height = Int(cairo_image_surface_get_height(groupSurface))
    let stride = Int(cairo_image_surface_get_stride(groupSurface))
    guard width > 0, height > 0, let data = cairo_image_surface_get_data(groupSurface) else { return }

    // Only the part that holds anything (plus the blur's reach) is blurred.
    var offsetX = shadow.offset.width
    var offsetY = shadow.offset.height
    cairo_user_to_device_distance(cairo, &offsetX, &offsetY)
    var radiusX = shadow.radius
    var radiusY = 0.0
    cairo_user_to_device_distance(cairo, &radiusX, &radiusY)
    let sigma = (radiusX * radiusX + radiusY * radiusY).squareRoot()
    guard let box = Self.opaqueBox(data: data, width: width, height: height, stride: stride) else { return }
    let margin = Int((3 * sigma).rounded(.up)) + 1
    let left = max(box.minX - margin, 0)
    let top = max(box.minY - margin, 0)
    let right = min(box.maxX + margin, width - 1)
    let bottom = min(box.maxY + margin, height - 1)
    let regionWidth = right - left + 1
    let regionHeight = bottom - top + 1

    var alpha = [Float](repeating: 0, count: regionWidth * regionHeight)
    for row in 0..<regionHeight {
      let line = UnsafeRawPointer(data.advanced(by: (top + row) * stride)).assumingMemoryBound(to: UInt32.self)
      for column in 0..<regionWidth {
        alpha[row * regionWidth + column] = Float(line[left + column] >> 24)
      }
    }
    AlphaBlur.blur(&alpha, width: regionWidth, height: regionHeight, sigma: sigma)

    guard let maskSurface = cairo_image_surface_create(CAIRO_FORMAT_A8, Int32(regionWidth), Int32(regionHeight)) else {
      return
    }
    defer { cairo_surface_destroy(maskSurface) }
    guard let maskData = cairo_image_surface_get_data(maskSurface) else { return }
    let maskStride = Int(cairo_image_surface_get_stride(maskSurface))
    for row in 0..<regionHeight {
      for column in 0..<regionWidth {
        maskData[row * maskStride + column] = UInt8(min(max(alpha[row * regionWidth + column].rounded(), 0), 255))
      }
    }
    cairo_surface_mark_dirty(maskSurface)

    // The group surface's pixel (0, 0) sits at device (−deviceX, −deviceY).
    var deviceX = 0.0
    var deviceY = 0.0
    cairo_surface_get_device_offset(groupSurface, &deviceX, &deviceY)
    cairo_save(cairo)
    cairo_identity_matrix(cairo)
    let color = shadow.color
    cairo_set_source_rgba(cairo, color.red, color.green, color.blue, color.alpha * shadow.opacity)
    cairo_mask_surface(cairo, maskSurface, Double(left) - deviceX + offsetX, Double(top) - deviceY + offsetY)
    cairo_restore(cairo)
  }

  /// The pixel box holding every non-transparent pixel, or `nil` when all are transparent.
  private static func opaqueBox(data: UnsafeMutablePointer<UInt8>, width: Int, height: Int, stride: Int)
    -> (minX: Int, minY: Int, maxX: Int, maxY: Int)?
  {
    var minX = width
    var minY = height
    var maxX = -1
    var maxY = -1
    for row in 0..<height {
      let line = UnsafeRawPointer(data.advanced(by: row * stride)).assumingMemoryBound(to: UInt32.self)
      for column in 0..<width where line[column] >> 24 != 0 {
        minX = min(minX, column)
        maxX = max(maxX, column)
        minY = min(minY, row)
        maxY = max(maxY, row)
      }
    }
    return maxX < 0 ? nil : (minX, minY, maxX, maxY)
  }
}
