import CCairo
import CGdkPixbuf
import SplashCore
import SplashRender

/// A decoded image as a Cairo surface (premultiplied ARGB32), owned and freed with the value.
final class CairoImage {
  let surface: OpaquePointer
  let width: Int
  let height: Int

  /// The most pixels an image may have: 50 megapixels (a 7071×7071 square), far above any
  /// splash artwork, and refused before decoding so a decompression bomb never allocates.
  static let maximumPixels = 50_000_000

  /// Decodes `path` (PNG, JPEG and the other formats gdk-pixbuf reads).
  ///
  /// - Throws: `RenderError` naming the file and what was found there, or gdk-pixbuf's message.
  init(contentsOf path: String) throws {
    // gdk-pixbuf opens what it is given: a FIFO would block the render (beyond SIGTERM) and a
    // device would be read without end. The preset compiler checks this too; this check
    // covers whatever else hands a path here.
    do {
      try InputFile.check(path, what: "an image file")
    } catch let error as InputFileError {
      throw RenderError(stage: "decoding image \(path)", message: "expected \(error.expected), found \(error.found)")
    }
    var declaredWidth: Int32 = 0
    var declaredHeight: Int32 = 0
    guard gdk_pixbuf_get_file_info(path, &declaredWidth, &declaredHeight) != nil else {
      throw RenderError(stage: "decoding image \(path)", message: "not an image gdk-pixbuf can read (PNG, JPEG, …)")
    }
    guard Int(declaredWidth) * Int(declaredHeight) <= Self.maximumPixels else {
      throw RenderError(
        stage: "decoding image \(path)",
        message: "\(declaredWidth)x\(declaredHeight) is more than \(Self.maximumPixels / 1_000_000) megapixels")
    }
    var error: UnsafeMutablePointer<GError>?
    guard let pixbuf = gdk_pixbuf_new_from_file(path, &error) else {
      let message = error.map { String(cString: $0.pointee.message) } ?? "unreadable image"
      if error != nil { g_error_free(error) }
      throw RenderError(stage: "decoding image \(path)", message: message)
    }
    defer { splash_pixbuf_unref(pixbuf) }
    width = Int(gdk_pixbuf_get_width(pixbuf))
    height = Int(gdk_pixbuf_get_height(pixbuf))
    let channels = Int(gdk_pixbuf_get_n_channels(pixbuf))
    let hasAlpha = gdk_pixbuf_get_has_alpha(pixbuf) != 0
    let sourceStride = Int(gdk_pixbuf_get_rowstride(pixbuf))
    guard gdk_pixbuf_get_bits_per_sample(pixbuf) == 8, channels == (hasAlpha ? 4 : 3),
      let source = gdk_pixbuf_read_pixels(pixbuf)
    else {
      throw RenderError(stage: "decoding image \(path)", message: "unsupported pixel layout")
    }
    guard let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height)),
      cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS, let destination = cairo_image_surface_get_data(surface)
    else {
      throw RenderError(stage: "decoding image \(path)", message: "cannot allocate a \(width)x\(height) surface")
    }
    cairo_surface_flush(surface)
    let destinationStride = Int(cairo_image_surface_get_stride(surface))
    // gdk-pixbuf gives straight RGB(A) bytes; Cairo wants premultiplied native-endian ARGB.
    for row in 0..<height {
      let from = source.advanced(by: row * sourceStride)
      let to = UnsafeMutableRawPointer(destination.advanced(by: row * destinationStride)).assumingMemoryBound(to: UInt32.self)
      for column in 0..<width {
        let pixel = from.advanced(by: column * channels)
        let alpha = hasAlpha ? UInt32(pixel[3]) : 255
        func premultiplied(_ value: UInt8) -> UInt32 { (UInt32(value) * alpha + 127) / 255 }
        to[column] = alpha << 24 | premultiplied(pixel[0]) << 16 | premultiplied(pixel[1]) << 8 | premultiplied(pixel[2])
      }
    }
    cairo_surface_mark_dirty(surface)
    self.surface = surface
  }

  deinit {
    cairo_surface_destroy(surface)
  }
}

/// Images decoded once per backend (per worker) and kept for every later frame.
final class ImageCache {
  private var images: [String: CairoImage] = [:]

  func image(at path: String) throws -> CairoImage {
    if let cached = images[path] { return cached }
    let decoded = try CairoImage(contentsOf: path)
    images[path] = decoded
    return decoded
  }
}
