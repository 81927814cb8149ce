import SplashCore
import SplashModel

/// Where one display list may draw differently from the list drawn before it into the same
/// pixels: a backend that still holds the earlier frame redraws that region alone, and leaves
/// the rest of the frame as it is.
///
///     frame drawn before       this frame            redrawn
///     ┌────────────────┐       ┌────────────────┐
///     │ ■    ■    ■    │       │ ■    ■    ■    │
///     │         ┌─────┐│       │         ┌─────┐│  the box that the old and the new place
///     │ ■    ■  │ ◆   ││       │ ■    ■  │   ◆ ││  of what changed reach, grown over what
///     │         └─────┘│       │         └─────┘│  is drawn across its edges
///     │ ■    ■    ■    │       │ ■    ■    ■    │
///     └────────────────┘       └────────────────┘
///
/// The region's pixels are the bytes of the frame drawn whole:
///
/// - Its rows may cut anything: a row's arithmetic starts afresh at each row (a shape's
///   coverage, a gradient's span, an image's row), whatever rows are drawn above or below.
/// - Its columns cut nothing drawn in its rows: every fill, stroke, border or background that
///   reaches into them lies wholly between them (they widen until it does), so that each of
///   its spans starts in the same column as in the frame drawn whole (the rasterizer sums a
///   row's cells from the shape's left, Cairo steps a gradient along its span). What lies
///   beside the region in its rows is not drawn at all.
/// - Every picture drawn in it (a faded, masked, blended, filtered or shadowed layer's group,
///   a backing store, an image, a gradient, text: see `DisplayNode.isDrawnAsPicture`) lies
///   wholly inside it (it grows until it does), so the clip cuts none: a group's picture starts
///   at its clip, a picture starting elsewhere would place its pixels' arithmetic elsewhere
///   too, a scaled image steps down from its first row, and a blur would lack the rows around
///   it.
///
/// Two nodes at the same place in the two lists are the same drawing when they were built from
/// the same presented layer, storage and all (`DisplayNode.isBuilt(from:)`: the evaluator hands
/// a still subtree out that way in every frame). Where one changed only below (its own values
/// equal, and what it decides for its subtree), the comparison goes down to its sublayers;
/// otherwise the box of the node's extents, in the earlier frame and in this one, changes. A
/// change whose extents are not known (perspective, overflowing contents) changes every pixel;
/// a drawing beside the changes whose extents are not known keeps the region's rows whole.
public enum ChangedRegion: Sendable, Equatable {
  /// The lists draw the same pixels.
  case none
  /// Only these pixels may differ.
  case region(PixelRegion)
  /// Any pixel may differ.
  case all

  /// Whole pixels added around each node's extents: antialiasing reaches into the pixel
  /// beyond an edge, and the box is rounded outwards again.
  public static let margin = 2.0

  /// Whether what draws within `box` (device pixels), antialiasing included, leaves `region`
  /// as it is: the box, `margin` pixels larger, lies wholly beside, above or below it. A box
  /// that is not a number misses nothing.
  public static func box(_ box: DeviceBox, misses region: PixelRegion) -> Bool {
    box.bottom + margin <= Double(region.rows.lowerBound) || box.top - margin >= Double(region.rows.upperBound)
      || box.right + margin <= Double(region.columns.lowerBound) || box.left - margin >= Double(region.columns.upperBound)
  }

  /// Where `list` may draw differently from `previous`, drawn before it into the same pixels.
  public init(from previous: DisplayList, to list: DisplayList) {
    guard previous.viewport == list.viewport, previous.tree.backgroundColor == list.tree.backgroundColor,
      previous.backdrop == nil, list.backdrop == nil
    else {
      self = .all
      return
    }
    self = Self(from: previous.layers, to: list.layers, viewport: list.viewport).grown(over: list.layers, viewport: list.viewport)
  }

  /// Where the top-level nodes `layers` draw differently from `previous`, drawn before them
  /// through the same `viewport` over the same background: the box of what changed, not yet
  /// `grown` over what is drawn across its edges.
  init(from previous: [DisplayNode], to layers: [DisplayNode], viewport: Viewport) {
    guard previous.count == layers.count else {
      self = .all
      return
    }
    let frame = DeviceBox(frameOf: viewport)
    var changed = DeviceBox.nothing
    let known = Self.compare(previous, layers, superlayerToDevice: viewport.transform, into: &changed, whileInside: frame)
    // Unknown, or every pixel: nothing to grow.
    guard known, !changed.covers(frame) else {
      self = .all
      return
    }
    self = Self(changed.widened(by: Self.margin), in: frame)
  }

