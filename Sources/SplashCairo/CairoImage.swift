import CCairo
import CGdkPixbuf
import SplashCore
import SplashFiles
import SplashModel
import SplashRender
import SplashWebP

/// A decoded image as a Cairo surface (premultiplied ARGB32), owned and freed with the value.
final class CairoImage {
  let surface: OpaquePointer
  let width: Int
  let height: Int
  /// The image halved once, twice, … as far as drawing has needed (`halved(_:)`).
  var halvings: [CairoImage] = []
  /// How many of `halvings` hold the present pixels: none after they change
  /// (`pixelsChanged()`), which keeps their memory for the next frame of a video.
  var currentHalvings = 0

  /// The most pixels an image may have: 50 megapixels (a 7071×7071 square), far above any
  /// splash artwork, and refused before decoding so a decompression bomb never allocates.
  static let maximumPixels = 50_000_000

  /// The largest image file read whole to be decoded by libwebp (gdk-pixbuf reads the others).
  static let maximumWebPFileBytes = 64 * 1024 * 1024

  /// Decodes `path` (PNG, JPEG and the other formats gdk-pixbuf reads, and WebP).
  ///
  /// - Throws: `RenderError` naming the file and what was found there, or gdk-pixbuf's message.
  convenience init(contentsOf path: String) throws {
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
      let bytes = try? InputFile.read(path, limit: Self.maximumWebPFileBytes, what: "an image file")
      guard let bytes, WebPImage.isWebP(bytes) else {
        throw RenderError(stage: "decoding image \(path)", message: "not an image gdk-pixbuf or libwebp can read (PNG, JPEG, WebP, …)")
      }
      try self.init(webP: bytes, name: path)
      return
    }
    try Self.checkPixelCount(width: Int(declaredWidth), height: Int(declaredHeight), name: path)
    var error: UnsafeMutablePointer<GError>?
    guard let pixbuf = gdk_pixbuf_new_from_file(path, &error) else {
      let message = error.map { String(cString: $0.pointee.message) } ?? "unreadable image"
      if error != nil { g_error_free(error) }
      throw RenderError(stage: "decoding image \(path)", message: message)
    }
    defer { splash_pixbuf_unref(pixbuf) }
    try self.init(pixbuf: pixbuf, name: path)
  }

  /// Decodes an image the document carries (PNG, JPEG, GIF or WebP bytes), its size checked
  /// from its header before any pixel is allocated.
  convenience init(embedded image: EmbeddedImage, name: String) throws {
    if WebPImage.isWebP(image.bytes) {
      try self.init(webP: image.bytes, name: name)
      return
    }
    guard let size = EncodedImageSize.of(image.bytes) else {
      throw RenderError(stage: "decoding image \(name)", message: "not a PNG, JPEG, GIF or WebP image")
    }
    try Self.checkPixelCount(width: size.width, height: size.height, name: name)
    guard let loader = gdk_pixbuf_loader_new() else { throw RenderError(stage: "decoding image \(name)", message: "no image loader") }
    defer { splash_loader_unref(loader) }
    var error: UnsafeMutablePointer<GError>?
    let written = image.bytes.withUnsafeBufferPointer { buffer in
      gdk_pixbuf_loader_write(loader, buffer.baseAddress, gsize(buffer.count), &error)
    }
    // A loader is closed exactly once, whether writing failed or not.
    let closed: Bool
    if written != 0 {
      closed = gdk_pixbuf_loader_close(loader, &error) != 0
    } else {
      _ = gdk_pixbuf_loader_close(loader, nil)
      closed = false
    }
    guard closed, let pixbuf = gdk_pixbuf_loader_get_pixbuf(loader) else {
      let message = error.map { String(cString: $0.pointee.message) } ?? "unreadable image"
      if error != nil { g_error_free(error) }
      throw RenderError(stage: "decoding image \(name)", message: message)
    }
    // The loader owns the pixbuf; it lives until the loader is released, after the copy.
    try self.init(pixbuf: pixbuf, name: name)
  }

  /// Refuses an image declaring more than `maximumPixels`, before anything is decoded.
  private static func checkPixelCount(width: Int, height: Int, name: String) throws {
    guard width * height <= maximumPixels else {
      throw RenderError(
        stage: "decoding image \(name)", message: "\(width)x\(height) is more than \(maximumPixels / 1_000_000) megapixels")
    }
  }

  /// Decodes WebP bytes through libwebp, their size checked from their header first.
  private convenience init(webP bytes: [UInt8], name: String) throws {
    guard let size = WebPImage.size(of: bytes) else {
      throw RenderError(stage: "decoding image \(name)", message: "not a WebP image libwebp can read")
    }
    try Self.checkPixelCount(width: size.width, height: size.height, name: name)
    let image: WebPImage
    do {
      image = try WebPImage(decoding: bytes)
    } catch {
      throw RenderError(stage: "decoding image \(name)", message: error.description)
    }
    try self.init(
      straight: .bytes(image.rgba), width: image.width, height: image.height, stride: image.width * 4, channels: 4, hasAlpha: true,
      name: name)
  }

  /// Copies a decoded pixbuf into a Cairo surface.
  private convenience init(pixbuf: OpaquePointer, name path: String) throws {
    let channels = Int(gdk_pixbuf_get_n_channels(pixbuf))
    let hasAlpha = gdk_pixbuf_get_has_alpha(pixbuf) != 0
    guard gdk_pixbuf_get_bits_per_sample(pixbuf) == 8, channels == (hasAlpha ? 4 : 3),
      let source = gdk_pixbuf_read_pixels(pixbuf)
    else {
      throw RenderError(stage: "decoding image \(path)", message: "unsupported pixel layout")
    }
    try self.init(
      straight: .pointer(source), width: Int(gdk_pixbuf_get_width(pixbuf)), height: Int(gdk_pixbuf_get_height(pixbuf)),
      stride: Int(gdk_pixbuf_get_rowstride(pixbuf)), channels: channels, hasAlpha: hasAlpha, name: path)
  }

  /// Where straight pixels are: a decoder's buffer, or bytes of their own.
  private enum StraightPixels {
    case pointer(UnsafePointer<UInt8>)
    case bytes([UInt8])
  }

  /// Copies straight (not premultiplied) RGB or RGBA rows into a Cairo surface.
  private init(
    straight pixels: StraightPixels, width: Int, height: Int, stride sourceStride: Int, channels: Int, hasAlpha: Bool,
    name path: String
  ) throws {
    self.width = width
    self.height = height
    guard let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height)),
      cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS, let destination = cairo_image_surface_get_data(surface)
    else {
      throw RenderError(stage: "decoding image \(path)", message: "cannot allocate a \(width)x\(height) surface")
    }
    cairo_surface_flush(surface)
    let destinationStride = Int(cairo_image_surface_get_stride(surface))
    // The decoders give straight RGB(A) bytes; Cairo wants premultiplied native-endian ARGB.
    func copy(from source: UnsafePointer<UInt8>) {
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
    }
    switch pixels {
    case .pointer(let source): copy(from: source)
    case .bytes(let bytes): bytes.withUnsafeBufferPointer { copy(from: $0.baseAddress!) }
    }
    cairo_surface_mark_dirty(surface)
    self.surface = surface
  }

  /// An empty (clear) picture of `width` × `height` pixels for a decoder to write: a video
  /// layer's frame.
  init(blankWidth width: Int, height: Int, name: String) throws {
    self.width = width
    self.height = height
    guard let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height)),
      cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS
    else {
      throw RenderError(stage: "decoding video \(name)", message: "cannot allocate a \(width)x\(height) surface")
    }
    self.surface = surface
  }

  /// `source` multiplied by `tint`, as a replicator instance's colour multiplies it: each
  /// premultiplied colour channel by the tint's component and alpha, alpha by the tint's alpha.
  init(tinting source: CairoImage, by tint: Color) throws {
    width = source.width
    height = source.height
    guard let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height)),
      cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS, let destination = cairo_image_surface_get_data(surface),
      let origin = cairo_image_surface_get_data(source.surface)
    else {
      throw RenderError(stage: "tinting an image", message: "cannot allocate a \(width)x\(height) surface")
    }
    cairo_surface_flush(source.surface)
    cairo_surface_flush(surface)
    func factor(_ component: Double) -> UInt32 { UInt32((component.clampedToUnit * 65_536).rounded()) }
    let alpha = factor(tint.alpha)
    let red = factor(tint.red * tint.alpha)
    let green = factor(tint.green * tint.alpha)
    let blue = factor(tint.blue * tint.alpha)
    let sourceStride = Int(cairo_image_surface_get_stride(source.surface))
    let destinationStride = Int(cairo_image_surface_get_stride(surface))
    for row in 0..<height {
      let from = UnsafeRawPointer(origin.advanced(by: row * sourceStride)).assumingMemoryBound(to: UInt32.self)
      let to = UnsafeMutableRawPointer(destination.advanced(by: row * destinationStride)).assumingMemoryBound(to: UInt32.self)
      for column in 0..<width {
        let pixel = from[column]
        // 16.16 fixed point, rounded: no channel can pass the alpha it is premultiplied by.
        func scaled(_ shift: UInt32, _ by: UInt32) -> UInt32 { (((pixel >> shift) & 0xFF) * by + 32_768) >> 16 }
        to[column] = scaled(24, alpha) << 24 | scaled(16, red) << 16 | scaled(8, green) << 8 | scaled(0, blue)
      }
    }
    cairo_surface_mark_dirty(surface)
    self.surface = surface
  }

  /// Takes `surface`, already filled, as an image of `width` × `height`.
  init(surface: OpaquePointer, width: Int, height: Int) {
    self.surface = surface
    self.width = width
    self.height = height
  }

  /// Forgets what was made from the pixels, after something wrote new ones (a video's next
  /// frame).
  func pixelsChanged() {
    currentHalvings = 0
  }

  /// The surface's pixels, flushed to be read or written in place.
  var pixels: SurfacePixels {
    guard let pixels = SurfacePixels(image: surface) else { preconditionFailure("an image surface without pixels") }
    return pixels
  }

  /// One pixel, premultiplied ARGB32.
  func pixel(column: Int, row: Int) -> UInt32 {
    precondition(column >= 0 && column < width && row >= 0 && row < height, "pixel (\(column), \(row)) outside \(width)x\(height)")
    return pixels.argbRow(row)[column]
  }

  /// Sets every pixel to what `colour(column, row)` gives, premultiplied ARGB32.
  func setPixels(_ colour: (Int, Int) -> UInt32) {
    let pixels = self.pixels
    for row in 0..<height {
      let written = pixels.argbRow(row)
      for column in 0..<width { written[column] = colour(column, row) }
    }
    pixels.markDirty()
    pixelsChanged()
  }

  deinit {
    cairo_surface_destroy(surface)
  }
}

