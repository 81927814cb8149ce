/// After Effects' Fill effect (`ef`, `ty: 21`): the layer's picture painted one colour, its
/// alpha times the effect's opacity, as lottie-web (`SVGFillFilter`: red, green and blue
/// replaced, alpha × opacity) and Skottie draw it. Lottie's iOS player draws no effects but
/// drop shadows.
///
/// Filling within one of the layer's masks only ("Fill Mask"), "Invert" and the feathers are
/// not applied (warned): the whole picture is filled.
struct LottieFillEffect {
  /// "Color": red, green and blue, 0…1.
  var color: LottieProperty<[Double]>
  /// "Opacity", 0…1.
  var opacity: LottieProperty<Double>

  /// The first enabled Fill effect of the layer at `entry`, or `nil`.
  static func of(_ entry: LottieCursor, context: LottieContext) throws -> LottieFillEffect? {
    let fills = try LottieEffect.enabled(21, of: entry)
    for extra in fills.dropFirst() {
      context.warnings.note("only the first Fill effect of a layer is drawn", at: extra.cursor.jsonPath)
    }
    guard let effect = fills.first else { return nil }
    let color = try effect.numbers("Color", 2, limits: context.limits) ?? .constant([1, 0, 0, 1])
    let opacity = try effect.scalar("Opacity", 6, limits: context.limits) ?? .constant(1)
    for (name, index) in [("Fill Mask", 0), ("Invert", 3), ("Horizontal Feather", 4), ("Vertical Feather", 5)] {
      if let setting = try effect.scalar(name, index, limits: context.limits), setting.isNonZero, let place = effect.value(name, index) {
        context.warnings.note("a Fill effect's mask, inversion and feather are not applied: the whole layer is filled", at: place.jsonPath)
      }
    }
    return LottieFillEffect(color: color, opacity: opacity)
  }
}
