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

  /// `buffer` as the bytes of an 8-bit RGBA PNG file, the same bytes `write` puts in a file.
  ///
  /// - Throws: `RenderError` when Cairo fails to encode it.
  public static func encoded(_ buffer: PixelBuffer) throws -> [UInt8] {
    let drawing = try CairoContext(drawingInto: buffer)
    drawing.flush()
    let collected = EncodedBytes()
    let status = withExtendedLifetime(collected) {
      cairo_surface_write_to_png_stream(drawing.surface, appendEncoded, Unmanaged.passUnretained(collected).toOpaque())
    }
    guard status == CAIRO_STATUS_SUCCESS else {
      throw RenderError(stage: "encoding a PNG", message: CairoContext.message(status))
    }
    return collected.bytes
  }
}

/// The bytes Cairo's PNG stream writes, gathered in order.
private final class EncodedBytes {
  var bytes: [UInt8] = []
}

private let appendEncoded: cairo_write_func_t = { closure, data, length in
  guard let closure, let data else { return CAIRO_STATUS_WRITE_ERROR }
  Unmanaged<EncodedBytes>.fromOpaque(closure).takeUnretainedValue().bytes += UnsafeBufferPointer(start: data, count: Int(length))
  return CAIRO_STATUS_SUCCESS
}
