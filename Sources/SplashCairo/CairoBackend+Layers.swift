import CCairo
import SplashCore
import SplashModel
import SplashRaster
import SplashRender

/// Compositing one layer and its subtree.
extension CairoBackend {
  /// Draws `node`'s layer into the superlayer's coordinate space (the current Cairo user space).
  func draw(_ node: DisplayNode, in cairo: OpaquePointer) throws {
    try withUnsafePointer(to: node) { try draw(at: $0, in: cairo) }
  }

  /// `draw(_:in:)` of the node at `node`, read where it lies.
  ///
  /// A list's nodes are drawn from their arrays' storage: passed on as values, each was copied
  /// for the call (its five references retained, then released), for every layer of every
  /// frame. The plain way down (`drawInLayerSpace(at:)`, `drawClippedContent(at:)`,
  /// `drawContent(at:)`) takes addresses; the rarer ones (groups, shadows, backing stores,
  /// perspective) take a copy.
  func draw(at node: UnsafePointer<DisplayNode>, in cairo: OpaquePointer) throws {
    guard !node.pointee.layer.properties.isHidden, node.pointee.layer.properties.opacity > 0 else { return }
    let anchor = node.pointee.layer.properties.anchor

    // Only the matrix is put back: what drawing the layer sets otherwise, it sets inside a
    // save of its own (clips, operators, groups) or sets again before each use (sources, fill
    // rules, line styles). A save and restore copied and released Cairo's whole state, some
    // 480 instructions and 16 atomic reference counts for every layer of every frame.
    var superlayerMatrix = cairo_matrix_t()
    cairo_get_matrix(cairo, &superlayerMatrix)
    defer { cairo_set_matrix(cairo, &superlayerMatrix) }
    // Layer space → superlayer space: position + transform · (p − anchor).
    //
    // A step that moves nothing (a zero position or anchor, an identity transform, as most
    // of a Lottie file's groups and shapes have) is not asked of Cairo: each step multiplies
    // the matrix and its inverse by it and checks the result (some 170 instructions), and a
    // product with the identity is the matrix itself.
    let position = node.pointee.layer.properties.position
    if position.x != 0 || position.y != 0 { cairo_translate(cairo, position.x, position.y) }
    guard let flat = node.pointee.layer.properties.transform.flattened else {
      // Seen in perspective: drawn flat, then warped piece by piece (see +Perspective).
      try drawInPerspective(node.pointee, anchor: anchor, in: cairo)
      return
    }
    // A transform that flattens the layer to a line (a zero scale) shows nothing; Cairo would
    // also refuse to invert it and fail the whole frame.
    guard abs(flat.a * flat.d - flat.b * flat.c) > 1e-12 else { return }
    if !flat.isIdentity {
      var layerTransform = matrix(flat)
      cairo_transform(cairo, &layerTransform)
    }
    if anchor.x != 0 || anchor.y != 0 { cairo_translate(cairo, -anchor.x, -anchor.y) }
    // Cairo keeps device coordinates in 24.8 fixed point, ±8 million pixels: a layer scaled
    // past a million pixels a point, or placed past a billion, is beyond what it can draw (a
    // scale of 10¹⁹ crashed it inside cairo_mask), and would show a speck of itself blown up.
    var device = cairo_matrix_t()
    cairo_get_matrix(cairo, &device)
    guard Self.isDrawable(device) else {
      warnOnce("a layer scaled past a million pixels a point, or placed past a billion pixels, is not drawn")
      return
    }
    try drawInLayerSpace(at: node, in: cairo)
  }

  /// Whether Cairo can draw in the user space `matrix` maps to device pixels (see `draw`).
  ///
  /// Asked of every layer drawn, so the four scales are checked one by one, not gathered into
  /// an array first.
  static func isDrawable(_ matrix: cairo_matrix_t) -> Bool {
    func isDrawableScale(_ scale: Double) -> Bool { scale.isFinite && abs(scale) <= 1e6 }
    return isDrawableScale(matrix.xx) && isDrawableScale(matrix.yx) && isDrawableScale(matrix.xy) && isDrawableScale(matrix.yy)
      && abs(matrix.x0) <= 1e9 && abs(matrix.y0) <= 1e9
  }

