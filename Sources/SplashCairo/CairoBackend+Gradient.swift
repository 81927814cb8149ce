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
    guard let geometry = GradientGeometry(gradient, bounds: bounds) else { return }
    if gradient.kind == .conic {
      drawConic(
        colors: geometry.colors, locations: geometry.locations, center: geometry.start, toward: geometry.end,
        bounds: bounds, in: cairo)
      return
    }
    if shadesGradients, shadeGradient(geometry, bounds: bounds, in: cairo) { return }

    let pattern: OpaquePointer?
    if gradient.kind == .radial {
      let radii = geometry.radii
      pattern = cairo_pattern_create_radial(0, 0, 0, 0, 0, 1)
      // Unit circle → ellipse: the pattern matrix maps user space into the unit circle's space.
      var toUnit = cairo_matrix_t()
      cairo_matrix_init_scale(&toUnit, 1 / radii.x, 1 / radii.y)
      var shift = cairo_matrix_t()
      cairo_matrix_init_translate(&shift, -geometry.start.x, -geometry.start.y)
      var combined = cairo_matrix_t()
      cairo_matrix_multiply(&combined, &shift, &toUnit)
      cairo_pattern_set_matrix(pattern, &combined)
    } else {
      pattern = cairo_pattern_create_linear(geometry.start.x, geometry.start.y, geometry.end.x, geometry.end.y)
    }
    guard let pattern else { return }
    defer { cairo_pattern_destroy(pattern) }
    for (color, location) in zip(geometry.colors, geometry.locations) {
      cairo_pattern_add_color_stop_rgba(pattern, location, color.red, color.green, color.blue, color.alpha)
    }
    cairo_pattern_set_extend(pattern, CAIRO_EXTEND_PAD)
    cairo_rectangle(cairo, bounds.minX, bounds.minY, bounds.width, bounds.height)
    cairo_set_source(cairo, pattern)
    cairo_fill(cairo)
  }

  /// The group of an isolated layer (faded or masked) that draws an axial or radial gradient
  /// and nothing else, shaded straight into a picture as large as the group Cairo would push,
  /// or `nil` when the layer draws anything more, or its bounds do not cover the whole group
  /// (their edges would be antialiased), or the gradient is degenerate.
  ///
  /// A Lottie gradient fill is such a layer, masked by its paths (see `LottieGradient`), its
  /// bounds far larger than the paths. Pushing a group for it cleared the group, and filling
  /// the bounds laid the shaded gradient over the cleared pixels: two passes over the group
  /// that shading into it directly does not need. Like a popped group, the picture's device
  /// offset places it, so the pattern composites (and is kept) as a popped group is.
  func shadedGradientGroup(_ node: DisplayNode, in cairo: OpaquePointer) -> OpaquePointer? {
    let layer = node.layer
    let properties = layer.properties
    guard shadesGradients, layer.kind == .gradient, properties.backgroundColor.alpha == 0,
      properties.borderWidth <= 0 || properties.borderColor.alpha == 0, properties.contents == nil,
      !properties.masksToBounds,
      !node.sublayers.contains(where: { !$0.layer.properties.isHidden && $0.layer.properties.opacity > 0 }),
      let geometry = GradientGeometry(properties.gradient, bounds: properties.bounds),
      let (shader, deviceToUser) = shader(for: geometry, in: cairo)
    else { return nil }
    // The group Cairo would push: the clip's box in whole pixels. The bounds must cover all of
    // it (its four corners, the bounds being convex), so no edge of theirs shows in it.
    let group = Self.deviceClipBox(of: cairo).roundedOutward
    let bounds = properties.bounds
    let corners = [(group.left, group.top), (group.right, group.top), (group.left, group.bottom), (group.right, group.bottom)]
    guard group.right > group.left, group.bottom > group.top, group.right - group.left < 1e6, group.bottom - group.top < 1e6,
      corners.allSatisfy({ corner in
        let point = deviceToUser.apply(to: Point(x: corner.0, y: corner.1))
        return point.x >= bounds.minX && point.x <= bounds.maxX && point.y >= bounds.minY && point.y <= bounds.maxY
      })
    else { return nil }
    let left = Int(group.left)
    let top = Int(group.top)
    let width = Int(group.right) - left
    let height = Int(group.bottom) - top
    // Every pixel is shaded, so none needs clearing first.
    guard let surface = Self.unclearedImageSurface(width: width, height: height) else { return nil }
    defer { cairo_surface_destroy(surface) }
    guard let data = cairo_image_surface_get_data(surface) else { return nil }
    cairo_surface_flush(surface)
    shader.shade(
      into: UnsafeMutableRawPointer(data).assumingMemoryBound(to: UInt32.self),
      wordsPerRow: Int(cairo_image_surface_get_stride(surface)) / 4, left: left, top: top, width: width, height: height)
    cairo_surface_mark_dirty(surface)
    cairo_surface_set_device_offset(surface, Double(-left), Double(-top))
    gradientGroupsShaded += 1
    return cairo_pattern_create_for_surface(surface)
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
  private func shadeGradient(_ geometry: GradientGeometry, bounds: Rect, in cairo: OpaquePointer) -> Bool {
    guard let (shader, _) = shader(for: geometry, in: cairo) else { return false }
    var matrix = cairo_matrix_t()
    cairo_get_matrix(cairo, &matrix)

    // Every pixel the bounds touch, within the clip.
    let touched = Self.deviceBox(of: bounds, in: cairo).enclosingPixels.intersection(Self.deviceClipBox(of: cairo).roundedOutward)
    guard touched.left.isFinite, touched.top.isFinite, touched.right.isFinite, touched.bottom.isFinite else {
      return false
    }
    guard touched.right > touched.left, touched.bottom > touched.top else { return true }
    let left = Int(touched.left)
    let top = Int(touched.top)
    let width = Int(touched.right) - left
    let height = Int(touched.bottom) - top

    let rowsPerBand = max(1, Self.gradientBandPixels / width)
    let scratch = gradientScratch.words(width * min(rowsPerBand, height))
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

  /// The shader of `geometry` for the pixels of the current user space's device, and the map
  /// from device to user space; `nil` for a conic or degenerate gradient, or a user space that
  /// flattens the layer.
  private func shader(for geometry: GradientGeometry, in cairo: OpaquePointer) -> (GradientShader, AffineTransform)? {
    guard let deviceToUser = Self.userToDevice(of: cairo).inverted(), let userToGradient = geometry.userToGradient else {
      return nil
    }
    let shader = GradientShader(
      ramp: gradientRamps.ramp(colors: geometry.colors, locations: geometry.locations),
      shape: geometry.kind == .radial ? .radial : .axial, map: deviceToUser.concatenating(userToGradient))
    return (shader, deviceToUser)
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
