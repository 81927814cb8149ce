import Foundation
import SplashCore
import SplashModel

/// `rp`: a repeater, which draws what comes before it in its group `c` times, each copy
/// transformed once more by its transform and faded from its start opacity to its end opacity.
///
/// That is a `CAReplicatorLayer`: `instanceCount` copies, instance k transformed by
/// `instanceTransform`ᵏ about the replicator's centre (its zero-sized bounds sit at the shape
/// space's origin, so the centre is the origin), its colours multiplied by an alpha that
/// starts at `so` and steps by (`eo` − `so`) ÷ (c − 1). The transform is the repeater's own,
/// as a point's: q ↦ p + a + R·S·(q − a). An offset `o` starts the copies that many steps
/// along (a fraction of a step scales position and rotation and raises the scale to it), and
/// copies drawn "below" the previous ones (`m: 2`) are drawn above, with a warning.
struct LottieRepeater {
  var jsonPath: String
  var copies: LottieProperty<Double>
  var offset: LottieProperty<Double>
  var anchor: LottieProperty<[Double]>
  var position: LottieProperty<[Double]>
  var scale: LottieProperty<[Double]>
  var rotation: LottieProperty<Double>
  var startOpacity: LottieProperty<Double>
  var endOpacity: LottieProperty<Double>

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
    if copies.isAnimated { context.warnings.note("an animated repeater count is drawn with its first value", at: "\(jsonPath).c") }
    if (try cursor["m"]?.number()) == 2 {
      context.warnings.note("repeater copies composited below are drawn above", at: "\(jsonPath).m")
    }
  }

  /// The repeater's transform taken `steps` times (a fraction of a step scales its parts).
  private func transform(steps: Double, at frame: Double) -> Transform3D {
    let anchor = self.anchor.value(at: frame)
    let position = self.position.value(at: frame)
    let scale = self.scale.value(at: frame)
    let (ax, ay) = (anchor.first ?? 0, anchor.count > 1 ? anchor[1] : 0)
    let (px, py) = (position.first ?? 0, position.count > 1 ? position[1] : 0)
    func factor(_ index: Int) -> Double {
      let value = (index < scale.count ? scale[index] : 100) / 100
      return steps == 1 ? value : pow(max(abs(value), LottieTransform.smallestScale), steps) * (value < 0 ? -1 : 1)
    }
    return Transform3D(translationX: -ax, y: -ay)
      .concatenating(Transform3D(scaleX: factor(0), y: factor(1)))
      .concatenating(Transform3D(rotationAngle: rotation.value(at: frame) * steps * .pi / 180, x: 0, y: 0, z: 1))
      .concatenating(Transform3D(translationX: ax + px * steps, y: ay + py * steps))
  }

  private var isAnimated: Bool {
    offset.isAnimated || anchor.isAnimated || position.isAnimated || scale.isAnimated || rotation.isAnimated
      || startOpacity.isAnimated || endOpacity.isAnimated
  }

  /// `content` (what the items before the repeater draw) repeated, on `timeline`.
  func replicate(_ content: [Layer], id: String, timeline: LottieTimeline, limits: LottieLimits) -> Layer {
    let requested = copies.initialValue
    let count = Int((requested.isFinite ? min(max(requested, 0), 1_000) : 0).rounded())
    let frames =
      isAnimated
      ? LottieSampling.frames(
        of: [offset.map { [$0] }, anchor, position, scale, rotation.map { [$0] }, startOpacity.map { [$0] }, endOpacity.map { [$0] }],
        limit: limits.sampledFrames)
      : []
    func alphas(at frame: Double) -> (start: Double, step: Double) {
      let start = min(max(startOpacity.value(at: frame) / 100, 0), 1)
      let end = min(max(endOpacity.value(at: frame) / 100, 0), 1)
      return (start, count > 1 ? (end - start) / Double(count - 1) : 0)
    }

    var replicator = Layer(id: "\(id) (repeater)", kind: .replicator)
    replicator.properties.replicator.instanceCount = count
    replicator.properties.replicator.instanceTransform = transform(steps: 1, at: 0)
    let (start, step) = alphas(at: 0)
    replicator.properties.replicator.instanceColor = Color(red: 1, green: 1, blue: 1, alpha: start)
    replicator.properties.replicator.instanceAlphaOffset = step
    var base = Layer(id: "\(id) (repeated)", sublayers: content)
    base.properties.transform = transform(steps: offset.initialValue, at: 0)

    if frames.count > 1 {
      // Sampled per frame: a repeater's transform is a power of its parts, which keyframes of
      // the parts do not interpolate.
      let times = frames.map(timeline.seconds)
      func animation(_ keyPath: LayerKeyPath, _ value: (Double) -> AnimatableValue) -> Animation? {
        guard let (track, timing) = LottieAnimations.track(times: times, values: frames.map(value), timingFunctions: []) else {
          return nil
        }
        return .property(PropertyAnimation(keyPath: keyPath, timing: timing, values: .keyframes(track), isRemovedOnCompletion: false))
      }
      replicator.animations = [
        animation(.instanceTransform) { .transform(transform(steps: 1, at: $0)) },
        animation(.instanceColor) { .color(Color(red: 1, green: 1, blue: 1, alpha: alphas(at: $0).start)) },
        animation(.instanceAlphaOffset) { .scalar(alphas(at: $0).step) },
      ].compactMap { $0 }
      base.animations = [animation(.transform) { .transform(transform(steps: offset.value(at: $0), at: $0)) }].compactMap { $0 }
    }
    replicator.sublayers = [base]
    return replicator
  }
}
