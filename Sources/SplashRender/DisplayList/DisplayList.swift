import SplashCore
import SplashModel

/// What a frame draws, decided once from its presentation tree before any pixel is touched: the
/// first of the two steps Core Animation's render server takes (build what to draw, then draw
/// it), so a backend only executes it.
///
///     PresentationTree ──DisplayList.init──▶ DisplayNode tree ──backend──▶ pixels
///                        (order, tint, extents,
///                         stroked segments, culling,
///                         backing stores, one-colour
///                         subtrees, opacity folded
///                         into a single paint)
///
/// Each node's extents are computed once, from its sublayers' (bottom up): asking each layer
/// for its subtree's extents while drawing walked every subtree again at each level above it.
public struct DisplayList: Sendable {
  /// The scene's top-level layers, bottom to top.
  public var layers: [DisplayNode]
  /// What is drawn over the whole frame before the canvas's edges clip (`Scene.backdrop`).
  public var backdrop: DisplayNode?
  /// The frame the list was built from: its canvas, its colour and its layers as presented.
  public let tree: PresentationTree
  /// How the canvas lies on the frame's pixels.
  public let viewport: Viewport
  /// The list built before this one from the same `RetainedDisplayList`, when it was kept
  /// there (`nil` otherwise), and the pixels where this list draws differently from it.
  public let follows: RetainedDisplayList.Mark?
  public let changedRegion: ChangedRegion
  /// This list as kept in its `RetainedDisplayList`, for the next list to follow.
  public private(set) var mark: RetainedDisplayList.Mark?

  /// Builds the list for `tree` drawn through `viewport`, asking `measuring` where text draws,
  /// and taking from `retained` the last frame's nodes of what has not changed (then keeping
  /// this list's there for the next frame).
  public init(
    _ tree: PresentationTree, viewport: Viewport, measuring: some TextMeasuring, retaining retained: RetainedDisplayList? = nil
  ) {
    self.tree = tree
    self.viewport = viewport
    var built: [DisplayNode] = []
    built.reserveCapacity(tree.layers.count)
    var builtBackdrop: DisplayNode?
    var changes = ChangedRegion.all
    var follows: RetainedDisplayList.Mark?
    do {
      // Read in place, and let go before placing: a node taken is then held by this list
      // alone, and placed again without copying what it holds.
      // Taken apart at once: reading `layers` out of the pair copied its optional backdrop
      // node, through the runtime's generic copy, for every top-level layer.
      var (previousLayers, previousBackdrop) = retained?.takeNodes() ?? (layers: [], backdrop: nil)
      for index in tree.layers.indices {
        built.append(
          index < previousLayers.count
            ? Self.node(for: tree.layers[index], measuring: measuring, previous: &previousLayers[index], retained: retained)
            : Self.node(for: tree.layers[index], measuring: measuring, retained: retained))
      }
      if let presented = tree.backdrop {
        builtBackdrop =
          if previousBackdrop != nil {
            Self.node(for: presented, measuring: measuring, previous: &previousBackdrop!, retained: retained)
          } else {
            Self.node(for: presented, measuring: measuring, retained: retained)
          }
      }
      // Where this list draws differently from the last, drawn through the same viewport over
      // the same background: found while its nodes are still at hand.
      if let retained, let kept = retained.kept, retained.viewport == viewport,
        retained.backgroundColor == tree.backgroundColor, previousBackdrop == nil, builtBackdrop == nil
      {
        changes = ChangedRegion(from: previousLayers, to: built, viewport: viewport)
        follows = kept
      }
    }
    let frame = DeviceBox(left: 0, top: 0, right: Double(viewport.pixelWidth), bottom: Double(viewport.pixelHeight))
    let framePixels = viewport.pixelWidth * viewport.pixelHeight
    for index in built.indices {
      Self.place(&built[index], superlayerToDevice: viewport.transform, clip: frame, framePixels: framePixels, retained: retained)
    }
    if builtBackdrop != nil {
      Self.place(&builtBackdrop!, superlayerToDevice: viewport.transform, clip: frame, framePixels: framePixels, retained: retained)
    }
    // Grown over what is drawn across its edges, from where placing found the nodes.
    changes = changes.grown(over: built, viewport: viewport)
    layers = built
    backdrop = builtBackdrop
    changedRegion = changes
    self.follows = follows
    mark = retained?.keep(self)
  }