  /// This region grown until every picture of its own that reaches it lies inside it, and
  /// everything else drawn in its rows that reaches its columns lies between them; `layers`
  /// are the list's top-level nodes, placed (`DisplayList.place`: where each lands on the
  /// frame, and which are culled).
  func grown(over layers: [DisplayNode], viewport: Viewport) -> ChangedRegion {
    guard case .region(let changed) = self else { return self }
    var pictures: [DeviceBox] = []
    guard Self.addPictures(of: layers, to: &pictures) else { return .all }
    let frame = DeviceBox(frameOf: viewport)
    var region = DeviceBox(changed)
    // Found once, when the region first leaves columns out (otherwise it cuts nothing
    // across); `nil` inside when a place is not known.
    var drawings: [DeviceBox]??
    var grown = true
    while grown {
      grown = false
      for box in pictures where region.reaches(box) && !region.holds(box) {
        region.grow(toHold: box)
        grown = true
      }
      guard region.left > frame.left || region.right < frame.right else { continue }
      if drawings == nil {
        var found: [DeviceBox] = []
        drawings = Self.addDrawings(of: layers, to: &found) ? found : .some(nil)
      }
      guard let known = drawings ?? nil else {
        // A drawing whose place is not known may cross the region anywhere: its rows are
        // drawn whole (and the pictures they reach grown over).
        region.left = min(region.left, frame.left)
        region.right = max(region.right, frame.right)
        grown = true
        continue
      }
      for box in known where region.reaches(box) && !region.holdsColumns(of: box) {
        region.growColumns(toHold: box)
        grown = true
      }
    }
    return Self(region, in: frame)
  }

  /// The whole pixels of `bounds` inside `frame`: none, all, or a region.
  private init(_ bounds: DeviceBox, in frame: DeviceBox) {
    // Clamped to the frame before converting: a layer scaled far beyond it reaches rows no
    // integer holds, and one placed by a value that is not a number reaches every row.
    guard !bounds.top.isNaN, !bounds.bottom.isNaN, !bounds.left.isNaN, !bounds.right.isNaN else {
      self = .all
      return
    }
    let clamped = bounds.clamped(to: frame)
    let rows = Int(clamped.top)..<max(Int(clamped.top), Int(clamped.bottom))
    let columns = Int(clamped.left)..<max(Int(clamped.left), Int(clamped.right))
    if rows.isEmpty || columns.isEmpty {
      self = .none
    } else if clamped.covers(frame) {
      self = .all
    } else {
      self = .region(PixelRegion(rows: rows, columns: columns))
    }
  }

  /// Adds to `changed` where `old` and `new`, at the same place under a superlayer whose
  /// sublayer space `superlayerToDevice` maps onto the frame, draw differently; false when
  /// that is not known (extents unknown, perspective).
  static func compare(
    _ old: UnsafePointer<DisplayNode>, _ new: UnsafePointer<DisplayNode>, superlayerToDevice: AffineTransform,
    into changed: inout DeviceBox
  ) -> Bool {
    // Read through the nodes' addresses, one stored value at a time: handed on as values (to
    // `isBuilt`, `decidesAlike`), the two nodes were copied first, a retain and a release of
    // each of their five references, for every node of every frame.
    if DisplayNode.isBuilt(new, from: old) { return true }
    if DisplayNode.decidesAlike(new, old) {
      // Equal values: both lie where the new one does.
      guard let toSuperlayer = new.pointee.layer.toSuperlayer else { return false }
      let toDevice = toSuperlayer.concatenating(superlayerToDevice)
      guard
        compare(
          old.pointee.fields.wrappedValue.sublayers, new.pointee.fields.wrappedValue.sublayers,
          superlayerToDevice: DisplayNode.sublayerSpaceToDevice(of: new, toDevice: toDevice), into: &changed)
      else { return false }
      // The mask is drawn in the layer's own space; where its coverage holds, so does the
      // masked picture.
      return new.pointee.fields.wrappedValue.maskStorage.isEmpty
        || compare(
          old.pointee.fields.wrappedValue.maskStorage, new.pointee.fields.wrappedValue.maskStorage,
          superlayerToDevice: toDevice, into: &changed)
    }
    return include(old, superlayerToDevice: superlayerToDevice, in: &changed)
      && include(new, superlayerToDevice: superlayerToDevice, in: &changed)
  }