  /// `drawInLayerSpace(_:in:)` of the node at `node`: a layer drawn straight into its
  /// superlayer's picture (no group, no shadow, no backing store; its opacity folded into its
  /// one paint or not), as most are, is drawn from where it lies; any other is handed on as a
  /// copy.
  func drawInLayerSpace(at node: UnsafePointer<DisplayNode>, in cairo: OpaquePointer) throws {
    guard !DisplayNode.isIsolated(node), !DisplayNode.castsShadow(node), !node.pointee.hasBackingStore else {
      return try drawInLayerSpace(node.pointee, in: cairo)
    }
    if drawsNothing(extents: node.pointee.extents, deviceBox: node.pointee.deviceBox, isCulled: node.pointee.isCulled, in: cairo) {
      return
    }
    try drawStraight(at: node, in: cairo)
  }

  /// Draws the layer of the node at `node`, neither isolated nor shadowed, straight into its
  /// superlayer's picture.
  private func drawStraight(at node: UnsafePointer<DisplayNode>, in cairo: OpaquePointer) throws {
    // A faded layer that paints one thing paints it faded, with no picture of it.
    guard DisplayNode.foldsOpacity(node) else { return try drawClippedContent(at: node, in: cairo) }
    let outer = foldedOpacity
    foldedOpacity *= node.pointee.layer.properties.opacity
    defer { foldedOpacity = outer }
    counters?.opacitiesFolded += 1
    try drawClippedContent(at: node, in: cairo)
  }

  /// Whether a layer whose subtree draws within `extents` (its own space) draws nothing inside
  /// the clip (a tile scrolled off screen): it is then skipped, the pixels being the same and
  /// the path and group work saved. The display list decided it (`isCulled`) for the frame,
  /// and found where the extents land on it (`deviceBox`); offscreen, the clip is asked.
  private func drawsNothing(extents: Rect?, deviceBox: DeviceBox?, isCulled: Bool, in cairo: OpaquePointer) -> Bool {
    if offscreenDepth == 0 {
      if isCulled { return true }
      // In a frame redrawn in part, a layer wholly outside the region: every picture that
      // reaches the region lies inside it (`ChangedRegion`), so a layer left out here is no
      // part of one drawn in it, and a fill or stroke outside it draws nothing there (and
      // must not draw beside it, where the canvas colour was not painted again). The box is
      // the one the region grew over, to the bit.
      if let region = redrawnRegion, let deviceBox, ChangedRegion.box(deviceBox, misses: region) {
        counters?.layersOutsideRedrawnRegion += 1
        return true
      }
    } else if let extents, !intersectsClip(extents, in: cairo) {
      return true
    }
    return false
  }