  /// The node of `presented` and its subtree, built afresh.
  public static func node(for presented: consuming PresentationLayer, measuring: some TextMeasuring) -> DisplayNode {
    node(for: presented, measuring: measuring, retained: nil)
  }

  /// The node of `presented` and its subtree, built afresh, its places numbered by
  /// `retained` (`DisplayNode.slot`).
  static func node(
    for presented: consuming PresentationLayer, measuring: some TextMeasuring, retained: RetainedDisplayList?
  ) -> DisplayNode {
    // Handed over, not lent: the layer the node keeps is the one given, tinted in place, not a
    // copy of it (a retain of each of its references, and a release of the one given).
    var layer = presented
    layer.applyTint()
    // By index, and the mask in place: iterating, or taking `mask`, would copy each layer (and
    // retain all it holds).
    var sublayers: [DisplayNode] = []
    sublayers.reserveCapacity(layer.sublayers.count)
    // Bottom to top (by `zPosition`, then in their order), in a loop of this function's own
    // (see the other `node(for:)`).
    let order = layer.sublayerDrawingOrder
    for position in layer.sublayers.indices {
      sublayers.append(node(for: layer.sublayers[order?[position] ?? position], measuring: measuring, retained: retained))
    }
    let maskStorage = layer.maskStorage.isEmpty ? [] : [node(for: layer.maskStorage[0], measuring: measuring, retained: retained)]
    return assembled(
      layer, sublayers: sublayers, maskStorage: maskStorage, measuring: measuring, previousMeasure: nil,
      slot: retained?.slot() ?? 0)
  }

  /// The node of `presented` and its subtree: `previous` (the node at the same place in the
  /// last frame's list) when it was built from the same values, otherwise a node built afresh,
  /// whose sublayers and mask are asked the same of `previous`'s in turn.
  ///
  /// `previous` is reached in place (`inout`), and so are its sublayers and mask below it,
  /// lent out of it while they are asked and put back after (the list then compares the last
  /// frame's tree with its own, `ChangedRegion`). An array's element passed on as a value was
  /// copied for the call, retaining all it holds (five references) and releasing it after:
  /// 66 copies a frame in issue_1717.
  static func node(
    for presented: consuming PresentationLayer, measuring: some TextMeasuring, previous: inout DisplayNode,
    retained: RetainedDisplayList?
  ) -> DisplayNode {
    if previous.isBuilt(from: presented) {
      retained?.countTaken()
      var taken = previous
      taken.isTaken = true
      return taken
    }
    // Moved, turned or scaled, and nothing else: the node holds but for its layer, and it is
    // placed afresh (it is not taken, so what it was placed with is not asked).
    if previous.isBuiltApartFromPlace(from: presented) {
      retained?.countMoved()
      var moved = previous
      moved.layer = presented
      moved.isTaken = false
      return moved
    }
    var layer = presented
    layer.applyTint()
    var sublayers: [DisplayNode] = []
    sublayers.reserveCapacity(layer.sublayers.count)
    // The last frame's arrays moved out, to be reached in place (a copy of an array is shared,
    // and reaching an element in place would copy all of it), and put back at the end.
    var previousSublayers: [DisplayNode] = []
    var previousMask: [DisplayNode] = []
    swap(&previousSublayers, &previous.sublayers)
    swap(&previousMask, &previous.maskStorage)
    defer {
      swap(&previousSublayers, &previous.sublayers)
      swap(&previousMask, &previous.maskStorage)
    }
    let previousMeasure = previous.strokeMeasure
    // Each, bottom to top, matched with the node drawn at its place last frame. In a loop of
    // this function's own: called from a closure, the layer and the node handed down were
    // copied first (the closure's captures might change during the call, for all the compiler
    // knows).
    let order = layer.sublayerDrawingOrder
    for position in layer.sublayers.indices {
      let index = order?[position] ?? position
      sublayers.append(
        position < previousSublayers.count
          ? node(for: layer.sublayers[index], measuring: measuring, previous: &previousSublayers[position], retained: retained)
          : node(for: layer.sublayers[index], measuring: measuring, retained: retained))
    }
    // The mask held as the node holds it, zero or one element: an optional node was copied
    // and destroyed through its type's value witnesses, three times for every node built.
    var maskStorage: [DisplayNode] = []
    if !layer.maskStorage.isEmpty {
      maskStorage = [
        previousMask.isEmpty
          ? node(for: layer.maskStorage[0], measuring: measuring, retained: retained)
          : node(for: layer.maskStorage[0], measuring: measuring, previous: &previousMask[0], retained: retained)
      ]
    }
    // The place keeps its number.
    return assembled(
      layer, sublayers: sublayers, maskStorage: maskStorage, measuring: measuring, previousMeasure: previousMeasure,
      slot: retained?.slot(keeping: previous.slot) ?? 0)
  }

