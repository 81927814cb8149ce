import CCairo
import SplashCore
import SplashModel

/// Compositing backing stores and one-colour groups through their ink only, with splashvid's
/// own compositors.
///
/// Cairo (pixman) filters every pixel of a picture's box. Backing stores of moving layers are
/// mostly empty in fuber's lattice, and each knows where its ink is (`InkRuns`), so only those
/// columns are visited. The path is taken only when the drawing state is one the compositor
/// handles; otherwise Cairo composites as before.
extension CairoBackend {
  /// Lays the store's ink over the surface being drawn with `BilinearCompositor`, when the
  /// drawing state allows it: an image surface of premultiplied pixels, the plain `over`
  /// operator, and a clip that is one rectangle of whole device pixels. False otherwise, and
  /// Cairo composites the store instead.
  func compositeInk(
    of store: BackingStoreCache.Store, scaleX: Double, scaleY: Double, opacity: Double, in cairo: OpaquePointer
  ) -> Bool {
    guard cairo_get_operator(cairo) == CAIRO_OPERATOR_OVER, let target = cairo_get_group_target(cairo),
      cairo_surface_get_type(target) == CAIRO_SURFACE_TYPE_IMAGE,
      cairo_image_surface_get_format(target) == CAIRO_FORMAT_ARGB32,
      let clip = deviceClipRectangle(of: cairo)
    else { return false }
    var toDevice = cairo_matrix_t()
    cairo_get_matrix(cairo, &toDevice)
    // A surface pixel is a device point moved by the surface's device offset (a group's
    // surface starts at its clip).
    var offsetX = 0.0
    var offsetY = 0.0
    cairo_surface_get_device_offset(target, &offsetX, &offsetY)
    let columns = max(clip.minX + Int(offsetX), 0)..<min(clip.maxX + Int(offsetX), Int(cairo_image_surface_get_width(target)))
    let rows = max(clip.minY + Int(offsetY), 0)..<min(clip.maxY + Int(offsetY), Int(cairo_image_surface_get_height(target)))
    let fade = Int((min(max(opacity, 0), 1) * 255).rounded())
    guard !columns.isEmpty, !rows.isEmpty, fade > 0 else { return true }
    cairo_surface_flush(target)
    guard let targetData = cairo_image_surface_get_data(target) else { return false }
    // Store pixel = scale · layer point + origin, layer point = (device point − translation) / device scale.
    let horizontal = BilinearCompositor.AxisMap(
      scale: scaleX / toDevice.xx, offset: store.originX - scaleX * (toDevice.x0 + offsetX) / toDevice.xx)
    let vertical = BilinearCompositor.AxisMap(
      scale: scaleY / toDevice.yy, offset: store.originY - scaleY * (toDevice.y0 + offsetY) / toDevice.yy)
    let targetPixelsPerRow = Int(cairo_image_surface_get_stride(target)) / 4
    guard let storeData = cairo_image_surface_get_data(store.surface) else { return false }
    let source = BilinearCompositor.Source(
      bytes: UnsafeRawPointer(storeData), bytesPerRow: Int(cairo_image_surface_get_stride(store.surface)), ink: store.ink)
    targetData.withMemoryRebound(to: UInt32.self, capacity: targetPixelsPerRow * rows.upperBound) { targetPixels in
      BilinearCompositor.compositeOver(
        source, onto: targetPixels,
        pixelsPerRow: targetPixelsPerRow, columns: columns, rows: rows, horizontal: horizontal, vertical: vertical,
        opacity: fade)
    }
    cairo_surface_mark_dirty(target)
    backingStores.compositedAsInk += 1
    return true
  }