  /// `compare` for the nodes of two arrays as long, pair by pair, read in place (passed on
  /// from an array element, a node was copied, and all it holds retained); stops with false
  /// once what changed covers `limit`, past which nothing more can change.
  static func compare(
    _ old: [DisplayNode], _ new: [DisplayNode], superlayerToDevice: AffineTransform, into changed: inout DeviceBox,
    whileInside limit: DeviceBox? = nil
  ) -> Bool {
    old.withUnsafeBufferPointer { old in
      new.withUnsafeBufferPointer { new in
        guard let oldNodes = old.baseAddress, let newNodes = new.baseAddress else { return true }
        for index in new.indices {
          guard compare(oldNodes + index, newNodes + index, superlayerToDevice: superlayerToDevice, into: &changed)
          else { return false }
          if let limit, changed.covers(limit) { return false }
        }
        return true
      }
    }
  }

  /// Adds to `boxes` where each node of `nodes` and below that is drawn as a picture of its
  /// own lands on the frame: a group (faded, masked, blended, filtered, shadowed) or a backing
  /// store. Everything else draws straight onto the frame, row by row (`addDrawings`). The
  /// nodes are placed (`DisplayNode.deviceBox`); false when a place is not known (perspective).
  ///
  /// Each node is read where it lies in its array: a computed value asked of a node taken out
  /// of it copied the node first, a retain and a release of each of its five references.
  static func addPictures(of nodes: [DisplayNode], to boxes: inout [DeviceBox]) -> Bool {
    nodes.withUnsafeBufferPointer { nodes in
      guard let first = nodes.baseAddress else { return true }
      for index in nodes.indices {
        let node = first + index
        // A culled node draws nothing, and nothing below it is placed.
        guard node.pointee.fields.wrappedValue.mayHoldPictures, !node.pointee.fields.wrappedValue.isCulled,
          !node.pointee.layer.properties.isHidden
        else { continue }
        if DisplayNode.isDrawnAsPicture(node) {
          guard let box = node.pointee.fields.wrappedValue.deviceBox, box.isNumber else { return false }
          boxes.append(box)
          continue
        }
        guard addPictures(of: node.pointee.fields.wrappedValue.sublayers, to: &boxes) else { return false }
      }
      return true
    }
  }

  /// Adds to `boxes` where the nodes of `nodes` and below that draw straight onto the frame
  /// land on it: each that draws anything of its own (a fill, a stroke, a background, a border)
  /// with its whole subtree, and each that draws nothing at all; a node that only holds
  /// sublayers is looked into. Pictures are left to `addPictures`. The nodes are placed
  /// (`DisplayNode.deviceBox`); false when a place is not known.
  ///
  /// A node that draws nothing is taken too: a box too large only widens the region, and what
  /// the backend draws must lie inside it.
  static func addDrawings(of nodes: [DisplayNode], to boxes: inout [DeviceBox]) -> Bool {
    nodes.withUnsafeBufferPointer { nodes in
      guard let first = nodes.baseAddress else { return true }
      for index in nodes.indices {
        let node = first + index
        // A node with no picture below it (most) is not asked whether it is one.
        guard !node.pointee.fields.wrappedValue.isCulled, !node.pointee.layer.properties.isHidden,
          !node.pointee.fields.wrappedValue.mayHoldPictures || !DisplayNode.isDrawnAsPicture(node)
        else { continue }
        guard node.pointee.fields.wrappedValue.sublayers.isEmpty || DisplayNode.drawsOwnContent(node) else {
          guard addDrawings(of: node.pointee.fields.wrappedValue.sublayers, to: &boxes) else { return false }
          continue
        }
        guard let box = node.pointee.fields.wrappedValue.deviceBox, box.isNumber else { return false }
        boxes.append(box)
      }
      return true
    }
  }

  /// Adds where the node at `node` draws to `changed`; false when that is not known.
  private static func include(
    _ node: UnsafePointer<DisplayNode>, superlayerToDevice: AffineTransform, in changed: inout DeviceBox
  ) -> Bool {
    if node.pointee.layer.properties.isHidden { return true }
    // Painting nothing, it changes no pixel; its point stretched the region to it.
    if node.pointee.fields.wrappedValue.extents?.boundsNothingPainted == true { return true }
    guard let box = DisplayNode.deviceBox(of: node, superlayerToDevice: superlayerToDevice), box.isNumber else { return false }
    changed.include(box)
    return true
  }
}

