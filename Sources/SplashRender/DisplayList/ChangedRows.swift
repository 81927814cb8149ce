import SplashCore
import SplashModel

/// The rows of the frame where one display list may draw differently from the list drawn
/// before it into the same pixels: a backend that still holds the earlier frame redraws those
/// rows alone, clipped to them, and leaves the others as they are.
///
///     frame drawn before       this frame            redrawn
///     ┌────────────────┐       ┌────────────────┐
///     │   ■            │       │   ■            │
///     │────────────────│ ┐     │────────────────│ ┐  the rows the old and the new place
///     │     ●          │ │     │          ●     │ │  of what changed reach, and those of
///     │────────────────│ ┘     │────────────────│ ┘  every group drawn in them, whole
///     │   ■            │       │   ■            │
///     └────────────────┘       └────────────────┘
///
/// The redrawn rows are the bytes of the frame drawn whole:
///
/// - Whole rows, not rectangles, so that every span a row draws starts in the same column as
///   in a frame drawn whole: shading a gradient, laying an image or sweeping a shape's
///   coverage across a row gives the same bytes however many rows above or below are drawn
///   (each row's arithmetic starts afresh), but not always from another column (Cairo's
///   gradients step along a span, and the rasterizer sums a row's cells from its left).
/// - Every picture drawn in them (a faded, masked, blended, filtered or shadowed layer's group,
///   a backing store, an image, a gradient, text: see `DisplayNode.isDrawnAsPicture`) lies
///   wholly inside the rows (they grow until it does), so the clip cuts none: a group's
///   picture starts at its clip, a picture starting elsewhere would place its pixels'
///   arithmetic elsewhere too, a scaled image steps down from its first row, and a blur would
///   lack the rows around it. Fills, strokes and borders draw straight onto the frame, each row
///   on its own.
///
/// Two nodes at the same place in the two lists are the same drawing when they were built from
/// the same presented layer, storage and all (`DisplayNode.isBuilt(from:)`: the evaluator hands
/// a still subtree out that way in every frame). Where one changed only below (its own values
/// equal, and what it decides for its subtree), the comparison goes down to its sublayers;
/// otherwise the rows of the node's extents, in the earlier frame and in this one, change. A
/// change whose extents are not known (perspective, overflowing contents) changes every row.
public enum ChangedRows: Sendable, Equatable {
  /// The lists draw the same pixels.
  case none
  /// Only these rows may differ.
  case rows(Range<Int>)
  /// Any row may differ.
  case all

  /// Whole pixels added around each node's extents: antialiasing reaches into the pixel
  /// beyond an edge, and the box is rounded outwards again.
  public static let margin = 2.0

  /// Whether what draws within `box` (device pixels), antialiasing included, leaves `rows`
  /// as they are: the box, `margin` pixels larger, lies wholly above or below them. A box
  /// that is not a number misses nothing.
  public static func box(_ box: DeviceBox, misses rows: Range<Int>) -> Bool {
    box.bottom + margin <= Double(rows.lowerBound) || box.top - margin >= Double(rows.upperBound)
  }

  /// The rows where `list` may draw differently from `previous`, drawn before it into the same
  /// pixels.
  public init(from previous: DisplayList, to list: DisplayList) {
    guard previous.viewport == list.viewport, previous.tree.backgroundColor == list.tree.backgroundColor,
      previous.backdrop == nil, list.backdrop == nil
    else {
      self = .all
      return
    }
    self.init(from: previous.layers, to: list.layers, viewport: list.viewport)
  }

  /// The rows where the top-level nodes `layers` may draw differently from `previous`, drawn
  /// before them through the same `viewport` over the same background.
  init(from previous: [DisplayNode], to layers: [DisplayNode], viewport: Viewport) {
    guard previous.count == layers.count else {
      self = .all
      return
    }
    var changed = Span()
    let frameHeight = Double(viewport.pixelHeight)
    let known = Self.compare(previous, layers, superlayerToDevice: viewport.transform, into: &changed, whileBelow: frameHeight)
    // Unknown, or every row: nothing to grow.
    guard known, changed.top > 0 || changed.bottom < frameHeight else {
      self = .all
      return
    }
    guard changed.top < changed.bottom else {
      self = .none
      return
    }
    // Grown until every picture of its own that reaches the rows lies inside them.
    var boxes: [DeviceBox] = []
    guard Self.addPictures(of: layers, superlayerToDevice: viewport.transform, to: &boxes) else {
      self = .all
      return
    }
    var grown = true
    while grown {
      grown = false
      for box in boxes where box.bottom + Self.margin > changed.top && box.top - Self.margin < changed.bottom {
        if box.top < changed.top || box.bottom > changed.bottom {
          changed.include(box)
          grown = true
        }
      }
    }
    // Clamped to the frame before converting: a layer scaled far beyond it reaches rows no
    // integer holds, and one placed by a value that is not a number reaches every row.
    let top = (changed.top - Self.margin).rounded(.down)
    let bottom = (changed.bottom + Self.margin).rounded(.up)
    guard !top.isNaN, !bottom.isNaN else {
      self = .all
      return
    }
    let first = Int(min(max(top, 0), frameHeight))
    let end = Int(min(max(bottom, 0), frameHeight))
    if first >= end {
      self = .none
    } else if first == 0 && end == viewport.pixelHeight {
      self = .all
    } else {
      self = .rows(first..<end)
    }
  }