  /// Lays `ink` at `opacity` through the alpha-only `group` (drawn at the current device
  /// position) with `CoverageCompositor`, visiting only `runs`, when the drawing state allows
  /// it: an image surface of premultiplied pixels, the plain `over` operator, a clip that is one
  /// rectangle of whole device pixels and a group lying on whole pixels. False otherwise, and
  /// Cairo composites the group instead. The pixels are pixman's to the bit.
  func compositeCoverage(
    _ group: OpaquePointer, runs: InkRuns, ink: Color, opacity: Double, in cairo: OpaquePointer
  ) -> Bool {
    guard compositesCoverage, cairo_get_operator(cairo) == CAIRO_OPERATOR_OVER, let target = cairo_get_group_target(cairo),
      cairo_surface_get_type(target) == CAIRO_SURFACE_TYPE_IMAGE,
      cairo_image_surface_get_format(target) == CAIRO_FORMAT_ARGB32,
      let clip = deviceClipRectangle(of: cairo)
    else { return false }
    var maskSurface: OpaquePointer?
    guard cairo_pattern_get_surface(group, &maskSurface) == CAIRO_STATUS_SUCCESS, let maskSurface,
      cairo_surface_get_type(maskSurface) == CAIRO_SURFACE_TYPE_IMAGE,
      cairo_image_surface_get_format(maskSurface) == CAIRO_FORMAT_A8,
      Int(cairo_image_surface_get_width(maskSurface)) == runs.width,
      Int(cairo_image_surface_get_height(maskSurface)) == runs.height
    else { return false }
    var patternMatrix = cairo_matrix_t()
    cairo_pattern_get_matrix(group, &patternMatrix)
    var toDevice = cairo_matrix_t()
    cairo_get_matrix(cairo, &toDevice)
    // The group's pixel (0, 0) lies at the device point its offset names (see
    // `placeInDeviceSpace`); a surface pixel is a device point moved by its own offset.
    var maskOffsetX = 0.0
    var maskOffsetY = 0.0
    cairo_surface_get_device_offset(maskSurface, &maskOffsetX, &maskOffsetY)
    var offsetX = 0.0
    var offsetY = 0.0
    cairo_surface_get_device_offset(target, &offsetX, &offsetY)
    let maskLeft = offsetX - maskOffsetX
    let maskTop = offsetY - maskOffsetY
    guard Self.isIdentity(patternMatrix), Self.isIdentity(toDevice),
      maskLeft == maskLeft.rounded(), maskTop == maskTop.rounded(), offsetX == offsetX.rounded(), offsetY == offsetY.rounded()
    else { return false }
    let columns = max(clip.minX + Int(offsetX), 0)..<min(clip.maxX + Int(offsetX), Int(cairo_image_surface_get_width(target)))
    let rows = max(clip.minY + Int(offsetY), 0)..<min(clip.maxY + Int(offsetY), Int(cairo_image_surface_get_height(target)))
    guard !columns.isEmpty, !rows.isEmpty else { return true }
    cairo_surface_flush(target)
    cairo_surface_flush(maskSurface)
    guard let targetData = cairo_image_surface_get_data(target), let maskData = cairo_image_surface_get_data(maskSurface)
    else { return false }
    let targetPixelsPerRow = Int(cairo_image_surface_get_stride(target)) / 4
    let mask = CoverageCompositor.Mask(
      bytes: UnsafePointer(maskData), bytesPerRow: Int(cairo_image_surface_get_stride(maskSurface)), ink: runs)
    targetData.withMemoryRebound(to: UInt32.self, capacity: targetPixelsPerRow * rows.upperBound) { targetPixels in
      CoverageCompositor.compositeOver(
        color: Self.solidPixel(ink, alpha: opacity), through: mask, maskLeft: Int(maskLeft), maskTop: Int(maskTop),
        onto: targetPixels, pixelsPerRow: targetPixelsPerRow, columns: columns, rows: rows)
    }
    cairo_surface_mark_dirty(target)
    coverageComposited += 1
    return true
  }

  /// Lays `ink` at `opacity` through the coverage mask `coverage` (`maskWidth` bytes a row,
  /// its pixel (0, 0) on pixel (`maskLeft`, `maskTop`)) over `pixels` (`width` a row), within
  /// `columns` × `rows`, with Cairo: pixman's `over_n_8_8888`, the compositor
  /// `compositeCoverage` stands in for, and the reference its tests hold it to.
  static func compositeWithCairo(
    ink: Color, opacity: Double, coverage: [UInt8], maskWidth: Int, maskLeft: Int, maskTop: Int,
    onto pixels: inout [UInt32], width: Int, columns: Range<Int>, rows: Range<Int>
  ) {
    let height = pixels.count / width
    let maskStride = Int(cairo_format_stride_for_width(CAIRO_FORMAT_A8, Int32(maskWidth)))
    let maskHeight = coverage.count / maskWidth
    var paddedCoverage = [UInt8](repeating: 0, count: maskStride * maskHeight)
    for y in 0..<maskHeight {
      for x in 0..<maskWidth { paddedCoverage[y * maskStride + x] = coverage[y * maskWidth + x] }
    }
    paddedCoverage.withUnsafeMutableBytes { maskBytes in
      pixels.withUnsafeMutableBytes { pixelBytes in
        let target = cairo_image_surface_create_for_data(
          pixelBytes.baseAddress!.assumingMemoryBound(to: UInt8.self), CAIRO_FORMAT_ARGB32, Int32(width), Int32(height),
          Int32(width * 4))
        let mask = cairo_image_surface_create_for_data(
          maskBytes.baseAddress!.assumingMemoryBound(to: UInt8.self), CAIRO_FORMAT_A8, Int32(maskWidth), Int32(maskHeight),
          Int32(maskStride))
        let cairo = cairo_create(target)
        cairo_rectangle(cairo, Double(columns.lowerBound), Double(rows.lowerBound), Double(columns.count), Double(rows.count))
        cairo_clip(cairo)
        cairo_set_source_rgba(cairo, ink.red, ink.green, ink.blue, opacity)
        cairo_mask_surface(cairo, mask, Double(maskLeft), Double(maskTop))
        cairo_destroy(cairo)
        cairo_surface_flush(target)
        cairo_surface_destroy(mask)
        cairo_surface_destroy(target)
      }
    }
  }

  static func isIdentity(_ matrix: cairo_matrix_t) -> Bool {
    matrix.xx == 1 && matrix.yx == 0 && matrix.xy == 0 && matrix.yy == 1 && matrix.x0 == 0 && matrix.y0 == 0
  }