extension DisplayNode {
  /// Whether this node, built from other values than `old`, still draws its own content and
  /// decides for its subtree exactly as `old` did, so that the two differ only in sublayers
  /// and mask (as many, at the same places): the same values and painting summary, and no
  /// backing store (which holds the whole subtree as one picture).
  static func decidesAlike(_ new: UnsafePointer<DisplayNode>, _ old: UnsafePointer<DisplayNode>) -> Bool {
    // What changes most often first, read in place: a layer that moved or faded is not alike,
    // and its values are then not compared whole.
    guard new.pointee.layer.properties.position == old.pointee.layer.properties.position,
      new.pointee.layer.properties.transform == old.pointee.layer.properties.transform,
      new.pointee.layer.properties.opacity == old.pointee.layer.properties.opacity
    else { return false }
    let newFields = new.pointee.fields
    let oldFields = old.pointee.fields
    return newFields.wrappedValue.sublayers.count == oldFields.wrappedValue.sublayers.count
      && newFields.wrappedValue.maskStorage.isEmpty == oldFields.wrappedValue.maskStorage.isEmpty
      && new.pointee.layer.kind == old.pointee.layer.kind && new.pointee.layer.tint == old.pointee.layer.tint
      && new.pointee.layer.isMoving == old.pointee.layer.isMoving
      && new.pointee.layer.hasFixedContent == old.pointee.layer.hasFixedContent
      && newFields.wrappedValue.paints == oldFields.wrappedValue.paints
      && newFields.wrappedValue.paintedColors == oldFields.wrappedValue.paintedColors
      && newFields.wrappedValue.backingStoreStorage.isEmpty && oldFields.wrappedValue.backingStoreStorage.isEmpty
      && new.pointee.layer.$properties == old.pointee.layer.$properties && new.pointee.layer.id == old.pointee.layer.id
  }

  /// Whether the node draws a picture that a clip to some rows would change in the rows it
  /// leaves, and so must be drawn whole or not at all: a group or a backing store (its
  /// picture starts at the clip), perspective (drawn flat, then warped), an image or a video
  /// frame (pixman scales a picture stepping down from the first row it lays, so it lays a row
  /// differently when it starts at another: promo.json5's phone changed in 214 frames of 240),
  /// a gradient (a conic one is a mesh Cairo rasterizes within the clip) and text.
  var isDrawnAsPicture: Bool { withUnsafePointer(to: self) { Self.isDrawnAsPicture($0) } }

  /// `isDrawnAsPicture` of the node at `node`, read where it lies.
  static func isDrawnAsPicture(_ node: UnsafePointer<DisplayNode>) -> Bool {
    node.pointee.layer.kind == .gradient || node.pointee.layer.kind == .text || node.pointee.layer.properties.contents != nil
      || isIsolated(node) || castsShadow(node) || !node.pointee.fields.wrappedValue.backingStoreStorage.isEmpty
      || node.pointee.layer.properties.transform.flattened == nil
  }

  /// Where the node's extents land on the frame under a superlayer whose sublayer space
  /// `superlayerToDevice` maps onto it; `nil` when they are not known.
  public func deviceBox(superlayerToDevice: AffineTransform) -> DeviceBox? {
    withUnsafePointer(to: self) { Self.deviceBox(of: $0, superlayerToDevice: superlayerToDevice) }
  }

  /// `deviceBox(superlayerToDevice:)` of the node at `node`, read in place.
  public static func deviceBox(of node: UnsafePointer<DisplayNode>, superlayerToDevice: AffineTransform) -> DeviceBox? {
    guard let extents = node.pointee.fields.wrappedValue.extents, let toSuperlayer = node.pointee.layer.toSuperlayer else {
      return nil
    }
    return DeviceBox(around: extents, through: toSuperlayer.concatenating(superlayerToDevice))
  }

  /// The node's sublayer space mapped onto the frame, from the node's own space's map
  /// `toDevice`. A sublayer transform that is not affine, or collapses the plane, is drawn as
  /// the identity (see the backend's `applySublayerTransform`).
  func sublayerSpaceToDevice(toDevice: AffineTransform) -> AffineTransform {
    withUnsafePointer(to: self) { Self.sublayerSpaceToDevice(of: $0, toDevice: toDevice) }
  }

