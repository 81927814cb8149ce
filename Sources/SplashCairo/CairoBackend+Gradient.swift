import CCairo
import SplashCore
import SplashModel
import SplashRender

/// Drawing `CAGradientLayer`s.
extension CairoBackend {
  /// Most pixels of a gradient shaded at once: 256 KB, which stays in the cache between the
  /// shading and the compositing.
  static let gradientBandPixels = 1 << 16

  /// Fills the bounds with the gradient; points are in unit coordinates of the bounds.
  ///
  /// - axial: along start → end, padded with the end colours beyond them.
  /// - radial: centred on `startPoint`, reaching `endPoint` (independently in x and y, so an
  ///   ellipse in non-square bounds), the last colour beyond.
  /// - conic: around `startPoint`, the first colour in the direction of `endPoint` and the sweep
  ///   clockwise on screen, drawn as 64 Coons patches of a mesh (Cairo has no conic pattern).
  func drawGradient(_ gradient: GradientStyle, bounds: Rect, in cairo: OpaquePointer) {
    let colors = gradient.colors
    guard !colors.isEmpty, bounds.width > 0, bounds.height > 0 else { return }
    let locations = gradient.locations.count == colors.count
      ? gradient.locations : colors.indices.map { colors.count == 1 ? 0 : Double($0) / Double(colors.count - 1) }
    func unit(_ point: Point) -> Point {
      Point(x: bounds.minX + point.x * bounds.width, y: bounds.minY + point.y * bounds.height)
    }
    let start = unit(gradient.startPoint)
    let end = unit(gradient.endPoint)

    if gradient.kind == .conic {
      drawConic(colors: colors, locations: locations, center: start, toward: end, bounds: bounds, in: cairo)
      return
    }
    if shadesGradients,
      shadeGradient(gradient.kind, colors: colors, locations: locations, start: start, end: end, bounds: bounds, in: cairo)
    {
      return
    }

    let pattern: OpaquePointer?
    if gradient.kind == .radial {
      let radiusX = max(abs(end.x - start.x), 1e-6)
      let radiusY = max(abs(end.y - start.y), 1e-6)
      pattern = cairo_pattern_create_radial(0, 0, 0, 0, 0, 1)
      // Unit circle → ellipse: the pattern matrix maps user space into the unit circle's space.
      var toUnit = cairo_matrix_t()
      cairo_matrix_init_scale(&toUnit, 1 / radiusX, 1 / radiusY)
      var shift = cairo_matrix_t()
      cairo_matrix_init_translate(&shift, -start.x, -start.y)
      var combined = cairo_matrix_t()
      cairo_matrix_multiply(&combined, &shift, &toUnit)
      cairo_pattern_set_matrix(pattern, &combined)
    } else {
      pattern = cairo_pattern_create_linear(start.x, start.y, end.x, end.y)
    }
    guard let pattern else { return }
    defer { cairo_pattern_destroy(pattern) }
    for (color, location) in zip(colors, locations) {
      cairo_pattern_add_color_stop_rgba(pattern, location, color.red, color.green, color.blue, color.alpha)
    }
    cairo_pattern_set_extend(pattern, CAIRO_EXTEND_PAD)
    cairo_rectangle(cairo, bounds.minX, bounds.minY, bounds.width, bounds.height)
    cairo_set_source(cairo, pattern)
    cairo_fill(cairo)
  }

