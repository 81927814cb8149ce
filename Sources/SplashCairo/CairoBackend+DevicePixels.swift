import CCairo
import SplashCore
import SplashRaster
import SplashRender

/// Where splashvid's own compositors write: the image surface being drawn on, the whole pixels
/// of it the clip leaves, and pictures placed on it in whole pixels.
///
/// Each compositor stands in for Cairo only in that state; otherwise its caller lets Cairo
/// composite, to the same pixels.
extension CairoBackend {
  /// The image surface being drawn on and the pixels of it (in its own coordinates) the clip
  /// leaves.
  struct DevicePixelTarget {
    var surface: OpaquePointer
    var offsetX: Double
    var offsetY: Double
    var columns: Range<Int>
    var rows: Range<Int>
  }

  /// The surface being drawn on, when it is an image in `format` at a whole-pixel offset and
  /// the clip is one rectangle of whole device pixels.
  func devicePixelTarget(of cairo: OpaquePointer, format: cairo_format_t) -> DevicePixelTarget? {
    guard let (target, offsetX, offsetY) = imageSurface(of: cairo, format: format), let clip = deviceClipRectangle(of: cairo)
    else { return nil }
    let columns = max(clip.minX + Int(offsetX), 0)..<min(clip.maxX + Int(offsetX), Int(cairo_image_surface_get_width(target)))
    let rows = max(clip.minY + Int(offsetY), 0)..<min(clip.maxY + Int(offsetY), Int(cairo_image_surface_get_height(target)))
    return DevicePixelTarget(surface: target, offsetX: offsetX, offsetY: offsetY, columns: columns, rows: rows)
  }

  /// The surface being drawn on, when it is an image in `format` at a whole-pixel offset, with
  /// the whole pixels around `box` (device pixels) inside the clip's box: where a shape cut to
  /// `box` is rasterized when the clip holds rectangles at fractions of a pixel.
  func devicePixelTarget(of cairo: OpaquePointer, format: cairo_format_t, within box: DeviceBox) -> DevicePixelTarget? {
    guard let (target, offsetX, offsetY) = imageSurface(of: cairo, format: format) else { return nil }
    // In the surface's pixels, within it: a box far off the frame is an empty range.
    let inSurface = box.intersection(Self.deviceClipBox(of: cairo))
    let width = Int(cairo_image_surface_get_width(target))
    let height = Int(cairo_image_surface_get_height(target))
    let left = (inSurface.left + offsetX).clamped(to: 0...width, rounding: .down)
    let right = (inSurface.right + offsetX).clamped(to: 0...width, rounding: .up)
    let top = (inSurface.top + offsetY).clamped(to: 0...height, rounding: .down)
    let bottom = (inSurface.bottom + offsetY).clamped(to: 0...height, rounding: .up)
    return DevicePixelTarget(
      surface: target, offsetX: offsetX, offsetY: offsetY, columns: left..<max(left, right), rows: top..<max(top, bottom))
  }

  /// The surface being drawn on and its device offset, when it is an image in `format` at a
  /// whole-pixel offset: a surface pixel is a device point moved by the offset (a group's
  /// surface starts at its clip).
  private func imageSurface(of cairo: OpaquePointer, format: cairo_format_t) -> (OpaquePointer, Double, Double)? {
    guard let target = cairo_get_group_target(cairo), cairo_surface_get_type(target) == CAIRO_SURFACE_TYPE_IMAGE,
      cairo_image_surface_get_format(target) == format
    else { return nil }
    var offsetX = 0.0
    var offsetY = 0.0
    cairo_surface_get_device_offset(target, &offsetX, &offsetY)
    guard offsetX == offsetX.rounded(), offsetY == offsetY.rounded() else { return nil }
    return (target, offsetX, offsetY)
  }

  /// The image surface behind `pattern`, in `format`, as a plane of the target's pixels, when
  /// it lies on whole pixels. The pattern must be placed in device space: a popped group under
  /// the user space it was drawn in, or one given `placeInDeviceSpace`; its pixel (0, 0) then
  /// lies at the device point its offset names.
  func plane<Element>(
    of pattern: OpaquePointer, format: cairo_format_t, as: Element.Type, on target: DevicePixelTarget
  ) -> PixelPlane<Element>? {
    guard let surface = Self.imageSurface(behind: pattern, format: format) else { return nil }
    var offsetX = 0.0
    var offsetY = 0.0
    cairo_surface_get_device_offset(surface, &offsetX, &offsetY)
    let left = target.offsetX - offsetX
    let top = target.offsetY - offsetY
    guard left == left.rounded(), top == top.rounded() else { return nil }
    cairo_surface_flush(surface)
    guard let data = cairo_image_surface_get_data(surface) else { return nil }
    return PixelPlane(
      base: UnsafeRawPointer(data).assumingMemoryBound(to: Element.self),
      elementsPerRow: Int(cairo_image_surface_get_stride(surface)) / MemoryLayout<Element>.stride, left: Int(left),
      top: Int(top), width: Int(cairo_image_surface_get_width(surface)), height: Int(cairo_image_surface_get_height(surface)))
  }

  /// The image surface behind `pattern` (in `format`, when one is given), or `nil` when it
  /// draws from another kind.
  static func imageSurface(behind pattern: OpaquePointer, format: cairo_format_t? = nil) -> OpaquePointer? {
    var surface: OpaquePointer?
    guard cairo_pattern_get_surface(pattern, &surface) == CAIRO_STATUS_SUCCESS, let surface,
      cairo_surface_get_type(surface) == CAIRO_SURFACE_TYPE_IMAGE, format.map({ cairo_image_surface_get_format(surface) == $0 }) ?? true
    else { return nil }
    return surface
  }

  /// Hands `write` the target's pixels as `Element`s and how many make a row, then tells Cairo
  /// they changed; false when the surface has no pixels to give.
  func writePixels<Element>(
    of target: DevicePixelTarget, as: Element.Type, _ write: (UnsafeMutablePointer<Element>, Int) throws -> Void
  ) rethrows -> Bool {
    cairo_surface_flush(target.surface)
    guard let data = cairo_image_surface_get_data(target.surface) else { return false }
    // Told even when `write` throws: it may have written some.
    defer { cairo_surface_mark_dirty(target.surface) }
    let elementsPerRow = Int(cairo_image_surface_get_stride(target.surface)) / MemoryLayout<Element>.stride
    try UnsafeMutableRawPointer(data).withMemoryRebound(
      to: Element.self, capacity: elementsPerRow * Int(cairo_image_surface_get_height(target.surface))
    ) { try write($0, elementsPerRow) }
    return true
  }
}
