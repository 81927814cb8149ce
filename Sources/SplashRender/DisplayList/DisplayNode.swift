import SplashCore
import SplashModel

/// One layer of a display list: the layer as it draws, with what the renderer would otherwise
/// work out again at each level of the tree.
public struct DisplayNode: Sendable {
  /// A node's values, in one box that copies share until one of them is written
  /// (`CopyOnWrite`).
  ///
  /// A list is built by copying nodes (taken from the last frame, handed down the tree, kept
  /// for the next frame). Held inline, a node's values were 281 bytes and eight references,
  /// each retained at every copy and released after: most of LottieLogo1's display list
  /// (about 470 copies of its 170 nodes a frame). A copy now retains the box alone. The layer
  /// stays inline: the backend reads it through and through, and a value read out of a box
  /// is copied to be passed on, which cost the drawing more than the box saved.
  ///
  /// Each value is described at its accessor below.
  @usableFromInline struct Fields: Sendable {
    @usableFromInline var extents: Rect?
    @usableFromInline var sublayers: [DisplayNode]
    @usableFromInline var maskStorage: [DisplayNode]
    @usableFromInline var strokedSegments: Int
    @usableFromInline var trimmedStroke: Path?
    @usableFromInline var strokeMeasure: MeasuredPath?
    @usableFromInline var isCulled: Bool = false
    @usableFromInline var paintedColors: PaintedColors = .nothing
    @usableFromInline var paints: Int = 0
    /// Held in an array, at most one element: a plan is rare and large, and held inline every
    /// node's placement moved its bytes (clearing it, testing it).
    @usableFromInline var backingStoreStorage: [BackingStorePlan] = []
    @usableFromInline var plan: DrawPlan?
    @usableFromInline var isPlaced: Bool = false
    @usableFromInline var placement: Placement?
    @usableFromInline var holdsPlacedNodes: Bool = false
    @usableFromInline var mayHoldPictures: Bool = false
    @usableFromInline var slot: Int = 0
    @usableFromInline var deviceBox: DeviceBox?

    /// Marks the node placed, holding `placement` and landing on the frame in `deviceBox`, and
    /// forgets the rest of what its last placement decided (`DisplayList.place` decides it
    /// again): one write through the box, where a value at a time checked the box's
    /// uniqueness at each.
    mutating func startPlacement(_ placement: Placement?, deviceBox: DeviceBox?) {
      forgetPlacement()
      isPlaced = true
      self.placement = placement
      self.deviceBox = deviceBox
    }

    /// Forgets what placing decided, as for a node never placed.
    mutating func forgetPlacement() {
      isPlaced = false
      placement = nil
      isCulled = false
      backingStoreStorage = []
      plan = nil
      deviceBox = nil
    }
  }

  @usableFromInline var fields: CopyOnWrite<Fields>

  /// The layer as it draws: its replicator tint applied to its colours (`applyTint`).
  /// Its `sublayers` and `mask` are the presented ones; draw `sublayers` and `mask` of this
  /// node instead.
  public var layer: PresentationLayer

  /// Where the layer and its subtree can draw, in the layer's own space, shadow included and
  /// the mask's extents applied; `nil` when that is not known cheaply (overflowing contents,
  /// perspective below).
  @inlinable public var extents: Rect? {
    _read { yield fields.wrappedValue.extents }
    _modify { yield &fields.wrappedValue.extents }
  }

  /// The sublayers bottom to top (by `zPosition`, then in their order).
  @inlinable public var sublayers: [DisplayNode] {
    _read { yield fields.wrappedValue.sublayers }
    _modify { yield &fields.wrappedValue.sublayers }
  }

  /// Held in an array so the type can contain itself; at most one element. The list places
  /// it in place (`mask` returns a copy).
  var maskStorage: [DisplayNode] {
    _read { yield fields.wrappedValue.maskStorage }
    _modify { yield &fields.wrappedValue.maskStorage }
  }

  /// The path segments stroked in this layer and its visible sublayers, masks aside: what a
  /// backing store would save drawing.
  @inlinable public var strokedSegments: Int {
    _read { yield fields.wrappedValue.strokedSegments }
    _modify { yield &fields.wrappedValue.strokedSegments }
  }

  /// A shape layer's path cut to `strokeStart`…`strokeEnd`, when its stroke shows and is cut:
  /// what the stroke draws, found once for the extents and the drawing (a Lottie trim).
  @inlinable public var trimmedStroke: Path? {
    _read { yield fields.wrappedValue.trimmedStroke }
    _modify { yield &fields.wrappedValue.trimmedStroke }
  }

