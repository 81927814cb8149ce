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
  /// The mark of the list last drawn whole or in part into `cachedContext`'s buffer, which
  /// holds its pixels; `nil` while a frame is being drawn, after one failed, and for a list
  /// kept nowhere.
  private var drawnMark: RetainedDisplayList.Mark?
  let images = ImageCache()
  let fonts = FontResolver()
  let groups: GroupCache
  let backingStores: BackingStoreCache
  let gradientRamps = GradientRampCache()
  let shapeCoverage = ShapeCoverageCache()
  /// Where gradients are shaded, a band or a run at a time.
  let gradientScratch = ScratchBuffer<UInt32>()
  /// A row's coverage, gathered from its runs (see `ShadingSink`).
  let coverageScratch = ScratchBuffer<UInt8>()
  /// The masked gradient whose mask's one fill or stroke is being shaded through (see
  /// `shadeGradientThroughMask`); `nil` otherwise.
  var maskShading: MaskShading?
  /// Which of the backend's own ways of drawing it takes (all of them but in tests).
  let fastPaths: FastPaths
  /// What the fast paths did, for a test that asked; `nil` counts nothing.
  let counters: RenderCounters?
  /// How many offscreen surfaces (a backing store, a layer drawn flat for perspective) the
  /// drawing is in: the display list's culling and plans hold only for drawing straight into
  /// the frame.
  var offscreenDepth = 0
  /// The display list's clips where the layer being drawn is composited: its superlayer's
  /// content plan (`DrawPlan.clip`), `.none` at the top level and in a mask's group; `nil`
  /// where not known (offscreen). Cairo's clip there is these clips and rectangles of whole
  /// pixels (the canvas, a group's box, the rows redrawn): under rectangles, one rectangle,
  /// which its box says all of (see `clipCoverage`).
  var compositingClip: DrawPlan.Clip?
  /// The coverage of the last clip of rectangles drawn for a compositor, kept while the clip
  /// stays (see `clipCoverage`).
  var keptClipCoverage: KeptClipCoverage?
  /// The region of the frame being redrawn when only that is (`ChangedRegion`), `nil` while a
  /// frame is drawn whole: a layer drawn straight into the frame that lies wholly outside it is
  /// left out.
  var redrawnRegion: PixelRegion?
  /// The product of the opacities of the layers being drawn whose opacity folds into their one
  /// paint (`DisplayNode.foldsOpacity`): `setSource` fades colours by it.
  var foldedOpacity = 1.0
  /// How many calls that may change a clip the backend has made (see
  /// `CairoBackend+ClipChanges`), and the device clip rectangle last found, with the count
  /// it was found at: `deviceClipRectangle(of:)` answers again from it while no such call
  /// came between.
  var clipChanges = 0
  var lastDeviceClipRectangle: (cairo: OpaquePointer, clipChanges: Int, rectangle: (minX: Int, minY: Int, maxX: Int, maxY: Int)?)?
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
    measuringContext = CCairo.cairo_create(measuringSurface)
  }

  deinit {
    if let keptClipCoverage { cairo_pattern_destroy(keptClipCoverage.pattern) }
    cairo_destroy(measuringContext)
    cairo_surface_destroy(measuringSurface)
  }

  public func render(_ list: DisplayList, into buffer: PixelBuffer) throws {
    let tree = list.tree
    let viewport = list.viewport
    let drawing = try context(for: buffer)
    // A frame's context may be a new one at the address of one gone (see `clipChanges`).
    clipChanges &+= 1
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
    // The buffer holds the frame of the list this one follows: only the region this list
    // changes is drawn again.
    let changed = fastPaths.redrawsChangedRegion && drawnMark != nil && list.follows == drawnMark ? list.changedRegion : .all
    drawnMark = nil
    countDrawing(changed)
    if changed == .none {
      drawnMark = list.mark
      return
    }
    cairo_save(cairo)
    defer { cairo_restore(cairo) }
    // The region's rows are the clip, its columns are not: whatever is drawn in its rows that
    // reaches its columns lies between them (`ChangedRegion`), and is drawn under the very
    // clips of a frame drawn whole; only the canvas colour is painted in the region alone.
    if case .region(let region) = changed {
      cairo_rectangle(cairo, 0, Double(region.rows.lowerBound), Double(buffer.width), Double(region.rows.count))
      cairo_clip(cairo)
      redrawnRegion = region
    }
    defer { redrawnRegion = nil }

    // The canvas colour is painted only where something could show it: the pixels a first
    // layer covers with an opaque colour (fuber's container, a Lottie solid or background
    // rectangle) are painted over whole, and the canvas colour goes only around them (a
    // 375x667 file at 512x512: the bands of the contain fit and the columns the background's
    // edges cross, not the whole frame).
    let canvasPixels = Self.canvasPixels(viewport)
    let frame = Rect(x: 0, y: 0, width: Double(buffer.width), height: Double(buffer.height))
    // Nothing draws outside the canvas's pixels (the clip below).
    let covered = list.backdrop == nil ? firstLayerPixels(of: tree, viewport: viewport)?.intersection(canvasPixels ?? frame) : nil
    if covered != frame { paintCanvasColour(tree.backgroundColor, around: covered, in: frame, drawing: drawing) }
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
    compositingClip = DrawPlan.Clip.none
    defer { compositingClip = nil }
    // Drawn where they lie in the list (see `draw(at:in:)`).
    try list.layers.withUnsafeBufferPointer { layers in
      guard let first = layers.baseAddress else { return }
      for index in layers.indices {
        // A layer wholly outside the region redrawn draws nothing in it (and below the top
        // level, `drawInLayerSpace` asks the same of each layer).
        if let region = redrawnRegion, let box = (first + index).pointee.deviceBox, ChangedRegion.box(box, misses: region) {
          continue
        }
        try draw(at: first + index, in: cairo)
      }
    }
    groups.endFrame()
    backingStores.endFrame()
    shapeCoverage.endFrame()
    try drawing.checkStatus(stage: "drawing a frame")
    drawing.flush()
    drawnMark = list.mark
  }

  /// Counts, for a test, how a frame is drawn.
  private func countDrawing(_ changed: ChangedRegion) {
    guard let counters else { return }
    switch changed {
    case .none: counters.framesUnchanged += 1
    case .region(let region):
      counters.framesRedrawnInPart += 1
      counters.rowsRedrawn += region.rows.count
      counters.pixelsRedrawn += region.pixelCount
    case .all: counters.framesDrawnWhole += 1
    }
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

  /// The whole pixels of the frame that the first layer drawn paints whole in an opaque colour,
  /// straight onto the frame; `nil` when it paints none so.
  ///
  /// Such a layer is unrounded and on the frame's axes, at full opacity, in the normal blend
  /// mode, with no mask or shadow, and its colour is an opaque background or the opaque fill
  /// of a rectangular path (a Lottie background rectangle). A pixel it spans whole is laid at
  /// full coverage, which replaces what lay beneath, so the canvas colour painted there first
  /// would never show; a pixel its edge crosses is not counted.
  ///
  /// The layer may sit inside plain containers that draw nothing before it (a Lottie solid is
  /// the first sublayer of its layer).
  func firstLayerPixels(of tree: PresentationTree, viewport: Viewport) -> Rect? {
    var candidate = tree.layers.first
    // The candidate's superlayer space to the frame's pixels.
    var superlayerToFrame = viewport.transform
    while let layer = candidate {
      guard !layer.properties.isHidden, layer.properties.opacity >= 1, !layer.hasMask, layer.properties.blendMode == .normal,
        !layer.properties.filtersPicture,
        layer.properties.shadow.opacity <= 0 || layer.properties.shadow.color.alpha <= 0,
        let flat = layer.properties.transform.flattened, flat.b == 0, flat.c == 0
      else { return nil }
      let bounds = layer.properties.bounds
      let anchor = Point(
        x: bounds.minX + layer.properties.anchorPoint.x * bounds.width, y: bounds.minY + layer.properties.anchorPoint.y * bounds.height)
      let toFrame = AffineTransform(translationX: -anchor.x, y: -anchor.y)
        .concatenating(flat)
        .concatenating(AffineTransform(translationX: layer.properties.position.x, y: layer.properties.position.y))
        .concatenating(superlayerToFrame)
      if layer.properties.backgroundColor.alpha >= 1 {
        guard layer.properties.cornerRadius <= 0 else { return nil }
        return Self.wholePixels(inside: bounds, through: toFrame)
      }
      if layer.kind == .shape {
        // Its background is clear (above), so the fill is the first thing it paints.
        let shape = layer.properties.shape
        guard layer.properties.contents == nil, !layer.properties.masksToBounds, layer.tint == .white, shape.fillColor.alpha >= 1,
          let path = shape.path, let rectangle = Self.rectangle(of: path)
        else { return nil }
        return Self.wholePixels(inside: rectangle, through: toFrame)
      }
      // A container that draws nothing of its own before its first sublayer: look there.
      guard layer.kind == .layer, layer.properties.backgroundColor.alpha <= 0, layer.properties.contents == nil,
        !layer.properties.masksToBounds, layer.properties.sublayerTransform.isIdentity
      else { return nil }
      superlayerToFrame = toFrame
      candidate = layer.sublayers.first
    }
    return nil
  }

  /// The whole pixels inside `rect` mapped by `toFrame` (which keeps it on the axes); `nil`
  /// when there are none. An edge within a billionth of a pixel of a pixel's edge is on it.
  static func wholePixels(inside rect: Rect, through toFrame: AffineTransform) -> Rect? {
    let corners = [Point(x: rect.minX, y: rect.minY), Point(x: rect.maxX, y: rect.maxY)].map { toFrame.apply(to: $0) }
    let slack = 1e-9
    let left = (min(corners[0].x, corners[1].x) - slack).rounded(.up)
    let top = (min(corners[0].y, corners[1].y) - slack).rounded(.up)
    let right = (max(corners[0].x, corners[1].x) + slack).rounded(.down)
    let bottom = (max(corners[0].y, corners[1].y) + slack).rounded(.down)
    guard left < right, top < bottom, left.isFinite, top.isFinite, right.isFinite, bottom.isFinite else { return nil }
    return Rect(x: left, y: top, width: right - left, height: bottom - top)
  }

  /// The rectangle `path` fills when it is one rectangle on the axes, traced corner to corner
  /// (lines only, closed or not); `nil` otherwise.
  static func rectangle(of path: Path) -> Rect? {
    var points: [Point] = []
    for (index, element) in path.elements.enumerated() {
      switch element {
      case .move(let point) where index == 0: points.append(point)
      case .line(let point) where index > 0: points.append(point)
      case .close where index == path.elements.count - 1: break
      default: return nil
      }
    }
    guard points.count == 4 || (points.count == 5 && points[4] == points[0]) else { return nil }
    let xs = points.map(\.x)
    let ys = points.map(\.y)
    let (left, right, top, bottom) = (xs.min()!, xs.max()!, ys.min()!, ys.max()!)
    guard left < right, top < bottom else { return nil }
    // Every point a corner, and every side (the closing one too) along an axis: four sides
    // round the rectangle, not a bow tie across it.
    for index in 0..<4 {
      let point = points[index]
      let next = points[(index + 1) % 4]
      guard point.x == left || point.x == right, point.y == top || point.y == bottom else { return nil }
      guard (point.x == next.x) != (point.y == next.y) else { return nil }
    }
    return Rect(x: left, y: top, width: right - left, height: bottom - top)
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
    // Another buffer: it does not hold the last list's frame.
    drawnMark = nil
    let created = try CairoContext(drawingInto: buffer)
    cachedContext = created
    return created
  }
}
