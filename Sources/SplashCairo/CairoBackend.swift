import CCairo
import SplashCore
import SplashModel
import SplashRaster
import SplashRender

/// The Cairo (and Pango) implementation of `RenderBackend`.
///
/// It composites layers the way Core Animation does; per layer, bottom to top:
///
///     shadow → background → contents (image) → shape / text / gradient → sublayers → border
///
/// all in the layer's own coordinate space, clipped by `masksToBounds`, then masked by `mask`
/// and faded by `opacity` as one picture. One backend belongs to one worker: it keeps the
/// drawing context of the buffer it last drew into, the decoded images and the font lookups
/// for every later frame.
public final class CairoBackend: RenderBackend, TextMeasuring {
  /// The context of the last buffer drawn into, kept because a worker draws into the same
  /// buffer frame after frame.
  private var cachedContext: CairoContext?
  let images = ImageCache()
  let fonts = FontResolver()
  let groups: GroupCache
  let backingStores: BackingStoreCache
  let gradientRamps = GradientRampCache()
  let shapeCoverage = ShapeCoverageCache()
  /// Where gradients are shaded, a band at a time.
  let gradientScratch = ScratchPixels()
  /// Which of the backend's own ways of drawing it takes (all of them but in tests).
  let fastPaths: FastPaths
  /// What the fast paths did, for a test that asked; `nil` counts nothing.
  let counters: RenderCounters?
  /// How many offscreen surfaces (a backing store, a layer drawn flat for perspective) the
  /// drawing is in: the display list's culling and plans hold only for drawing straight into
  /// the frame.
  var offscreenDepth = 0
  /// The product of the opacities of the layers being drawn whose opacity folds into their one
  /// paint (`DisplayNode.foldsOpacity`): `setSource` fades colours by it.
  var foldedOpacity = 1.0
  /// The rasterizer and its buffers, kept from shape to shape.
  let rasterizer = CoverageRasterizer()
  /// A context on a 1×1 surface for measuring text outside any frame (see `textExtents`).
  let measuringContext: OpaquePointer
  private let measuringSurface: OpaquePointer
  /// Text extents measured so far (see `textExtents`); `nil` values are texts with no ink.
  var measuredText: [TextExtentsKey: Rect?] = [:]
  private let warn: (String) -> Void
  private var warned: Set<String> = []

  /// - Parameters:
  ///   - fastPaths: Which of the backend's own ways of drawing it takes; a test turns one off
  ///     to compare it with Cairo.
  ///   - counters: Told each fast path taken, for a test.
  ///   - warn: Told once about each problem that does not stop rendering (a missing font
  ///     family and the fallback used for it).
  public init(fastPaths: FastPaths = .all, counters: RenderCounters? = nil, warn: @escaping (String) -> Void = { _ in }) {
    self.fastPaths = fastPaths
    self.counters = counters
    groups = GroupCache(counters: counters)
    backingStores = BackingStoreCache(counters: counters)
    self.warn = warn
    // An image surface and its context fail only when memory runs out; Cairo then hands
    // back its inert error objects, which measure nothing and draw nothing.
    measuringSurface = cairo_image_surface_create(CAIRO_FORMAT_A8, 1, 1)
    measuringContext = cairo_create(measuringSurface)
  }

  deinit {
    cairo_destroy(measuringContext)
    cairo_surface_destroy(measuringSurface)
  }

