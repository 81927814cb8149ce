import SplashCore
import SplashModel

/// A Lottie transform (a layer's `ks`, a shape group's `tr`) as a `CALayer`'s geometry.
///
/// Lottie places content by anchor `a`, position `p`, scale `s` (percent), rotation `r`
/// (degrees, clockwise) and opacity `o` (percent): a point q of the content lands at
/// p + R·S·(q − a). A `CALayer` with a zero-sized `bounds` whose origin is `a` does exactly
/// that: its anchor point is the bounds' origin, which sits at `position`, and `transform`
/// (scale, then rotation: `TransformComponents`' order) pivots about it. So the anchor is
/// animated as `bounds.origin`, the position as `position` (or `position.x`/`.y`, or along a
/// path), the scale as `transform.scale.x`/`.y` and the rotation as `transform.rotation.z`.
struct LottieTransform {
  enum Position {
    case combined(LottieProperty<[Double]>)
    /// `p: { s: true, x: …, y: … }`: each dimension keyframed on its own.
    case separate(x: LottieProperty<Double>, y: LottieProperty<Double>)
  }

  var anchor: LottieProperty<[Double]> = .constant([0, 0])
  var position: Position = .combined(.constant([0, 0]))
  var scale: LottieProperty<[Double]> = .constant([100, 100])
  var rotation: LottieProperty<Double> = .constant(0)
  var opacity: LottieProperty<Double> = .constant(100)

  /// A scale of exactly zero would collapse the transform beyond decomposition, losing the
  /// other axis and the rotation when one sub-key path is set; a scale this small draws
  /// nothing either.
  static let smallestScale = 1e-5

  init() {}

  /// Reads `cursor` (absent: the identity).
  init(_ cursor: LottieCursor?, limits: LottieLimits, warnings: LottieWarnings) throws {
    guard let cursor else { return }
    if let anchor = cursor["a"] { self.anchor = try .read(anchor, limits: limits) { try $0.numbers() } }
    if let position = cursor["p"] {
      if position["s"]?.flag == true {
        self.position = .separate(
          x: try .read(try position.required("x"), limits: limits) { try $0.scalar() },
          y: try .read(try position.required("y"), limits: limits) { try $0.scalar() })
      } else {
        self.position = .combined(try .read(position, limits: limits) { try $0.numbers() })
      }
    }
    if let scale = cursor["s"] { self.scale = try .read(scale, limits: limits) { try $0.numbers() } }
    if let rotation = cursor["r"] ?? cursor["rz"] { self.rotation = try .read(rotation, limits: limits) { try $0.scalar() } }
    if let opacity = cursor["o"] { self.opacity = try .read(opacity, limits: limits) { try $0.scalar() } }
    for key in ["rx", "ry"] {
      if let turn = cursor[key], try LottieProperty<Double>.read(turn, limits: limits, { try $0.scalar() }).isNonZero {
        warnings.note("3D rotation (rx, ry) is not applied", at: turn.jsonPath)
      }
    }
    if let skew = cursor["sk"], try LottieProperty<Double>.read(skew, limits: limits, { try $0.scalar() }).isNonZero {
      warnings.note("skew (sk) is not applied", at: skew.jsonPath)
    }
  }

  /// Sets `layer`'s geometry and adds its animations. `includesOpacity` is false for the
  /// transform-only copies a parented layer sits in (a Lottie parent lends its transform,
  /// never its opacity).
  func apply(to layer: inout Layer, timeline: LottieTimeline, includesOpacity: Bool = true, autoOrient: Bool = false) {
    func point(_ value: [Double]) -> AnimatableValue {
      .point(Point(x: value.first ?? 0, y: value.count > 1 ? value[1] : 0))
    }
    let initialAnchor = anchor.initialValue
    layer.properties.bounds = Rect(x: initialAnchor.first ?? 0, y: initialAnchor.count > 1 ? initialAnchor[1] : 0, width: 0, height: 0)
    layer.properties.anchorPoint = .zero
    var animations: [Animation?] = [
      LottieAnimations.animation(anchor, keyPath: .boundsOrigin, timeline: timeline, value: point)
    ]

    switch position {
    case .combined(let property):
      if case .point(let start) = point(property.initialValue) { layer.properties.position = start }
      if property.hasSpatialTangents || (autoOrient && property.isAnimated) {
        animations.append(LottieAnimations.pathAnimation(property, timeline: timeline, rotatesAlongPath: autoOrient))
      } else if property.easesDimensionsAlike {
        animations.append(LottieAnimations.animation(property, keyPath: .position, timeline: timeline, value: point))
      } else {
        animations.append(
          LottieAnimations.animation(property.component(0), keyPath: .positionX, timeline: timeline) { .scalar($0) })
        animations.append(
          LottieAnimations.animation(property.component(1), keyPath: .positionY, timeline: timeline) { .scalar($0) })
      }
    case .separate(let x, let y):
      layer.properties.position = Point(x: x.initialValue, y: y.initialValue)
      animations.append(LottieAnimations.animation(x, keyPath: .positionX, timeline: timeline) { .scalar($0) })
      animations.append(LottieAnimations.animation(y, keyPath: .positionY, timeline: timeline) { .scalar($0) })
    }

    func factor(_ percent: Double) -> Double {
      let value = percent / 100
      return abs(value) < Self.smallestScale ? (value < 0 ? -Self.smallestScale : Self.smallestScale) : value
    }
    let scaleX = scale.component(0).map(factor)
    let scaleY = scale.component(1).map(factor)
    let radians = rotation.map { $0 * .pi / 180 }
    var components = TransformComponents(.identity)
    components.scale = (scaleX.initialValue, scaleY.initialValue, 1)
    components.rotation.z = radians.initialValue
    layer.properties.transform = components.transform
    animations.append(LottieAnimations.animation(scaleX, keyPath: .scaleX, timeline: timeline) { .scalar($0) })
    animations.append(LottieAnimations.animation(scaleY, keyPath: .scaleY, timeline: timeline) { .scalar($0) })
    animations.append(LottieAnimations.animation(radians, keyPath: .rotationZ, timeline: timeline) { .scalar($0) })

    if includesOpacity {
      let fraction = opacity.map { min(max($0 / 100, 0), 1) }
      layer.properties.opacity = fraction.initialValue
      animations.append(LottieAnimations.animation(fraction, keyPath: .opacity, timeline: timeline) { .scalar($0) })
    }
    layer.animations += animations.compactMap { $0 }
  }
}

extension LottieProperty where Value == Double {
  /// Whether any value is not zero.
  var isNonZero: Bool {
    switch self {
    case .constant(let value): value != 0
    case .animated(let keyframes): keyframes.contains { $0.value != 0 }
    }
  }
}

extension LottieProperty where Value == [Double] {
  /// Whether any segment curves in space (a position's `to`/`ti` not zero).
  var hasSpatialTangents: Bool {
    guard case .animated(let keyframes) = self else { return false }
    return keyframes.dropLast().contains { keyframe in
      (keyframe.outTangent + keyframe.inTangent).contains { $0 != 0 }
    }
  }
}
