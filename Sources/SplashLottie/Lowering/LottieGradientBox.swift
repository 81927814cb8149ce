import SplashCore
import SplashModel

/// The bounds of a gradient layer: a box around everything its mask can show, in the
/// coordinates of the mask's paths.
///
/// A Lottie gradient spreads without end (the end colours continue beyond `s` and `e`); a
/// `CAGradientLayer` draws inside its bounds only, so the box must hold every pixel the mask
/// lets through. It is the box around the mask's paths (every keyframe of an animated path,
/// through the groups' and a repeater's copies' transforms as the model holds them,
/// widened by half the widest stroke and its miters), padded by 2000 points on every side as
/// lottie-ios pads its `GradientRenderLayer` (`gradientPadding`), so paths that a group's
/// animated transform carries further still fall inside. The padding costs nothing when
/// drawing: a masked layer is only drawn where its mask can show.
///
/// Any box maps `s` and `e` exactly (see `LottieGradient`); the box only has to contain.
enum LottieGradientBox {
  /// lottie-ios's `GradientRenderLayer.gradientPadding`.
  static let padding = 2_000.0

  /// The box around what `mask` (a layer tree, its coordinates the gradient layer's) draws.
  static func box(around mask: Layer) -> Rect {
    var hull: Rect?
    visit(mask, into: .identity, hull: &hull)
    let core = hull ?? Rect(x: 0, y: 0, width: 0, height: 0)
    return Rect(
      x: core.minX - padding, y: core.minY - padding, width: core.width + 2 * padding, height: core.height + 2 * padding)
  }

  /// Adds what `layer` and its sublayers draw, mapped by `parent` (the layer's superlayer's
  /// space → the mask's), to `hull`.
  private static func visit(_ layer: Layer, into parent: AffineTransform, hull: inout Rect?) {
    let properties = layer.properties
    let bounds = properties.bounds
    let anchor = Point(
      x: bounds.minX + properties.anchorPoint.x * bounds.width, y: bounds.minY + properties.anchorPoint.y * bounds.height)
    // Core Animation's rule: a point q of the layer is at position + transform · (q − anchor).
    let toMask = AffineTransform(translationX: -anchor.x, y: -anchor.y)
      .concatenating(properties.transform.flattened ?? .identity)
      .concatenating(AffineTransform(translationX: properties.position.x, y: properties.position.y))
      .concatenating(parent)
    if layer.kind == .shape {
      let shape = properties.shape
      var paths = shape.path.map { [$0] } ?? []
      var widths = [shape.lineWidth]
      for animation in layer.animations {
        guard case .property(let property) = animation else { continue }
        let values = keyframeValues(property.values)
        switch property.keyPath {
        case LayerPropertyRegistry.path: paths += values.compactMap { if case .path(let path) = $0 { path } else { nil } }
        case LayerPropertyRegistry.lineWidth: widths += values.compactMap { if case .scalar(let width) = $0 { width } else { nil } }
        default: break
        }
      }
      let isStroked = shape.strokeColor.alpha > 0
      // Square caps reach √2 × half the width past an end; miters up to the limit × half.
      let reach = isStroked ? (widths.max() ?? 0) / 2 * max(shape.lineJoin == .miter ? shape.miterLimit : 1, 2.0.squareRoot()) : 0
      for path in paths {
        guard let points = controlBox(path) else { continue }
        let corners = [
          Point(x: points.minX - reach, y: points.minY - reach), Point(x: points.maxX + reach, y: points.minY - reach),
          Point(x: points.minX - reach, y: points.maxY + reach), Point(x: points.maxX + reach, y: points.maxY + reach),
        ]
        for corner in corners { include(toMask.apply(to: corner), in: &hull) }
      }
    }
    for sublayer in layer.sublayers { visit(sublayer, into: toMask, hull: &hull) }
  }

  private static func keyframeValues(_ values: AnimationValues) -> [AnimatableValue] {
    switch values {
    case .keyframes(let track): track.values
    case .basic(let from, let to, let by), .spring(let from, let to, let by, _): [from, to, by].compactMap { $0 }
    case .keyframePath: []
    }
  }

  /// The box around a path's points and control points (which contains its curves).
  private static func controlBox(_ path: Path) -> Rect? {
    var box: Rect?
    for element in path.elements {
      switch element {
      case .move(let point), .line(let point): include(point, in: &box)
      case .quadCurve(let control, let point):
        include(control, in: &box)
        include(point, in: &box)
      case .cubicCurve(let control1, let control2, let point):
        include(control1, in: &box)
        include(control2, in: &box)
        include(point, in: &box)
      case .close: break
      }
    }
    return box
  }

  private static func include(_ point: Point, in box: inout Rect?) {
    guard point.x.isFinite, point.y.isFinite else { return }
    guard let current = box else {
      box = Rect(x: point.x, y: point.y, width: 0, height: 0)
      return
    }
    let minX = min(current.minX, point.x)
    let minY = min(current.minY, point.y)
    box = Rect(x: minX, y: minY, width: max(current.maxX, point.x) - minX, height: max(current.maxY, point.y) - minY)
  }
}