  public func render(_ list: DisplayList, into buffer: PixelBuffer) throws {
    let tree = list.tree
    let viewport = list.viewport
    let drawing = try context(for: buffer)
    groups.heldBytesPerFrame = 2 * buffer.width * buffer.height * 4
    // One frame's bytes of groups idle since before the last frame: what a loop comes back to
    // (fuber's 122 resting tiles, small and full size, take 8.1 of the 8.3 MB at 1080x1920).
    groups.idleByteLimit = buffer.width * buffer.height * 4
    // One frame's bytes of moving layers' pictures (`MemoryBudget.renderBytesPerPixel`): a
    // fuber tile's store at twice the resolution is 1.3 MB at 1080x1920, and a frame of its
    // ripple needs two to four of them (two at the scale steps it spans, with and without the
    // label). Stores for the other steps are drawn again when their turn comes, a few a loop.
    backingStores.byteLimit = max(buffer.width * buffer.height * 4, BackingStoreCache.minimumByteLimit)
    // Two bytes a pixel of shapes' coverage: a frame's edges with room to spare (settings_slider's
    // 60 strokes at 512x512 keep about 0.1 of a byte a pixel).
    shapeCoverage.byteLimit = buffer.width * buffer.height * 2
    let cairo = drawing.context
    cairo_save(cairo)
    defer { cairo_restore(cairo) }

    // The canvas colour is painted only where something could show it: a first layer whose
    // opaque background covers the whole canvas (fuber's container, a Lottie solid) paints
    // every pixel of it anyway, and leaves only the bands of a `contain` fit beside it to the
    // canvas colour (a 400x300 file at 512x512: a quarter of the frame, not all of it).
    let canvasPixels = Self.canvasPixels(viewport)
    let frame = Rect(x: 0, y: 0, width: Double(buffer.width), height: Double(buffer.height))
    let isCovered = list.backdrop == nil && firstLayerCovers(canvasPixels ?? frame, of: tree, viewport: viewport)
    if !isCovered || canvasPixels != nil {
      cairo_set_operator(cairo, CAIRO_OPERATOR_SOURCE)
      setSource(cairo, tree.backgroundColor)
      if isCovered, let canvasPixels {
        Self.appendBands(around: canvasPixels, in: frame, to: cairo)
        cairo_fill(cairo)
      } else {
        cairo_paint(cairo)
      }
      cairo_set_operator(cairo, CAIRO_OPERATOR_OVER)
    }
    // A backdrop (a render's background image) fills the frame, bands included.
    if let backdrop = list.backdrop {
      cairo_save(cairo)
      var backdropToPixels = matrix(viewport.transform)
      cairo_transform(cairo, &backdropToPixels)
      try draw(backdrop, in: cairo)
      cairo_restore(cairo)
    }
    // Nothing is drawn outside the canvas: an iPhone's screen (a preset's canvas) ends at its
    // edges, and so does a Lottie composition in every player (lottie-web clips its root to
    // the composition, ThorVG likewise); the bands of a `contain` fit are the canvas colour.
    if let canvasPixels {
      cairo_rectangle(cairo, canvasPixels.minX, canvasPixels.minY, canvasPixels.width, canvasPixels.height)
      cairo_clip(cairo)
    }

    var canvasToPixels = matrix(viewport.transform)
    cairo_transform(cairo, &canvasToPixels)
    // What to draw was decided first (SplashRender); it is drawn here.
    for node in list.layers {
      try draw(node, in: cairo)
    }
    groups.endFrame()
    backingStores.endFrame()
    shapeCoverage.endFrame()
    try drawing.checkStatus(stage: "drawing a frame")
    drawing.flush()
  }

  /// The canvas's pixels, rounded to whole pixels so that the clip keeps drawing on whole
  /// pixels, when the frame reaches beyond the canvas (bands of a `contain` fit); `nil` when
  /// the canvas covers the frame.
  static func canvasPixels(_ viewport: Viewport) -> Rect? {
    let left = max(viewport.offset.x.rounded(), 0)
    let top = max(viewport.offset.y.rounded(), 0)
    let right = min((viewport.offset.x + viewport.canvasWidthInPixels).rounded(), Double(viewport.pixelWidth))
    let bottom = min((viewport.offset.y + viewport.canvasHeightInPixels).rounded(), Double(viewport.pixelHeight))
    guard left > 0 || top > 0 || right < Double(viewport.pixelWidth) || bottom < Double(viewport.pixelHeight) else { return nil }
    return Rect(x: left, y: top, width: max(right - left, 0), height: max(bottom - top, 0))
  }