  /// The node of `layer` (its tint applied) over its sublayers' nodes and its mask's, the one
  /// element of `maskStorage` when it has one.
  ///
  /// The layer is handed over, and the node keeps it: lent, it was copied into the node (a
  /// retain of each of its four references, released again with the caller's), for every
  /// node built. Everything the node needs from it is worked out first.
  @inline(__always)
  private static func assembled(
    _ layer: consuming PresentationLayer, sublayers: [DisplayNode], maskStorage: [DisplayNode], measuring: some TextMeasuring,
    previousMeasure: MeasuredPath?, slot: Int
  ) -> DisplayNode {
    var strokedSegments = 0
    var trimmedStroke: Path?
    var strokeMeasure: MeasuredPath?
    // Read in place: the shape's values copied out retained its path and dash pattern, for
    // layers of every kind.
    if layer.kind == .shape, layer.properties.shape.strokeColor.alpha > 0, layer.properties.shape.lineWidth > 0,
      let path = layer.properties.shape.path
    {
      strokedSegments = path.elements.count
      let strokeStart = layer.properties.shape.strokeStart
      let strokeEnd = layer.properties.shape.strokeEnd
      if strokeStart > 0 || strokeEnd < 1 {
        // The path measured last frame at this place, when it is the same path.
        let measure = previousMeasure.flatMap { $0.measures(path) ? $0 : nil } ?? MeasuredPath(path)
        // Empty when the stroke is cut to nothing (`strokeEnd` not after `strokeStart`).
        trimmedStroke = measure.trimmed(from: strokeStart, to: strokeEnd)
        strokeMeasure = measure
      }
    }
    // By index: iterating would copy each node (and retain all it holds).
    var holdsPlacedNodes = !maskStorage.isEmpty && maskStorage[0].mayBePlaced
    for index in sublayers.indices {
      holdsPlacedNodes = holdsPlacedNodes || sublayers[index].mayBePlaced
      if !sublayers[index].layer.properties.isHidden { strokedSegments += sublayers[index].strokedSegments }
    }
    let summary = DisplayNode.paintSummary(of: layer, hasMask: !maskStorage.isEmpty, sublayers: sublayers)
    let extents = extents(of: layer, sublayers: sublayers, maskStorage: maskStorage, trimmedStroke: trimmedStroke, measuring: measuring)
    let fadedOrHoldingPictures = layer.properties.opacity < 1 || sublayers.contains { $0.mayHoldPictures }
    var built = DisplayNode(
      layer: layer, extents: extents, sublayers: sublayers, maskStorage: maskStorage, strokedSegments: strokedSegments,
      trimmedStroke: trimmedStroke)
    built.paintedColors = summary.colors
    built.paints = summary.paints
    built.holdsPlacedNodes = holdsPlacedNodes
    built.strokeMeasure = strokeMeasure
    built.fields.wrappedValue.slot = slot
    // Asked of the node where it lies: asked of the value, the node was copied for the call.
    let mayHoldPictures = fadedOrHoldingPictures || withUnsafePointer(to: &built) { DisplayNode.isDrawnAsPicture($0) }
    built.mayHoldPictures = mayHoldPictures
    return built
  }