  /// The path `trimmedStroke` was cut from, measured: the next frame's node at this place cuts
  /// the same path again without measuring it (`MeasuredPath`).
  var strokeMeasure: MeasuredPath? {
    _read { yield fields.wrappedValue.strokeMeasure }
    _modify { yield &fields.wrappedValue.strokeMeasure }
  }

  /// Whether the layer draws nothing in the frame: its extents, placed on the frame, lie
  /// outside the frame and every clip above it (a tile scrolled off screen). Decided for
  /// drawing straight into the frame; a layer drawn offscreen (into a backing store, or flat
  /// before a perspective warp) is not culled by it. False when not known.
  @inlinable public var isCulled: Bool {
    _read { yield fields.wrappedValue.isCulled }
    _modify { yield &fields.wrappedValue.isCulled }
  }

  /// The colours this layer and its visible sublayers paint with (see `uniformInk`).
  @inlinable public var paintedColors: PaintedColors {
    _read { yield fields.wrappedValue.paintedColors }
    _modify { yield &fields.wrappedValue.paintedColors }
  }

  /// How many solid-colour fills, strokes, backgrounds and borders this layer and its visible
  /// sublayers paint, 2 standing for two or more, and for anything else (text, images,
  /// gradients, masks, shadows, replicas, blend modes, perspective) whatever it paints.
  @inlinable public var paints: Int {
    _read { yield fields.wrappedValue.paints }
    _modify { yield &fields.wrappedValue.paints }
  }

  /// Whether the layer is composited from a backing store, asked without copying the plan.
  @inlinable public var hasBackingStore: Bool { !fields.wrappedValue.backingStoreStorage.isEmpty }

  /// How the layer is composited from a backing store, when it is (decided, like culling, for
  /// drawing straight into the frame).
  @inlinable public var backingStore: BackingStorePlan? {
    get { fields.wrappedValue.backingStoreStorage.first }
    set { fields.wrappedValue.backingStoreStorage = newValue.map { [$0] } ?? [] }
  }

  /// How the layer's own content is drawn straight into the frame (`DrawPlan`); `nil` where the
  /// list does not place it (culled, or below perspective, where the backend decides).
  @inlinable public var plan: DrawPlan? {
    _read { yield fields.wrappedValue.plan }
    _modify { yield &fields.wrappedValue.plan }
  }

  /// The node's place in the tree, numbered by the `RetainedDisplayList` its list was built
  /// with: the node built at the same place next frame keeps the number, and no other node of
  /// that list's frames has it. 0 for a node of a list kept by none.
  ///
  /// What a backend keeps of a layer from frame to frame is found by it: ids repeat (a
  /// Lottie repeater's copies hold layers of the same ids, each copy's entry overwriting the
  /// last), and a number is found without hashing a string.
  @inlinable public var slot: Int { fields.wrappedValue.slot }

  /// Where the node's extents land on the frame, as `DisplayList.place` found them; `nil`
  /// where it did not place the node (below perspective, or below a culled layer) or the
  /// extents are not known. A backend drawing straight into the frame finds the node there.
  @inlinable public var deviceBox: DeviceBox? { fields.wrappedValue.deviceBox }

  /// Whether the node was taken whole from the last frame's list (`RetainedDisplayList`).
  ///
  /// Held beside the box, not in it: it is set while the last frame's list still holds the
  /// box, and a write to the box then copied it (an allocation and a retain of all it holds)
  /// for every node taken. The list lets go of the last frame's nodes before placing its own,
  /// so what placing writes finds the box held once.
  ///
  /// A taken node draws as the last frame's did where it is placed alike: a backend keeps a
  /// taken mask's picture (see `DisplayList.place`).
  public internal(set) var isTaken = false

  /// Whether `DisplayList.place` has set `isCulled`, `backingStore` and `plan`.
  var isPlaced: Bool {
    _read { yield fields.wrappedValue.isPlaced }
    _modify { yield &fields.wrappedValue.isPlaced }
  }

  /// What a taken node was placed with (see `Placement`): kept for taken nodes alone, the
  /// only ones `DisplayList.place` asks, so that a list built afresh allocates none.
  var placement: Placement? {
    _read { yield fields.wrappedValue.placement }
    _modify { yield &fields.wrappedValue.placement }
  }