  /// `sublayerSpaceToDevice(toDevice:)` of the node at `node`, read in place.
  static func sublayerSpaceToDevice(of node: UnsafePointer<DisplayNode>, toDevice: AffineTransform) -> AffineTransform {
    let sublayerTransform = node.pointee.layer.properties.sublayerTransform
    guard !sublayerTransform.isIdentity, let flat = sublayerTransform.flattened, abs(flat.a * flat.d - flat.b * flat.c) > 1e-12
    else { return toDevice }
    let anchor = node.pointee.layer.properties.anchor
    return AffineTransform(translationX: -anchor.x, y: -anchor.y)
      .concatenating(flat)
      .concatenating(AffineTransform(translationX: anchor.x, y: anchor.y))
      .concatenating(toDevice)
  }
}

/// A box of device pixels as the region is found in it: where nodes' extents reach, then the
/// region around them, in whole pixels.
extension DeviceBox {
  /// Before anything is taken in.
  fileprivate static let nothing = DeviceBox(left: .infinity, top: .infinity, right: -.infinity, bottom: -.infinity)

  /// The pixels of `region`.
  fileprivate init(_ region: PixelRegion) {
    self.init(
      left: Double(region.columns.lowerBound), top: Double(region.rows.lowerBound), right: Double(region.columns.upperBound),
      bottom: Double(region.rows.upperBound))
  }

  /// The pixels of the frame `viewport` draws.
  fileprivate init(frameOf viewport: Viewport) {
    self.init(left: 0, top: 0, right: Double(viewport.pixelWidth), bottom: Double(viewport.pixelHeight))
  }

  /// Whether every side is a number: a layer placed by a value that is not a number has no
  /// place.
  fileprivate var isNumber: Bool { !(left.isNaN || top.isNaN || right.isNaN || bottom.isNaN) }

  /// Widens the box to take in `box`.
  fileprivate mutating func include(_ box: DeviceBox) {
    top = min(top, box.top)
    bottom = max(bottom, box.bottom)
    left = min(left, box.left)
    right = max(right, box.right)
  }

  /// Whether the box takes in all of `frame`.
  fileprivate func covers(_ frame: DeviceBox) -> Bool {
    top <= frame.top && bottom >= frame.bottom && left <= frame.left && right >= frame.right
  }

  /// The box `margin` pixels larger each way, rounded out to whole pixels.
  fileprivate func widened(by margin: Double) -> DeviceBox {
    DeviceBox(left: left - margin, top: top - margin, right: right + margin, bottom: bottom + margin).roundedOutward
  }

  /// Whether what draws within `box` reaches these pixels: the backend draws it into them
  /// (`ChangedRegion.box(_:misses:)`).
  fileprivate func reaches(_ box: DeviceBox) -> Bool {
    let margin = ChangedRegion.margin
    return box.bottom + margin > top && box.top - margin < bottom && box.right + margin > left && box.left - margin < right
  }

  /// Whether all that draws within `box`, `margin` pixels around it, lies inside.
  fileprivate func holds(_ box: DeviceBox) -> Bool {
    holdsColumns(of: box) && box.top - ChangedRegion.margin >= top && box.bottom + ChangedRegion.margin <= bottom
  }

  /// Whether all that draws within `box`, `margin` pixels around it, lies between these
  /// columns.
  fileprivate func holdsColumns(of box: DeviceBox) -> Bool {
    box.left - ChangedRegion.margin >= left && box.right + ChangedRegion.margin <= right
  }

  /// Grows to hold `box` and `margin` pixels around it, in whole pixels.
  fileprivate mutating func grow(toHold box: DeviceBox) {
    growColumns(toHold: box)
    top = min(top, (box.top - ChangedRegion.margin).rounded(.down))
    bottom = max(bottom, (box.bottom + ChangedRegion.margin).rounded(.up))
  }

  /// Grows to hold the columns of `box` and `margin` pixels around them, in whole pixels.
  fileprivate mutating func growColumns(toHold box: DeviceBox) {
    left = min(left, (box.left - ChangedRegion.margin).rounded(.down))
    right = max(right, (box.right + ChangedRegion.margin).rounded(.up))
  }

  /// The box inside `frame`.
  fileprivate func clamped(to frame: DeviceBox) -> DeviceBox {
    DeviceBox(
      left: min(max(left, frame.left), frame.right), top: min(max(top, frame.top), frame.bottom),
      right: min(max(right, frame.left), frame.right), bottom: min(max(bottom, frame.top), frame.bottom))
  }
}
