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
    try write(buffer, into: output)
    try output.commit()
  }

  /// Writes `buffer` to `output`'s temporary file and leaves committing it to the caller.
  public static func write(_ buffer: PixelBuffer, into output: OutputFile) throws {
    let drawing = try CairoContext(drawingInto: buffer)
    drawing.flush()
    let status = cairo_surface_write_to_png(drawing.surface, output.temporaryPath)
    guard status == CAIRO_STATUS_SUCCESS else {
      output.discard()
      throw RenderError(stage: "writing PNG \(output.destination)", message: CairoContext.message(status))
    }
  }
}
