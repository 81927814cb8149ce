import SplashCore

/// A layer as it shows at one moment: its presented values, mask and sublayers.
public struct PresentationLayer: Sendable, Hashable {
  public var id: String
  public var kind: LayerKind
  @CopyOnWrite public var properties: LayerProperties
  public var sublayers: [PresentationLayer]
  /// The colour the layer's own drawing is multiplied by (fills, strokes, backgrounds,
  /// borders, text, gradients, shadows, images): the product of the instance colours of the
  /// replicators it is replicated by (`ReplicatorStyle`), white when there are none. Not a
  /// property of the layer: Core Animation's replicator applies it while rendering.
  public var tint: Color
  /// Whether the layer's place in the frame is changing at this moment: its own position,
  /// transform, anchor point or bounds, or those of a layer above it, differ a moment later
  /// (see `Scene.presentation(at:)`). A renderer may composite a faded layer that moves
  /// from a picture of it drawn earlier, as Core Animation composites moving layers from their
  /// backing stores. Only layers that may show faded, and the layers above them, are looked
  /// at (`MotionScope`); the others are never marked.
  public var isMoving = false
  /// Whether the layer's picture (its content and sublayers, at opacity 1, wherever it is)
  /// is the same at every moment: no animation of the scene changes anything but its place and
  /// opacity, and nothing below it changes at all. A picture kept of such a layer stays true.
  public var hasFixedContent = false
  /// The mask, held in an array so the type can contain itself: at most one element. Read it
  /// in place (`maskStorage[0]`) where every layer of a frame is visited; `mask` returns a
  /// copy, which retains all the mask holds.
  public internal(set) var maskStorage: [PresentationLayer]

  public init(
    id: String, kind: LayerKind, properties: LayerProperties, sublayers: [PresentationLayer],
    mask: PresentationLayer? = nil, tint: Color = .white
  ) {
    self.init(
      id: id, kind: kind, sharing: CopyOnWrite(wrappedValue: properties), sublayers: sublayers, mask: mask, tint: tint)
  }

  /// A layer whose properties are `properties`' storage, shared (evaluation hands on a model
  /// layer's properties untouched when no animation writes them).
  init(
    id: String, kind: LayerKind, sharing properties: CopyOnWrite<LayerProperties>, sublayers: [PresentationLayer],
    mask: PresentationLayer?, tint: Color
  ) {
    self.init(id: id, kind: kind, sharing: properties, sublayers: sublayers, maskStorage: mask.map { [$0] } ?? [], tint: tint)
  }

  /// A layer whose properties are `properties`' storage and whose mask, if any, is the one
  /// element of `maskStorage`.
  init(
    id: String, kind: LayerKind, sharing properties: CopyOnWrite<LayerProperties>, sublayers: [PresentationLayer],
    maskStorage: [PresentationLayer], tint: Color
  ) {
    self.id = id
    self.kind = kind
    _properties = properties
    self.sublayers = sublayers
    self.tint = tint
    self.maskStorage = maskStorage
  }

  /// Whether the layer has a mask: asked without copying it, as `mask` does.
  public var hasMask: Bool { !maskStorage.isEmpty }

  /// The layer whose alpha masks this one, in this layer's coordinate space.
  public var mask: PresentationLayer? {
    get { maskStorage.first }
    set { maskStorage = newValue.map { [$0] } ?? [] }
  }

  /// The sublayers bottom to top: by `zPosition`, and in their given order where it is equal.
  public var sublayersInDrawingOrder: [PresentationLayer] {
    guard let order = sublayerDrawingOrder else { return sublayers }
    return order.map { sublayers[$0] }
  }

  /// The indices of the sublayers bottom to top when `zPosition` reorders them; `nil` when they
  /// draw in their order (as nearly all do).
  public var sublayerDrawingOrder: [Int]? {
    guard sublayers.contains(where: { $0.properties.zPosition != 0 }) else { return nil }
    return sublayers.indices.sorted { (sublayers[$0].properties.zPosition, $0) < (sublayers[$1].properties.zPosition, $1) }
  }

  /// The first layer with `id` in this subtree (masks included), depth first.
  public func layer(withID id: String) -> PresentationLayer? {
    if self.id == id { return self }
    if let found = mask?.layer(withID: id) { return found }
    for sublayer in sublayers {
      if let found = sublayer.layer(withID: id) { return found }
    }
    return nil
  }
}