  /// Whether this node or one below may draw a picture of its own (`isDrawnAsPicture`, which
  /// a backing store decided at placement can make true of a faded layer): decided when the
  /// node is built, so that `ChangedRegion` looks for pictures only where there may be some.
  var mayHoldPictures: Bool {
    _read { yield fields.wrappedValue.mayHoldPictures }
    _modify { yield &fields.wrappedValue.mayHoldPictures }
  }

  /// Whether a node below (mask and sublayers, and theirs) may have been placed: placed with
  /// this node, or taken already placed from the last frame. Spares `forgetPlacement` the walk
  /// through a subtree built afresh.
  var holdsPlacedNodes: Bool {
    _read { yield fields.wrappedValue.holdsPlacedNodes }
    _modify { yield &fields.wrappedValue.holdsPlacedNodes }
  }

  public init(
    layer: PresentationLayer, extents: Rect?, sublayers: [DisplayNode], mask: DisplayNode?, strokedSegments: Int,
    trimmedStroke: Path? = nil
  ) {
    self.init(
      layer: layer, extents: extents, sublayers: sublayers, maskStorage: mask.map { [$0] } ?? [],
      strokedSegments: strokedSegments, trimmedStroke: trimmedStroke)
  }

  /// A node whose mask, if any, is the one element of `maskStorage`.
  init(
    layer: PresentationLayer, extents: Rect?, sublayers: [DisplayNode], maskStorage: [DisplayNode], strokedSegments: Int,
    trimmedStroke: Path?
  ) {
    self.layer = layer
    fields = CopyOnWrite(
      wrappedValue: Fields(
        extents: extents, sublayers: sublayers, maskStorage: maskStorage, strokedSegments: strokedSegments,
        trimmedStroke: trimmedStroke))
  }

  /// Whether the layer has a mask: asked without copying it, as `mask` does.
  public var hasMask: Bool { !maskStorage.isEmpty }

  /// The mask, drawn in this layer's space.
  public var mask: DisplayNode? {
    get { maskStorage.first }
    set { maskStorage = newValue.map { [$0] } ?? [] }
  }

  /// This node drawing `layer` instead: another place and opacity for the same picture (a
  /// backing store draws the layer placed nowhere, at opacity 1). Its extents, in its own
  /// space, do not change with its place.
  public func drawing(_ layer: PresentationLayer) -> DisplayNode {
    var node = self
    node.layer = layer
    return node
  }

  /// Whether the layer is drawn as one picture and composited: faded, masked or blended (a
  /// blend mode combines the layer's picture as a whole with what is below it). A faded layer
  /// whose opacity folds into its one paint (`foldsOpacity`) is not.
  public var isIsolated: Bool { withUnsafePointer(to: self) { Self.isIsolated($0) } }

  /// `isIsolated` of the node at `node`, read where it lies: a backend drawing a list's nodes
  /// in place asks it without copying the node (and retaining all it holds).
  public static func isIsolated(_ node: UnsafePointer<DisplayNode>) -> Bool {
    node.pointee.layer.properties.opacity < 1 && !foldsOpacity(node) || !node.pointee.fields.wrappedValue.maskStorage.isEmpty
      || node.pointee.layer.properties.blendMode != .normal || node.pointee.layer.properties.filtersPicture
  }

  /// Whether the layer's opacity can be applied to the one thing its subtree paints instead
  /// of to a picture of the subtree: it is faded, and everything visible in it paints a
  /// single fill, stroke, background or border in a solid colour (`paints` is 1), with no
  /// mask, shadow or blend mode of its own.
  ///
  /// Fading a picture of one paint by o equals painting it with its colour's alpha times o:
  /// one fill or one stroke covers each pixel once (Cairo strokes a path as one shape, so
  /// where a stroke crosses itself it is not painted twice). Lottie files fade layer after
  /// layer this way (issue_1223's ripple: a faded layer holding a faded layer holding one
  /// filled ellipse), and each picture was a group to clear, fill and composite; pictures
  /// inside a picture that keeps only alpha went through pixman's slowest path.
  public var foldsOpacity: Bool { withUnsafePointer(to: self) { Self.foldsOpacity($0) } }

  /// `foldsOpacity` of the node at `node`, read where it lies (see `isIsolated(_:)`).
  public static func foldsOpacity(_ node: UnsafePointer<DisplayNode>) -> Bool {
    node.pointee.layer.properties.opacity < 1 && node.pointee.fields.wrappedValue.paints == 1
      && node.pointee.fields.wrappedValue.maskStorage.isEmpty && node.pointee.layer.properties.blendMode == .normal
      && !castsShadow(node) && !node.pointee.layer.properties.filtersPicture
  }

