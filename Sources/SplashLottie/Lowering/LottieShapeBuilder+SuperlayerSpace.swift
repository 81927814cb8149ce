import SplashCore
import SplashModel

/// A lone shape whose place never changes, redrawn in its holder's space, so that it can be
/// the holder (`LottieShapeBuilder.holder`).
///
/// After Effects gives a shape layer's every group a transform of its own. Where the layer
/// moves and the group only scales or shifts its shape once and for all (1643-exploding-star's
/// 392 dots: a layer flying out, a group scaling an ellipse to 130 %), the two made two layers,
/// each evaluated, listed, placed and drawn through every frame. With the group's placement
/// mapped into the path, the shape lies in the layer's own space and is the layer.
///
/// Core Animation fills and strokes a shape layer's path in the layer's own space, then maps
/// the picture to the superlayer (Apple's CAShapeLayer reference: "a layer that draws a cubic
/// Bezier spline in its coordinate space"). Drawn in the superlayer's space instead, the path
/// is mapped point by point, and a stroke is the same picture only where the map is a
/// similarity (a turn, a mirror, one scale for both axes, a shift): every length then grows by
/// the one scale, so the widths and dashes do, and a trim (a share of the length) stays where
/// it was. Under a squeeze a stroke's pen would be an ellipse, and the shape keeps its layer.
///
/// The points land where the two layers put them but for the last bits of a double (mapped
/// once by the group's matrix, then by the rest, instead of by their product): every frame of
/// the 94 renderable files of the project's Lottie collection drew the same bytes as before.
extension LottieShapeBuilder {
  /// `layer` drawn in its superlayer's space (`isPlacedWhereItsSuperlayerIs` holds for it), or
  /// `nil` when its place changes, it draws in its own space something a mapped path cannot
  /// carry (a background, border, shadow, blur, contents, a clip to its bounds, sublayers, a
  /// mask), or its placement is not a similarity.
  static func drawnInSuperlayerSpace(_ layer: Layer) -> Layer? {
    let properties = layer.properties
    guard isBareShape(layer), properties.zPosition == 0, properties.bounds.width == 0, properties.bounds.height == 0,
      !properties.masksToBounds,
      properties.contents == nil, properties.shadow.opacity == 0, properties.blurRadius == 0,
      let placement = properties.toSuperlayer, let scale = Self.similarityScale(of: placement)
    else { return nil }
    guard let animations = Self.mapped(layer.animations, by: placement, scale: scale) else { return nil }
    var shape = layer
    shape.animations = animations
    if let path = properties.shape.path {
      LayerPropertyRegistry.path.set(path.applying(placement), in: &shape.properties)
    }
    LayerPropertyRegistry.lineWidth.set(properties.shape.lineWidth * scale, in: &shape.properties)
    LayerPropertyRegistry.lineDashPattern.set(properties.shape.lineDashPattern.map { $0 * scale }, in: &shape.properties)
    LayerPropertyRegistry.lineDashPhase.set(properties.shape.lineDashPhase * scale, in: &shape.properties)
    LayerPropertyRegistry.position.set(.zero, in: &shape.properties)
    LayerPropertyRegistry.bounds.set(Rect(x: 0, y: 0, width: 0, height: 0), in: &shape.properties)
    LayerPropertyRegistry.transform.set(.identity, in: &shape.properties)
    return shape
  }

  /// The one factor by which `placement` scales every length, when it is a similarity (its
  /// linear part a turn, or a mirror, times one scale) that keeps something to draw.
  static func similarityScale(of placement: AffineTransform) -> Double? {
    let turns = placement.a == placement.d && placement.b == -placement.c
    let mirrors = placement.a == -placement.d && placement.b == placement.c
    let scale = (placement.a * placement.a + placement.b * placement.b).squareRoot()
    guard turns || mirrors, scale > 0, scale.isFinite, placement.tx.isFinite, placement.ty.isFinite else { return nil }
    return scale
  }

  /// `animation` as it animates the shape drawn through `placement` (which scales lengths by
  /// `scale`), or `nil` when it animates something that cannot follow: the shape's place, or
  /// anything of its own space but the path and the stroke's lengths, or those in other terms
  /// than keyframes that replace the value.
  static func mapped(_ animation: Animation, by placement: AffineTransform, scale: Double) -> Animation? {
    switch animation {
    case .group(var group):
      guard let animations = mapped(group.animations, by: placement, scale: scale) else { return nil }
      group.animations = animations
      return .group(group)
    case .property(var property):
      let animated = property.keyPath.property
      if unmappedProperties.contains(where: { $0 === animated }) { return animation }
      let map: (AnimatableValue) -> AnimatableValue?
      if animated === LayerPropertyRegistry.path {
        map = { if case .path(let path) = $0 { .path(path.applying(placement)) } else { nil } }
      } else if animated === LayerPropertyRegistry.lineWidth || animated === LayerPropertyRegistry.lineDashPhase {
        map = { if case .scalar(let length) = $0 { .scalar(length * scale) } else { nil } }
      } else if animated === LayerPropertyRegistry.lineDashPattern {
        map = { if case .numbers(let lengths) = $0 { .numbers(lengths.map { $0 * scale }) } else { nil } }
      } else {
        return nil
      }
      guard !property.isAdditive, !property.isCumulative, case .keyframes(var track) = property.values else { return nil }
      var values: [AnimatableValue] = []
      for value in track.values {
        guard let mappedValue = map(value) else { return nil }
        values.append(mappedValue)
      }
      track.values = values
      property.values = .keyframes(track)
      return .property(property)
    }
  }

  /// Each of `animations` mapped (`mapped(_:by:scale:)`), or `nil` when one cannot be.
  private static func mapped(_ animations: [Animation], by placement: AffineTransform, scale: Double) -> [Animation]? {
    var mapped: [Animation] = []
    for animation in animations {
      guard let one = self.mapped(animation, by: placement, scale: scale) else { return nil }
      mapped.append(one)
    }
    return mapped
  }

  /// What a shape's animations may set that looks the same in any space: colours, fading,
  /// showing, a trim (a share of the length), the miter limit (a ratio of the width).
  private static let unmappedProperties: [AnyLayerProperty] = [
    LayerPropertyRegistry.fillColor, LayerPropertyRegistry.strokeColor, LayerPropertyRegistry.opacity,
    LayerPropertyRegistry.hidden, LayerPropertyRegistry.strokeStart, LayerPropertyRegistry.strokeEnd,
    LayerPropertyRegistry.miterLimit,
  ]
}
