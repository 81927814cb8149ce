import CCairo
import SplashCore
import SplashModel

/// Compositing backing stores through their ink only, with splashvid's own compositor.
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

  /// The clip as one rectangle of whole device pixels, or `nil` when it is not one (rounded
  /// corners, several rectangles, a fraction of a pixel).
  private func deviceClipRectangle(of cairo: OpaquePointer) -> (minX: Int, minY: Int, maxX: Int, maxY: Int)? {
    guard let rectangles = Self.deviceClipRectangles(of: cairo), rectangles.count == 1 else { return nil }
    let rectangle = rectangles[0]
    let values = [rectangle.x, rectangle.y, rectangle.x + rectangle.width, rectangle.y + rectangle.height]
    let whole = values.map { $0.rounded() }
    guard zip(values, whole).allSatisfy({ abs($0 - $1) < 1e-6 }) else { return nil }
    return (Int(whole[0]), Int(whole[1]), Int(whole[2]), Int(whole[3]))
  }
}
