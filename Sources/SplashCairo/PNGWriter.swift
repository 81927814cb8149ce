import CCairo
import SplashCore
import SplashRender

/// Writes frames as PNG files.
public enum PNGWriter {
  /// Writes `buffer` to `path` as an 8-bit RGBA PNG, atomically (see `OutputFile`).
  ///
  /// - Throws: `OutputFileError` for a path that cannot be written, `RenderError` when Cairo
  ///   fails to encode or write the file.
  public static func write(_ buffer: PixelBuffer, to path: String) throws {
    let output = try OutputFile(destination: path)
    let drawing = try CairoContext(drawingInto: buffer)
    drawing.flush()
    let status = cairo_surface_write_to_png(drawing.surface, output.temporaryPath)
    guard status == CAIRO_STATUS_SUCCESS else {
      output.discard()
      throw RenderError(stage: "writing PNG \(path)", message: CairoContext.message(status))
    }
    try output.commit()
  }
}