  /// Draws the layer with its effects, the current user space being the layer's own.
  func drawInLayerSpace(_ node: DisplayNode, in cairo: OpaquePointer) throws {
    let layer = node.layer
    let isolated = node.isIsolated
    let hasShadow = node.castsShadow
    let visual = node.extents
    if drawsNothing(extents: visual, deviceBox: node.deviceBox, isCulled: node.isCulled, in: cairo) { return }
    // Groups are as large as the clip: limit it to where the layer can draw.
    let extents = node.isGroupClippedToExtents ? visual : nil
    if let extents {
      cairo_save(cairo)
      clipToDevicePixels(around: extents, in: cairo)
    }
    defer { if extents != nil { cairo_restore(cairo) } }
    // A faded layer that is moving is composited from the picture kept of it (see +BackingStore).
    if try compositeFromBackingStore(node, in: cairo) { return }
    // A layer drawn straight into its superlayer's picture (no group, no shadow), as most are,
    // its opacity folded into its one paint or not: what follows is for pictures of their own,
    // and the cache key it holds, even unset, was destroyed through its type's value witnesses
    // for every layer drawn. (A layer whose opacity folds is neither isolated nor shadowed.)
    if !isolated && !hasShadow {
      try withUnsafePointer(to: node) { try drawStraight(at: $0, in: cairo) }
      return
    }
    // A masked gradient whose mask paints one thing is shaded through it as it is swept, which
    // costs less than laying a kept picture of the gradient through the mask drawn again
    // (issue_1717's gradient fills: a fifth of the frame went to drawing masks and `cairo_mask`).
    let sweepsMaskPaint =
      isolated && !hasShadow && fastPaths.shadesThroughSweptPaints && node.mask.map(Self.drawsOneOpaquePaint) == true
    if sweepsMaskPaint, try shadeGradientThroughMask(node, sweepingMaskPaint: true, in: cairo) { return }
    // A group whose content (the layer at opacity 1, without its mask) has not changed since the
    // last frame is composited from the cache (see GroupCache). A masked layer's is kept only
    // when it was asked for in the last frame too and fits the frame's allowance: its mask (a
    // Lottie trim) is what usually moves, and its content (a gradient) what costs.
    let cacheKey = isolated ? GroupCache.key(for: layer, in: cairo) : nil
    let keepsGroup =
      !layer.hasMask
      || cacheKey.map { groups.wasAskedForLastFrame($0) && groups.holds(bytes: Self.deviceClipPixels(of: cairo) * 4) } == true
    // A group painted in one colour needs only its alpha (see `DisplayNode.uniformInk`).
    let ink = isolated && !layer.hasMask && !layer.properties.filtersPicture ? node.uniformInk : nil
    if keepsGroup, let cacheKey, let cached = groups.kept(for: cacheKey) {
      if layer.hasMask { counters?.maskedContentsReused += 1 }
      try composite(cached.pattern, of: node, ink: ink, inkRuns: cached.coverageRuns, in: cairo)
      return
    }
    // A masked gradient whose picture is not kept is shaded only where its mask has ink (one
    // whose mask paints one thing was tried above, and would be refused again).
    if isolated, !hasShadow, !keepsGroup, !sweepsMaskPaint, try shadeGradientThroughMask(node, sweepingMaskPaint: false, in: cairo) {
      return
    }
    // A layer that draws a gradient and nothing else has its group shaded straight into it.
    if isolated, !hasShadow, let content = shadedGradientGroup(node, in: cairo) {
      defer { cairo_pattern_destroy(content) }
      if keepsGroup, let cacheKey { groups.store(content, for: cacheKey) }
      try composite(content, of: node, ink: nil, in: cairo)
      return
    }
    if isolated {
      if ink != nil {
        pushGroup(cairo, alphaOnly: true)
      } else {
        pushGroup(cairo)
      }
    }

    if hasShadow {
      // The content is clipped to the bounds once, inside its group (the shadow is cast by the
      // clipped content), and laid down under the clips above alone; `masksToBounds` clips
      // the shadow too.
      cairo_save(cairo)
      clipToBounds(layer, in: cairo)
      pushGroup(cairo)
      clipToBounds(layer, in: cairo)
      try drawContent(node, in: cairo)
      guard let content = cairo_pop_group(cairo) else { throw cairoFailure("compositing a shadow", cairo) }
      defer { cairo_pattern_destroy(content) }
      drawShadow(layer.properties.shadow, of: content, in: cairo)
      cairo_restore(cairo)
      cairo_set_source(cairo, content)
      cairo_paint(cairo)
    } else {
      try drawClippedContent(node, in: cairo)
    }

    guard isolated else { return }
    guard let content = cairo_pop_group(cairo) else { throw cairoFailure("compositing a layer", cairo) }
    defer { cairo_pattern_destroy(content) }
    let kept = keepsGroup ? cacheKey.map { groups.store(content, for: $0, scanningCoverage: ink != nil) } : nil
    try composite(content, of: node, ink: ink, inkRuns: kept?.coverageRuns, in: cairo)
  }

  /// Composites an isolated layer's group: through its mask, or as an opacity group (`ink`
  /// through an alpha-only group, visiting only `inkRuns` when they are known).
  private func composite(
    _ content: OpaquePointer, of node: DisplayNode, ink: Color?, inkRuns: InkRuns? = nil, in cairo: OpaquePointer
  ) throws {
    if node.layer.properties.filtersPicture {
      try compositeFiltered(content, of: node, in: cairo)
    } else if let mask = node.mask {
      try composite(content, through: mask, of: node.layer.properties, in: cairo)
    } else {
      composite(
        content, ink: ink, inkRuns: inkRuns, opacity: node.layer.properties.opacity, blendMode: node.layer.properties.blendMode, in: cairo)
    }
  }