  /// What `DisplayList.place` decided a node's placement from: a node placed again with the
  /// same inputs is placed the same, so a node kept from the last frame (`RetainedDisplayList`)
  /// that lands where it did is not placed again. Held by reference: it is as large as the
  /// rest of a node, and nodes are copied as the list is built.
  @usableFromInline final class Placement: Sendable {
    let superlayerToDevice: AffineTransform?
    let clip: DeviceBox
    let framePixels: Int
    let clips: DrawPlan.Clip

    init(superlayerToDevice: AffineTransform?, clip: DeviceBox, framePixels: Int, clips: DrawPlan.Clip) {
      self.superlayerToDevice = superlayerToDevice
      self.clip = clip
      self.framePixels = framePixels
      self.clips = clips
    }

    /// Whether these are the inputs given.
    func matches(superlayerToDevice: AffineTransform?, clip: DeviceBox, framePixels: Int, clips: DrawPlan.Clip) -> Bool {
      self.superlayerToDevice == superlayerToDevice && self.clip == clip && self.framePixels == framePixels && self.clips == clips
    }
  }

  /// Whether this node was built from `presented` itself, not from an equal copy: the same
  /// storage for its properties, sublayers and mask, which the node holds on to, so none of it
  /// can have been written since. The evaluator hands a still subtree out this way in every
  /// frame (`SceneEvaluator`), and a node built from it once stays true.
  func isBuilt(from presented: borrowing PresentationLayer) -> Bool {
    presented.tint == .white && layer.$properties.isIdentical(to: presented.$properties)
      && layer.sublayers.sharesStorage(with: presented.sublayers)
      && layer.maskStorage.sharesStorage(with: presented.maskStorage) && layer.isMoving == presented.isMoving
      && layer.hasFixedContent == presented.hasFixedContent && layer.kind == presented.kind && layer.id == presented.id
  }

  /// Whether the node was built from `presented` but for where it lies: the same layer, its
  /// position and transform aside, over the very same sublayers and mask. Its extents, paint
  /// summary, cut stroke and sublayers' nodes then hold for `presented` (none depends on the
  /// layer's own place), and so does whether it may hold pictures, as long as both
  /// transforms are flat (one seen in perspective is drawn as a picture).
  ///
  /// A Lottie layer that moves, turns or scales over still content (1643-exploding-star's
  /// shrinking dots, two thirds of the nodes it built each frame) is presented afresh every
  /// frame; its node was built again with all it works out.
  func isBuiltApartFromPlace(from presented: borrowing PresentationLayer) -> Bool {
    guard presented.tint == .white, layer.tint == .white, layer.sublayers.sharesStorage(with: presented.sublayers),
      layer.maskStorage.sharesStorage(with: presented.maskStorage), layer.hasFixedContent == presented.hasFixedContent,
      layer.kind == presented.kind, layer.id == presented.id
    else { return false }
    return layer.$properties.withAddress { built in
      presented.$properties.withAddress { presented in
        built.pointee.transform.flattened != nil && presented.pointee.transform.flattened != nil
          && LayerProperties.equalApartFromPlace(built, presented)
      }
    }
  }

  /// `isBuilt(from:)` of the node at `node`, asked of the layer the node at `other` draws,
  /// both read in place (see `ChangedRegion.compare`).
  static func isBuilt(_ node: UnsafePointer<DisplayNode>, from other: UnsafePointer<DisplayNode>) -> Bool {
    other.pointee.layer.tint == .white && node.pointee.layer.$properties.isIdentical(to: other.pointee.layer.$properties)
      && node.pointee.layer.sublayers.sharesStorage(with: other.pointee.layer.sublayers)
      && node.pointee.layer.maskStorage.sharesStorage(with: other.pointee.layer.maskStorage)
      && node.pointee.layer.isMoving == other.pointee.layer.isMoving
      && node.pointee.layer.hasFixedContent == other.pointee.layer.hasFixedContent
      && node.pointee.layer.kind == other.pointee.layer.kind && node.pointee.layer.id == other.pointee.layer.id
  }

