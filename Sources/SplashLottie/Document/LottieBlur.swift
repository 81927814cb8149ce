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
    let blurs = try LottieEffect.enabled(29, of: entry)
    for extra in blurs.dropFirst() {
      context.warnings.note("only the first Gaussian blur of a layer is drawn", at: extra.cursor.jsonPath)
    }
    guard let effect = blurs.first else { return nil }
    let blurriness = try effect.scalar("Blurriness", 0, limits: context.limits) ?? .constant(0)
    if let direction = try? effect.scalar("Blur Dimensions", 1, limits: context.limits),
      direction.initialValue != 1 || direction.isAnimated,
      let place = effect.value("Blur Dimensions", 1)
    {
      context.warnings.note("a Gaussian blur in one direction is drawn in both", at: place.jsonPath)
    }
    return blurriness.map { max($0, 0) * sigmaPerBlurriness }
  }
}