  /// Composites a layer whose picture is changed first, at its opacity and blend mode: laid
  /// over with its colour, masked, then blurred (After Effects applies a layer's masks before
  /// its effects, so a mask's edge softens with the rest, and a Fill before a blur listed after
  /// it). The group stays as drawn: a kept group (`GroupCache`) is changed again next frame.
  private func compositeFiltered(_ content: OpaquePointer, of node: DisplayNode, in cairo: OpaquePointer) throws {
    var made: [OpaquePointer] = []
    defer { made.forEach(cairo_pattern_destroy) }
    var picture = content
    if node.layer.properties.colorOverlay.alpha > 0, let overlaid = recolored(picture, with: node.layer.properties.colorOverlay, in: cairo)
    {
      made.append(overlaid)
      picture = overlaid
    }
    guard node.layer.properties.blurRadius > 0 else {
      if let mask = node.mask {
        try composite(picture, through: mask, of: node.layer.properties, in: cairo)
      } else {
        composite(picture, ink: nil, opacity: node.layer.properties.opacity, blendMode: node.layer.properties.blendMode, in: cairo)
      }
      return
    }
    if let mask = node.mask {
      var plain = node.layer.properties
      plain.opacity = 1
      plain.blendMode = .normal
      pushGroup(cairo)
      try composite(picture, through: mask, of: plain, in: cairo)
      guard let masked = cairo_pop_group(cairo) else { throw cairoFailure("blurring a masked layer", cairo) }
      made.append(masked)
      picture = masked
    }
    if let blurred = blurred(picture, radius: node.layer.properties.blurRadius, in: cairo) {
      made.append(blurred)
      picture = blurred
    }
    composite(picture, ink: nil, opacity: node.layer.properties.opacity, blendMode: node.layer.properties.blendMode, in: cairo)
  }

  /// Composites a masked layer's picture `content` through its `mask` (drawn now, in the
  /// layer's space; only its alpha counts, or its luminance), at the layer's opacity and blend
  /// mode.
  private func composite(
    _ content: OpaquePointer, through mask: DisplayNode, of properties: LayerProperties, in cairo: OpaquePointer
  ) throws {
    let maskPattern = try maskPicture(mask, of: properties, in: cairo)
    defer { cairo_pattern_destroy(maskPattern) }
    cairo_save(cairo)
    defer { cairo_restore(cairo) }
    cairo_set_operator(cairo, Self.cairoOperator(properties.blendMode))
    placeInDeviceSpace(content, in: cairo)
    placeInDeviceSpace(maskPattern, in: cairo)
    if properties.blendMode == .normal,
      compositeMasked(content, through: maskPattern, opacity: properties.opacity, in: cairo)
    {
      return
    }
    if properties.opacity < 1 {
      pushGroup(cairo)
      cairo_set_source(cairo, content)
      cairo_mask(cairo, maskPattern)
      cairo_pop_group_to_source(cairo)
      cairo_paint_with_alpha(cairo, properties.opacity)
    } else if properties.blendMode == .normal
      || !compositeBlended(content, through: maskPattern, blendMode: properties.blendMode, in: cairo)
    {
      cairo_set_source(cairo, content)
      cairo_mask(cairo, maskPattern)
    }
  }

  /// Cairo's operator for a blend mode (Cairo implements PDF's blend modes, the same ones).
  static func cairoOperator(_ mode: BlendMode) -> cairo_operator_t {
    switch mode {
    case .normal: CAIRO_OPERATOR_OVER
    case .multiply: CAIRO_OPERATOR_MULTIPLY
    case .screen: CAIRO_OPERATOR_SCREEN
    case .overlay: CAIRO_OPERATOR_OVERLAY
    case .darken: CAIRO_OPERATOR_DARKEN
    case .lighten: CAIRO_OPERATOR_LIGHTEN
    case .colorDodge: CAIRO_OPERATOR_COLOR_DODGE
    case .colorBurn: CAIRO_OPERATOR_COLOR_BURN
    case .hardLight: CAIRO_OPERATOR_HARD_LIGHT
    case .softLight: CAIRO_OPERATOR_SOFT_LIGHT
    case .difference: CAIRO_OPERATOR_DIFFERENCE
    case .exclusion: CAIRO_OPERATOR_EXCLUSION
    case .hue: CAIRO_OPERATOR_HSL_HUE
    case .saturation: CAIRO_OPERATOR_HSL_SATURATION
    case .color: CAIRO_OPERATOR_HSL_COLOR
    case .luminosity: CAIRO_OPERATOR_HSL_LUMINOSITY
    case .add: CAIRO_OPERATOR_ADD
    }
  }

