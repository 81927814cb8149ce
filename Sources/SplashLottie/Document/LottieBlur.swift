/// After Effects' Gaussian Blur effect (`ef`, `ty: 29`) on a layer, as the standard deviation
/// of the blur, in the layer's points.
///
/// The effect's "Blurriness" b blurs with σ = 0.3 × b, the factor lottie-web
/// (`SVGGaussianBlurEffect`, chosen to match After Effects), Skottie and ThorVG all use.
/// "Blur Dimensions" other than both (1: horizontal and vertical; 2 horizontal only; 3
/// vertical only) are drawn in both directions, warned; "Repeat Edge Pixels" is not needed,
/// since a layer's picture has no edge of its own.
enum LottieBlur {
  /// σ per unit of blurriness.
  static let sigmaPerBlurriness = 0.3

  /// The first enabled Gaussian blur of the layer at `entry`, as σ, or `nil`.
  static func of(_ entry: LottieCursor, context: LottieContext) throws -> LottieProperty<Double>? {
    var found: LottieProperty<Double>?
    for effect in try entry["ef"]?.array() ?? [] {
      guard (try effect["ty"]?.number()) == 29 else { continue }
      if let enabled = effect["en"], !enabled.flag { continue }
      guard found == nil else {
        context.warnings.note("only the first Gaussian blur of a layer is drawn", at: effect.jsonPath)
        continue
      }
      let values = try effect["ef"]?.array() ?? []
      // By name, as players find them; by place when an exporter left the names out.
      func value(_ name: String, _ index: Int) -> LottieCursor? {
        let named = values.first { (try? $0["nm"]?.string()) == name }
        return (named ?? (index < values.count ? values[index] : nil))?["v"]
      }
      let blurriness =
        try value("Blurriness", 0).map { try LottieProperty<Double>.read($0, limits: context.limits) { try $0.scalar() } }
        ?? .constant(0)
      if let dimensions = value("Blur Dimensions", 1),
        let direction = try? LottieProperty<Double>.read(dimensions, limits: context.limits, { try $0.scalar() }),
        direction.initialValue != 1 || direction.isAnimated
      {
        context.warnings.note("a Gaussian blur in one direction is drawn in both", at: dimensions.jsonPath)
      }
      found = blurriness.map { max($0, 0) * sigmaPerBlurriness }
    }
    return found
  }
}