  /// Decides what depends on where `node` and its subtree land on the frame: which are culled
  /// (they draw nothing inside `clip`) and which are composited from backing stores.
  ///
  /// Culling follows the clips the backend sets on the way down: a faded, masked or shadowed
  /// layer's group is clipped to its extents (whole pixels and one of antialiasing around
  /// them), and `masksToBounds` clips the content to the bounds. `superlayerToDevice` maps the
  /// superlayer's sublayer space onto the frame, or is `nil` below perspective, where nothing
  /// is culled and no store is used.
  ///
  /// It also decides how each node's content is drawn (`DrawPlan`), from `clips`: the
  /// `masksToBounds` clips in force where the node is drawn.
  ///
  /// A node taken from the last frame (`RetainedDisplayList`) placed with the same inputs is
  /// left as it is; placed elsewhere, it forgets what it was placed with first.
  static func place(
    _ node: inout DisplayNode, superlayerToDevice: AffineTransform?, clip: DeviceBox, framePixels: Int,
    clips: DrawPlan.Clip = .none, retained: RetainedDisplayList? = nil
  ) {
    if node.isTaken, let placed = node.placement,
      placed.matches(superlayerToDevice: superlayerToDevice, clip: clip, framePixels: framePixels, clips: clips)
    {
      retained?.countPlacementKept()
      return
    }
    // Where the node lands on the frame, when it is placed at all.
    let toDevice = superlayerToDevice.flatMap { superlayerToDevice in
      node.layer.toSuperlayer.map { $0.concatenating(superlayerToDevice) }
    }
    let deviceBox = toDevice.flatMap { toDevice in node.extents.map { DeviceBox(around: $0, through: toDevice) } }
    // What the node was placed with before, if it was taken from the last frame, is set
    // afresh here, its sublayers' where they are placed, or forgotten where they are not.
    node.fields.wrappedValue.startPlacement(
      node.isTaken
        ? DisplayNode.Placement(superlayerToDevice: superlayerToDevice, clip: clip, framePixels: framePixels, clips: clips) : nil,
      deviceBox: deviceBox)
    guard let toDevice else {
      node.forgetSublayerPlacements()
      return
    }
    var inner = clip
    // Asked once, where the node lies: its group is clipped to its extents, and its content
    // drawn with no clip inside the group.
    let drawsInOwnGroup = withUnsafePointer(to: &node) { DisplayNode.drawsInOwnGroup($0) }
    if let box = deviceBox {
      guard box.overlaps(clip) else {
        node.isCulled = true
        node.forgetSublayerPlacements()
        return
      }
      // Set only when there is one: the store was forgotten above, and writing nothing again
      // still went through the node's storage.
      if let plan = BackingStorePlan(for: node, toDevice: toDevice, framePixels: framePixels) { node.backingStore = plan }
      if drawsInOwnGroup { inner = inner.intersection(box.enclosingPixels) }
    }
    node.holdsPlacedNodes = true
    // The mask is drawn in the layer's space into a group of its own, inside its group's clip,
    // and culled against that clip. Nothing is culled in a mask at rest (taken whole from the
    // last frame): a backend may draw it whole once and keep it, however the content it masks
    // moves (see `CairoBackend.maskPicture`).
    if !node.maskStorage.isEmpty {
      let maskClip = node.maskStorage[0].isTaken ? DeviceBox.everywhere : inner
      place(&node.maskStorage[0], superlayerToDevice: toDevice, clip: maskClip, framePixels: framePixels, retained: retained)
    }
    var contentClips = drawsInOwnGroup ? .none : clips
    if node.layer.properties.masksToBounds {
      inner = inner.intersection(DeviceBox(around: node.layer.properties.bounds, through: toDevice))
      contentClips = contentClips.adding(node.layer.properties.bounds, cornerRadius: node.layer.properties.cornerRadius, toDevice: toDevice)
    }
    node.plan = DrawPlan(clip: contentClips)
    let sublayerSpaceToDevice = node.sublayerSpaceToDevice(toDevice: toDevice)
    for index in node.sublayers.indices {
      place(
        &node.sublayers[index], superlayerToDevice: sublayerSpaceToDevice, clip: inner, framePixels: framePixels,
        clips: contentClips, retained: retained)
    }
  }

