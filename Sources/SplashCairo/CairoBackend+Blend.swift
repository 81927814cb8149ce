import CCairo
import SplashCore
import SplashModel
import SplashRaster

/// Laying groups with a multiply or screen blend mode with splashvid's own `BlendCompositor`.
///
/// pixman has no fast path for blend modes, and its general path costs more than the rest of
/// a frame for a layer the size of the frame. The path is taken only when the drawing state is
/// one the compositor handles; otherwise Cairo composites as before, to the same pixels.
extension CairoBackend {
  /// Lays the opacity group `group` (an alpha-only group standing for `ink`, or a picture) at
  /// `opacity` with `blendMode`, when the drawing state allows it (see `devicePixelTarget`;
  /// the group placed in device space, on whole pixels). False otherwise, and Cairo lays it.
  func compositeBlended(
    _ group: OpaquePointer, ink: Color?, opacity: Double, blendMode: BlendMode, in cairo: OpaquePointer
  ) -> Bool {
    guard let mode = Self.compositorMode(blendMode), let target = blendTarget(of: cairo) else { return false }
    if let ink {
      guard let coverage = plane(of: group, format: CAIRO_FORMAT_A8, as: UInt8.self, on: target) else { return false }
      return composite(mode, source: .color(Self.solidPixel(ink, alpha: opacity)), share: .coverage(coverage), onto: target)
    }
    guard let picture = plane(of: group, format: CAIRO_FORMAT_ARGB32, as: UInt32.self, on: target) else { return false }
    // Cairo hands pixman the opacity as a solid mask (see `solidAlpha`).
    let share = Self.solidAlpha(opacity)
    return composite(mode, source: .pixels(picture), share: .uniform(share), onto: target)
  }

  /// Lays the picture `content` through the alpha-only `mask` with `blendMode`, under the same
  /// conditions as above.
  func compositeBlended(
    _ content: OpaquePointer, through mask: OpaquePointer, blendMode: BlendMode, in cairo: OpaquePointer
  ) -> Bool {
    guard let mode = Self.compositorMode(blendMode), let target = blendTarget(of: cairo),
      let picture = plane(of: content, format: CAIRO_FORMAT_ARGB32, as: UInt32.self, on: target),
      let coverage = plane(of: mask, format: CAIRO_FORMAT_A8, as: UInt8.self, on: target)
    else { return false }
    return composite(mode, source: .pixels(picture), share: .coverage(coverage), onto: target)
  }

  static func compositorMode(_ blendMode: BlendMode) -> BlendCompositor.Mode? {
    switch blendMode {
    case .multiply: .multiply
    case .screen: .screen
    default: nil
    }
  }

  private func blendTarget(of cairo: OpaquePointer) -> DevicePixelTarget? {
    guard fastPaths.composesBlendModes else { return nil }
    return devicePixelTarget(of: cairo, format: CAIRO_FORMAT_ARGB32)
  }

  private func composite(
    _ mode: BlendCompositor.Mode, source: BlendCompositor.Source, share: BlendCompositor.Share, onto target: DevicePixelTarget
  ) -> Bool {
    guard !target.columns.isEmpty, !target.rows.isEmpty else { return true }
    let written = writePixels(of: target, as: UInt32.self) { pixels, pixelsPerRow in
      BlendCompositor.composite(
        mode, source: source, share: share, onto: pixels, pixelsPerRow: pixelsPerRow, columns: target.columns,
        rows: target.rows)
    }
    if written { counters?.blendModesComposited += 1 }
    return written
  }

  /// Lays a picture (`picture`, its pixel (0, 0) on pixel (`left`, `top`)) or `ink`, through
  /// `coverage` or at `opacity`, onto `pixels` (`width` a row) with `mode`, within `columns` ×
  /// `rows`, with Cairo: pixman's general path, the compositor `compositeBlended` stands in
  /// for, and the reference its tests hold it to.
  static func blendWithCairo(
    _ mode: BlendMode, picture: (pixels: [UInt32], width: Int, left: Int, top: Int)?, ink: Color,
    coverage: (bytes: [UInt8], width: Int, left: Int, top: Int)?, opacity: Double,
    onto pixels: inout [UInt32], width: Int, columns: Range<Int>, rows: Range<Int>
  ) {
    var picturePixels = picture?.pixels ?? [0]
    let pictureWidth = picture?.width ?? 1
    let pictureHeight = picturePixels.count / pictureWidth
    let maskWidth = coverage?.width ?? 1
    let maskStride = Int(cairo_format_stride_for_width(CAIRO_FORMAT_A8, Int32(maskWidth)))
    let maskHeight = (coverage?.bytes.count ?? 1) / maskWidth
    var paddedCoverage = [UInt8](repeating: 0, count: maskStride * maskHeight)
    if let coverage {
      for y in 0..<maskHeight {
        for x in 0..<maskWidth { paddedCoverage[y * maskStride + x] = coverage.bytes[y * maskWidth + x] }
      }
    }
    let height = pixels.count / width
    paddedCoverage.withUnsafeMutableBytes { maskBytes in
      picturePixels.withUnsafeMutableBytes { pictureBytes in
        pixels.withUnsafeMutableBytes { pixelBytes in
          let target = cairo_image_surface_create_for_data(
            pixelBytes.baseAddress!.assumingMemoryBound(to: UInt8.self), CAIRO_FORMAT_ARGB32, Int32(width), Int32(height),
            Int32(width * 4))
          let source = cairo_image_surface_create_for_data(
            pictureBytes.baseAddress!.assumingMemoryBound(to: UInt8.self), CAIRO_FORMAT_ARGB32, Int32(pictureWidth),
            Int32(pictureHeight), Int32(pictureWidth * 4))
          let mask = cairo_image_surface_create_for_data(
            maskBytes.baseAddress!.assumingMemoryBound(to: UInt8.self), CAIRO_FORMAT_A8, Int32(maskWidth), Int32(maskHeight),
            Int32(maskStride))
          // A context of its own, never asked for its clip rectangle: Cairo's calls, uncounted.
          let cairo = CCairo.cairo_create(target)
          cairo_rectangle(cairo, Double(columns.lowerBound), Double(rows.lowerBound), Double(columns.count), Double(rows.count))
          CCairo.cairo_clip(cairo)
          cairo_set_operator(cairo, cairoOperator(mode))
          if let picture {
            cairo_set_source_surface(cairo, source, Double(picture.left), Double(picture.top))
          } else {
            cairo_set_source_rgba(cairo, ink.red, ink.green, ink.blue, opacity)
          }
          if let coverage {
            cairo_mask_surface(cairo, mask, Double(coverage.left), Double(coverage.top))
          } else {
            cairo_paint_with_alpha(cairo, opacity)
          }
          cairo_destroy(cairo)
          cairo_surface_flush(target)
          cairo_surface_destroy(mask)
          cairo_surface_destroy(source)
          cairo_surface_destroy(target)
        }
      }
    }
  }
}
