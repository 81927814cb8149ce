import SplashCore
import SplashModel

/// `fl`: a fill's colour, opacity (percent) and rule.
struct LottieFill {
  var color: LottieProperty<[Double]>
  var opacity: LottieProperty<Double>
  var rule: FillRule

  init(_ cursor: LottieCursor, limits: LottieLimits) throws {
    color = try .read(try cursor.required("c"), limits: limits) { try $0.numbers() }
    opacity = try cursor["o"].map { try .read($0, limits: limits) { try $0.scalar() } } ?? .constant(100)
    rule = (try cursor["r"]?.number()) == 2 ? .evenOdd : .nonZero
  }
}

/// `st`: a stroke's colour, opacity, width, caps, joins and dashes.
struct LottieStroke {
  var color: LottieProperty<[Double]>
  var opacity: LottieProperty<Double>
  var width: LottieProperty<Double>
  var cap: LineCap
  var join: LineJoin
  var miterLimit: Double
  /// Dash and gap lengths (constant: animated lengths are drawn with their first value and
  /// warned, as Core Animation cannot animate `lineDashPattern`), and the offset into them
  /// (`lineDashPhase`, animatable).
  var dashes: [Double] = []
  var dashOffset: LottieProperty<Double> = .constant(0)

  init(_ cursor: LottieCursor, context: LottieContext) throws {
    try self.init(cursor, color: try .read(try cursor.required("c"), limits: context.limits) { try $0.numbers() }, context: context)
  }

  /// The stroke at `cursor` in `color`: the fields a gradient stroke (`gs`) shares with `st`.
  init(_ cursor: LottieCursor, color: LottieProperty<[Double]>, context: LottieContext) throws {
    let limits = context.limits
    self.color = color
    opacity = try cursor["o"].map { try .read($0, limits: limits) { try $0.scalar() } } ?? .constant(100)
    width = try cursor["w"].map { try .read($0, limits: limits) { try $0.scalar() } } ?? .constant(1)
    switch try cursor["lc"]?.number() {
    case 2: cap = .round
    case 3: cap = .square
    default: cap = .butt
    }
    switch try cursor["lj"]?.number() {
    case 2: join = .round
    case 3: join = .bevel
    default: join = .miter
    }
    miterLimit = try cursor["ml"]?.number() ?? 4
    for entry in try cursor["d"]?.array() ?? [] {
      let kind = try entry["n"]?.string() ?? "d"
      let property = try LottieProperty<Double>.read(try entry.required("v"), limits: limits) { try $0.scalar() }
      if kind == "o" {
        dashOffset = property
        continue
      }
      if property.isAnimated { context.warnings.note("animated dash and gap lengths are drawn with their first value", at: entry.jsonPath) }
      dashes.append(max(property.initialValue, 0))
    }
    if dashes.count % 2 == 1 { dashes += dashes }
    if dashes.allSatisfy({ $0 == 0 }) { dashes = [] }
  }
}