  /// The rows a node's extents reach, from the top of the first to the bottom of the last,
  /// in device pixels.
  struct Span {
    var top = Double.infinity
    var bottom = -Double.infinity

    mutating func include(_ box: DeviceBox) {
      top = min(top, box.top)
      bottom = max(bottom, box.bottom)
    }
  }

  /// Adds to `changed` where `old` and `new`, at the same place under a superlayer whose
  /// sublayer space `superlayerToDevice` maps onto the frame, draw differently; false when
  /// that is not known (extents unknown, perspective).
  static func compare(
    _ old: UnsafePointer<DisplayNode>, _ new: UnsafePointer<DisplayNode>, superlayerToDevice: AffineTransform,
    into changed: inout Span
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
  /// once the rows changed reach `limit`, past which nothing more can change.
  static func compare(
    _ old: [DisplayNode], _ new: [DisplayNode], superlayerToDevice: AffineTransform, into changed: inout Span,
    whileBelow limit: Double = .infinity
  ) -> Bool {
    old.withUnsafeBufferPointer { old in
      new.withUnsafeBufferPointer { new in
        guard let oldNodes = old.baseAddress, let newNodes = new.baseAddress else { return true }
        for index in new.indices {
          guard compare(oldNodes + index, newNodes + index, superlayerToDevice: superlayerToDevice, into: &changed),
            changed.top > 0 || changed.bottom < limit
          else { return false }
        }
        return true
      }
    }
  }

  /// Adds to `boxes` where each node of `nodes` and below that is drawn as a picture of its
  /// own lands on the frame: a group (faded, masked, blended, filtered, shadowed) or a backing
  /// store. Everything else draws straight onto the frame, row by row, and a clip to some rows
  /// leaves each row as it was. False when a place is not known (perspective).
  ///
  /// Each node is read where it lies in its array: a computed value asked of a node taken out
  /// of it copied the node first, a retain and a release of each of its five references.
  static func addPictures(of nodes: [DisplayNode], superlayerToDevice: AffineTransform, to boxes: inout [DeviceBox]) -> Bool {
    nodes.withUnsafeBufferPointer { nodes in
      guard let first = nodes.baseAddress else { return true }
      for index in nodes.indices {
        let node = first + index
        guard node.pointee.fields.wrappedValue.mayHoldPictures, !node.pointee.layer.properties.isHidden else { continue }
        if DisplayNode.isDrawnAsPicture(node) {
          guard let box = DisplayNode.deviceBox(of: node, superlayerToDevice: superlayerToDevice), !box.top.isNaN,
            !box.bottom.isNaN
          else { return false }
          boxes.append(box)
          continue
        }
        guard !node.pointee.fields.wrappedValue.sublayers.isEmpty else { continue }
        // Not a picture, so not in perspective (`isDrawnAsPicture`).
        guard let toSuperlayer = node.pointee.layer.toSuperlayer,
          addPictures(
            of: node.pointee.fields.wrappedValue.sublayers,
            superlayerToDevice: DisplayNode.sublayerSpaceToDevice(of: node, toDevice: toSuperlayer.concatenating(superlayerToDevice)),
            to: &boxes)
        else { return false }
      }
      return true
    }
  }

  /// Adds the rows the node at `node` draws in to `changed`; false when they are not known.
  private static func include(
    _ node: UnsafePointer<DisplayNode>, superlayerToDevice: AffineTransform, in changed: inout Span
  ) -> Bool {
    if node.pointee.layer.properties.isHidden { return true }
    guard let box = DisplayNode.deviceBox(of: node, superlayerToDevice: superlayerToDevice), !box.top.isNaN,
      !box.bottom.isNaN
    else { return false }
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