  /// The bands of the frame outside `canvas` (whole pixels), as up to four rectangles: above
  /// and below it across the frame, and left and right of it beside it.
  static func appendBands(around canvas: Rect, in frame: Rect, to cairo: OpaquePointer) {
    let bands = [
      Rect(x: frame.minX, y: frame.minY, width: frame.width, height: canvas.minY - frame.minY),
      Rect(x: frame.minX, y: canvas.maxY, width: frame.width, height: frame.maxY - canvas.maxY),
      Rect(x: frame.minX, y: canvas.minY, width: canvas.minX - frame.minX, height: canvas.height),
      Rect(x: canvas.maxX, y: canvas.minY, width: frame.maxX - canvas.maxX, height: canvas.height),
    ]
    for band in bands where band.width > 0 && band.height > 0 {
      cairo_rectangle(cairo, band.minX, band.minY, band.width, band.height)
    }
  }

  /// Whether the first layer drawn fills every pixel of `area` (frame pixels, whole ones) with
  /// an opaque colour, drawn straight onto it: an axis-aligned, unrounded, opaque background,
  /// at full opacity, in the normal blend mode, with no mask or shadow, reaching every edge of
  /// `area`.
  ///
  /// The layer may sit inside plain containers that draw nothing before it (a Lottie solid is
  /// the first sublayer of its layer). An edge on the area's edge or past it leaves no
  /// antialiased pixel: Cairo covers a pixel whole when the rectangle spans all of it.
  func firstLayerCovers(_ area: Rect, of tree: PresentationTree, viewport: Viewport) -> Bool {
    var candidate = tree.layers.first
    // The candidate's superlayer space to the frame's pixels.
    var superlayerToFrame = viewport.transform
    while let layer = candidate {
      guard !layer.properties.isHidden, layer.properties.opacity >= 1, !layer.hasMask, layer.properties.blendMode == .normal,
        !layer.properties.filtersPicture,
        layer.properties.shadow.opacity <= 0 || layer.properties.shadow.color.alpha <= 0,
        let flat = layer.properties.transform.flattened, flat.b == 0, flat.c == 0
      else { return false }
      let bounds = layer.properties.bounds
      let anchor = Point(
        x: bounds.minX + layer.properties.anchorPoint.x * bounds.width, y: bounds.minY + layer.properties.anchorPoint.y * bounds.height)
      let toFrame = AffineTransform(translationX: -anchor.x, y: -anchor.y)
        .concatenating(flat)
        .concatenating(AffineTransform(translationX: layer.properties.position.x, y: layer.properties.position.y))
        .concatenating(superlayerToFrame)
      if layer.properties.backgroundColor.alpha >= 1 {
        guard layer.properties.cornerRadius <= 0 else { return false }
        let corners = [Point(x: bounds.minX, y: bounds.minY), Point(x: bounds.maxX, y: bounds.maxY)].map { toFrame.apply(to: $0) }
        let slack = 1e-9
        return min(corners[0].x, corners[1].x) <= area.minX + slack && min(corners[0].y, corners[1].y) <= area.minY + slack
          && max(corners[0].x, corners[1].x) >= area.maxX - slack && max(corners[0].y, corners[1].y) >= area.maxY - slack
      }
      // A container that draws nothing of its own before its first sublayer: look there.
      guard layer.kind == .layer, layer.properties.backgroundColor.alpha <= 0, layer.properties.contents == nil,
        !layer.properties.masksToBounds, layer.properties.sublayerTransform.isIdentity
      else { return false }
      superlayerToFrame = toFrame
      candidate = layer.sublayers.first
    }
    return false
  }

  /// Forgets what this backend has warned of, so that the next frames warn again.
  ///
  /// For a caller that draws different scenes on one backend and keeps each scene's warnings
  /// apart (the preview, one set of parameter values after another).
  public func forgetWarnings() {
    warned.removeAll()
  }

  func warnOnce(_ message: String) {
    guard warned.insert(message).inserted else { return }
    warn(message)
  }

  private func context(for buffer: PixelBuffer) throws -> CairoContext {
    if let cachedContext, cachedContext.buffer === buffer { return cachedContext }
    let created = try CairoContext(drawingInto: buffer)
    cachedContext = created
    return created
  }
}
