import CCairo
import SplashCore
import SplashFiles
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
  ///
  /// The bytes go through `OutputFile.write`, not Cairo's own file writer, whose one message
  /// for every failure ("error while writing to output stream") does not say that the disk is
  /// full.
  ///
  /// - Throws: `OutputFileError` with the system's reason when a write fails, `RenderError`
  ///   when Cairo fails to encode; the temporary file is discarded either way.
  public static func write(_ buffer: PixelBuffer, into output: OutputFile) throws {
    let drawing = try CairoContext(drawingInto: buffer)
    drawing.flush()
    let writing = FileWriting(output)
    let status = withExtendedLifetime(writing) {
      cairo_surface_write_to_png_stream(drawing.surface, writeToFile, Unmanaged.passUnretained(writing).toOpaque())
    }
    guard status == CAIRO_STATUS_SUCCESS else {
      output.discard()
      if let error = writing.error { throw error }
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

/// An output file Cairo's PNG stream writes into, with the first write's error.
private final class FileWriting {
  let output: OutputFile
  var error: (any Error)?

  init(_ output: OutputFile) { self.output = output }
}

private let writeToFile: cairo_write_func_t = { closure, data, length in
  guard let closure, let data else { return CAIRO_STATUS_WRITE_ERROR }
  let writing = Unmanaged<FileWriting>.fromOpaque(closure).takeUnretainedValue()
  do {
    try writing.output.write(UnsafeRawBufferPointer(start: data, count: Int(length)))
    return CAIRO_STATUS_SUCCESS
  } catch {
    writing.error = error
    return CAIRO_STATUS_WRITE_ERROR
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
