import CCairo
import SplashCore
import SplashModel
import SplashRaster
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
    if fastPaths.shadesGradients, shadeGradient(geometry, bounds: bounds, in: cairo) { return }

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
    guard let (shader, group) = gradientGroupShading(node, in: cairo) else { return nil }
    let (left, top, width, height) = (group.left, group.top, group.width, group.height)
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
    counters?.gradientGroupsShaded += 1
    return cairo_pattern_create_for_surface(surface)
  }

  /// The shader of a layer that draws an axial or radial gradient and nothing else, and the
  /// group Cairo would push for it (the clip's box in whole device pixels), when the layer's
  /// bounds cover all of that box (so no edge of theirs shows in it); `nil` otherwise.
  private func gradientGroupShading(
    _ node: DisplayNode, in cairo: OpaquePointer
  ) -> (GradientShader, (left: Int, top: Int, width: Int, height: Int))? {
    let layer = node.layer
    guard fastPaths.shadesGradients, layer.kind == .gradient, layer.properties.backgroundColor.alpha == 0,
      layer.properties.borderWidth <= 0 || layer.properties.borderColor.alpha == 0, layer.properties.contents == nil,
      !layer.properties.masksToBounds,
      !node.sublayers.contains(where: { !$0.layer.properties.isHidden && $0.layer.properties.opacity > 0 }),
      let geometry = GradientGeometry(layer.properties.gradient, bounds: layer.properties.bounds),
      let (shader, deviceToUser) = shader(for: geometry, in: cairo)
    else { return nil }
    let group = Self.deviceClipBox(of: cairo).roundedOutward
    let bounds = layer.properties.bounds
    let corners = [(group.left, group.top), (group.right, group.top), (group.left, group.bottom), (group.right, group.bottom)]
    guard group.right > group.left, group.bottom > group.top, group.right - group.left < 1e6, group.bottom - group.top < 1e6,
      corners.allSatisfy({ corner in
        let point = deviceToUser.apply(to: Point(x: corner.0, y: corner.1))
        return point.x >= bounds.minX && point.x <= bounds.maxX && point.y >= bounds.minY && point.y <= bounds.maxY
      })
    else { return nil }
    let left = Int(group.left)
    let top = Int(group.top)
    return (shader, (left, top, Int(group.right) - left, Int(group.bottom) - top))
  }

  /// Lays a masked gradient layer (as `shadedGradientGroup` takes them, at any opacity, in
  /// the normal blend mode, its mask not inverted) by drawing the mask first and shading only
  /// the runs where the mask has ink, laid through the mask with `BlendCompositor`; false
  /// when the drawing state is not one the compositor handles, and nothing has been drawn.
  ///
  /// A Lottie gradient fill or stroke is a gradient far larger than its paths, masked by them:
  /// the group shaded every pixel of the clip's box, and pixman then walked them all again
  /// through the mask, though a star or a stroke inks a fraction of them. Every pixel comes out
  /// as the group and `cairo_mask` make it: the shader places a run's pixels from the group's
  /// left column (`GradientShader.shadeRow`), and the compositor is pixman's `over`.
  ///
  /// `sweepingMaskPaint` says that the mask paints one opaque fill or stroke
  /// (`drawsOneOpaquePaint`), whose coverage is then shaded through as it is swept.
  func shadeGradientThroughMask(_ node: DisplayNode, sweepingMaskPaint: Bool, in cairo: OpaquePointer) throws -> Bool {
    guard fastPaths.shadesGradientsThroughMasks, let mask = node.mask, !node.layer.properties.invertsMask,
      node.layer.properties.maskMode == .alpha,
      node.layer.properties.blendMode == .normal, !node.castsShadow, !node.layer.properties.filtersPicture
    else { return false }
    // Under a clip that covers pixels in part (a letterboxed canvas's edge), the coverage is
    // multiplied by the clip's, as Cairo masks through it (see +ClipCoverage); a faded layer,
    // which Cairo clips twice there, is left to it.
    var target = devicePixelTarget(of: cairo, format: CAIRO_FORMAT_ARGB32)
    let isPartlyClipped = target == nil
    if isPartlyClipped, node.layer.properties.opacity >= 1, foldedOpacity == 1 {
      target = partlyClippedPixelTarget(of: cairo, format: CAIRO_FORMAT_ARGB32)
    }
    guard let target, let (shader, group) = gradientGroupShading(node, in: cairo) else { return false }
    // Device point → target pixel: + the target's offset.
    let shiftX = Int(target.offsetX)
    let shiftY = Int(target.offsetY)
    // Target pixels the group, the clip and the target all hold.
    let groupColumns = (group.left + shiftX..<group.left + group.width + shiftX).clamped(to: target.columns)
    let groupRows = (group.top + shiftY..<group.top + group.height + shiftY).clamped(to: target.rows)
    var clip: (pattern: OpaquePointer, plane: PixelPlane<UInt8>)?
    if isPartlyClipped {
      guard !groupColumns.isEmpty, !groupRows.isEmpty else { return true }
      clip = clipCoverage(columns: groupColumns, rows: groupRows, on: target, in: cairo)
      guard clip != nil else { return false }
    }
    defer { clip.map { cairo_pattern_destroy($0.pattern) } }
    // A mask that paints one opaque fill or stroke (a Lottie gradient fill's paths, or a
    // gradient stroke's) is not drawn at all: its coverage is shaded through as the sweep
    // hands it out.
    if sweepingMaskPaint, foldedOpacity == 1,
      try shadeThroughPaint(of: mask, shader: shader, group: group, node: node, onto: target, clip: clip?.plane, in: cairo)
    {
      counters?.gradientsShadedThroughMasks += 1
      counters?.gradientsShadedAsSwept += 1
      return true
    }

    pushGroup(cairo, alphaOnly: true)
    try draw(mask, in: cairo)
    guard let drawnMask = cairo_pop_group(cairo) else { throw cairoFailure("drawing a mask", cairo) }
    defer { cairo_pattern_destroy(drawnMask) }
    guard let coverage = plane(of: drawnMask, format: CAIRO_FORMAT_A8, as: UInt8.self, on: target) else {
      // Drawn already: composite it as the layer would have been.
      try compositeShadedGroup(node, through: drawnMask, in: cairo)
      return true
    }
    // Target pixels the group, the clip, the target and the mask all hold.
    let columns = groupColumns.clamped(to: coverage.columns)
    let rows = groupRows.clamped(to: coverage.rows)
    let scratch = gradientScratch.elements(max(columns.count, 1))
    let product = coverageScratch.elements(max(columns.count, 1))
    // A faded layer's masked group was painted with alpha: Cairo's solid mask of that alpha.
    let opacity = Self.solidAlpha(node.layer.properties.opacity)
    let written = writePixels(of: target, as: UInt32.self) { pixels, pixelsPerRow in
      for y in rows {
        // The row's ink, from its first covered pixel to its last: shaded in one go, and laid
        // through the coverage, which skips the empty pairs between.
        let row = coverage.base + (y - coverage.top) * coverage.elementsPerRow - coverage.left
        guard let ink = Self.inkedSpan(row, within: columns) else { continue }
        shader.shadeRow(into: scratch, row: y - shiftY, origin: group.left, columns: ink.lowerBound - shiftX..<ink.upperBound - shiftX)
        var through = row + ink.lowerBound
        if let clip = clip?.plane {
          clip.clip(through, row: y, columns: ink, into: product)
          through = UnsafePointer(product)
        }
        CoverageCompositor.compositeOver(
          pixels: scratch, through: through, opacity: opacity, onto: pixels + y * pixelsPerRow + ink.lowerBound, count: ink.count)
      }
    }
    guard written else {
      try compositeShadedGroup(node, through: drawnMask, in: cairo)
      return true
    }
    counters?.gradientsShadedThroughMasks += 1
    return true
  }

  /// Shades the gradient of `node` through the one fill or stroke its `mask` paints, onto
  /// `target`, as drawing the mask into a picture of `group`'s pixels and laying the gradient
  /// through it would; false when the paint could not be taken this way, and nothing was laid.
  private func shadeThroughPaint(
    of mask: DisplayNode, shader: GradientShader, group: (left: Int, top: Int, width: Int, height: Int), node: DisplayNode,
    onto target: DevicePixelTarget, clip: PixelPlane<UInt8>?, in cairo: OpaquePointer
  ) throws -> Bool {
    var shading: MaskShading?
    let written = try writePixels(of: target, as: UInt32.self) { pixels, pixelsPerRow in
      let made = MaskShading(
        target: ShadingTarget(
          shader: shader, opacity: Self.solidAlpha(node.layer.properties.opacity), pixels: pixels, pixelsPerRow: pixelsPerRow,
          shiftX: Int(target.offsetX), shiftY: Int(target.offsetY), columns: target.columns, rows: target.rows,
          pictureLeft: group.left, pictureTop: group.top, pictureWidth: group.width, pictureHeight: group.height,
          shaded: gradientScratch.elements(max(group.width, 1)), rowCoverage: coverageScratch.elements(max(group.width, 1)),
          clip: clip))
      shading = made
      maskShading = made
      defer { maskShading = nil }
      try draw(mask, in: cairo)
    }
    // A paint culled or outside the region redrawn draws nothing, as it would in the picture.
    return written && shading?.failed == false
  }

  /// Whether `mask` and its subtree draw exactly one thing, a fill or a stroke of an opaque
  /// colour, with nothing that makes a picture of its own on the way (an opacity, a group, a
  /// clip, a backing store): its coverage is then the mask's alpha.
  static func drawsOneOpaquePaint(_ mask: DisplayNode) -> Bool {
    var paints = 0
    func visit(_ node: borrowing DisplayNode) -> Bool {
      // Each value read in place: taken into a constant, the properties were copied whole
      // (736 bytes and a retain of each reference) for every layer of every mask asked.
      if node.layer.properties.isHidden || node.layer.properties.opacity <= 0 { return true }
      guard node.layer.properties.opacity == 1, !node.hasMask, !node.isIsolated, !node.castsShadow,
        !node.layer.properties.masksToBounds, node.layer.properties.backgroundColor.alpha == 0,
        node.layer.properties.borderWidth <= 0 || node.layer.properties.borderColor.alpha == 0,
        node.layer.properties.contents == nil, node.layer.properties.transform.flattened != nil,
        node.layer.properties.sublayerTransform.isIdentity, node.backingStore == nil
      else { return false }
      switch node.layer.kind {
      case .layer: break
      case .shape:
        // What `drawShape` paints.
        guard let path = node.layer.properties.shape.path, !path.isEmpty else { break }
        let fillColor = node.layer.properties.shape.fillColor
        let strokeColor = node.layer.properties.shape.strokeColor
        let fills = fillColor.alpha > 0
        let strokes =
          strokeColor.alpha > 0 && node.layer.properties.shape.lineWidth > 0
          && node.layer.properties.shape.strokeEnd > node.layer.properties.shape.strokeStart
        guard !fills || fillColor.alpha == 1, !strokes || strokeColor.alpha == 1 else { return false }
        paints += (fills ? 1 : 0) + (strokes ? 1 : 0)
      case .text, .gradient, .replicator: return false
      }
      guard paints <= 1 else { return false }
      for index in node.sublayers.indices where !visit(node.sublayers[index]) { return false }
      return true
    }
    return visit(mask) && paints == 1
  }

  /// The fallback of `shadeGradientThroughMask` once the mask is drawn: the gradient's group,
  /// shaded whole, composited through it.
  private func compositeShadedGroup(_ node: DisplayNode, through drawnMask: OpaquePointer, in cairo: OpaquePointer) throws {
    guard let content = shadedGradientGroup(node, in: cairo) else { return }
    defer { cairo_pattern_destroy(content) }
    cairo_save(cairo)
    defer { cairo_restore(cairo) }
    placeInDeviceSpace(content, in: cairo)
    placeInDeviceSpace(drawnMask, in: cairo)
    let opacity = node.layer.properties.opacity
    if opacity < 1 { pushGroup(cairo) }
    cairo_set_source(cairo, content)
    cairo_mask(cairo, drawnMask)
    if opacity < 1 {
      cairo_pop_group_to_source(cairo)
      cairo_paint_with_alpha(cairo, opacity)
    }
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
    let scratch = gradientScratch.elements(width * min(rowsPerBand, height))
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
      counters?.gradientBandsShaded += 1
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
