import Foundation
import SplashCore
import SplashModel

/// A layer's drop shadow, from a Drop Shadow effect (`ef`, `ty: 25`) or a drop shadow layer
/// style (`sy`, `ty: 1`), as the layer's `CALayer` shadow, the way Apple's player maps it
/// (lottie-ios, `DropShadowAnimation.swift`):
///
/// - effect: colour "Shadow Color", opacity "Opacity" ÷ 255, radius "Softness" ÷ 5, offset
///   "Distance" along "Direction" − 90° (After Effects measures the direction from straight up);
/// - style: colour `c`, opacity `o` %, radius size `s` ÷ 2, offset distance `d` along angle `a`;
///
/// the offset being (distance × cos angle, distance × sin angle), 90° straight down. The
/// radius divisions are lottie-ios's, chosen there to look like After Effects' softness.
struct LottieShadow {
  var color: LottieProperty<[Double]>
  var opacity: LottieProperty<Double>
  var radius: LottieProperty<Double>
  /// Degrees, 90 straight down.
  var angle: LottieProperty<Double>
  var distance: LottieProperty<Double>

  /// The first drop shadow of a layer, noting other effects and styles as not drawn.
  static func of(_ entry: LottieCursor, context: LottieContext) throws -> LottieShadow? {
    var found: LottieShadow?
    for effect in try entry["ef"]?.array() ?? [] {
      if let enabled = effect["en"], !enabled.flag { continue }
      let type = try effect["ty"]?.number()
      // Gaussian blurs are `LottieBlur`'s, fills `LottieFillEffect`'s.
      if type == 29 || type == 21 { continue }
      guard type == 25, found == nil else {
        context.warnings.note(
          type == 25
            ? "only the first drop shadow of a layer is drawn" : "effects other than drop shadows, Gaussian blurs and fills are not drawn",
          at: effect.jsonPath)
        continue
      }
      found = try fromEffect(effect, context: context)
    }
    for style in try entry["sy"]?.array() ?? [] {
      let type = try style["ty"]?.number()
      guard type == 1, found == nil else {
        context.warnings.note(
          type == 1 ? "only the first drop shadow of a layer is drawn" : "layer styles other than drop shadows are not drawn",
          at: style.jsonPath)
        continue
      }
      found = try fromStyle(style, context: context)
    }
    return found
  }

  private static func fromEffect(_ cursor: LottieCursor, context: LottieContext) throws -> LottieShadow {
    let effect = try LottieEffect(cursor)
    func scalar(_ name: String, _ index: Int, _ fallback: Double) throws -> LottieProperty<Double> {
      try effect.scalar(name, index, limits: context.limits) ?? .constant(fallback)
    }
    let color = try effect.numbers("Shadow Color", 0, limits: context.limits) ?? .constant([0, 0, 0, 1])
    return LottieShadow(
      color: color, opacity: try scalar("Opacity", 1, 127.5).map { $0 / 255 },
      radius: try scalar("Softness", 4, 0).map { $0 / 5 }, angle: try scalar("Direction", 2, 135).map { $0 - 90 },
      distance: try scalar("Distance", 3, 5))
  }

  private static func fromStyle(_ style: LottieCursor, context: LottieContext) throws -> LottieShadow {
    func scalar(_ key: String, _ fallback: Double) throws -> LottieProperty<Double> {
      try style[key].map { try .read($0, limits: context.limits) { try $0.scalar() } } ?? .constant(fallback)
    }
    let color =
      try style["c"].map { try LottieProperty<[Double]>.read($0, limits: context.limits) { try $0.numbers() } }
      ?? .constant([0, 0, 0, 1])
    return LottieShadow(
      color: color, opacity: try scalar("o", 75).map { $0 / 100 }, radius: try scalar("s", 5).map { $0 / 2 },
      angle: try scalar("a", 90), distance: try scalar("d", 5))
  }

}

extension LottieProperty where Value == Double {
  /// The frames of its keyframes (none for a constant).
  var keyframeFrames: [Double] { map { [$0] }.keyframeFrames }
}
