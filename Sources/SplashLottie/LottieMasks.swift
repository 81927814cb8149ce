import SplashCore
import SplashModel

/// A layer's masks (`masksProperties`) as its `CALayer.mask`: one filled shape per mask, in
/// the layer's own space, at the mask's opacity.
///
/// Masks that add (`mode: "a"`) together show the union of their shapes, which is what a
/// mask layer holding them all gives. Subtracting masks alone (`"s"`), or one inverted mask,
/// show everything but that union: the model's inverted mask. Other combinations (add and
/// subtract mixed, intersect, lighten, darken, difference) and expansion are drawn as adding
/// masks, with a warning.
enum LottieMasks {
  /// The mask layer and whether it is inverted, or `nil` when the layer has no masks in use.
  static func mask(
    _ entry: LottieCursor, id: String, timeline: LottieTimeline, context: LottieContext
  ) throws -> (layer: Layer, isInverted: Bool)? {
    guard let list = entry["masksProperties"] else { return nil }
    var shapes: [Layer] = []
    var modes: [String] = []
    var inversions: [Bool] = []
    for (index, cursor) in try list.array().enumerated() {
      let mode = (try? cursor["mode"]?.string()) ?? "a"
      if mode == "n" { continue }
      if let expansion = cursor["x"],
        try LottieProperty<Double>.read(expansion, limits: context.limits, { try $0.scalar() }).isNonZero
      {
        context.warnings.note("mask expansion (x) is not applied", at: expansion.jsonPath)
      }
      let path = try LottieProperty<Path>.read(try cursor.required("pt"), limits: context.limits) {
        try LottieBezier.path($0, limits: context.limits)
      }
      let opacity = try cursor["o"].map { try LottieProperty<Double>.read($0, limits: context.limits) { try $0.scalar() } }
        ?? .constant(100)
      var shape = Layer(id: "\(id)/mask \(index + 1)", kind: .shape)
      shape.properties.shape.path = path.initialValue
      shape.properties.shape.fillColor = .black
      let fraction = opacity.map { min(max($0 / 100, 0), 1) }
      shape.properties.opacity = fraction.initialValue
      shape.animations = [
        LottieAnimations.animation(path, keyPath: .path, timeline: timeline) { .path($0) },
        LottieAnimations.animation(fraction, keyPath: .opacity, timeline: timeline) { .scalar($0) },
      ].compactMap { $0 }
      shapes.append(shape)
      modes.append(mode)
      inversions.append(cursor["inv"]?.flag ?? false)
    }
    guard !shapes.isEmpty else { return nil }
    let isInverted: Bool
    if modes.allSatisfy({ $0 == "a" }) && !inversions.contains(true) {
      isInverted = false
    } else if modes.allSatisfy({ $0 == "s" }) && !inversions.contains(true) {
      isInverted = true
    } else if shapes.count == 1 && inversions == [true] && modes == ["a"] {
      isInverted = true
    } else {
      context.warnings.note(
        "masks that intersect, mix adding and subtracting, or are inverted among others are drawn as adding masks",
        at: list.jsonPath)
      isInverted = false
    }
    return (Layer(id: "\(id)/masks", sublayers: shapes), isInverted)
  }
}
