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

    var offsetX = shadow.offset.width
    var offsetY = shadow.offset.height
    cairo_user_to_device_distance(cairo, &offsetX, &offsetY)
    var radiusX = shadow.radius
    var radiusY = 0.0
    cairo_user_to_device_distance(cairo, &radiusX, &radiusY)
    let sigma = (radiusX * radiusX + radiusY * radiusY).squareRoot()
    guard let content = Self.opaqueBox(data: data, width: width, height: height, stride: stride) else { return }
    // The group surface's pixel (0, 0) sits at device (−deviceX, −deviceY), and the shadow's
    // pixel (x, y) lands on device (x − deviceX + offsetX, y − deviceY + offsetY).
    var deviceX = 0.0
    var deviceY = 0.0
    cairo_surface_get_device_offset(groupSurface, &deviceX, &deviceY)
    let shiftX = offsetX - deviceX
    let shiftY = offsetY - deviceY
    guard let visible = Self.visibleRegion(in: cairo, shiftX: shiftX, shiftY: shiftY),
      let plan = ShadowBlurPlan(content: content, visible: visible, sigma: sigma)
    else { return }

    var alpha = Self.reducedAlpha(data: data, stride: stride, plan: plan)
    AlphaBlur.blur(&alpha, width: plan.reducedWidth, height: plan.reducedHeight, sigma: plan.reducedSigma)

    // The mask holds the output's blocks only (with the one around it that scaling reads).
    let factor = plan.factor
    let margin = factor > 1 ? 1 : 0
    let firstColumn = (plan.output.x - plan.domain.x) / factor - margin
    let firstRow = (plan.output.y - plan.domain.y) / factor - margin
    let maskWidth = (plan.output.maxX - plan.domain.x + factor - 1) / factor + margin - firstColumn
    let maskHeight = (plan.output.maxY - plan.domain.y + factor - 1) / factor + margin - firstRow
    guard let maskSurface = cairo_image_surface_create(CAIRO_FORMAT_A8, Int32(maskWidth), Int32(maskHeight)) else {
      return
    }
    defer { cairo_surface_destroy(maskSurface) }
    guard let maskData = cairo_image_surface_get_data(maskSurface) else { return }
    let maskStride = Int(cairo_image_surface_get_stride(maskSurface))
    var strongest: UInt8 = 0
    for row in 0..<maskHeight {
      let line = (firstRow + row) * plan.reducedWidth + firstColumn
      for column in 0..<maskWidth {
        let value = UInt8(min(max(alpha[line + column].rounded(), 0), 255))
        maskData[row * maskStride + column] = value
        strongest = max(strongest, value)
      }
    }
    // A shadow spread so wide that it rounds to nothing everywhere paints nothing: skipping
    // the paint saves compositing the whole frame through an empty mask.
    guard strongest > 0 else { return }
    cairo_surface_mark_dirty(maskSurface)

    cairo_save(cairo)
    cairo_identity_matrix(cairo)
    let color = shadow.color
    cairo_set_source_rgba(cairo, color.red, color.green, color.blue, color.alpha * shadow.opacity)
    let maskX = Double(plan.domain.x + firstColumn * factor) + shiftX
    let maskY = Double(plan.domain.y + firstRow * factor) + shiftY
    if factor == 1 {
      cairo_mask_surface(cairo, maskSurface, maskX, maskY)
    } else {
      // Only the output is painted: the blocks around it are there for the interpolation.
      cairo_rectangle(
        cairo, Double(plan.output.x) + shiftX, Double(plan.output.y) + shiftY, Double(plan.output.width),
        Double(plan.output.height))
      cairo_clip(cairo)
      guard let pattern = cairo_pattern_create_for_surface(maskSurface) else {
        cairo_restore(cairo)
        return
      }
      defer { cairo_pattern_destroy(pattern) }
      // Pattern space is the mask's pixels: device = mask origin + k × pattern, so a mask
      // pixel's centre lands on the centre of the block it was averaged from.
      var toPattern = cairo_matrix_t()
      cairo_matrix_init_scale(&toPattern, 1 / Double(factor), 1 / Double(factor))
      cairo_matrix_translate(&toPattern, -maskX, -maskY)
      cairo_pattern_set_matrix(pattern, &toPattern)
      cairo_pattern_set_filter(pattern, CAIRO_FILTER_BILINEAR)
      cairo_mask(cairo, pattern)
    }
    cairo_restore(cairo)
  }

  /// Where the shadow can be seen, in the group surface's pixels: the clip moved back by the
  /// shift from those pixels to the device, rounded out to whole pixels. `nil` when empty.
  private static func visibleRegion(in cairo: OpaquePointer, shiftX: Double, shiftY: Double) -> ShadowBlurPlan.Region? {
    let clip = deviceClipBox(of: cairo)
    let values = [clip.left - shiftX, clip.top - shiftY, clip.right - shiftX, clip.bottom - shiftY]
    // A clip can only be as large as the frame; a shift beyond Int's range shows nothing.
    guard values.allSatisfy({ $0.isFinite && abs($0) < 1e9 }) else { return nil }
    let x = Int(values[0].rounded(.down))
    let y = Int(values[1].rounded(.down))
    let region = ShadowBlurPlan.Region(
      x: x, y: y, width: Int(values[2].rounded(.up)) - x, height: Int(values[3].rounded(.up)) - y)
    return region.isEmpty ? nil : region
  }

  /// The alpha of the plan's source pixels, averaged over the plan's blocks, laid out over its
  /// domain (zero elsewhere: nothing else reaches the output).
  private static func reducedAlpha(data: UnsafeMutablePointer<UInt8>, stride: Int, plan: ShadowBlurPlan) -> [Float] {
    let factor = plan.factor
    let reducedWidth = plan.reducedWidth
    var alpha = [Float](repeating: 0, count: plan.blurredPixelCount)
    let source = plan.source
    for row in source.y..<source.maxY {
      let line = UnsafeRawPointer(data.advanced(by: row * stride)).assumingMemoryBound(to: UInt32.self)
      let reducedLine = (row - plan.domain.y) / factor * reducedWidth
      for column in source.x..<source.maxX {
        alpha[reducedLine + (column - plan.domain.x) / factor] += Float(line[column] >> 24)
      }
    }
    if factor > 1 {
      let blockArea = Float(factor * factor)
      for index in alpha.indices { alpha[index] /= blockArea }
    }
    return alpha
  }

  /// The pixel box holding every non-transparent pixel, or `nil` when all are transparent.
  private static func opaqueBox(data: UnsafeMutablePointer<UInt8>, width: Int, height: Int, stride: Int)
    -> ShadowBlurPlan.Region?
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
    return maxX < 0 ? nil : ShadowBlurPlan.Region(x: minX, y: minY, width: maxX - minX + 1, height: maxY - minY + 1)
  }
}
