import CCairo
import Glibc
import SplashCore
import SplashModel
import SplashRender

/// Translating the model's values into Cairo calls.
extension CairoBackend {
  /// Paints with `color`, faded by the opacities folded into the paint (`foldedOpacity`).
  func setSource(_ cairo: OpaquePointer, _ color: Color) {
    cairo_set_source_rgba(cairo, color.red, color.green, color.blue, color.alpha * foldedOpacity)
  }

  /// What `paintPath` does with the current path.
  enum PathPaint {
    case fill
    case stroke
  }

  /// Fills or strokes the current path with `color`, faded by `foldedOpacity`, and clears the
  /// path.
  ///
  /// Onto an alpha-only surface (a mask, a one-colour group), a translucent colour is drawn
  /// opaque into a group of its own as large as the path's pixels, and that group laid down
  /// at the colour's alpha. pixman has no fast path for a translucent colour onto 8-bit
  /// coverage: Cairo's span compositor then calls its general path once per row, and each
  /// call clears a 24 KB scanline buffer. A 400-pixel stroke into a 512x512 mask, measured in
  /// C: 2.2 ms straight, 0.8 ms through the group, 0.1 ms opaque. Lottie masks are stroked
  /// with faded colours (a repeater's copies fade), which made such a file's strokes nine
  /// tenths of its frame. The coverage differs from drawing straight by a level at most.
  func paintPath(_ paint: PathPaint, with color: Color, in cairo: OpaquePointer) {
    let alpha = color.alpha * foldedOpacity
    guard fastPaths.groupsTranslucentPaints, alpha < 1, let target = cairo_get_group_target(cairo),
      cairo_surface_get_content(target) == CAIRO_CONTENT_ALPHA
    else {
      setSource(cairo, color)
      paint == .fill ? cairo_fill(cairo) : cairo_stroke(cairo)
      return
    }
    var extents = (left: 0.0, top: 0.0, right: 0.0, bottom: 0.0)
    if paint == .fill {
      cairo_fill_extents(cairo, &extents.left, &extents.top, &extents.right, &extents.bottom)
    } else {
      cairo_stroke_extents(cairo, &extents.left, &extents.top, &extents.right, &extents.bottom)
    }
    guard extents.right > extents.left, extents.bottom > extents.top, let path = cairo_copy_path(cairo) else {
      cairo_new_path(cairo)
      return
    }
    defer { cairo_path_destroy(path) }
    cairo_new_path(cairo)
    cairo_save(cairo)
    defer { cairo_restore(cairo) }
    clipToDevicePixels(
      around: Rect(x: extents.left, y: extents.top, width: extents.right - extents.left, height: extents.bottom - extents.top),
      in: cairo)
    pushGroup(cairo, alphaOnly: true)
    cairo_append_path(cairo, path)
    cairo_set_source_rgba(cairo, 0, 0, 0, 1)
    paint == .fill ? cairo_fill(cairo) : cairo_stroke(cairo)
    guard let group = cairo_pop_group(cairo) else { return }
    defer { cairo_pattern_destroy(group) }
    counters?.translucentPaintsGrouped += 1
    if layCoverageGroup(group, alpha: alpha, in: cairo) { return }
    cairo_set_source(cairo, group)
    cairo_paint_with_alpha(cairo, alpha)
  }

  /// A new ARGB surface whose pixels are left as the allocator gives them, for a picture that
  /// is written whole: `cairo_image_surface_create` clears every pixel first. The surface
  /// frees its pixels when destroyed. `nil` when memory runs out.
  static func unclearedImageSurface(width: Int, height: Int) -> OpaquePointer? {
    let stride = Int(cairo_format_stride_for_width(CAIRO_FORMAT_ARGB32, Int32(width)))
    guard stride > 0, let pixels = malloc(stride * height) else { return nil }
    guard
      let surface = cairo_image_surface_create_for_data(
        pixels.assumingMemoryBound(to: UInt8.self), CAIRO_FORMAT_ARGB32, Int32(width), Int32(height), Int32(stride)),
      cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS,
      cairo_surface_set_user_data(surface, pixelsKey, pixels, { free($0) }) == CAIRO_STATUS_SUCCESS
    else {
      free(pixels)
      return nil
    }
    return surface
  }