  /// The premultiplied pixel Cairo hands pixman for `cairo_set_source_rgba(red, green, blue,
  /// alpha)`: each channel times alpha as a 16-bit value rounded to nearest, then its high
  /// byte (Cairo's `_cairo_color_compute_shorts`, pixman's solid fill).
  static func solidPixel(_ color: Color, alpha: Double) -> UInt32 {
    func short(_ value: Double) -> UInt32 { UInt32(min(max(value, 0), 1) * 65535 + 0.5) }
    let alpha = min(max(alpha, 0), 1)
    return (short(alpha) >> 8) << 24 | (short(color.red * alpha) >> 8) << 16 | (short(color.green * alpha) >> 8) << 8
      | short(color.blue * alpha) >> 8
  }

  /// The clip as one rectangle of whole device pixels, or `nil` when it is not one (rounded
  /// corners, several rectangles, a fraction of a pixel).
  func deviceClipRectangle(of cairo: OpaquePointer) -> (minX: Int, minY: Int, maxX: Int, maxY: Int)? {
    guard let rectangles = Self.deviceClipRectangles(of: cairo), rectangles.count == 1 else { return nil }
    let rectangle = rectangles[0]
    let values = [rectangle.x, rectangle.y, rectangle.x + rectangle.width, rectangle.y + rectangle.height]
    let whole = values.map { $0.rounded() }
    guard zip(values, whole).allSatisfy({ abs($0 - $1) < 1e-6 }) else { return nil }
    return (Int(whole[0]), Int(whole[1]), Int(whole[2]), Int(whole[3]))
  }

  /// Lays the alpha-only `group` at `alpha` over the alpha-only surface being drawn with
  /// `CoverageCompositor.layCoverage`, when the drawing state allows it: the plain `over`
  /// operator, a clip that is one rectangle of whole device pixels, and a group lying on whole
  /// pixels. False otherwise, and Cairo lays it. The bytes are pixman's to the bit.
  func layCoverageGroup(_ group: OpaquePointer, alpha: Double, in cairo: OpaquePointer) -> Bool {
    guard laysCoverageGroups, cairo_get_operator(cairo) == CAIRO_OPERATOR_OVER, let target = cairo_get_group_target(cairo),
      cairo_surface_get_type(target) == CAIRO_SURFACE_TYPE_IMAGE, cairo_image_surface_get_format(target) == CAIRO_FORMAT_A8,
      let clip = deviceClipRectangle(of: cairo)
    else { return false }
    var source: OpaquePointer?
    guard cairo_pattern_get_surface(group, &source) == CAIRO_STATUS_SUCCESS, let source,
      cairo_surface_get_type(source) == CAIRO_SURFACE_TYPE_IMAGE, cairo_image_surface_get_format(source) == CAIRO_FORMAT_A8
    else { return false }
    // Placed in device space, the group's pixel (0, 0) lies at the device point its offset
    // names (the placement Cairo would use, so a fallback to Cairo draws the same).
    var identity = cairo_matrix_t()
    cairo_matrix_init_identity(&identity)
    cairo_pattern_set_matrix(group, &identity)
    cairo_identity_matrix(cairo)
    var offsetX = 0.0
    var offsetY = 0.0
    cairo_surface_get_device_offset(target, &offsetX, &offsetY)
    var sourceOffsetX = 0.0
    var sourceOffsetY = 0.0
    cairo_surface_get_device_offset(source, &sourceOffsetX, &sourceOffsetY)
    let left = offsetX - sourceOffsetX
    let top = offsetY - sourceOffsetY
    guard left == left.rounded(), top == top.rounded(), offsetX == offsetX.rounded(), offsetY == offsetY.rounded()
    else { return false }
    let columns = max(clip.minX + Int(offsetX), 0)..<min(clip.maxX + Int(offsetX), Int(cairo_image_surface_get_width(target)))
    let rows = max(clip.minY + Int(offsetY), 0)..<min(clip.maxY + Int(offsetY), Int(cairo_image_surface_get_height(target)))
    guard !columns.isEmpty, !rows.isEmpty else { return true }
    cairo_surface_flush(target)
    cairo_surface_flush(source)
    guard let targetData = cairo_image_surface_get_data(target), let sourceData = cairo_image_surface_get_data(source)
    else { return false }
    let plane = PixelPlane(
      base: UnsafePointer(sourceData), elementsPerRow: Int(cairo_image_surface_get_stride(source)), left: Int(left),
      top: Int(top), width: Int(cairo_image_surface_get_width(source)), height: Int(cairo_image_surface_get_height(source)))
    CoverageCompositor.layCoverage(
      plane, share: UInt8(Self.solidPixel(Color(red: 0, green: 0, blue: 0), alpha: alpha) >> 24), onto: targetData,
      bytesPerRow: Int(cairo_image_surface_get_stride(target)), columns: columns, rows: rows)
    cairo_surface_mark_dirty(target)
    coverageGroupsLaid += 1
    return true
  }
}
