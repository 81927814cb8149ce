import SplashCore

/// One mask of a layer's `masksProperties` that takes part in drawing (mode "n", none, draws
/// nothing and is left out), as read.
struct LottieMask {
  var path: LottieProperty<Path>
  /// Percent.
  var opacity: LottieProperty<Double>
  /// Its place in `masksProperties`, which names its layer.
  var index: Int
  /// Whether it joins the union of the masks before it (add, lighten).
  var adds: Bool
  /// Whether it stands for the outside of its shape (subtract, or an inverted add).
  var isOutside: Bool
  /// `x`: how far the shape grows outward (points; negative shrinks it), with round corners,
  /// as After Effects' mask expansion grows it.
  var expansion: LottieProperty<Double>

  /// The masks of the layer at `entry`, noting what is not applied (lighten, darken and
  /// difference drawn as the nearest mode).
  static func masks(of entry: LottieCursor, context: LottieContext) throws -> [LottieMask] {
    guard let list = entry["masksProperties"] else { return [] }
    var masks: [LottieMask] = []
    for (index, cursor) in try list.array().enumerated() {
      let mode = (try? cursor["mode"]?.string()) ?? "a"
      if mode == "n" { continue }
      let expansion =
        try cursor["x"].map { try LottieProperty<Double>.read($0, limits: context.limits) { try $0.scalar() } } ?? .constant(0)
      if let feather = cursor["f"],
        let blur = try? LottieProperty<[Double]>.read(feather, limits: context.limits, { try $0.numbers() }),
        blur.isAnimated || blur.initialValue.contains(where: { $0 != 0 })
      {
        context.warnings.note(
          "mask feather (f) is not applied, as lottie-web, ThorVG and Lottie's iOS player leave it out", at: feather.jsonPath)
      }
      if ["l", "d", "f"].contains(mode), let modeCursor = cursor["mode"] {
        context.warnings.note(
          "lighten, darken and difference masks are drawn as adding (lighten) or intersecting masks", at: modeCursor.jsonPath)
      }
      let path = try LottieProperty<Path>.read(try cursor.required("pt"), limits: context.limits) {
        try LottieBezier.path($0, limits: context.limits)
      }
      let opacity =
        try cursor["o"].map { try LottieProperty<Double>.read($0, limits: context.limits) { try $0.scalar() } }
        ?? .constant(100)
      let adds = mode == "a" || mode == "l"
      let isInverted = cursor["inv"]?.flag ?? false
      let isOutside = (mode == "s" && !isInverted) || (adds && isInverted)
      masks.append(
        LottieMask(path: path, opacity: opacity, index: index, adds: adds, isOutside: isOutside, expansion: expansion))
    }
    return masks
  }
}