  /// Whether the layer of the node at `node` draws anything of its own besides its sublayers:
  /// a background, a border, a shape's fill or stroke, or anything a layer of another kind
  /// than a plain one or a replicator draws. Read in place.
  static func drawsOwnContent(_ node: UnsafePointer<DisplayNode>) -> Bool {
    guard node.pointee.layer.kind == .layer || node.pointee.layer.kind == .replicator else { return true }
    // Asked of the properties in place: a method of the layer called through the node copied
    // the layer first.
    return node.pointee.layer.properties.paintsBackground || node.pointee.layer.properties.paintsBorder
  }

  /// Forgets where this node and its subtree were placed, as a node never placed: below a
  /// node that `DisplayList.place` does not go past (culled, or below perspective), nodes
  /// taken from the last frame would otherwise keep what they were placed with then.
  mutating func forgetPlacement() {
    if isPlaced { fields.wrappedValue.forgetPlacement() }
    forgetSublayerPlacements()
  }

  /// Forgets where the mask and sublayers, and their subtrees, were placed.
  mutating func forgetSublayerPlacements() {
    guard holdsPlacedNodes else { return }
    holdsPlacedNodes = false
    for index in maskStorage.indices { maskStorage[index].forgetPlacement() }
    for index in sublayers.indices { sublayers[index].forgetPlacement() }
  }

  /// Whether this node was placed or holds nodes that were (see `holdsPlacedNodes`).
  var mayBePlaced: Bool { isPlaced || holdsPlacedNodes }

  /// Whether the layer casts a shadow, drawn from its picture.
  public var castsShadow: Bool { withUnsafePointer(to: self) { Self.castsShadow($0) } }

  /// `castsShadow` of the node at `node`, read where it lies (see `isIsolated(_:)`).
  public static func castsShadow(_ node: UnsafePointer<DisplayNode>) -> Bool {
    node.pointee.layer.properties.shadow.opacity > 0 && node.pointee.layer.properties.shadow.color.alpha > 0
  }

  /// Whether what the layer draws is clipped to the whole pixels around its extents
  /// (`DeviceBox.enclosingPixels`): its group, or its shadow's, is no larger.
  public var isGroupClippedToExtents: Bool { drawsInOwnGroup }

  /// Whether the layer's content is drawn into a group of its own with no clip inside it:
  /// the clips above apply to the group, not to what is drawn in it (see `DrawPlan`).
  public var drawsInOwnGroup: Bool { withUnsafePointer(to: self) { Self.drawsInOwnGroup($0) } }

  /// `drawsInOwnGroup` (and `isGroupClippedToExtents`, the same) of the node at `node`, read
  /// where it lies (see `isIsolated(_:)`).
  static func drawsInOwnGroup(_ node: UnsafePointer<DisplayNode>) -> Bool { isIsolated(node) || castsShadow(node) }

  /// The one colour (alpha 1) everything this layer and its visible sublayers paint has, or
  /// `nil` when they paint nothing, several colours, or anything `PaintedColors` leaves out.
  ///
  /// An opacity group whose every fill, stroke, background and border has the same red, green
  /// and blue holds, at each pixel, that colour premultiplied by the group's alpha: the colour
  /// channels carry nothing the alpha does not. A backend may then keep only the alpha (a
  /// quarter of the memory to clear, keep and blend) and composite the colour through it.
  /// fuber's lattice tiles (two strokes of one blue, faded as a group) are the case this is for.
  public var uniformInk: Color? {
    if case .one(let color) = paintedColors { return color }
    return nil
  }
}

extension DisplayNode: Equatable {
  /// Whether two nodes draw the same, the same way: what the list decided for each, and not
  /// how it came by it (built afresh or taken from the last frame, placed now or before).
  public static func == (lhs: DisplayNode, rhs: DisplayNode) -> Bool {
    lhs.layer == rhs.layer && lhs.extents == rhs.extents && lhs.sublayers == rhs.sublayers && lhs.maskStorage == rhs.maskStorage
      && lhs.strokedSegments == rhs.strokedSegments && lhs.isCulled == rhs.isCulled && lhs.paintedColors == rhs.paintedColors
      && lhs.paints == rhs.paints && lhs.fields.wrappedValue.backingStoreStorage == rhs.fields.wrappedValue.backingStoreStorage
      && lhs.plan == rhs.plan
      && lhs.trimmedStroke == rhs.trimmedStroke
  }
}

/// What a layer's subtree paints with, as far as `DisplayNode.uniformInk` needs to know.
///
/// Anything whose colours come from elsewhere (images, text, gradients, shadows) or that is
/// drawn through its own machinery (masks, perspective) counts as several colours.
public enum PaintedColors: Sendable, Equatable {
  case nothing
  /// One colour, at alpha 1 (the alpha of what is painted does not matter).
  case one(Color)
  case several

