import CCairo
import SplashCore
import SplashModel
import SplashRaster
import SplashRender

/// Moving layers composited from backing stores, as the display list planned
/// (`BackingStorePlan`, which says which layers and why).
///
/// A store remembers where it has ink (`InkRuns`), and `BilinearCompositor` composites only
/// those columns: a lattice tile's store is nine tenths empty, and compositing every pixel of
/// 77 tile boxes was half of a fuber frame's time.
extension CairoBackend {
  /// Composites `node`'s layer (the current user space being its own) from its backing store
  /// when it is one that is; false when it is to be drawn.
  func compositeFromBackingStore(_ node: DisplayNode, in cairo: OpaquePointer) throws -> Bool {
    // The plan holds for the frame's own space; a store's content or a layer drawn flat for
    // perspective is drawn afresh.
    // Inside a layer whose opacity is folded into its paint, the paint is drawn faded instead.
    guard offscreenDepth == 0, foldedOpacity == 1, let plan = node.backingStore else { return false }
    let scaleX = plan.scaleX
    let scaleY = plan.scaleY
    let key = BackingStoreCache.Key(layer: plan.content, scaleX: scaleX, scaleY: scaleY)
    try backingStores.withStore(
      for: key,
      draw: {
        try drawBackingStore(
          of: node.drawing(plan.content), width: plan.width, height: plan.height, scaleX: scaleX, scaleY: scaleY,
          originX: plan.originX, originY: plan.originY)
      },
      use: { store in
        if compositeInk(of: store, scaleX: scaleX, scaleY: scaleY, opacity: node.layer.properties.opacity, in: cairo) { return }
        guard let pattern = cairo_pattern_create_for_surface(store.surface) else {
          throw cairoFailure("compositing a backing store", cairo)
        }
        defer { cairo_pattern_destroy(pattern) }
        // Layer point u lands on store pixel scale · u + origin.
        var toStore = cairo_matrix_t(xx: scaleX, yx: 0, xy: 0, yy: scaleY, x0: store.originX, y0: store.originY)
        cairo_pattern_set_matrix(pattern, &toStore)
        cairo_pattern_set_filter(pattern, CAIRO_FILTER_BILINEAR)
        cairo_save(cairo)
        cairo_set_source(cairo, pattern)
        cairo_paint_with_alpha(cairo, node.layer.properties.opacity)
        cairo_restore(cairo)
      })
    return true
  }

  /// Draws `content` (a layer placed nowhere, at opacity 1) onto a new store.
  private func drawBackingStore(
    of content: DisplayNode, width: Int, height: Int, scaleX: Double, scaleY: Double, originX: Double, originY: Double
  ) throws -> BackingStoreCache.Store {
    guard
      let surface = try drawOffscreen(
        width: width, height: height, stage: "drawing a backing store",
        place: { store in
          cairo_translate(store, originX, originY)
          cairo_scale(store, scaleX, scaleY)
        },
        draw: { try drawClippedContent(content, in: $0) })
    else { throw RenderErrorFactory.make(stage: "creating a backing store", status: CAIRO_STATUS_NO_MEMORY) }
    let pixelsPerRow = Int(cairo_image_surface_get_stride(surface)) / 4
    guard let data = cairo_image_surface_get_data(surface) else {
      cairo_surface_destroy(surface)
      throw RenderErrorFactory.make(stage: "reading a backing store", status: CAIRO_STATUS_NO_MEMORY)
    }
    let ink = data.withMemoryRebound(to: UInt32.self, capacity: pixelsPerRow * height) {
      InkRuns(pixels: $0, width: width, height: height, pixelsPerRow: pixelsPerRow)
    }
    return BackingStoreCache.Store(
      surface: surface, ink: ink, originX: originX, originY: originY, bytes: pixelsPerRow * 4 * height + ink.byteCount)
  }
}
