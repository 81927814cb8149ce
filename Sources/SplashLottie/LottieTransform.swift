import Foundation
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
///
/// Rotations about x and y (`rx`, `ry`) and a shape group's skew (`sk` along the axis `sa`)
/// make the whole `transform` one matrix instead, sampled once per frame, in the order Lottie's
/// iOS player composes it (its `CATransform3D.makeTransform`): a point is scaled, skewed,
/// turned about z, then y, then x. Core Animation draws such a layer flat into its superlayer
/// without perspective (`m34` stays 0), so an x turn foreshortens the layer vertically.
///
///     q ─(− a)─▶ scale ─▶ skew ─▶ rotation z ─▶ rotation y ─▶ rotation x ─(+ p)─▶ superlayer
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
  var rotationX: LottieProperty<Double> = .constant(0)
  var rotationY: LottieProperty<Double> = .constant(0)
  var skew: LottieProperty<Double> = .constant(0)
  var skewAxis: LottieProperty<Double> = .constant(0)
  /// At most this many frames are sampled for a transform that is one matrix.
  var sampleLimit = LottieLimits().sampledFrames

  /// A scale of exactly zero would collapse the transform beyond decomposition, losing the
  /// other axis and the rotation when one sub-key path is set; a scale this small draws
  /// nothing either.
  static let smallestScale = 1e-5

  /// A scale in percent as a factor, kept `smallestScale` away from zero (see there).
  static func scaleFactor(_ percent: Double) -> Double {
    let value = percent / 100
    return abs(value) < smallestScale ? (value < 0 ? -smallestScale : smallestScale) : value
  }

  init() {}

  /// Reads `cursor` (absent: the identity). `appliesSkew` is true for a shape group's
  /// transform: Lottie's iOS player reads no skew on a layer's `ks`, so a layer's is warned
  /// about and left out, as an iPhone shows it.
  init(_ cursor: LottieCursor?, limits: LottieLimits, warnings: LottieWarnings, appliesSkew: Bool = false) throws {
    sampleLimit = limits.sampledFrames
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
    if let rotation = cursor["rz"] ?? cursor["r"] { self.rotation = try .read(rotation, limits: limits) { try $0.scalar() } }
    if let opacity = cursor["o"] { self.opacity = try .read(opacity, limits: limits) { try $0.scalar() } }
    if let turn = cursor["rx"] { rotationX = try .read(turn, limits: limits) { try $0.scalar() } }
    if let turn = cursor["ry"] { rotationY = try .read(turn, limits: limits) { try $0.scalar() } }
    if let skewCursor = cursor["sk"] {
      let skew = try LottieProperty<Double>.read(skewCursor, limits: limits) { try $0.scalar() }
      if appliesSkew {
        self.skew = skew
        if let axis = cursor["sa"] { skewAxis = try .read(axis, limits: limits) { try $0.scalar() } }
      } else if skew.isNonZero {
        warnings.note("a layer's skew (ks.sk) is not applied, as Lottie's iOS player leaves it out", at: skewCursor.jsonPath)
      }
    }
  }

  /// Whether the transform needs a matrix rather than `transform.*` components.
  var isMatrix: Bool { rotationX.isNonZero || rotationY.isNonZero || skew.isNonZero }

  /// The linear part of the transform (anchor and position apart), from scale `scale`
  /// (percent), rotations and skew in degrees.
  static func matrix(
    scale: [Double], rotationX: Double, rotationY: Double, rotationZ: Double, skew: Double, skewAxis: Double
  ) -> Transform3D {
    func radians(_ degrees: Double) -> Double { degrees * .pi / 180 }
    var result = Transform3D(scaleX: scaleFactor(scale.first ?? 100), y: scaleFactor(scale.count > 1 ? scale[1] : 100))
    if skew != 0 {
      // A shear along the skew axis: turn the axis onto x, shear x by −tan(skew) per unit of
      // y, turn back (Lottie's iOS player's `makeSkew`, given the negated skew).
      let axis = radians(skewAxis)
      let shear = Transform3D(rows: [[1, 0, 0, 0], [-tan(radians(skew)), 1, 0, 0], [0, 0, 1, 0], [0, 0, 0, 1]])
      result = result.concatenating(Transform3D(rotationAngle: -axis, x: 0, y: 0, z: 1))
        .concatenating(shear)
        .concatenating(Transform3D(rotationAngle: axis, x: 0, y: 0, z: 1))
    }
    return result.concatenating(Transform3D(rotationAngle: radians(rotationZ), x: 0, y: 0, z: 1))
      .concatenating(Transform3D(rotationAngle: radians(rotationY), x: 0, y: 1, z: 0))
      .concatenating(Transform3D(rotationAngle: radians(rotationX), x: 1, y: 0, z: 0))
  }

  /// Sets `layer`'s geometry and adds its animations. `includesOpacity` is false for the
  /// transform-only copies a parented layer sits in (a Lottie parent lends its transform,
  /// never its opacity).
  func apply(to layer: inout Layer, timeline: LottieTimeline, includesOpacity: Bool = true, autoOrient: Bool = false) {
    func point(_ value: [Double]) -> Point { Point(x: value.first ?? 0, y: value.count > 1 ? value[1] : 0) }
    let initialAnchor = anchor.initialValue
    layer.properties.bounds = Rect(x: initialAnchor.first ?? 0, y: initialAnchor.count > 1 ? initialAnchor[1] : 0, width: 0, height: 0)
    layer.properties.anchorPoint = .zero
    var animations: [Animation?] = [
      LottieAnimations.animation(anchor, of: LayerPropertyRegistry.boundsOrigin, timeline: timeline, value: point)
    ]

    switch position {
    case .combined(let property):
      layer.properties.position = point(property.initialValue)
      if property.hasSpatialTangents || (autoOrient && property.isAnimated) {
        animations.append(LottieAnimations.pathAnimation(property, timeline: timeline, rotatesAlongPath: autoOrient))
      } else if property.easesDimensionsAlike {
        animations.append(LottieAnimations.animation(property, of: LayerPropertyRegistry.position, timeline: timeline, value: point))
      } else {
        animations.append(
          LottieAnimations.animation(property.component(0), of: LayerPropertyRegistry.positionX, timeline: timeline) { $0 })
        animations.append(
          LottieAnimations.animation(property.component(1), of: LayerPropertyRegistry.positionY, timeline: timeline) { $0 })
      }
    case .separate(let x, let y):
      animations.append(LottieAnimations.bind(LayerPropertyRegistry.positionX, to: x, on: &layer, timeline: timeline) { $0 })
      animations.append(LottieAnimations.bind(LayerPropertyRegistry.positionY, to: y, on: &layer, timeline: timeline) { $0 })
    }

    if isMatrix {
      let parts = [scale, rotation.map { [$0] }, rotationX.map { [$0] }, rotationY.map { [$0] }, skew.map { [$0] }, skewAxis.map { [$0] }]
      let matrix = LottieSampling.property(of: parts, limit: sampleLimit) { values in
        Self.matrix(
          scale: values[0], rotationX: values[2][0], rotationY: values[3][0], rotationZ: values[1][0], skew: values[4][0],
          skewAxis: values[5][0])
      }
      animations.append(
        LottieAnimations.bind(LayerPropertyRegistry.transform, to: matrix, on: &layer, timeline: timeline) { $0 })
    } else {
      appendComponents(to: &layer, animations: &animations, timeline: timeline)
    }

    if includesOpacity {
      let fraction = opacity.map { min(max($0 / 100, 0), 1) }
      animations.append(
        LottieAnimations.bind(LayerPropertyRegistry.opacity, to: fraction, on: &layer, timeline: timeline) { $0 })
    }
    layer.animations += animations.compactMap { $0 }
  }

  /// Scale and z rotation as `transform.*` components: Core Animation interpolates each
  /// on its own, as the keyframes ease.
  private func appendComponents(to layer: inout Layer, animations: inout [Animation?], timeline: LottieTimeline) {
    let scaleX = scale.component(0).map(Self.scaleFactor)
    let scaleY = scale.component(1).map(Self.scaleFactor)
    let radians = rotation.map { $0 * .pi / 180 }
    var components = TransformComponents(.identity)
    components.scale = (scaleX.initialValue, scaleY.initialValue, 1)
    components.rotation.z = radians.initialValue
    layer.properties.transform = components.transform
    animations.append(LottieAnimations.animation(scaleX, of: LayerPropertyRegistry.scaleX, timeline: timeline) { $0 })
    animations.append(LottieAnimations.animation(scaleY, of: LayerPropertyRegistry.scaleY, timeline: timeline) { $0 })
    animations.append(LottieAnimations.animation(radians, of: LayerPropertyRegistry.rotationZ, timeline: timeline) { $0 })
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