  /// Composites an opacity group: its own pixels, or `ink` through an alpha-only group.
  private func composite(
    _ group: OpaquePointer, ink: Color?, inkRuns: InkRuns? = nil, opacity: Double, blendMode: BlendMode = .normal,
    in cairo: OpaquePointer
  ) {
    cairo_save(cairo)
    defer { cairo_restore(cairo) }
    cairo_set_operator(cairo, Self.cairoOperator(blendMode))
    placeInDeviceSpace(group, in: cairo)
    if let ink, let inkRuns, compositeCoverage(group, runs: inkRuns, ink: ink, opacity: opacity, in: cairo) { return }
    if blendMode != .normal, compositeBlended(group, ink: ink, opacity: opacity, blendMode: blendMode, in: cairo) { return }
    if let ink {
      cairo_set_source_rgba(cairo, ink.red, ink.green, ink.blue, opacity)
      cairo_mask(cairo, group)
    } else {
      cairo_set_source(cairo, group)
      cairo_paint_with_alpha(cairo, opacity)
    }
  }

  /// The layer's content clipped by `masksToBounds`: what its opacity group holds.
  func drawClippedContent(_ node: DisplayNode, in cairo: OpaquePointer) throws {
    try withUnsafePointer(to: node) { try drawClippedContent(at: $0, in: cairo) }
  }

  /// `drawClippedContent(_:in:)` of the node at `node`, read where it lies.
  private func drawClippedContent(at node: UnsafePointer<DisplayNode>, in cairo: OpaquePointer) throws {
    // Saved for the clip alone: what the content sets is the layer's, which `draw` restores.
    guard node.pointee.layer.properties.masksToBounds else { return try drawContent(at: node, in: cairo) }
    cairo_save(cairo)
    defer { cairo_restore(cairo) }
    appendRoundedRect(node.pointee.layer.properties.bounds, radius: node.pointee.layer.properties.cornerRadius, to: cairo)
    cairo_clip(cairo)
    try drawContent(at: node, in: cairo)
  }

  /// Clips everything the layer draws, shadow included, to its rounded bounds when it
  /// `masksToBounds`, as Core Animation does.
  private func clipToBounds(_ layer: PresentationLayer, in cairo: OpaquePointer) {
    guard layer.properties.masksToBounds else { return }
    appendRoundedRect(layer.properties.bounds, radius: layer.properties.cornerRadius, to: cairo)
    cairo_clip(cairo)
  }

  /// Background, contents, the kind's own drawing, sublayers and border.
  private func drawContent(_ node: DisplayNode, in cairo: OpaquePointer) throws {
    try withUnsafePointer(to: node) { try drawContent(at: $0, in: cairo) }
  }

  /// `drawContent(_:in:)` of the node at `node`, read where it lies.
  private func drawContent(at node: UnsafePointer<DisplayNode>, in cairo: OpaquePointer) throws {
    drawBackground(at: node, in: cairo)
    if let contents = node.pointee.layer.properties.contents {
      try drawContents(
        contents, portion: node.pointee.layer.properties.contentsRect, bounds: node.pointee.layer.properties.bounds,
        tint: node.pointee.layer.tint, in: cairo)
    }
    switch node.pointee.layer.kind {
    case .layer, .replicator: break
    case .shape: drawShape(at: node, in: cairo)
    case .text: drawText(node.pointee.layer.properties, in: cairo)
    case .gradient: drawGradient(node.pointee.layer.properties.gradient, bounds: node.pointee.layer.properties.bounds, in: cairo)
    }
    if !node.pointee.sublayers.isEmpty {
      // Each sublayer keeps what it sets to itself (`draw`); Cairo's state needs saving here
      // only for the sublayer transform, and a save and restore cost some 480 instructions
      // and 16 atomic reference counts (a tenth of drawing LottieLogo1, one a layer).
      let transformsSublayers = !node.pointee.layer.properties.sublayerTransform.isIdentity
      if transformsSublayers {
        cairo_save(cairo)
        try applySublayerTransform(node.pointee.layer.properties, in: cairo)
      }
      // Layers that draw nothing are passed over here, read in place: a hidden, clear or
      // culled layer would be dropped at once (`draw`, `drawInLayerSpace`). Only a layer
      // placed in the frame is culled, so its transform is affine and `draw` would have gone
      // on to the culling check. The array is held for the loop, so the addresses of its
      // nodes stay good while they are drawn.
      let sublayers = node.pointee.sublayers
      let outerClip = compositingClip
      compositingClip = offscreenDepth == 0 ? node.pointee.plan?.clip : nil
      defer { compositingClip = outerClip }
      try sublayers.withUnsafeBufferPointer { sublayers in
        guard let first = sublayers.baseAddress else { return }
        for index in sublayers.indices {
          guard !sublayers[index].layer.properties.isHidden, sublayers[index].layer.properties.opacity > 0,
            offscreenDepth > 0 || !sublayers[index].isCulled
          else { continue }
          try draw(at: first + index, in: cairo)
        }
      }
      if transformsSublayers { cairo_restore(cairo) }
    }
    drawBorder(at: node, in: cairo)
  }

