/// How an animatable layer property is written in presets and what changing it affects.
public struct LayerPropertyTraits: OptionSet, Sendable, Hashable {
  public let rawValue: UInt8

  public init(rawValue: UInt8) { self.rawValue = rawValue }

  /// The value is an angle, written with a unit in presets.
  public static let angle = LayerPropertyTraits(rawValue: 1 << 0)
  /// The property places layers in the frame: the layer's position, bounds, anchor and
  /// transforms, and the replicator properties that place its copies. What the motion probe
  /// of `Scene.presentation(at:)` evaluates.
  public static let placesLayers = LayerPropertyTraits(rawValue: 1 << 1)
  /// The property is applied when the layer's picture is composited rather than drawn into
  /// it: where the layer is (position, anchor point, transform, stacking) and how opaque. A
  /// layer whose other properties, and whose sublayers, never change draws the same picture
  /// all the time (see `PresentationLayer.hasFixedContent`).
  public static let appliedWhenCompositing = LayerPropertyTraits(rawValue: 1 << 2)
}