  /// These colours and `color` (clear colours paint nothing).
  func adding(_ color: Color) -> PaintedColors {
    guard color.alpha > 0 else { return self }
    return merged(with: .one(Color(red: color.red, green: color.green, blue: color.blue)))
  }

  func merged(with other: PaintedColors) -> PaintedColors {
    switch (self, other) {
    case (.nothing, _): other
    case (_, .nothing): self
    case (.one(let mine), .one(let theirs)): mine == theirs ? self : .several
    default: .several
    }
  }
}

extension DisplayNode {
  /// What `layer`, with a mask or not, paints itself, together with what `sublayers` (already
  /// summed) paint: its `paintedColors` and `paints`. One look at the layer's own paints
  /// serves both.
  ///
  /// Static, and given the layer the list holds in a local: as a mutating method of the node,
  /// each call copied the node's layer (and retained all it holds) for every layer of every frame.
  static func paintSummary(
    of layer: PresentationLayer, hasMask: Bool, sublayers: [DisplayNode]
  ) -> (colors: PaintedColors, paints: Int) {
    guard !layer.isSkipped else { return (.nothing, 0) }
    let kind = layer.kind
    let solidOnly = layer.paintsSolidColorsOnly(hasMask: hasMask)
    // A replicator's colours are its instances'; its paints are several copies.
    let colorsAddUp = solidOnly && (kind == .layer || kind == .shape || kind == .replicator)
    let paintsAddUp =
      solidOnly && (kind == .layer || kind == .shape) && layer.properties.blendMode == .normal
      && !layer.properties.filtersPicture
    var colors = colorsAddUp ? PaintedColors.nothing : .several
    var count = paintsAddUp ? 0 : 2
    if colorsAddUp || paintsAddUp {
      layer.forEachSolidPaint { color in
        if colorsAddUp { colors = colors.adding(color) }
        count += 1
      }
    }
    for index in sublayers.indices {
      if colorsAddUp { colors = colors.merged(with: sublayers[index].paintedColors) }
      if paintsAddUp { count += sublayers[index].paints }
    }
    return (colors, min(count, 2))
  }
}

extension LayerProperties {
  /// Whether the layer paints its background: a colour that shows over bounds with an area.
  var paintsBackground: Bool { bounds.width > 0 && bounds.height > 0 && backgroundColor.alpha > 0 }

  /// Whether the layer paints a border: a width, in a colour that shows, round bounds with an
  /// area.
  var paintsBorder: Bool { bounds.width > 0 && bounds.height > 0 && borderWidth > 0 && borderColor.alpha > 0 }
}

/// The solid colours a layer paints itself, which `DisplayNode.paintSummary` adds up over a
/// subtree.
extension PresentationLayer {
  /// Whether the renderer skips the layer, so it paints nothing.
  var isSkipped: Bool { properties.isHidden || properties.opacity <= 0 }

  /// Whether everything the layer paints itself (its kind aside) is a solid colour drawn
  /// straight: no image, no mask, no shadow, no perspective.
  func paintsSolidColorsOnly(hasMask: Bool) -> Bool {
    properties.contents == nil && !hasMask && (properties.shadow.opacity <= 0 || properties.shadow.color.alpha <= 0)
      && properties.transform.flattened != nil
      && (properties.sublayerTransform.isIdentity || properties.sublayerTransform.flattened != nil)
  }

  /// Calls `body` with each colour the layer paints itself: background, border, fill and
  /// stroke, as far as each draws at all (a clear colour paints nothing).
  func forEachSolidPaint(_ body: (Color) -> Void) {
    func paint(_ color: Color) { if color.alpha > 0 { body(color) } }
    if properties.paintsBackground { body(properties.backgroundColor) }
    if properties.paintsBorder { body(properties.borderColor) }
    if kind == .shape, let path = properties.shape.path, !path.isEmpty {
      let shape = properties.shape
      paint(shape.fillColor)
      if shape.lineWidth > 0, shape.strokeEnd > shape.strokeStart { paint(shape.strokeColor) }
    }
  }
}

extension Rect {
  /// Whether these extents are those of a layer that paints nothing: no width and no height,
  /// a point at the layer's bounds' origin (`DisplayList.extents`), as a stroke cut to
  /// nothing has when a Lottie trim starts. Such a box bounds nothing.
  var boundsNothingPainted: Bool { width <= 0 && height <= 0 }
}
