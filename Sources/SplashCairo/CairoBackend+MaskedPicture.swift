import CCairo
import SplashRaster

extension CairoBackend {
  /// Lays a masked layer's picture `content` (ARGB32) over the target through its drawn mask
  /// `mask` (A8) at `opacity`, a row's ink at a time (`CoverageCompositor`); false when the
  /// drawing state is not one the compositor handles (a clip that is not a rectangle of whole
  /// pixels, a luminance mask, pictures off whole pixels), and nothing has been drawn. Both
  /// patterns must be placed in device space (`placeInDeviceSpace`).
  ///
  /// A faded masked layer was masked by Cairo into a group the size of the clip, which was
  /// then painted with alpha: a group to allocate and clear and two passes over it, for every
  /// masked layer of a Lottie file in every frame (issue_1717's mattes). The compositor makes
  /// the same pixels in one pass over the mask's ink: the picture times the coverage, times
  /// Cairo's solid mask of the opacity (`solidAlpha`), laid over, each rounded as pixman does.
  func compositeMasked(_ content: OpaquePointer, through mask: OpaquePointer, opacity: Double, in cairo: OpaquePointer) -> Bool {
    // The formats first: asking for the target's clip costs more.
    guard fastPaths.compositesMaskedPictures, Self.imageSurface(behind: content, format: CAIRO_FORMAT_ARGB32) != nil,
      Self.imageSurface(behind: mask, format: CAIRO_FORMAT_A8) != nil,
      let target = devicePixelTarget(of: cairo, format: CAIRO_FORMAT_ARGB32),
      let picture = plane(of: content, format: CAIRO_FORMAT_ARGB32, as: UInt32.self, on: target),
      let coverage = plane(of: mask, format: CAIRO_FORMAT_A8, as: UInt8.self, on: target)
    else { return false }
    let columns = target.columns.clamped(to: picture.columns).clamped(to: coverage.columns)
    let rows = target.rows.clamped(to: picture.rows).clamped(to: coverage.rows)
    let alpha = Self.solidAlpha(opacity)
    // Outside the pictures' overlap, the picture or its mask is clear: nothing is laid there.
    let written =
      columns.isEmpty || rows.isEmpty || alpha == 0
      || writePixels(of: target, as: UInt32.self) { pixels, pixelsPerRow in
        for y in rows {
          // Both rows indexed by the target's column.
          let maskRow = coverage.base + (y - coverage.top) * coverage.elementsPerRow - coverage.left
          guard let ink = Self.inkedSpan(maskRow, within: columns) else { continue }
          let pictureRow = picture.base + (y - picture.top) * picture.elementsPerRow - picture.left
          CoverageCompositor.compositeOver(
            pixels: pictureRow + ink.lowerBound, through: maskRow + ink.lowerBound, opacity: alpha,
            onto: pixels + y * pixelsPerRow + ink.lowerBound, count: ink.count)
        }
      }
    if written { counters?.maskedPicturesComposited += 1 }
    return written
  }
}
