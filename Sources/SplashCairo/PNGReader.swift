import CCairo
import SplashCore
import SplashFiles
import SplashRender

/// Reads PNG files into pixel buffers (for golden images and tools).
public enum PNGReader {
  /// The image at `path` as premultiplied BGRA.
  ///
  /// - Throws: `RenderError` when the file is missing, not a regular file (Cairo would block
  ///   opening a FIFO) or not a PNG Cairo can read.
  public static func read(_ path: String) throws -> PixelBuffer {
    do {
      try InputFile.check(path, what: "a PNG file")
    } catch let error as InputFileError {
      throw RenderError(stage: "reading PNG \(path)", message: "expected \(error.expected), found \(error.found)")
    }
    guard let surface = cairo_image_surface_create_from_png(path) else {
      throw RenderError(stage: "reading PNG \(path)", message: "cairo returned no surface")
    }
    defer { cairo_surface_destroy(surface) }
    let status = cairo_surface_status(surface)
    guard status == CAIRO_STATUS_SUCCESS else {
      throw RenderErrorFactory.make(stage: "reading PNG \(path)", status: status)
    }
    let width = Int(cairo_image_surface_get_width(surface))
    let height = Int(cairo_image_surface_get_height(surface))
    guard let buffer = PixelBuffer(width: width, height: height) else {
      throw RenderError(stage: "reading PNG \(path)", message: "\(width)x\(height) is out of range")
    }
    // Draw it into the buffer so every format Cairo reads (RGB24, A8 …) arrives as ARGB32.
    let drawing = try CairoContext(drawingInto: buffer)
    cairo_set_source_surface(drawing.context, surface, 0, 0)
    cairo_set_operator(drawing.context, CAIRO_OPERATOR_SOURCE)
    cairo_paint(drawing.context)
    drawing.flush()
    return buffer
  }
}