  /// Fills the bounds with an axial or radial gradient shaded by `GradientShader`, band by
  /// band; `false` when the gradient is degenerate (start and end at one point, a transform that
  /// flattens the layer) and Cairo's pattern should draw it.
  ///
  /// pixman computes a gradient's colour pixel by pixel, interpolating between the stops for
  /// each: that was over half the time of a frame of a Lottie file with a gradient fill. Here
  /// the colours come from a table (`GradientRamp`) and each band of at most
  /// `gradientBandPixels` pixels is shaded into a scratch picture that stays in the cache, then
  /// laid over the frame through the bounds' path and the current clip, as the pattern was.
  private func shadeGradient(
    _ kind: GradientStyle.Kind, colors: [Color], locations: [Double], start: Point, end: Point, bounds: Rect,
    in cairo: OpaquePointer
  ) -> Bool {
    var matrix = cairo_matrix_t()
    cairo_get_matrix(cairo, &matrix)
    let userToDevice = AffineTransform(a: matrix.xx, b: matrix.yx, c: matrix.xy, d: matrix.yy, tx: matrix.x0, ty: matrix.y0)
    guard let deviceToUser = userToDevice.inverted() else { return false }
    let userToGradient: AffineTransform
    switch kind {
    case .axial:
      let along = Point(x: end.x - start.x, y: end.y - start.y)
      let lengthSquared = along.x * along.x + along.y * along.y
      guard lengthSquared > 0 else { return false }
      userToGradient = AffineTransform(
        a: along.x / lengthSquared, b: 0, c: along.y / lengthSquared, d: 0,
        tx: -(start.x * along.x + start.y * along.y) / lengthSquared, ty: 0)
    case .radial:
      let radiusX = max(abs(end.x - start.x), 1e-6)
      let radiusY = max(abs(end.y - start.y), 1e-6)
      userToGradient = AffineTransform(
        a: 1 / radiusX, b: 0, c: 0, d: 1 / radiusY, tx: -start.x / radiusX, ty: -start.y / radiusY)
    case .conic:
      return false
    }
    let shader = GradientShader(
      ramp: gradientRamps.ramp(colors: colors, locations: locations), shape: kind == .radial ? .radial : .axial,
      map: deviceToUser.concatenating(userToGradient))

    // Every pixel the bounds touch, within the clip.
    let clip = Self.deviceClipBox(of: cairo)
    let touched = Self.deviceBox(of: bounds, in: cairo).enclosingPixels.intersection(
      DeviceBox(
        left: clip.left.rounded(.down), top: clip.top.rounded(.down), right: clip.right.rounded(.up),
        bottom: clip.bottom.rounded(.up)))
    guard touched.left.isFinite, touched.top.isFinite, touched.right.isFinite, touched.bottom.isFinite else {
      return false
    }
    guard touched.right > touched.left, touched.bottom > touched.top else { return true }
    let left = Int(touched.left)
    let top = Int(touched.top)
    let width = Int(touched.right) - left
    let height = Int(touched.bottom) - top

    let rowsPerBand = max(1, Self.gradientBandPixels / width)
    let scratch = gradientScratch.words( width * min(rowsPerBand, height))
    for bandTop in stride(from: top, to: top + height, by: rowsPerBand) {
      let rows = min(rowsPerBand, top + height - bandTop)
      shader.shade(into: scratch, wordsPerRow: width, left: left, top: bandTop, width: width, height: rows)
      guard
        let band = cairo_image_surface_create_for_data(
          UnsafeMutableRawPointer(scratch).assumingMemoryBound(to: UInt8.self), CAIRO_FORMAT_ARGB32, Int32(width),
          Int32(rows), Int32(width * 4))
      else { continue }
      // Clipping consumes the path, so the bounds are added after the band's clip.
      cairo_save(cairo)
      cairo_identity_matrix(cairo)
      cairo_rectangle(cairo, Double(left), Double(bandTop), Double(width), Double(rows))
      cairo_clip(cairo)
      cairo_set_matrix(cairo, &matrix)
      cairo_rectangle(cairo, bounds.minX, bounds.minY, bounds.width, bounds.height)
      cairo_identity_matrix(cairo)
      cairo_set_source_surface(cairo, band, Double(left), Double(bandTop))
      cairo_fill(cairo)
      cairo_restore(cairo)
      cairo_surface_finish(band)
      cairo_surface_destroy(band)
      gradientBandsShaded += 1
    }
    return true
  }

  private func drawConic(
    colors: [Color], locations: [Double], center: Point, toward: Point, bounds: Rect, in cairo: OpaquePointer
  ) {
    // Far enough to cover the bounds from any centre inside or near them.
    let reach = 2 * (bounds.width + bounds.height) + center.distance(to: bounds.center)
    let startAngle = toward == center ? -Double.pi / 2 : Math.arcTangent(toward.y - center.y, toward.x - center.x)
    func color(at fraction: Double) -> Color {
      guard let first = locations.first, fraction > first else { return colors[0] }
      for index in 1..<colors.count where fraction <= locations[index] {
        let span = locations[index] - locations[index - 1]
        return colors[index - 1].interpolated(to: colors[index], amount: span > 0 ? (fraction - locations[index - 1]) / span : 1)
      }
      return colors[colors.count - 1]
    }
    guard let mesh = cairo_pattern_create_mesh() else { return }
    defer { cairo_pattern_destroy(mesh) }
    let patches = 64
    for patch in 0..<patches {
      let from = Double(patch) / Double(patches)
      let to = Double(patch + 1) / Double(patches)
      let angle0 = startAngle + 2 * .pi * from
      let angle1 = startAngle + 2 * .pi * to
      let p1 = Point(x: center.x + reach * Math.cosine(angle0), y: center.y + reach * Math.sine(angle0))
      let p2 = Point(x: center.x + reach * Math.cosine(angle1), y: center.y + reach * Math.sine(angle1))
      cairo_mesh_pattern_begin_patch(mesh)
      cairo_mesh_pattern_move_to(mesh, center.x, center.y)
      cairo_mesh_pattern_line_to(mesh, p1.x, p1.y)
      cairo_mesh_pattern_line_to(mesh, p2.x, p2.y)
      cairo_mesh_pattern_line_to(mesh, center.x, center.y)
      for (corner, fraction) in [(0, from), (1, from), (2, to), (3, to)] {
        let c = color(at: fraction)
        cairo_mesh_pattern_set_corner_color_rgba(mesh, UInt32(corner), c.red, c.green, c.blue, c.alpha)
      }
      cairo_mesh_pattern_end_patch(mesh)
    }
    cairo_save(cairo)
    cairo_rectangle(cairo, bounds.minX, bounds.minY, bounds.width, bounds.height)
    cairo_clip(cairo)
    cairo_set_source(cairo, mesh)
    cairo_paint(cairo)
    cairo_restore(cairo)
  }
}
