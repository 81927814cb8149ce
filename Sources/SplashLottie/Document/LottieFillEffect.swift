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
    var found: LottieFillEffect?
    for effect in try entry["ef"]?.array() ?? [] {
      guard (try effect["ty"]?.number()) == 21 else { continue }
      if let enabled = effect["en"], !enabled.flag { continue }
      guard found == nil else {
        context.warnings.note("only the first Fill effect of a layer is drawn", at: effect.jsonPath)
        continue
      }
      let values = try effect["ef"]?.array() ?? []
      // By name, as players find them; by place when an exporter left the names out.
      func value(_ name: String, _ index: Int) -> LottieCursor? {
        let named = values.first { (try? $0["nm"]?.string()) == name }
        return (named ?? (index < values.count ? values[index] : nil))?["v"]
      }
      func scalar(_ name: String, _ index: Int) throws -> LottieProperty<Double>? {
        try value(name, index).map { try LottieProperty<Double>.read($0, limits: context.limits) { try $0.scalar() } }
      }
      let color =
        try value("Color", 2).map { try LottieProperty<[Double]>.read($0, limits: context.limits) { try $0.numbers() } }
        ?? .constant([1, 0, 0, 1])
      let opacity = try scalar("Opacity", 6) ?? .constant(1)
      for (name, index) in [("Fill Mask", 0), ("Invert", 3), ("Horizontal Feather", 4), ("Vertical Feather", 5)] {
        if let setting = try scalar(name, index), setting.isNonZero, let place = value(name, index) {
          context.warnings.note(
            "a Fill effect's mask, inversion and feather are not applied: the whole layer is filled", at: place.jsonPath)
        }
      }
      found = LottieFillEffect(color: color, opacity: opacity)
    }
    return found
  }
}
