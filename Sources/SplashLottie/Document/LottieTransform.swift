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
/// Rotations about x and y (`rx`, `ry`) and skew (`sk` along the axis `sa`) make the whole
/// `transform` one matrix instead, sampled once per frame, in the order Lottie's iOS player
/// composes it (its `CATransform3D.makeTransform`): a point is scaled, skewed, turned about z,
/// then y, then x. Core Animation draws such a layer flat into its superlayer without
/// perspective (`m34` stays 0), so an x turn foreshortens the layer vertically.
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

  /// Reads `cursor` (absent: the identity).
  init(_ cursor: LottieCursor?, limits: LottieLimits) throws {
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
    // A layer's skew is drawn as a shape group's is: After Effects, lottie-web and ThorVG
    // apply both.
    if let skew = cursor["sk"] { self.skew = try .read(skew, limits: limits) { try $0.scalar() } }
    if let axis = cursor["sa"] { skewAxis = try .read(axis, limits: limits) { try $0.scalar() } }
  }

  /// Whether the transform needs a matrix rather than `transform.*` components.
  var isMatrix: Bool { rotationX.isNonZero || rotationY.isNonZero || skew.isNonZero }

  /// Whether the opacity is 100 % or more (clamped to 1) throughout.
  var keepsFullOpacity: Bool {
    guard case .constant(let opacity) = opacity else { return false }
    return opacity >= 100
  }

  /// Whether the transform leaves every point where it is, at full opacity, throughout: no
  /// keyframes, the anchor at the position (p + R·S·(q − a) = q), scale 100 %, no rotation
  /// or skew, opacity 100 % or more (clamped to 1). A shape group exported with such a
  /// transform (After Effects wraps each shape in one) draws its items as its parent would.
  var isIdentity: Bool {
    guard case .constant(let anchor) = anchor, case .constant(let scale) = scale, case .constant(let rotation) = rotation,
      keepsFullOpacity, case .constant(let rotationX) = rotationX,
      case .constant(let rotationY) = rotationY, case .constant(let skew) = skew
    else { return false }
    let position: Point
    switch self.position {
    case .combined(.constant(let values)): position = Point(lottie: values)
    case .separate(.constant(let x), .constant(let y)): position = Point(x: x, y: y)
    default: return false
    }
    // A missing scale component is 100 %, as `matrix` reads it.
    return position == Point(lottie: anchor) && (scale.first ?? 100) == 100 && (scale.count > 1 ? scale[1] : 100) == 100
      && rotation == 0 && rotationX == 0 && rotationY == 0 && skew == 0
  }

  /// The linear part of the transform (anchor and position apart), from scale `scale`
  /// (percent), rotations and skew in degrees.
  static func matrix(
    scale: [Double], rotationX: Double, rotationY: Double, rotationZ: Double, skew: Double, skewAxis: Double
  ) -> Transform3D {
    func radians(_ degrees: Double) -> Double { degrees * .pi / 180 }
    var result = Transform3D(scaleX: scaleFactor(scale.first ?? 100), y: scaleFactor(scale.count > 1 ? scale[1] : 100))
    if skew != 0 {
      // A shear along the skew axis: a point moves along the axis by −tan(skew) times its
      // distance across it, the axis itself staying put. The axis is `sa` degrees from x,
      // turned counterclockwise on screen (against a rotation's sense): turning by +sa takes
      // it onto x, x is sheared by −tan(skew) per unit of y, and turning by −sa brings it
      // back. This is the Lottie format's transform (lottie-web's `skewFromAxis(−sk, sa)`),
      // as After Effects, lottie-web and ThorVG draw it; Lottie's iOS player turns the axis
      // the other way, which only agrees for an axis along x or y.
      let axis = radians(skewAxis)
      let shear = Transform3D(rows: [[1, 0, 0, 0], [-tan(radians(skew)), 1, 0, 0], [0, 0, 1, 0], [0, 0, 0, 1]])
      result = result.concatenating(Transform3D(rotationAngle: axis, x: 0, y: 0, z: 1))
        .concatenating(shear)
        .concatenating(Transform3D(rotationAngle: -axis, x: 0, y: 0, z: 1))
    }
    return result.concatenating(Transform3D(rotationAngle: radians(rotationZ), x: 0, y: 0, z: 1))
      .concatenating(Transform3D(rotationAngle: radians(rotationY), x: 0, y: 1, z: 0))
      .concatenating(Transform3D(rotationAngle: radians(rotationX), x: 1, y: 0, z: 0))
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