  /// The key under which `unclearedImageSurface` hangs its pixels on the surface (Cairo tells
  /// keys apart by address).
  nonisolated(unsafe) private static let pixelsKey = UnsafeMutablePointer<cairo_user_data_key_t>.allocate(capacity: 1)

  /// Starts drawing into a group as large as the current clip's box, with no clip inside it.
  ///
  /// The group is composited under the clip it was pushed under, which applies the clip's
  /// coverage once. Drawing into the group under the same clip applied it a second time: where
  /// a clip's edge crosses a pixel (a turned or scaled `masksToBounds`, a Lottie precomp's
  /// bounds), a group's pixel came out with coverage c² instead of c, a white layer's edge
  /// on black 45 instead of 107 where c is 0.42. Core Animation clips a layer's picture once.
  /// Clips the layer sets itself (`masksToBounds`) are set again inside.
  func pushGroup(_ cairo: OpaquePointer, alphaOnly: Bool = false) {
    if let counters {
      counters.groupsPushed += 1
      counters.groupPixels += Self.deviceClipPixels(of: cairo)
    }
    if alphaOnly {
      cairo_push_group_with_content(cairo, CAIRO_CONTENT_ALPHA)
    } else {
      cairo_push_group(cairo)
    }
    cairo_reset_clip(cairo)
  }

  /// The current user space → device space.
  static func userToDevice(of cairo: OpaquePointer) -> AffineTransform {
    var matrix = cairo_matrix_t()
    cairo_get_matrix(cairo, &matrix)
    return AffineTransform(a: matrix.xx, b: matrix.yx, c: matrix.xy, d: matrix.yy, tx: matrix.x0, ty: matrix.y0)
  }

  /// The current clip's box in device space (left, top, right, bottom): where a group pushed
  /// now lies.
  static func deviceClipBox(of cairo: OpaquePointer) -> DeviceBox {
    inDeviceSpace(cairo) {
      var box = DeviceBox(left: 0, top: 0, right: 0, bottom: 0)
      cairo_clip_extents(cairo, &box.left, &box.top, &box.right, &box.bottom)
      return box
    }
  }

  /// `body`'s answer, asked of Cairo with device space as the user space; the matrix is put
  /// back after.
  ///
  /// Only the matrix is set and put back: a save and restore copied and released Cairo's
  /// whole state (some 480 instructions and 16 atomic reference counts), and every shape the
  /// rasterizer fills asks for the clip twice (a file of small particles, 190 shapes a frame,
  /// spent 3 000 instructions a shape finding where to draw).
  static func inDeviceSpace<Result>(_ cairo: OpaquePointer, _ body: () -> Result) -> Result {
    var matrix = cairo_matrix_t()
    cairo_get_matrix(cairo, &matrix)
    cairo_identity_matrix(cairo)
    defer { cairo_set_matrix(cairo, &matrix) }
    return body()
  }

  /// The current clip as rectangles in device space, or `nil` when it is not a set of
  /// rectangles (rounded corners that clip). In device space the clips the renderer sets are
  /// rectangles however the layer is turned.
  static func deviceClipRectangles(of cairo: OpaquePointer) -> [cairo_rectangle_t]? {
    withDeviceClipRectangles(of: cairo) { Array($0) }
  }

  /// `body` given the current clip as rectangles in device space (as `deviceClipRectangles`
  /// has them), in Cairo's own list, with no array made of them; `nil` when the clip is not a
  /// set of rectangles.
  static func withDeviceClipRectangles<Result>(
    of cairo: OpaquePointer, _ body: (UnsafeBufferPointer<cairo_rectangle_t>) -> Result
  ) -> Result? {
    guard let list = inDeviceSpace(cairo, { cairo_copy_clip_rectangle_list(cairo) }) else { return nil }
    defer { cairo_rectangle_list_destroy(list) }
    guard list.pointee.status == CAIRO_STATUS_SUCCESS else { return nil }
    let count = Int(list.pointee.num_rectangles)
    guard count > 0 else { return body(UnsafeBufferPointer(start: nil, count: 0)) }
    guard let rectangles = list.pointee.rectangles else { return nil }
    return body(UnsafeBufferPointer(start: rectangles, count: count))
  }

