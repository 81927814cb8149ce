import Foundation
import SplashCore
import SplashModel

/// `rp`: a repeater, which draws what comes before it in its group `c` times.
///
/// Drawn as Lottie's iOS player draws it (its Core Animation engine's `RepeaterLayer`), not as
/// After Effects does: copy k (0 ≤ k < c) is one layer whose transform has the repeater's anchor
/// and scale once, (k + o) × its position and (k + o) × its rotation — a point q lands at
/// (k + o)·p + R((k + o)·r)·S·(q − a) — and whose opacity runs linearly from `so` (copy 0) to
/// `eo` (the last copy). Later copies are drawn above earlier ones. After Effects and the other
/// players apply the whole transform k + o times instead (scale compounding, the position
/// turned by the rotation so far); the two agree for the common spinner, rotation only about
/// the origin. The offset `o` is applied as lottie-web and ThorVG apply it (the iOS player
/// leaves it out, which stops a spinner whose offset turns it), and so is an animated count
/// (the iOS player keeps its first value, which draws nothing for rings that build up from
/// none): as many copies show as `c` rounded up, the opacity stepped over those. Copies meant
/// to be composited below (`m: 2`) are drawn above, warned.
struct LottieRepeater {
  var jsonPath: String
  var copies: LottieProperty<Double>
  /// `o`: how many copies' worth of transform every copy is moved on by (copy k is transformed
  /// k + o times; animated, it turns a spinner's copies round).
  var offset: LottieProperty<Double>
  var anchor: LottieProperty<[Double]>
  var position: LottieProperty<[Double]>
  var scale: LottieProperty<[Double]>
  var rotation: LottieProperty<Double>
  var startOpacity: LottieProperty<Double>
  var endOpacity: LottieProperty<Double>

  /// How many copies are built: a constant `c` rounded, from 0 to 1000 (a count past that is
  /// no spinner, and every copy is drawn); for an animated count the most that ever show,
  /// looked for at every frame between its first and last keyframes (an eased count can
  /// overshoot its keyframes).
  var copyCount: Int {
    let keyframes = copies.keyframeFrames
    guard let first = keyframes.min(), let last = keyframes.max() else {
      let requested = copies.initialValue
      return requested.isFinite ? requested.clamped(to: 0...1_000, rounding: .toNearestOrAwayFromZero) : 0
    }
    var most = keyframes.map(shownCopies).max() ?? 0
    // At most 4096 looks, however long the span.
    let step = max(1, (last - first) / 4096)
    var frame = first
    while frame < last, most < 1_000 {
      most = max(most, shownCopies(at: frame))
      frame += step
    }
    return most
  }

  /// How many copies show at `frame` of an animated count: `c` there rounded up, as lottie-web
  /// (`Math.ceil`) and ThorVG count a fraction of a copy, from 0 to 1000.
  func shownCopies(at frame: Double) -> Int {
    let requested = copies.value(at: frame)
    return requested.isFinite ? requested.clamped(to: 0...1_000, rounding: .up) : 0
  }

  init(_ cursor: LottieCursor, context: LottieContext) throws {
    let limits = context.limits
    jsonPath = cursor.jsonPath
    func scalar(_ member: LottieCursor?, _ value: Double) throws -> LottieProperty<Double> {
      try member.map { try .read($0, limits: limits) { try $0.scalar() } } ?? .constant(value)
    }
    func vector(_ member: LottieCursor?, _ value: [Double]) throws -> LottieProperty<[Double]> {
      try member.map { try .read($0, limits: limits) { try $0.numbers() } } ?? .constant(value)
    }
    copies = try scalar(cursor["c"], 1)
    offset = try scalar(cursor["o"], 0)
    let transform = cursor["tr"]
    anchor = try vector(transform?["a"], [0, 0])
    position = try vector(transform?["p"], [0, 0])
    scale = try vector(transform?["s"], [100, 100])
    rotation = try scalar(transform?["r"], 0)
    startOpacity = try scalar(transform?["so"], 100)
    endOpacity = try scalar(transform?["eo"], 100)
    if (try cursor["m"]?.number()) == 2 {
      context.warnings.note("repeater copies composited below are drawn above", at: "\(jsonPath).m")
    }
  }

  /// Copy `index`'s transform at `frame`, k = index + offset: q ↦ k·p + R(k·r)·S·(q − a).
  func transform(copy index: Int, at frame: Double) -> Transform3D {
    let anchor = self.anchor.value(at: frame)
    let position = self.position.value(at: frame)
    let scale = self.scale.value(at: frame)
    let steps = Double(index) + offset.value(at: frame)
    func component(_ values: [Double], _ index: Int, _ absent: Double) -> Double { index < values.count ? values[index] : absent }
    return Transform3D(translationX: -component(anchor, 0, 0), y: -component(anchor, 1, 0))
      .concatenating(Transform3D(scaleX: component(scale, 0, 100) / 100, y: component(scale, 1, 100) / 100))
      .concatenating(Transform3D(rotationAngle: rotation.value(at: frame) * steps * .pi / 180, x: 0, y: 0, z: 1))
      .concatenating(Transform3D(translationX: component(position, 0, 0) * steps, y: component(position, 1, 0) * steps))
  }

  /// Copy `index`'s opacity at `frame`, of `count` copies: from `so` to `eo` in equal steps.
  func opacity(copy index: Int, of count: Int, at frame: Double) -> Double {
    let start = startOpacity.value(at: frame) / 100
    let end = endOpacity.value(at: frame) / 100
    let progress = count > 1 ? Double(index) / Double(count - 1) : 0
    return (start + (end - start) * progress).clampedToUnit
  }

  /// Whether a copy's transform changes over time.
  var movesCopies: Bool {
    anchor.isAnimated || position.isAnimated || scale.isAnimated || rotation.isAnimated || offset.isAnimated
  }

  var isAnimated: Bool { movesCopies || startOpacity.isAnimated || endOpacity.isAnimated || copies.isAnimated }

}
