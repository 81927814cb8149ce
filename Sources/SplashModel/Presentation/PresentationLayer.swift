/// A layer as it shows at one moment: its presented values, mask and sublayers.
public struct PresentationLayer: Sendable, Hashable {
  public var id: String
  public var kind: LayerKind
  public var properties: LayerProperties
  public var sublayers: [PresentationLayer]
  private var maskStorage: [PresentationLayer]

  public init(
    id: String, kind: LayerKind, properties: LayerProperties, sublayers: [PresentationLayer],
    mask: PresentationLayer? = nil
  ) {
    self.id = id
    self.kind = kind
    self.properties = properties
    self.sublayers = sublayers
    maskStorage = mask.map { [$0] } ?? []
  }

  /// The layer whose alpha masks this one, in this layer's coordinate space.
  public var mask: PresentationLayer? {
    get { maskStorage.first }
    set { maskStorage = newValue.map { [$0] } ?? [] }
  }

  /// The sublayers bottom to top: by `zPosition`, and in their given order where it is equal.
  public var sublayersInDrawingOrder: [PresentationLayer] {
    guard sublayers.contains(where: { $0.properties.zPosition != 0 }) else { return sublayers }
    return sublayers.enumerated()
      .sorted { ($0.element.properties.zPosition, $0.offset) < ($1.element.properties.zPosition, $1.offset) }
      .map(\.element)
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