  /// The pixels of the current clip's box in device space: the size of a group pushed now.
  static func deviceClipPixels(of cairo: OpaquePointer) -> Int {
    let box = deviceClipBox(of: cairo)
    return Int(max(box.right - box.left, 0).rounded(.up)) * Int(max(box.bottom - box.top, 0).rounded(.up))
  }

  /// A new ARGB surface of `width`×`height` pixels with a picture drawn into it: `place` sets
  /// up the user space, `draw` draws. `nil` when Cairo cannot make the surface or its context;
  /// the caller owns the surface.
  ///
  /// - Throws: What `draw` throws, or Cairo's failure while drawing, named by `stage`.
  func drawOffscreen(
    width: Int, height: Int, stage: String, place: (OpaquePointer) -> Void, draw: (OpaquePointer) throws -> Void
  ) throws -> OpaquePointer? {
    guard let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height)) else { return nil }
    guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS, let context = cairo_create(surface) else {
      cairo_surface_destroy(surface)
      return nil
    }
    defer { cairo_destroy(context) }
    place(context)
    offscreenDepth += 1
    defer { offscreenDepth -= 1 }
    do {
      try draw(context)
      let status = cairo_status(context)
      guard status == CAIRO_STATUS_SUCCESS else { throw RenderErrorFactory.make(stage: stage, status: status) }
    } catch {
      cairo_surface_destroy(surface)
      throw error
    }
    cairo_surface_flush(surface)
    return surface
  }

  func matrix(_ transform: AffineTransform) -> cairo_matrix_t {
    cairo_matrix_t(xx: transform.a, yx: transform.b, xy: transform.c, yy: transform.d, x0: transform.tx, y0: transform.ty)
  }

  /// Replaces Cairo's current path with `path`.
  func append(_ path: Path, to cairo: OpaquePointer) {
    cairo_new_path(cairo)
    var current = Point.zero
    for element in path.elements {
      switch element {
      case .move(let point):
        cairo_move_to(cairo, point.x, point.y)
        current = point
      case .line(let point):
        cairo_line_to(cairo, point.x, point.y)
        current = point
      case .quadCurve(let control, let point):
        // Cairo draws cubics only; this cubic is the same curve (degree elevation).
        let control1 = current + (control - current) * (2.0 / 3.0)
        let control2 = point + (control - point) * (2.0 / 3.0)
        cairo_curve_to(cairo, control1.x, control1.y, control2.x, control2.y, point.x, point.y)
        current = point
      case .cubicCurve(let control1, let control2, let point):
        cairo_curve_to(cairo, control1.x, control1.y, control2.x, control2.y, point.x, point.y)
        current = point
      case .close:
        cairo_close_path(cairo)
      }
    }
  }

  /// Replaces Cairo's current path with a rectangle whose corners are rounded as
  /// `CALayer.cornerRadius` rounds them (circular arcs, the radius capped at half the shorter side).
  func appendRoundedRect(_ rect: Rect, radius: Double, to cairo: OpaquePointer) {
    cairo_new_path(cairo)
    let radius = min(max(radius, 0), min(rect.width, rect.height) / 2)
    guard radius > 0 else {
      cairo_rectangle(cairo, rect.minX, rect.minY, rect.width, rect.height)
      return
    }
    let quarter = Double.pi / 2
    cairo_arc(cairo, rect.maxX - radius, rect.minY + radius, radius, -quarter, 0)
    cairo_arc(cairo, rect.maxX - radius, rect.maxY - radius, radius, 0, quarter)
    cairo_arc(cairo, rect.minX + radius, rect.maxY - radius, radius, quarter, 2 * quarter)
    cairo_arc(cairo, rect.minX + radius, rect.minY + radius, radius, 2 * quarter, 3 * quarter)
    cairo_close_path(cairo)
  }

  func cairoLineCap(_ cap: LineCap) -> cairo_line_cap_t {
    switch cap {
    case .butt: CAIRO_LINE_CAP_BUTT
    case .round: CAIRO_LINE_CAP_ROUND
    case .square: CAIRO_LINE_CAP_SQUARE
    }
  }

  func cairoLineJoin(_ join: LineJoin) -> cairo_line_join_t {
    switch join {
    case .miter: CAIRO_LINE_JOIN_MITER
    case .round: CAIRO_LINE_JOIN_ROUND
    case .bevel: CAIRO_LINE_JOIN_BEVEL
    }
  }
}
