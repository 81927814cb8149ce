import CCairo
import SplashCore
import SplashModel
import SplashRender

/// The picture a masked layer is composited through.
extension CairoBackend {
  /// The mask of a layer with `properties` as the layer is composited through it: drawn in the
  /// layer's space (only its alpha counts, or its luminance), then inverted if the layer inverts
  /// it. The caller destroys the pattern.
  ///
  /// A mask that draws exactly as it did in the frame before is given again from `GroupCache`
  /// (`GroupCache.Role.mask`): a Lottie mask path at rest while what it masks moves, as
  /// honey-sack-hud's circle over its honeycomb, was drawn and cleared every frame for the same
  /// pixels. The clip it is drawn under changes while it rests (the masked layer's extents as
  /// its content grows, the rows of a frame redrawn in part), so a mask at rest (taken from the
  /// last frame's list, which culls nothing in it) asked for in two frames running is drawn
  /// whole: over all the pixels it covers on the surface, with no region left out. It is kept
  /// while the frame's allowance holds it. Any other mask is drawn under the clip alone, as the masked
  /// layer's group is: a mask that moves would cost a whole picture a frame. An inverted mask
  /// covers everything outside its ink, so it is drawn under the clip and never kept; nor is a
  /// mask drawn offscreen, where nothing is placed.
  func maskPicture(_ mask: DisplayNode, of properties: LayerProperties, in cairo: OpaquePointer) throws -> OpaquePointer {
    guard fastPaths.keepsMasks, offscreenDepth == 0, mask.isTaken, !properties.invertsMask,
      let whole = wholeMask(mask, mode: properties.maskMode, in: cairo)
    else { return try drawnMaskPicture(mask, of: properties, in: cairo) }
    if let kept = groups.kept(for: whole.key) {
      counters?.masksReused += 1
      return cairo_pattern_reference(kept.pattern)
    }
    guard groups.wasAskedForLastFrame(whole.key), groups.holds(bytes: whole.bytes) else {
      return try drawnMaskPicture(mask, of: properties, in: cairo)
    }
    cairo_save(cairo)
    defer { cairo_restore(cairo) }
    cairo_reset_clip(cairo)
    clip(toDevicePixels: whole.pixels, in: cairo)
    // Drawn whole: the layers of a mask outside the region redrawn are drawn too.
    let region = redrawnRegion
    redrawnRegion = nil
    defer { redrawnRegion = region }
    let picture = try drawnMaskPicture(mask, of: properties, in: cairo)
    groups.store(picture, for: whole.key)
    counters?.masksKeptWhole += 1
    return picture
  }

  /// The key of `mask` drawn whole in `mode`, the whole device pixels it is drawn over (its
  /// extents with a pixel of antialiasing, on the surface drawn on) and the bytes of its
  /// picture there; `nil` when where it lands is not known, or the clip is not one `GroupCache`
  /// keys.
  private func wholeMask(_ mask: DisplayNode, mode: MaskMode, in cairo: OpaquePointer) -> (
    key: GroupCache.Key, pixels: DeviceBox, bytes: Int
  )? {
    guard let box = mask.deviceBox else { return nil }
    cairo_save(cairo)
    defer { cairo_restore(cairo) }
    cairo_reset_clip(cairo)
    // Whole pixels on both sides (the surface's box is too), so whole pixels in between.
    let pixels = box.enclosingPixels.intersection(Self.deviceClipBox(of: cairo))
    guard pixels.left < pixels.right, pixels.top < pixels.bottom else { return nil }
    clip(toDevicePixels: pixels, in: cairo)
    guard let key = GroupCache.key(forMask: mask.layer, mode: mode, in: cairo) else { return nil }
    // An alpha mask is drawn into an alpha-only group, a luminance mask into a colour one.
    let bytes = Int(pixels.right - pixels.left) * Int(pixels.bottom - pixels.top) * (mode == .alpha ? 1 : 4)
    return (key, pixels, bytes)
  }

  /// The mask drawn now, and inverted if the layer inverts it.
  private func drawnMaskPicture(_ mask: DisplayNode, of properties: LayerProperties, in cairo: OpaquePointer) throws
    -> OpaquePointer
  {
    let drawn = try drawMask(mask, mode: properties.maskMode, in: cairo)
    guard properties.invertsMask else { return drawn }
    if invertInPlace(drawn, in: cairo) {
      counters?.masksInvertedInPlace += 1
      return drawn
    }
    defer { cairo_pattern_destroy(drawn) }
    // 1 − alpha: everything, with the mask's ink taken out (the operator is restored with the
    // group's state when it is popped).
    pushGroup(cairo, alphaOnly: true)
    cairo_set_source_rgba(cairo, 0, 0, 0, 1)
    cairo_paint(cairo)
    cairo_set_operator(cairo, CAIRO_OPERATOR_DEST_OUT)
    cairo_set_source(cairo, drawn)
    cairo_paint(cairo)
    guard let inverted = cairo_pop_group(cairo) else { throw cairoFailure("inverting a mask", cairo) }
    return inverted
  }
}