  /// The layer's background, its values read in place: handed the properties, the function
  /// was given a copy of all 736 bytes (and a retain of every reference they hold), twice a
  /// layer with the border, though most layers have neither.
  private func drawBackground(at node: UnsafePointer<DisplayNode>, in cairo: OpaquePointer) {
    guard node.pointee.layer.properties.backgroundColor.alpha > 0 else { return }
    let bounds = node.pointee.layer.properties.bounds
    guard bounds.width > 0, bounds.height > 0 else { return }
    appendRoundedRect(bounds, radius: node.pointee.layer.properties.cornerRadius, to: cairo)
    paintPath(.fill, with: node.pointee.layer.properties.backgroundColor, in: cairo)
  }

  /// The border lies inside the bounds, its outer edge following the rounded corners (values
  /// read in place, as for the background).
  private func drawBorder(at node: UnsafePointer<DisplayNode>, in cairo: OpaquePointer) {
    let width = node.pointee.layer.properties.borderWidth
    guard width > 0, node.pointee.layer.properties.borderColor.alpha > 0 else { return }
    let bounds = node.pointee.layer.properties.bounds
    guard bounds.width > 0, bounds.height > 0 else { return }
    let inset = min(width, min(bounds.width, bounds.height) / 2) / 2
    let inner = Rect(
      x: bounds.minX + inset, y: bounds.minY + inset, width: bounds.width - 2 * inset, height: bounds.height - 2 * inset)
    appendRoundedRect(inner, radius: max(node.pointee.layer.properties.cornerRadius - inset, 0), to: cairo)
    cairo_set_line_width(cairo, 2 * inset)
    cairo_set_line_join(cairo, CAIRO_LINE_JOIN_MITER)
    // A square corner's miter is √2 widths: set, not left at what a shape stroked before.
    cairo_set_miter_limit(cairo, 10)
    paintPath(.stroke, with: node.pointee.layer.properties.borderColor, in: cairo)
  }

  /// Sublayers see `sublayerTransform` applied about the layer's anchor point.
  private func applySublayerTransform(_ properties: LayerProperties, in cairo: OpaquePointer) throws {
    guard let flat = properties.sublayerTransform.flattened, abs(flat.a * flat.d - flat.b * flat.c) > 1e-12 else {
      warnOnce("a sublayerTransform seen in perspective or collapsed is drawn as identity")
      return
    }
    let anchor = properties.anchor
    cairo_translate(cairo, anchor.x, anchor.y)
    var sublayerMatrix = matrix(flat)
    cairo_transform(cairo, &sublayerMatrix)
    cairo_translate(cairo, -anchor.x, -anchor.y)
  }

  /// Makes device space the user space and maps `group` onto it without a matrix (call
  /// inside a save/restore).
  ///
  /// A group was drawn in device space, pixel for pixel. Left with the matrix
  /// `cairo_pop_group` gives it (the user space's, inverted again when compositing), rounding
  /// makes that a near-identity transform, and pixman samples the group through its slow
  /// transformed paths instead of blending rows.
  func placeInDeviceSpace(_ group: OpaquePointer, in cairo: OpaquePointer) {
    var identity = cairo_matrix_t()
    cairo_matrix_init_identity(&identity)
    cairo_pattern_set_matrix(group, &identity)
    cairo_identity_matrix(cairo)
  }

