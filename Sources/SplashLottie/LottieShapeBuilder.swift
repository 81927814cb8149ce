import SplashCore
import SplashModel

/// A shape layer's items as `CAShapeLayer`s, in the order a Lottie player paints them.
///
/// In a Lottie group, items listed first are on top, and a fill or stroke paints every path
/// listed before it in its group, including the paths of the groups listed before it (each
/// through its group's transform). So, bottom to top, for the items of a group from last to
/// first: a style is one shape layer for the group's own paths before it, plus a copy of each
/// earlier group's transform holding that style's painting of the group's paths; a group is
/// its own content, in its transform.
///
///     it: [ path A, group G { path B, fill F2 }, stroke S, fill F ]
///     bottom → top:  F(A + G·B)   S(A + G·B)   G·F2(B)
struct LottieShapeBuilder {
  let timeline: LottieTimeline
  let idPrefix: String
  private var counter = 0

  init(timeline: LottieTimeline, idPrefix: String) {
    self.timeline = timeline
    self.idPrefix = idPrefix
  }

  /// The layers of `items`, bottom to top.
  mutating func layers(_ items: [LottieShapeItem]) -> [Layer] {
    var layers: [Layer] = []
    for (index, item) in items.enumerated().reversed() {
      switch item {
      case .group(let name, let children, let transform):
        layers.append(container(name: name, transform: transform, sublayers: self.layers(children)))
      case .fill, .stroke:
        layers += painted(Array(items[..<index]), with: item)
      case .geometry:
        continue
      }
    }
    return layers
  }

  /// The layers that paint the paths of `items` (and of their groups) with `style`.
  private mutating func painted(_ items: [LottieShapeItem], with style: LottieShapeItem) -> [Layer] {
    var layers: [Layer] = []
    var constantPaths: [Path] = []
    for item in items {
      switch item {
      case .geometry(.constant(let path)): constantPaths.append(path)
      case .geometry(let animated): layers.append(styled(animated, with: style))
      case .group(let name, let children, let transform):
        let inner = painted(children, with: style)
        if !inner.isEmpty { layers.append(container(name: name, transform: transform, sublayers: inner)) }
      case .fill, .stroke: continue
      }
    }
    if !constantPaths.isEmpty {
      // Paths painted by one style are one path, as in the player: overlaps follow the fill
      // rule and a translucent stroke does not darken where two paths cross.
      var combined = Path()
      for path in constantPaths { combined.elements += path.elements }
      layers.insert(styled(.constant(combined), with: style), at: 0)
    }
    return layers
  }

  /// One `CAShapeLayer` drawing `geometry` with `style`; the style's opacity is the layer's.
  private mutating func styled(_ geometry: LottieProperty<Path>, with style: LottieShapeItem) -> Layer {
    counter += 1
    var layer = Layer(id: "\(idPrefix)/shape \(counter)", kind: .shape)
    layer.properties.shape.path = geometry.initialValue
    var animations: [Animation?] = [
      LottieAnimations.animation(geometry, keyPath: .path, timeline: timeline) { .path($0) }
    ]
    let opacity: LottieProperty<Double>
    switch style {
    case .fill(let fill):
      layer.properties.shape.fillColor = LottieColor.color(fill.color.initialValue)
      layer.properties.shape.fillRule = fill.rule
      animations.append(LottieAnimations.animation(fill.color, keyPath: .fillColor, timeline: timeline) { .color(LottieColor.color($0)) })
      opacity = fill.opacity
    case .stroke(let stroke):
      layer.properties.shape.fillColor = .clear
      layer.properties.shape.strokeColor = LottieColor.color(stroke.color.initialValue)
      layer.properties.shape.lineWidth = max(stroke.width.initialValue, 0)
      layer.properties.shape.lineCap = stroke.cap
      layer.properties.shape.lineJoin = stroke.join
      layer.properties.shape.miterLimit = stroke.miterLimit
      layer.properties.shape.lineDashPattern = stroke.dashes
      layer.properties.shape.lineDashPhase = stroke.dashOffset
      animations.append(
        LottieAnimations.animation(stroke.color, keyPath: .strokeColor, timeline: timeline) { .color(LottieColor.color($0)) })
      animations.append(LottieAnimations.animation(stroke.width, keyPath: .lineWidth, timeline: timeline) { .scalar(max($0, 0)) })
      opacity = stroke.opacity
    default:
      opacity = .constant(100)
    }
    let fraction = opacity.map { min(max($0 / 100, 0), 1) }
    layer.properties.opacity = fraction.initialValue
    animations.append(LottieAnimations.animation(fraction, keyPath: .opacity, timeline: timeline) { .scalar($0) })
    layer.animations = animations.compactMap { $0 }
    return layer
  }

  /// A group's transform as a layer holding `sublayers`.
  private mutating func container(name: String, transform: LottieTransform, sublayers: [Layer]) -> Layer {
    counter += 1
    var layer = Layer(id: "\(idPrefix)/\(name) \(counter)", sublayers: sublayers)
    transform.apply(to: &layer, timeline: timeline)
    return layer
  }
}
