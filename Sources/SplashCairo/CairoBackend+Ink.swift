import CCairo
import SplashCore
import SplashModel
import SplashRaster

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
    guard cairo_get_operator(cairo) == CAIRO_OPERATOR_OVER,
      let target = devicePixelTarget(of: cairo, format: CAIRO_FORMAT_ARGB32)
    else { return false }
    let fade = Int((opacity.clampedToUnit * 255).rounded())
    guard !target.columns.isEmpty, !target.rows.isEmpty, fade > 0 else { return true }
    var toDevice = cairo_matrix_t()
    cairo_get_matrix(cairo, &toDevice)
    // Store pixel = scale · layer point + origin, layer point = (device point − translation) / device scale.
    let horizontal = BilinearCompositor.AxisMap(
      scale: scaleX / toDevice.xx, offset: store.originX - scaleX * (toDevice.x0 + target.offsetX) / toDevice.xx)
    let vertical = BilinearCompositor.AxisMap(
      scale: scaleY / toDevice.yy, offset: store.originY - scaleY * (toDevice.y0 + target.offsetY) / toDevice.yy)
    guard let storeData = cairo_image_surface_get_data(store.surface) else { return false }
    let source = BilinearCompositor.Source(
      bytes: UnsafeRawPointer(storeData), bytesPerRow: Int(cairo_image_surface_get_stride(store.surface)), ink: store.ink)
    let written = writePixels(of: target, as: UInt32.self) { pixels, pixelsPerRow in
      BilinearCompositor.compositeOver(
        source, onto: pixels, pixelsPerRow: pixelsPerRow, columns: target.columns, rows: target.rows,
        horizontal: horizontal, vertical: vertical, opacity: fade)
    }
    if written { counters?.storesCompositedAsInk += 1 }
    return written
  }

  /// Lays `ink` at `opacity` through the alpha-only `group` (drawn at the current device
  /// position) with `CoverageCompositor`, visiting only `runs`, when the drawing state allows
  /// it: an image surface of premultiplied pixels, the plain `over` operator, a clip that is one
  /// rectangle of whole device pixels and a group lying on whole pixels. False otherwise, and
  /// Cairo composites the group instead. The pixels are pixman's to the bit.
  func compositeCoverage(
    _ group: OpaquePointer, runs: InkRuns, ink: Color, opacity: Double, in cairo: OpaquePointer
  ) -> Bool {
    guard fastPaths.compositesCoverage, cairo_get_operator(cairo) == CAIRO_OPERATOR_OVER,
      let target = devicePixelTarget(of: cairo, format: CAIRO_FORMAT_ARGB32),
      let coverage = plane(of: group, format: CAIRO_FORMAT_A8, as: UInt8.self, on: target),
      coverage.width == runs.width, coverage.height == runs.height
    else { return false }
    guard !target.columns.isEmpty, !target.rows.isEmpty else { return true }
    let mask = CoverageCompositor.Mask(bytes: coverage.base, bytesPerRow: coverage.elementsPerRow, ink: runs)
    let written = writePixels(of: target, as: UInt32.self) { pixels, pixelsPerRow in
      CoverageCompositor.compositeOver(
        color: Self.solidPixel(ink, alpha: opacity), through: mask, maskLeft: coverage.left, maskTop: coverage.top,
        onto: pixels, pixelsPerRow: pixelsPerRow, columns: target.columns, rows: target.rows)
    }
    if written { counters?.coverageComposited += 1 }
    return written
  }

  /// Lays `ink` at `opacity` through the coverage mask `coverage` (`maskWidth` bytes a row,
  /// its pixel (0, 0) on pixel (`maskLeft`, `maskTop`)) over `pixels` (`width` a row), within
  /// `columns` × `rows`, with Cairo: pixman's `over_n_8_8888`, the compositor
  /// `compositeCoverage` stands in for, and the reference its tests hold it to.
  static func compositeWithCairo(
    ink: Color, opacity: Double, coverage: [UInt8], maskWidth: Int, maskLeft: Int, maskTop: Int,
    onto pixels: inout [UInt32], width: Int, columns: Range<Int>, rows: Range<Int>
  ) {
    blendWithCairo(
      .normal, picture: nil, ink: ink, coverage: (coverage, maskWidth, maskLeft, maskTop), opacity: opacity, onto: &pixels,
      width: width, columns: columns, rows: rows)
  }

  /// The premultiplied pixel Cairo hands pixman for `cairo_set_source_rgba(red, green, blue,
  /// alpha)`: each channel, clamped to 0…1 as Cairo clamps it (`_cairo_color_init_rgba`),
  /// times alpha as a 16-bit value rounded to nearest, then its high byte (Cairo's
  /// `_cairo_color_compute_shorts`, pixman's solid fill). A colour eased past its keyframes
  /// (a timing function overshooting) lies outside 0…1.
  static func solidPixel(_ color: Color, alpha: Double) -> UInt32 {
    func short(_ value: Double) -> UInt32 { UInt32(value * 65535 + 0.5) }
    let alpha = alpha.clampedToUnit
    return (short(alpha) >> 8) << 24 | (short(color.red.clampedToUnit * alpha) >> 8) << 16
      | (short(color.green.clampedToUnit * alpha) >> 8) << 8 | short(color.blue.clampedToUnit * alpha) >> 8
  }

  /// The 8-bit alpha of Cairo's solid mask for `cairo_paint_with_alpha(alpha)` (and of a colour
  /// at that alpha): what pixman multiplies each pixel by (see `solidPixel`).
  static func solidAlpha(_ alpha: Double) -> UInt8 {
    UInt8(solidPixel(Color(red: 0, green: 0, blue: 0), alpha: alpha) >> 24)
  }

  /// The clip as one rectangle of whole device pixels, or `nil` when it is not one (rounded
  /// corners, several rectangles, a fraction of a pixel).
  ///
  /// Asked before every shape the rasterizer draws, so it reads Cairo's list in place: made
  /// into arrays, the rectangle and its rounded sides were three allocations a shape, more
  /// than the rest of the question.
  ///
  /// Answered from the last rectangle found for the same context while no call that may change
  /// its clip came between (see `CairoBackend+ClipChanges`); a debug build asks Cairo too and
  /// checks that the two agree.
  func deviceClipRectangle(of cairo: OpaquePointer) -> (minX: Int, minY: Int, maxX: Int, maxY: Int)? {
    if let last = lastDeviceClipRectangle, last.cairo == cairo, last.clipChanges == clipChanges {
      assert(
        Self.sameRectangle(last.rectangle, Self.askedDeviceClipRectangle(of: cairo)),
        "a call changed the clip without being counted (CairoBackend+ClipChanges)")
      return last.rectangle
    }
    let rectangle = Self.askedDeviceClipRectangle(of: cairo)
    lastDeviceClipRectangle = (cairo, clipChanges, rectangle)
    return rectangle
  }

  /// Whether two answers of `deviceClipRectangle(of:)` are the same.
  static func sameRectangle(
    _ a: (minX: Int, minY: Int, maxX: Int, maxY: Int)?, _ b: (minX: Int, minY: Int, maxX: Int, maxY: Int)?
  ) -> Bool {
    switch (a, b) {
    case (nil, nil): true
    case (let a?, let b?): a == b
    default: false
    }
  }

  /// `deviceClipRectangle(of:)` as Cairo answers it now.
  static func askedDeviceClipRectangle(of cairo: OpaquePointer) -> (minX: Int, minY: Int, maxX: Int, maxY: Int)? {
    /// `value` as a whole number, when it is one within a millionth.
    func whole(_ value: Double) -> Int? {
      let rounded = value.rounded()
      return abs(value - rounded) < 1e-6 ? Int(rounded) : nil
    }
    // Nil when the clip is no set of rectangles, and nil inside when it is not one whole one.
    return Self.withDeviceClipRectangles(of: cairo) { rectangles -> (minX: Int, minY: Int, maxX: Int, maxY: Int)? in
      guard rectangles.count == 1 else { return nil }
      let rectangle = rectangles[0]
      guard let minX = whole(rectangle.x), let minY = whole(rectangle.y), let maxX = whole(rectangle.x + rectangle.width),
        let maxY = whole(rectangle.y + rectangle.height)
      else { return nil }
      return (minX, minY, maxX, maxY)
    } ?? nil
  }

  /// Lays the alpha-only `group` at `alpha` over the alpha-only surface being drawn with
  /// `CoverageCompositor.layCoverage`, when the drawing state allows it: the plain `over`
  /// operator, a clip that is one rectangle of whole device pixels, and a group lying on whole
  /// pixels. False otherwise, and Cairo lays it. The bytes are pixman's to the bit.
  func layCoverageGroup(_ group: OpaquePointer, alpha: Double, in cairo: OpaquePointer) -> Bool {
    guard fastPaths.laysCoverageGroups, cairo_get_operator(cairo) == CAIRO_OPERATOR_OVER else { return false }
    // Placed in device space (the placement Cairo would use, so a fallback to Cairo draws the
    // same).
    placeInDeviceSpace(group, in: cairo)
    guard let target = devicePixelTarget(of: cairo, format: CAIRO_FORMAT_A8),
      let coverage = plane(of: group, format: CAIRO_FORMAT_A8, as: UInt8.self, on: target)
    else { return false }
    guard !target.columns.isEmpty, !target.rows.isEmpty else { return true }
    let share = Self.solidAlpha(alpha)
    let written = writePixels(of: target, as: UInt8.self) { bytes, bytesPerRow in
      CoverageCompositor.layCoverage(
        coverage, share: share, onto: bytes, bytesPerRow: bytesPerRow, columns: target.columns, rows: target.rows)
    }
    if written { counters?.coverageGroupsLaid += 1 }
    return written
  }

}