  /// Clips to the whole device pixels that cover `rect` (of the current user space) and a pixel
  /// of antialiasing around it.
  ///
  /// A box of whole pixels is a clip region to Cairo; the rectangle itself, scaled or turned,
  /// would be a clip path, which every later fill and stroke must be intersected with.
  func clipToDevicePixels(around rect: Rect, in cairo: OpaquePointer) {
    clip(toDevicePixels: Self.deviceBox(of: rect, in: cairo).enclosingPixels, in: cairo)
  }

  /// Clips to `pixels`, a box of whole device pixels (a clip region to Cairo).
  func clip(toDevicePixels pixels: DeviceBox, in cairo: OpaquePointer) {
    cairo_save(cairo)
    cairo_identity_matrix(cairo)
    cairo_rectangle(cairo, pixels.left, pixels.top, pixels.right - pixels.left, pixels.bottom - pixels.top)
    cairo_restore(cairo)
    cairo_clip(cairo)
  }

  /// Whether a rectangle of the current user space overlaps the current clip (compared in
  /// device space, with a pixel of slack for antialiasing).
  private func intersectsClip(_ rect: Rect, in cairo: OpaquePointer) -> Bool {
    Self.deviceBox(of: rect, in: cairo).overlaps(Self.deviceClipBox(of: cairo))
  }

  /// The device-space box around a rectangle of the current user space (its four corners mapped).
  ///
  /// Each corner is mapped as `cairo_user_to_device` maps it: through the current matrix alone
  /// (a group's offset on its surface is not part of device space), `xx·x + xy·y + x0` in that
  /// order, and left as it is under the identity. The matrix is read once: asked for each
  /// corner, Cairo multiplied it out four times over, some 500 instructions a box, and the
  /// backend asks for a box of each layer it draws.
  static func deviceBox(of rect: Rect, in cairo: OpaquePointer) -> DeviceBox {
    var userToDevice = cairo_matrix_t()
    cairo_get_matrix(cairo, &userToDevice)
    let transform = AffineTransform(
      a: userToDevice.xx, b: userToDevice.yx, c: userToDevice.xy, d: userToDevice.yy, tx: userToDevice.x0,
      ty: userToDevice.y0)
    guard transform != .identity else { return DeviceBox(around: rect) { $0 } }
    return DeviceBox(around: rect, through: transform)
  }

  /// The box `deviceBox(of:in:)` gives around `rect` drawn through `transform`, beside the box
  /// Cairo gives asked corner by corner (`cairo_user_to_device`), in a context drawing into a
  /// group offset on its surface when `inGroup`: what `deviceBox` stands in for, and the
  /// reference its tests hold it to.
  static func deviceBoxes(of rect: Rect, through transform: AffineTransform, inGroup: Bool) -> (
    read: DeviceBox, asked: DeviceBox
  )? {
    guard let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, 64, 64) else { return nil }
    defer { cairo_surface_destroy(surface) }
    cairo_surface_set_device_offset(surface, 3.5, -7.25)
    guard let cairo = CCairo.cairo_create(surface) else { return nil }
    defer { cairo_destroy(cairo) }
    if inGroup {
      cairo_rectangle(cairo, 10.5, 20.25, 30, 20)
      CCairo.cairo_clip(cairo)
      CCairo.cairo_push_group(cairo)
    }
    var matrix = cairo_matrix_t(
      xx: transform.a, yx: transform.b, xy: transform.c, yy: transform.d, x0: transform.tx, y0: transform.ty)
    cairo_set_matrix(cairo, &matrix)
    guard cairo_status(cairo) == CAIRO_STATUS_SUCCESS else { return nil }
    let asked = DeviceBox(around: rect) { corner in
      var x = corner.x
      var y = corner.y
      cairo_user_to_device(cairo, &x, &y)
      return Point(x: x, y: y)
    }
    let read = deviceBox(of: rect, in: cairo)
    if inGroup { cairo_pattern_destroy(CCairo.cairo_pop_group(cairo)) }
    return (read, asked)
  }

  func cairoFailure(_ stage: String, _ cairo: OpaquePointer) -> Error {
    RenderErrorFactory.make(stage: stage, status: cairo_status(cairo))
  }
}
