import CCairo
import SplashRaster

extension CairoBackend {
  /// Lays a masked layer's picture `content` (ARGB32) over the target through its drawn mask
  /// `mask` (A8) at `opacity`, a row's ink at a time (`CoverageCompositor`); false when the
  /// drawing state is not one the compositor handles (a luminance mask, pictures off whole
  /// pixels, a faded picture under a clip that is not a rectangle of whole pixels), and
  /// nothing has been drawn. Both patterns must be placed in device space
  /// (`placeInDeviceSpace`).
  ///
  /// A faded masked layer was masked by Cairo into a group the size of the clip, which was
  /// then painted with alpha: a group to allocate and clear and two passes over it, for every
  /// masked layer of a Lottie file in every frame (issue_1717's mattes). The compositor makes
  /// the same pixels in one pass over the ink: the picture times the coverage, times Cairo's
  /// solid mask of the opacity (`solidAlpha`), laid over, each rounded as pixman does. Only
  /// where both the mask and the picture have ink: an inverted matte covers the whole box of a
  /// thin stroke it cuts (issue_1717's trail), which Cairo walks pixel by pixel.
  func compositeMasked(_ content: OpaquePointer, through mask: OpaquePointer, opacity: Double, in cairo: OpaquePointer) -> Bool {
    // The formats first: asking for the target's clip costs more.
    guard fastPaths.compositesMaskedPictures, Self.imageSurface(behind: content, format: CAIRO_FORMAT_ARGB32) != nil,
      Self.imageSurface(behind: mask, format: CAIRO_FORMAT_A8) != nil
    else { return false }
    if let target = devicePixelTarget(of: cairo, format: CAIRO_FORMAT_ARGB32) {
      return compositeMasked(content, through: mask, opacity: opacity, onto: target, partlyClipped: nil)
    }
    // A faded picture under a clip that covers pixels in part is clipped twice by Cairo, once
    // masked into its group and once painted with alpha: that is left to it.
    guard opacity >= 1, let target = partlyClippedPixelTarget(of: cairo, format: CAIRO_FORMAT_ARGB32) else { return false }
    return compositeMasked(content, through: mask, opacity: opacity, onto: target, partlyClipped: cairo)
  }

  /// `compositeMasked` onto `target`, also through the coverage of the clip of `partlyClipped`
  /// when one is given.
  private func compositeMasked(
    _ content: OpaquePointer, through mask: OpaquePointer, opacity: Double, onto target: DevicePixelTarget,
    partlyClipped: OpaquePointer?
  ) -> Bool {
    guard let picture = plane(of: content, format: CAIRO_FORMAT_ARGB32, as: UInt32.self, on: target),
      let coverage = plane(of: mask, format: CAIRO_FORMAT_A8, as: UInt8.self, on: target)
    else { return false }
    let columns = target.columns.clamped(to: picture.columns).clamped(to: coverage.columns)
    let rows = target.rows.clamped(to: picture.rows).clamped(to: coverage.rows)
    let alpha = Self.solidAlpha(opacity)
    // Outside the pictures' overlap, the picture or its mask is clear: nothing is laid there.
    guard !columns.isEmpty, !rows.isEmpty, alpha != 0 else { return true }
    var clip: (pattern: OpaquePointer, plane: PixelPlane<UInt8>)?
    if let partlyClipped {
      clip = clipCoverage(columns: columns, rows: rows, on: target, in: partlyClipped)
      guard clip != nil else { return false }
    }
    defer { clip.map { cairo_pattern_destroy($0.pattern) } }
    let product = coverageScratch.elements(max(columns.count, 1))
    let written = writePixels(of: target, as: UInt32.self) { pixels, pixelsPerRow in
      for y in rows {
        // The rows indexed by the target's column.
        let maskRow = coverage.base + (y - coverage.top) * coverage.elementsPerRow - coverage.left
        let pictureRow = picture.base + (y - picture.top) * picture.elementsPerRow - picture.left
        guard let masked = Self.inkedSpan(maskRow, within: columns),
          let ink = Self.inkedSpan(pictureRow, within: masked)
        else { continue }
        var through = maskRow + ink.lowerBound
        if let clip = clip?.plane {
          clip.clip(through, row: y, columns: ink, into: product)
          through = UnsafePointer(product)
        }
        CoverageCompositor.compositeOver(
          pixels: pictureRow + ink.lowerBound, through: through, opacity: alpha, onto: pixels + y * pixelsPerRow + ink.lowerBound,
          count: ink.count)
      }
    }
    if written { counters?.maskedPicturesComposited += 1 }
    return written
  }

  /// The columns of `columns` from the first element that is not zero to the last, or `nil`
  /// when all are zero; `elements` holds the row's element for column 0: a picture's pixel
  /// (`UInt32`) or a mask's coverage byte (`UInt8`).
  ///
  /// Eight elements are looked at together, the 64-bit words that hold them OR-ed into one
  /// (four words for pixels, one for coverage): a masked picture is clear over most of its
  /// mask's ink (issue_1717's letterboxed layers), and compared as four-lane vectors the scan
  /// of pixels cost more than the compositing it saved.
  static func inkedSpan<Element: FixedWidthInteger & UnsignedInteger>(
    _ elements: UnsafePointer<Element>, within columns: Range<Int>
  ) -> Range<Int>? {
    let bytes = UnsafeRawPointer(elements)
    /// Whether the eight elements from column `x` on are all zero.
    @inline(__always) func clear8(_ x: Int) -> Bool {
      let offset = x &* MemoryLayout<Element>.size
      var word: UInt64 = 0
      for index in 0..<MemoryLayout<Element>.size { word |= bytes.loadUnaligned(fromByteOffset: offset &+ 8 &* index, as: UInt64.self) }
      return word == 0
    }
    var first = columns.lowerBound
    while first &+ 8 <= columns.upperBound, clear8(first) { first &+= 8 }
    while first < columns.upperBound, elements[first] == 0 { first &+= 1 }
    guard first < columns.upperBound else { return nil }
    var end = columns.upperBound
    while end &- 8 >= first, clear8(end &- 8) { end &-= 8 }
    while elements[end &- 1] == 0 { end &-= 1 }
    return first..<end
  }
}
