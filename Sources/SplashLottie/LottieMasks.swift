import SplashCore
import SplashModel

/// A layer's masks (`masksProperties`) as its `CALayer.mask`: one filled shape per mask, in
/// the layer's own space, at the mask's opacity.
///
/// Masks combine in list order as Lottie's iOS player combines them (its
/// `MaskCompositionLayer`): a run of adding masks (`mode: "a"`, and lighten `"l"`) is the union
/// of their shapes; each later mask of another mode cuts what came before down to its own
/// shape: an intersecting mask (`"i"`, and darken `"d"` and difference `"f"`, warned) to its
/// inside, a subtracting one (`"s"`) to its outside. A subtracting mask and an inverted adding
/// one stand for their outside (`inv` turns an adding mask into a subtracting one and back).
///
///     masks  a₁ a₂ s₃ i₄   →   ((a₁ ∪ a₂) ∩ outside s₃) ∩ i₄
///
/// The common cases keep one mask layer: adding masks alone are the union, subtracting masks
/// alone (or one inverted adding mask) the union inverted (the model's inverted mask). Mixed
/// lists nest a container per cut, each masked by the next shape, an outside drawn as a very
/// large rectangle with the shape taken out (even-odd), as the iOS player draws it. Expansion is
/// warned and not applied.
enum LottieMasks {
  /// Half the side of the rectangle that stands for "everything" outside a shape, in the
  /// layer's points: far beyond any canvas, well inside what Cairo's fixed point can draw.
  static let outsideReach = 100_000.0

  /// One mask in use, as read.
  private struct Entry {
    var path: LottieProperty<Path>
    var opacity: LottieProperty<Double>
    /// Its place in `masksProperties`, which names its layer.
    var index: Int
    /// Whether it joins the union of the masks before it (add, lighten).
    var adds: Bool
    /// Whether it stands for the outside of its shape (subtract, or an inverted add).
    var isOutside: Bool
  }

  /// The mask layer and whether it is inverted, or `nil` when the layer has no masks in use.
  static func mask(
    _ entry: LottieCursor, id: String, timeline: LottieTimeline, context: LottieContext
  ) throws -> (layer: Layer, isInverted: Bool)? {
    guard let list = entry["masksProperties"] else { return nil }
    var masks: [Entry] = []
    for (index, cursor) in try list.array().enumerated() {
      let mode = (try? cursor["mode"]?.string()) ?? "a"
      if mode == "n" { continue }
      if let expansion = cursor["x"],
        try LottieProperty<Double>.read(expansion, limits: context.limits, { try $0.scalar() }).isNonZero
      {
        context.warnings.note("mask expansion (x) is not applied", at: expansion.jsonPath)
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
      masks.append(Entry(path: path, opacity: opacity, index: index, adds: adds, isOutside: isOutside))
    }
    guard !masks.isEmpty else { return nil }
    func shape(_ mask: Entry, outside: Bool) -> Layer {
      var shape = Layer(id: "\(id)/mask \(mask.index + 1)", kind: .shape)
      let path = outside ? mask.path.map(Self.outside) : mask.path
      shape.properties.shape.fillColor = .black
      if outside { shape.properties.shape.fillRule = .evenOdd }
      let fraction = mask.opacity.map { min(max($0 / 100, 0), 1) }
      shape.animations = [
        LottieAnimations.bind(LayerPropertyRegistry.path, to: path, on: &shape, timeline: timeline) { $0 },
        LottieAnimations.bind(LayerPropertyRegistry.opacity, to: fraction, on: &shape, timeline: timeline) { $0 },
      ].compactMap { $0 }
      return shape
    }

    if masks.allSatisfy({ $0.adds && !$0.isOutside }) {
      return (Layer(id: "\(id)/masks", sublayers: masks.map { shape($0, outside: false) }), false)
    }
    // Subtracting alone: outside s₁ ∩ outside s₂ … is the outside of their union.
    if masks.allSatisfy({ !$0.adds && $0.isOutside }) || (masks.count == 1 && masks[0].isOutside) {
      return (Layer(id: "\(id)/masks", sublayers: masks.map { shape($0, outside: false) }), true)
    }
    var container = Layer(id: "\(id)/masks")
    for (position, mask) in masks.enumerated() {
      let piece = shape(mask, outside: mask.isOutside)
      if mask.adds || position == 0 {
        container.sublayers.append(piece)
      } else {
        container.mask = piece
        container = Layer(id: "\(id)/masks \(position + 1)", sublayers: [container])
      }
    }
    return (container, false)
  }

  /// `path` taken out of a rectangle reaching `outsideReach` every way: filled even-odd, the
  /// outside of a closed path.
  static func outside(_ path: Path) -> Path {
    let reach = outsideReach
    var elements: [PathElement] = [
      .move(to: Point(x: -reach, y: -reach)), .line(to: Point(x: reach, y: -reach)), .line(to: Point(x: reach, y: reach)),
      .line(to: Point(x: -reach, y: reach)), .close,
    ]
    elements += path.elements
    return Path(elements: elements)
  }
}
