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
/// large rectangle with the shape taken out (even-odd), as the iOS player draws it.
///
/// Expansion (`x`) grows or shrinks a mask's shape with round corners, as After Effects and
/// ThorVG draw it (Lottie's iOS player leaves it out; lottie-web's SVG player dilates or erodes
/// the mask by the same distance).
enum LottieMasks {
  /// Half the side of the rectangle that stands for "everything" outside a shape, in the
  /// layer's points: far beyond any canvas, well inside what Cairo's fixed point can draw.
  static let outsideReach = 100_000.0

  /// The mask layer and whether it is inverted, or `nil` when the layer has no masks in use.
  static func mask(_ masks: [LottieMask], id: String, timeline: LottieTimeline) -> (layer: Layer, isInverted: Bool)? {
    guard !masks.isEmpty else { return nil }
    func shape(_ mask: LottieMask, outside: Bool) -> Layer {
      var shape = Layer(id: "\(id)/mask \(mask.index + 1)", kind: .shape)
      let path = outside ? mask.path.map(Self.outside) : mask.path
      LayerPropertyRegistry.fillColor.set(.black, in: &shape.properties)
      if outside { LayerPropertyRegistry.fillRule.set(.evenOdd, in: &shape.properties) }
      let fraction = mask.opacity.map { $0 / 100 }.clamped(to: 0...1)
      shape.animations = [
        LottieAnimations.bind(LayerPropertyRegistry.path, to: path, on: &shape, timeline: timeline) { $0 },
        LottieAnimations.bind(LayerPropertyRegistry.opacity, to: fraction, on: &shape, timeline: timeline) { $0 },
      ].compactMap { $0 }
      if mask.expansion.isNonZero { expand(&shape, by: mask.expansion, path: path, outside: outside) }
      return shape
    }

    /// Grows `shape` by `expansion` (shrinks it where negative): a round-joined stroke 2|x|
    /// wide around the path is added to the fill where it grows, and cut from it, through an
    /// inverted mask of the same stroke, where it shrinks. An outside stands for the shape's
    /// complement, which shrinks as the shape grows.
    func expand(_ shape: inout Layer, by expansion: LottieProperty<Double>, path: LottieProperty<Path>, outside: Bool) {
      let grows = expansion.map { max(outside ? -$0 : $0, 0) * 2 }
      let shrinks = expansion.map { max(outside ? $0 : -$0, 0) * 2 }
      func stroke(_ layer: inout Layer, width: LottieProperty<Double>) {
        LayerPropertyRegistry.strokeColor.set(.black, in: &layer.properties)
        LayerPropertyRegistry.lineJoin.set(.round, in: &layer.properties)
        if let animation = LottieAnimations.bind(LayerPropertyRegistry.lineWidth, to: width, on: &layer, timeline: timeline, value: { $0 })
        {
          layer.animations.append(animation)
        }
      }
      if grows.isNonZero { stroke(&shape, width: grows) }
      guard shrinks.isNonZero else { return }
      var band = Layer(id: "\(shape.id) (expansion)", kind: .shape)
      LayerPropertyRegistry.fillColor.set(.clear, in: &band.properties)
      if let animation = LottieAnimations.bind(LayerPropertyRegistry.path, to: path, on: &band, timeline: timeline, value: { $0 }) {
        band.animations.append(animation)
      }
      stroke(&band, width: shrinks)
      shape.mask = band
      LayerPropertyRegistry.invertsMask.set(true, in: &shape.properties)
    }

    /// The union of the masks' shapes: one shape is the mask layer itself (a container holding
    /// it draws it in place, and was one more layer to present, list and draw every frame).
    func union() -> Layer {
      masks.count == 1 ? shape(masks[0], outside: false) : Layer(id: "\(id)/masks", sublayers: masks.map { shape($0, outside: false) })
    }
    if masks.allSatisfy({ $0.adds && !$0.isOutside }) { return (union(), false) }
    // Subtracting alone: outside s₁ ∩ outside s₂ … is the outside of their union.
    if masks.allSatisfy({ !$0.adds && $0.isOutside }) || (masks.count == 1 && masks[0].isOutside) { return (union(), true) }
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