  /// A rectangle in the layer's own space that contains everything the layer and its subtree
  /// draw, or `nil` when that is not known cheaply (overflowing contents, perspective).
  ///
  /// Opacity, mask and shadow groups clip to it: without it every group would be as large as
  /// the frame, and fuber's 77 fading tiles would each allocate and composite a full frame.
  ///
  /// The bounds count only where the layer paints them (a background, a border, contents, a
  /// gradient, text). A Lottie precomposition is a layer as large as its composition that
  /// paints nothing itself and clips to its bounds: counted whole, a masked or faded one was a
  /// group as large as the frame whatever it held (peli-canon's inverted mattes cleared and
  /// composited two full frames a frame, a fifth of its time). Its extents are what its
  /// sublayers draw, inside the bounds.
  static func extents(
    of layer: PresentationLayer, sublayers: [DisplayNode], maskStorage: [DisplayNode], trimmedStroke: Path? = nil,
    measuring: some TextMeasuring
  ) -> Rect? {
    let bounds = layer.properties.bounds
    // What is drawn is not known: nothing shows outside the bounds when they clip.
    func unknown() -> Rect? { layer.properties.masksToBounds ? expandedForShadow(bounds, layer.properties.shadow) : nil }
    if let contents = layer.properties.contents, contents.gravity != .resize, contents.gravity != .resizeAspect {
      return unknown()
    }
    // What the layer paints itself; `nil` while it paints nothing.
    var painted: Rect? = paintsBounds(layer) ? bounds : nil
    switch layer.kind {
    case .layer, .gradient, .replicator: break
    case .text:
      // Text may overflow its bounds (one line is not clipped): its laid-out ink counts.
      painted = bounds
      if let text = measuring.textExtents(layer.properties) { painted = union(bounds, text) }
    case .shape:
      if let path = layer.properties.shape.path, !path.isEmpty {
        let shape = layer.properties.shape
        // A cut stroke (a Lottie trim) draws only its piece of the path; the fill, if it shows,
        // the whole of it.
        let fillHull = trimmedStroke == nil || shape.fillColor.alpha > 0 ? controlHull(path) : nil
        if let fillHull { painted = union(painted, fillHull) }
        // Miter joins can reach miterLimit × half the width beyond a vertex.
        let reach = shape.lineWidth / 2 * max(shape.lineJoin == .miter ? shape.miterLimit : 1, 1.5)
        // A piece cut to nothing has no hull, and bounds nothing.
        let strokeHull = trimmedStroke.map(controlHull) ?? fillHull
        if shape.strokeColor.alpha > 0, let hull = strokeHull {
          let stroked = Rect(x: hull.minX - reach, y: hull.minY - reach, width: hull.width + 2 * reach, height: hull.height + 2 * reach)
          painted = union(painted, stroked)
        }
      }
    }
    for index in sublayers.indices where !sublayers[index].layer.properties.isHidden {
      guard let child = sublayers[index].extents else { return unknown() }
      // A sublayer that paints nothing bounds nothing: counted, its point stretched the box to
      // it, and the groups and regions cut to the box with it.
      guard !child.boundsNothingPainted else { continue }
      guard let placed = placedExtents(child, of: sublayers[index].layer, in: layer.properties) else { return unknown() }
      painted = union(painted, placed)
    }
    // Nothing painted: an empty box at the bounds' origin.
    var box = painted ?? Rect(x: bounds.minX, y: bounds.minY, width: 0, height: 0)
    if layer.properties.masksToBounds { box = intersection(box, bounds) }
    let drawn = painted == nil ? box : expandedForShadow(box, layer.properties.shadow)
    // A mask hides everything outside its own extents (shadow included): fuber's logo strokes
    // a wide circle, but only its 75-point mask ever shows.
    // An inverted mask hides what is inside it instead, which bounds nothing.
    var shown = drawn
    if !maskStorage.isEmpty, !layer.properties.invertsMask, let maskExtents = maskStorage[0].extents,
      let placed = placedExtents(maskExtents, of: maskStorage[0].layer, in: layer.properties, appliesSublayerTransform: false)
    {
      shown = intersection(drawn, placed)
    }
    // A blur spreads the masked picture three standard deviations further (a layer clipping
    // to its bounds blurs inside them: its group is clipped there).
    guard layer.properties.blurRadius > 0, !layer.properties.masksToBounds, shown.width > 0 || shown.height > 0 else {
      return shown
    }
    let reach = 3 * layer.properties.blurRadius + 1
    return Rect(x: shown.minX - reach, y: shown.minY - reach, width: shown.width + 2 * reach, height: shown.height + 2 * reach)
  }

