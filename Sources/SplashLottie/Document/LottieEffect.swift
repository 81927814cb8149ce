/// An After Effects effect of a layer (`ef[i]`): its type and its values (`ef[i].ef`), which
/// players find by name, or by place when an exporter left the names out.
struct LottieEffect {
  let cursor: LottieCursor
  private let values: [LottieCursor]

  init(_ cursor: LottieCursor) throws {
    self.cursor = cursor
    values = try cursor["ef"]?.array() ?? []
  }

  /// The enabled effects of the layer at `entry` whose type is `type`, in order (`en: 0`
  /// turns one off).
  static func enabled(_ type: Double, of entry: LottieCursor) throws -> [LottieEffect] {
    try (entry["ef"]?.array() ?? []).filter { effect in
      try effect["ty"]?.number() == type && effect["en"].map(\.flag) != false
    }.map(LottieEffect.init)
  }

  /// The value named `name` (`v`), else the one at `index`.
  func value(_ name: String, _ index: Int) -> LottieCursor? {
    let named = values.first { (try? $0["nm"]?.string()) == name }
    return (named ?? (index < values.count ? values[index] : nil))?["v"]
  }

  /// The scalar value named `name` (or at `index`), if there is one.
  func scalar(_ name: String, _ index: Int, limits: LottieLimits) throws -> LottieProperty<Double>? {
    try value(name, index).map { try LottieProperty<Double>.read($0, limits: limits) { try $0.scalar() } }
  }

  /// The colour or vector value named `name` (or at `index`), if there is one.
  func numbers(_ name: String, _ index: Int, limits: LottieLimits) throws -> LottieProperty<[Double]>? {
    try value(name, index).map { try LottieProperty<[Double]>.read($0, limits: limits) { try $0.numbers() } }
  }
}
