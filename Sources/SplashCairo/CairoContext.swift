import CCairo
import SplashCore
import SplashRender

/// An owning wrapper of a Cairo image surface drawn straight into a `PixelBuffer`, and its
/// drawing context.
///
/// Both are checked right after creation; `deinit` releases them. The buffer is retained for as
/// long as the surface points into its memory.
final class CairoContext {
  let surface: OpaquePointer
  let context: OpaquePointer
  let buffer: PixelBuffer

  init(drawingInto buffer: PixelBuffer) throws {
    let data = buffer.bytes.assumingMemoryBound(to: UInt8.self)
    guard
      let surface = cairo_image_surface_create_for_data(
        data, CAIRO_FORMAT_ARGB32, Int32(buffer.width), Int32(buffer.height), Int32(buffer.bytesPerRow))
    else {
      throw RenderError(stage: "creating a drawing surface", message: "cairo returned no surface")
    }
    let surfaceStatus = cairo_surface_status(surface)
    guard surfaceStatus == CAIRO_STATUS_SUCCESS else {
      cairo_surface_destroy(surface)
      throw RenderError(stage: "creating a drawing surface", message: Self.message(surfaceStatus))
    }
    guard let context = cairo_create(surface) else {
      cairo_surface_destroy(surface)
      throw RenderError(stage: "creating a drawing context", message: "cairo returned no context")
    }
    let contextStatus = cairo_status(context)
    guard contextStatus == CAIRO_STATUS_SUCCESS else {
      cairo_destroy(context)
      cairo_surface_destroy(surface)
      throw RenderError(stage: "creating a drawing context", message: Self.message(contextStatus))
    }
    self.surface = surface
    self.context = context
    self.buffer = buffer
  }

  deinit {
    cairo_destroy(context)
    cairo_surface_destroy(surface)
  }

  /// Throws if any drawing call so far failed (Cairo records the first error on the context).
  func checkStatus(stage: String) throws {
    let status = cairo_status(context)
    guard status == CAIRO_STATUS_SUCCESS else {
      throw RenderError(stage: stage, message: Self.message(status))
    }
  }

  /// Makes sure everything drawn has reached the buffer's memory.
  func flush() {
    cairo_surface_flush(surface)
  }

  static func message(_ status: cairo_status_t) -> String {
    String(cString: cairo_status_to_string(status))
  }
}