  /// Whether the layer paints its own bounds: a background, a border, contents or a gradient.
  private static func paintsBounds(_ layer: PresentationLayer) -> Bool {
    layer.kind == .gradient || layer.properties.paintsBackground || layer.properties.paintsBorder
      || layer.properties.contents != nil
  }

  private static func intersection(_ a: Rect, _ b: Rect) -> Rect {
    let minX = max(a.minX, b.minX)
    let minY = max(a.minY, b.minY)
    return Rect(x: minX, y: minY, width: max(min(a.maxX, b.maxX) - minX, 0), height: max(min(a.maxY, b.maxY) - minY, 0))
  }

  /// A sublayer's (or, without the parent's sublayerTransform, a mask's) extents mapped into
  /// its parent's space.
  private static func placedExtents(
    _ extents: Rect, of sublayer: PresentationLayer, in parent: LayerProperties, appliesSublayerTransform: Bool = true
  ) -> Rect? {
    let parentSublayerTransform = appliesSublayerTransform ? parent.sublayerTransform : .identity
    guard let toSuperlayer = sublayer.toSuperlayer, let sublayerFlat = parentSublayerTransform.flattened else {
      return nil
    }
    let parentAnchor = parent.anchor
    let toParent =
      toSuperlayer
      .concatenating(AffineTransform(translationX: -parentAnchor.x, y: -parentAnchor.y))
      .concatenating(sublayerFlat)
      .concatenating(AffineTransform(translationX: parentAnchor.x, y: parentAnchor.y))
    return DeviceBox(around: extents, through: toParent).rect
  }

  private static func expandedForShadow(_ box: Rect, _ shadow: Shadow) -> Rect {
    guard shadow.opacity > 0, shadow.color.alpha > 0 else { return box }
    let reach = 3 * shadow.radius + 1
    let shifted = Rect(
      x: box.minX + shadow.offset.width - reach, y: box.minY + shadow.offset.height - reach,
      width: box.width + 2 * reach, height: box.height + 2 * reach)
    return union(box, shifted)
  }

  /// `b`, or `a` and `b` together when there is an `a`.
  private static func union(_ a: Rect?, _ b: Rect) -> Rect { a.map { union($0, b) } ?? b }

  private static func union(_ a: Rect, _ b: Rect) -> Rect {
    if a.width <= 0 && a.height <= 0 && a.origin == .zero { return b }
    let minX = min(a.minX, b.minX)
    let minY = min(a.minY, b.minY)
    return Rect(x: minX, y: minY, width: max(a.maxX, b.maxX) - minX, height: max(a.maxY, b.maxY) - minY)
  }

  /// The box around every point and control point: it contains the curves.
  ///
  /// Asked for every shape layer in every frame, so it gathers no array of points.
  static func controlHull(_ path: Path) -> Rect? {
    var minX = Double.infinity
    var minY = Double.infinity
    var maxX = -Double.infinity
    var maxY = -Double.infinity
    func include(_ point: Point) {
      minX = min(minX, point.x)
      maxX = max(maxX, point.x)
      minY = min(minY, point.y)
      maxY = max(maxY, point.y)
    }
    for element in path.elements {
      switch element {
      case .move(let point), .line(let point): include(point)
      case .quadCurve(let control, let point):
        include(control)
        include(point)
      case .cubicCurve(let control1, let control2, let point):
        include(control1)
        include(control2)
        include(point)
      case .close: break
      }
    }
    guard minX <= maxX else { return nil }
    return Rect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
  }
}
