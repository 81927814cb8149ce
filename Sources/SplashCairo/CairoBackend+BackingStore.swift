import CCairo
import Foundation
import SplashCore
import SplashModel
import SplashRender

/// Moving layers composited from backing stores, as Core Animation composites them.
///
/// Core Animation draws a layer's content once into a backing store and, while only the
/// layer's place on screen changes, composites that picture with the layer's transform and
/// opacity instead of drawing it again. splashvid does the same for a layer that is moving
/// (`PresentationLayer.isMoving`) while its picture stays the same (`hasFixedContent`), faded
/// (a group it would otherwise draw afresh every frame) and slow to draw
/// (`backingStoreSegments`): fuber's rippling lattice tiles are 77 such
/// layers, and stroking their thin diagonals again each frame cost more than everything else
/// in the frame.
///
/// A store is drawn at twice the layer's scale on screen rounded up to a step of 2^(1/8)
/// (9 %): a layer that grows or shrinks is drawn again only when its scale crosses a step (the
/// threshold: below it the store is shrunk by 8 % more or less, which the filtering hides;
/// enlarging a store would blur it, so the step is rounded up). Layers at rest are drawn
/// afresh at their exact place, so a still moment stays as sharp as before; a moving one is
/// filtered at the fraction of a pixel it lands on, as a GPU samples a layer's texture. A
/// store's pixels depend only on the layer's content and the scale step, never on which
/// frames a worker drew before, so frames stay identical whatever the number of workers.
///
/// A store remembers where it has ink (`InkRuns`), and `BilinearCompositor` composites only
/// those columns: a lattice tile's store is nine tenths empty, and compositing every pixel of
/// 77 tile boxes was half of a fuber frame's time.
extension CairoBackend {
  /// Scale steps per doubling at which stores are drawn.
  static let backingStoreStepsPerOctave = 8.0
  /// Store pixels per frame pixel along each axis.
  ///
  /// Filtered down from twice the resolution, a moving fuber tile at 1080x1920 is on average
  /// 0.4 levels from the tile drawn afresh at its place (1.2 at the frame's own resolution,
  /// where a 0.5-point line visibly softens as it falls between pixels); compositing costs
  /// the same, since bilinear filtering reads four store pixels per frame pixel either way.
  static let backingStoreOversampling = 2.0

  /// The scale a store is drawn at for a layer shown at `scale`: the next step at or above it.
  static func backingStoreScale(for scale: Double) -> Double {
    let steps = (log2(scale) * backingStoreStepsPerOctave - 1e-9).rounded(.up)
    return exp2(steps / backingStoreStepsPerOctave)
  }

  /// The stroked path segments a layer's subtree must draw for a store to pay.
  ///
  /// Compositing a store costs about as much per pixel as filling a shape afresh, so a store
  /// only pays where drawing is slow: Cairo strokes a long thin diagonal at about 16 µs (a
  /// 260-pixel line of fuber's lattice, measured), and a fuber tile strokes 30 segments: about
  /// 180 µs, against 60 µs to composite its store (both measured with Cairo in C). A fading dot, a filled card or a line of text
  /// is drawn at its exact place even while it moves.
  static let backingStoreSegments = 16

  /// Composites `node`'s layer (the current user space being its own) from its backing store
  /// when it is one that is; false when it is to be drawn.
  func compositeFromBackingStore(_ node: DisplayNode, in cairo: OpaquePointer) throws -> Bool {
    let layer = node.layer
    let properties = layer.properties
    guard layer.isMoving, layer.hasFixedContent, !isDrawingBackingStore, properties.opacity < 1, layer.mask == nil,
      properties.blendMode == .normal, properties.shadow.opacity <= 0 || properties.shadow.color.alpha <= 0,
      let extents = node.extents, extents.width > 0, extents.height > 0,
      node.strokedSegments >= Self.backingStoreSegments
    else { return false }
    var toDevice = cairo_matrix_t()
    cairo_get_matrix(cairo, &toDevice)
    // Scaled and moved only: a turned layer is drawn, so its edges are not resampled at an angle.
    guard toDevice.yx == 0, toDevice.xy == 0, toDevice.xx > 0, toDevice.yy > 0 else { return false }
    let scaleX = Self.backingStoreScale(for: toDevice.xx) * Self.backingStoreOversampling
    let scaleY = Self.backingStoreScale(for: toDevice.yy) * Self.backingStoreOversampling
    // Whole store pixels around the extents, and one more for antialiasing.
    let left = (extents.minX * scaleX).rounded(.down) - 1
    let top = (extents.minY * scaleY).rounded(.down) - 1
    let width = (extents.maxX * scaleX).rounded(.up) + 1 - left
    let height = (extents.maxY * scaleY).rounded(.up) + 1 - top
    // A store larger than the frame (at its oversampling) is not worth keeping.
    guard width * height <= Double(framePixels) * Self.backingStoreOversampling * Self.backingStoreOversampling else { return false }
    let key = BackingStoreCache.Key(layer: BackingStoreCache.content(of: layer), scaleX: scaleX, scaleY: scaleY)
    try backingStores.withStore(
      for: key,
      draw: {
        try drawBackingStore(
          of: node.drawing(key.layer), width: Int(width), height: Int(height), scaleX: scaleX, scaleY: scaleY, originX: -left, originY: -top)
      },
      use: { store in
        if compositeInk(of: store, scaleX: scaleX, scaleY: scaleY, opacity: properties.opacity, in: cairo) { return }
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
        cairo_paint_with_alpha(cairo, properties.opacity)
        cairo_restore(cairo)
      })
    return true
  }

  /// Draws `content` (a layer placed nowhere, at opacity 1) onto a new store.
  private func drawBackingStore(
    of content: DisplayNode, width: Int, height: Int, scaleX: Double, scaleY: Double, originX: Double, originY: Double
  ) throws -> BackingStoreCache.Store {
    isDrawingBackingStore = true
    defer { isDrawingBackingStore = false }
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
