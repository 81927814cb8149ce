/// A layer as it shows at one moment: its presented values and presented sublayers.
public struct PresentationLayer: Sendable, Hashable {
  public var id: String
  public var kind: LayerKind
  public var properties: LayerProperties
  public var sublayers: [PresentationLayer]

  public init(id: String, kind: LayerKind, properties: LayerProperties, sublayers: [PresentationLayer]) {
    self.id = id
    self.kind = kind
    self.properties = properties
    self.sublayers = sublayers
  }
}