/// Images decoded once per backend (per worker) and kept for every later frame, with the tinted
/// copies replicator instances draw.
final class ImageCache {
  private struct TintedKey: Hashable {
    var path: String
    var tint: Color
  }

  /// Tinted copies kept at most: a spinner's instances need one each; an animated instance
  /// colour makes new ones every frame, which must not pile up.
  private static let tintedCapacity = 64
  /// And at most this many pixels: 64 copies of a large image would be gigabytes.
  private static let tintedPixelCapacity = 16_000_000
  private var images: [String: CairoImage] = [:]
  private let videos = VideoFrameCache()
  private var tinted: [TintedKey: CairoImage] = [:]
  private var tintedPixels = 0

  func image(at path: String) throws -> CairoImage {
    if let cached = images[path] { return cached }
    let decoded = try CairoImage(contentsOf: path)
    images[path] = decoded
    return decoded
  }

  /// The image `contents` shows: its file, the bytes the document carries (kept under the
  /// name they go by, which is unique in the scene), or a video's frame.
  func image(for contents: LayerContents, tint: Color) throws -> CairoImage {
    if let frame = contents.videoFrame {
      let image = try videos.image(of: frame)
      // A replicator tinting a video is rare; its copy is made each frame, never kept.
      return tint == .white ? image : try CairoImage(tinting: image, by: tint)
    }
    guard let embedded = contents.embeddedImage else { return try image(at: contents.imagePath, tint: tint) }
    if images[contents.imagePath] == nil {
      images[contents.imagePath] = try CairoImage(embedded: embedded, name: contents.imagePath)
    }
    return try image(at: contents.imagePath, tint: tint)
  }

  /// The image at `path` multiplied by `tint` (the image itself for white).
  func image(at path: String, tint: Color) throws -> CairoImage {
    guard tint != .white else { return try image(at: path) }
    let key = TintedKey(path: path, tint: tint)
    if let cached = tinted[key] { return cached }
    let made = try CairoImage(tinting: try image(at: path), by: tint)
    if tinted.count >= Self.tintedCapacity || tintedPixels + made.width * made.height > Self.tintedPixelCapacity {
      tinted.removeAll(keepingCapacity: true)
      tintedPixels = 0
    }
    tinted[key] = made
    tintedPixels += made.width * made.height
    return made
  }
}
