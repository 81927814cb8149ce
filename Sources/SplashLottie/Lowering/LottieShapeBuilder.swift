import SplashCore
import SplashModel

/// A shape layer's items as `CAShapeLayer`s, in the order a Lottie player paints them.
///
/// In a Lottie group, items listed first are on top, and a fill or stroke paints every path
/// listed before it in its group, including the paths of the groups listed before it (each
/// through its group's transform). So, bottom to top, for the items of a group from last to
/// first: a style is one shape layer for the group's own paths before it, plus a copy of each
/// earlier group's transform holding that style's painting of the group's paths; a group is
/// its own content, in its transform.
///
///     it: [ path A, group G { path B, fill F2 }, stroke S, fill F ]
///     bottom → top:  F(A + G·B)   S(A + G·B)   G·F2(B)
///
/// A trim (`tm`) keeps a stretch of every path before it, in its group and in the groups
/// before it, whichever style paints the path (the players collect a path's modifiers and its
/// styles alike from the items after it); the trims after a path stack, nearest first (`LottieTrim`).
struct LottieShapeBuilder {
  let timeline: LottieTimeline
  let idPrefix: String
  let context: LottieLowering
  private var counter = 0

  init(timeline: LottieTimeline, idPrefix: String, context: LottieLowering) {
    self.timeline = timeline
    self.idPrefix = idPrefix
    self.context = context
  }

  /// The layers of `items`, bottom to top; `trims` are those after the enclosing groups.
  mutating func layers(_ items: [LottieShapeItem], trims: [LottieTrim] = []) -> [Layer] {
    if let index = items.lastIndex(where: { if case .repeater = $0 { true } else { false } }),
      case .repeater(let repeater) = items[index]
    {
      return repeated(Array(items[..<index]), by: repeater, then: Array(items[(index + 1)...]), trims: trims)
    }
    var layers: [Layer] = []
    for (index, item) in items.enumerated().reversed() {
      // The trims after this item, nearest first, then those after its groups.
      let after = Self.trims(in: items[(index + 1)...]) + trims
      switch item {
      case .group(let name, let children, let transform):
        layers += container(name: name, transform: transform, sublayers: self.layers(children, trims: after))
      case .fill, .stroke:
        layers += painted(Array(items[..<index]), with: item, trims: after)
      case .gradient(let gradient):
        layers += gradientLayer(gradient, masking: painted(Array(items[..<index]), with: gradient.maskStyle, trims: after))
      case .geometry, .trim, .repeater:
        continue
      }
    }
    return Self.mergingFillsUnderStrokes(layers)
  }

  /// `layers` (bottom to top) with each fill lying right under a stroke of the same path
  /// made one shape layer that fills and strokes it, as a `CAShapeLayer` does (fill, then
  /// stroke over it).
  ///
  /// After Effects lists a new shape's stroke above its fill, and each became a layer of its
  /// own: two layers to evaluate, list and place for one path, and a group holding both could
  /// not hand its transform to a lone shape (`container`). 4479-fireworks' rays are each such
  /// a pair.
  ///
  /// Merged only where the one layer draws the same: the stroke is not trimmed, the two
  /// animate nothing but the path (alike), their colours and the stroke's width and dash
  /// phase, and each one's opacity is constant. An opacity below 1 goes into its colour's
  /// alpha, as the renderer folds a one-paint layer's opacity into its paint: the same
  /// product.
  static func mergingFillsUnderStrokes(_ layers: [Layer]) -> [Layer] {
    guard layers.count > 1 else { return layers }
    var merged: [Layer] = []
    merged.reserveCapacity(layers.count)
    var index = 0
    while index < layers.count {
      if index + 1 < layers.count, let shape = fillAndStroke(layers[index], layers[index + 1]) {
        merged.append(shape)
        index += 2
      } else {
        merged.append(layers[index])
        index += 1
      }
    }
    return merged
  }

  /// One shape layer filling as `fill` does and stroking as `stroke` does over it, or `nil`
  /// when one layer cannot draw both alike (see `mergingFillsUnderStrokes`).
  private static func fillAndStroke(_ fill: Layer, _ stroke: Layer) -> Layer? {
    guard isBareShape(fill), isBareShape(stroke) else { return nil }
    let fillShape = fill.properties.shape
    let strokeShape = stroke.properties.shape
    guard fillShape.strokeColor.alpha == 0, strokeShape.fillColor.alpha == 0 else { return nil }
    func animations(of layer: Layer, setting properties: [AnyLayerProperty]) -> [Animation]? {
      layer.animations.allSatisfy { animation in animation.setsOnly { keyPath in properties.contains { $0 === keyPath.property } } }
        ? layer.animations : nil
    }
    let path = LayerPropertyRegistry.path
    guard
      let fillAnimations = animations(of: fill, setting: [path, LayerPropertyRegistry.fillColor]),
      let strokeAnimations = animations(
        of: stroke,
        setting: [path, LayerPropertyRegistry.strokeColor, LayerPropertyRegistry.lineWidth, LayerPropertyRegistry.lineDashPhase])
    else { return nil }
    let paths = fillAnimations.filter { $0.sets(path) }
    guard paths == strokeAnimations.filter({ $0.sets(path) }) else { return nil }
    // A colour that animates would lose the opacity put into its alpha.
    let fillOpacity = fill.properties.opacity
    let strokeOpacity = stroke.properties.opacity
    guard fillOpacity == 1 || !fillAnimations.contains(where: { $0.sets(LayerPropertyRegistry.fillColor) }),
      strokeOpacity == 1 || !strokeAnimations.contains(where: { $0.sets(LayerPropertyRegistry.strokeColor) })
    else { return nil }
    var shape = fill
    var fillColor = fillShape.fillColor
    fillColor.alpha *= fillOpacity
    var strokeColor = strokeShape.strokeColor
    strokeColor.alpha *= strokeOpacity
    LayerPropertyRegistry.fillColor.set(fillColor, in: &shape.properties)
    LayerPropertyRegistry.strokeColor.set(strokeColor, in: &shape.properties)
    LayerPropertyRegistry.lineWidth.set(strokeShape.lineWidth, in: &shape.properties)
    LayerPropertyRegistry.lineCap.set(strokeShape.lineCap, in: &shape.properties)
    LayerPropertyRegistry.lineJoin.set(strokeShape.lineJoin, in: &shape.properties)
    LayerPropertyRegistry.miterLimit.set(strokeShape.miterLimit, in: &shape.properties)
    LayerPropertyRegistry.lineDashPattern.set(strokeShape.lineDashPattern, in: &shape.properties)
    LayerPropertyRegistry.lineDashPhase.set(strokeShape.lineDashPhase, in: &shape.properties)
    LayerPropertyRegistry.opacity.set(1, in: &shape.properties)
    // Everything else alike, and nothing of the stroke's left behind: the merged values, but
    // for the fill and the two opacities, are the stroke layer's own (its path, its place, an
    // untrimmed stroke, whatever else a shape layer holds).
    var check = shape.properties
    LayerPropertyRegistry.fillColor.set(strokeShape.fillColor, in: &check)
    LayerPropertyRegistry.fillRule.set(strokeShape.fillRule, in: &check)
    LayerPropertyRegistry.strokeColor.set(strokeShape.strokeColor, in: &check)
    LayerPropertyRegistry.opacity.set(stroke.properties.opacity, in: &check)
    guard check == stroke.properties else { return nil }
    shape.animations = fillAnimations + strokeAnimations.filter { !$0.sets(path) }
    return shape
  }

  /// The trims among `items`, in order.
  static func trims(in items: ArraySlice<LottieShapeItem>) -> [LottieTrim] {
    items.compactMap { if case .trim(let trim) = $0 { trim } else { nil } }
  }

  /// A repeater's group: `after` (the items below the repeater), whose styles also paint the
  /// repeated paths, then on top the repeated drawing of `before` (the items above it).
  private mutating func repeated(
    _ before: [LottieShapeItem], by repeater: LottieRepeater, then after: [LottieShapeItem], trims: [LottieTrim]
  ) -> [Layer] {
    var layers: [Layer] = []
    counter += 1
    let id = "\(idPrefix)/repeater \(counter)"
    // The items above the repeater see every trim below it, and those after the group.
    let belowRepeater = Self.trims(in: after[...]) + trims
    for (index, item) in after.enumerated().reversed() {
      let afterItem = Self.trims(in: after[(index + 1)...]) + trims
      switch item {
      case .group(let name, let children, let transform):
        layers += container(name: name, transform: transform, sublayers: self.layers(children, trims: afterItem))
      case .fill, .stroke:
        layers += painted(Array(after[..<index]), with: item, trims: afterItem)
        let copies = painted(before, with: item, trims: belowRepeater)
        if !copies.isEmpty {
          layers.append(repeater.replicate(copies, id: id, timeline: timeline, sampler: context.sampler, limits: context.limits))
        }
      case .gradient(let gradient):
        // One gradient over the paths between and the copies: the copies repeat its mask, not it.
        var paths = painted(Array(after[..<index]), with: gradient.maskStyle, trims: afterItem)
        let copies = painted(before, with: gradient.maskStyle, trims: belowRepeater)
        if !copies.isEmpty {
          paths.append(repeater.replicate(copies, id: id, timeline: timeline, sampler: context.sampler, limits: context.limits))
        }
        layers += gradientLayer(gradient, masking: paths)
      case .geometry, .trim, .repeater:
        continue
      }
    }
    let inner = self.layers(before, trims: belowRepeater)
    if !inner.isEmpty {
      layers.append(repeater.replicate(inner, id: id, timeline: timeline, sampler: context.sampler, limits: context.limits))
    }
    return layers
  }

  /// The layers that paint the paths of `items` (and of their groups) with `style`, each path
  /// trimmed by the trims after it in `items` and then by `trims` (those after the enclosing
  /// groups), stacked nearest first.
  private mutating func painted(_ items: [LottieShapeItem], with style: LottieShapeItem, trims: [LottieTrim]) -> [Layer] {
    var layers: [Layer] = []
    var untrimmed: [LottieProperty<Path>] = []
    var trimmed: [(trim: LottieTrim, paths: [LottieProperty<Path>])] = []
    /// Puts `path` with the paths `trim` cuts together, or with the untrimmed ones.
    func add(_ path: LottieProperty<Path>, trimmedBy trim: LottieTrim?) {
      guard let trim else { return untrimmed.append(path) }
      if let index = trimmed.firstIndex(where: { $0.trim.identity == trim.identity }) {
        trimmed[index].paths.append(path)
      } else {
        trimmed.append((trim, [path]))
      }
    }
    for (position, item) in items.enumerated() {
      let after = Self.trims(in: items[(position + 1)...]) + trims
      switch item {
      case .geometry(let item):
        add(item.path(sampler: context.sampler, limits: context.limits), trimmedBy: LottieTrim.stacked(after))
      case .group(let name, let children, let transform):
        // One path with the paths before it where the picture is the same (`LottieGroupPaths`),
        // placed in the style's space, so that the group's scale does not scale the stroke's
        // width (players place the paths, not the stroke). Trimmed after the group, it is cut
        // as a path of the style's own where that cuts the same stretch: a sequential trim runs
        // along it with the others, a simultaneous one cuts each path alone, so the group must
        // then hold just one.
        let trim = LottieTrim.stacked(after)
        if trim.map({ $0.isSequential || LottieGroupPaths.pathCount(children) == 1 }) ?? true,
          let merged = LottieGroupPaths.merged(children, transform: transform, trims: [], sampler: context.sampler, limits: context.limits)
        {
          if trim != nil || !merged.isEmptyPath { add(merged, trimmedBy: trim) }
          continue
        }
        let inner = painted(children, with: style, trims: after)
        layers += container(name: name, transform: transform, sublayers: inner)
      case .fill, .stroke, .trim, .repeater, .gradient: continue
      }
    }
    if !untrimmed.isEmpty {
      // Paths painted by one style are one path, as in the player: overlaps follow the fill
      // rule (an inner path wound the other way is a hole) and a translucent stroke does not
      // darken where two paths cross.
      let combined =
        untrimmed.count == 1 ? untrimmed[0] : .combined(untrimmed, sampler: context.sampler, limit: context.limits.sampledFrames)
      layers.insert(styled(combined, with: style), at: 0)
    }
    for (trim, paths) in trimmed {
      if trim.isSequential && paths.count > 1 {
        // Trimmed as one sequence: one layer holding them all, trimmed along the whole.
        layers += trimmedLayers(.combined(paths, sampler: context.sampler, limit: context.limits.sampledFrames), trim: trim, style: style)
      } else {
        for path in paths { layers += trimmedLayers(path, trim: trim, style: style) }
      }
    }
    return layers
  }

  /// `geometry` painted with `style` and trimmed by `trim`: a stroke by `strokeStart` and
  /// `strokeEnd` (two layers when the stretch can wrap past the path's end); a fill by cutting
  /// the path itself, since `strokeStart` and `strokeEnd` do not touch a fill.
  private mutating func trimmedLayers(_ geometry: LottieProperty<Path>, trim: LottieTrim, style: LottieShapeItem) -> [Layer] {
    if case .fill = style {
      guard case .constant(let path) = geometry else {
        context.warnings.note("trim paths on an animated path are not applied to its fill", at: trim.jsonPath)
        return [styled(geometry, with: style)]
      }
      func cut(_ frame: Double) -> Path {
        let (lower, upper) = trim.range(at: frame)
        var pieces = path.trimmed(from: lower, to: min(upper, 1))
        if upper > 1 { pieces.elements += path.trimmed(from: 0, to: upper - 1).elements }
        return pieces
      }
      let frames = trim.sampleFrames(sampler: context.sampler, limit: context.limits.sampledFrames)
      noteWrapping(trim, at: frames)
      guard frames.count > 1 else { return [styled(.constant(cut(0)), with: style)] }
      let keyframes = frames.map {
        LottieKeyframe(frame: $0, value: cut($0), easing: [], isHold: false, outTangent: [], inTangent: [])
      }
      return [styled(.animated(keyframes), with: style)]
    }

    var main = styled(geometry, with: style)
    var wrapped = main
    wrapped.id += " (wrapped)"
    let frames = trim.sampleFrames(sampler: context.sampler, limit: context.limits.sampledFrames)
    noteWrapping(trim, at: frames)
    if frames.count < 2 {
      let (lower, upper) = trim.range(at: 0)
      LayerPropertyRegistry.strokeStart.set(lower, in: &main.properties)
      LayerPropertyRegistry.strokeEnd.set(min(upper, 1), in: &main.properties)
      guard upper > 1 else { return [main] }
      LayerPropertyRegistry.strokeStart.set(0, in: &wrapped.properties)
      LayerPropertyRegistry.strokeEnd.set(upper - 1, in: &wrapped.properties)
      return [main, wrapped]
    }
    // Sampled per frame, linear in between, except across the moment the stretch wraps, where
    // the values jump: those segments hold and then jump.
    let ranges = frames.map { trim.range(at: $0) }
    func track(_ value: ((lower: Double, upper: Double)) -> Double) -> LottieProperty<Double> {
      .animated(
        frames.indices.map { index in
          let jumps = index + 1 < ranges.count && abs(ranges[index + 1].lower - ranges[index].lower) > 0.5
          return LottieKeyframe(
            frame: frames[index], value: value(ranges[index]), easing: [], isHold: jumps, outTangent: [], inTangent: [])
        })
    }
    let mainStart = track { $0.lower }
    let mainEnd = track { min($0.upper, 1) }
    let wrappedEnd = track { max($0.upper - 1, 0) }
    main.animations += [
      LottieAnimations.bind(LayerPropertyRegistry.strokeStart, to: mainStart, on: &main, timeline: timeline) { $0 },
      LottieAnimations.bind(LayerPropertyRegistry.strokeEnd, to: mainEnd, on: &main, timeline: timeline) { $0 },
    ].compactMap { $0 }
    // A stretch that never passes the path's end at the frames drawn leaves the wrapped piece
    // cut to nothing throughout (its end is 0 at every sample, and in between): a layer that
    // drew nothing, yet was presented, listed and trimmed every frame (5344-honey-sack-hud's
    // cells each had one).
    guard ranges.contains(where: { $0.upper > 1 }) else { return [main] }
    LayerPropertyRegistry.strokeStart.set(0, in: &wrapped.properties)
    if let animation = LottieAnimations.bind(
      LayerPropertyRegistry.strokeEnd, to: wrappedEnd, on: &wrapped, timeline: timeline, value: { $0 })
    {
      wrapped.animations.append(animation)
    }
    return [main, wrapped]
  }

  /// Warns when a stacked trim wraps round the piece the trims before it keep, at the frames
  /// the trim is drawn at (`frames`, or its first frame when constant).
  private func noteWrapping(_ trim: LottieTrim, at frames: [Double]) {
    guard trim.wrapsWithinPiece(at: frames.isEmpty ? [0] : frames) else { return }
    context.warnings.note("a trim whose offset wraps round what an earlier trim kept is cut at that piece's end", at: trim.then[0].jsonPath)
  }

  /// One `CAShapeLayer` drawing `geometry` with `style`; the style's opacity is the layer's.
  private mutating func styled(_ geometry: LottieProperty<Path>, with style: LottieShapeItem) -> Layer {
    counter += 1
    var layer = Layer(id: "\(idPrefix)/shape \(counter)", kind: .shape)
    var animations: [Animation?] = [
      LottieAnimations.bind(LayerPropertyRegistry.path, to: geometry, on: &layer, timeline: timeline) { $0 }
    ]
    let opacity: LottieProperty<Double>
    switch style {
    case .fill(let fill):
      LayerPropertyRegistry.fillRule.set(fill.rule, in: &layer.properties)
      animations.append(
        LottieAnimations.bind(LayerPropertyRegistry.fillColor, to: fill.color, on: &layer, timeline: timeline) {
          LottieColor.color($0)
        })
      opacity = fill.opacity
    case .stroke(let stroke):
      LayerPropertyRegistry.fillColor.set(.clear, in: &layer.properties)
      LayerPropertyRegistry.lineCap.set(stroke.cap, in: &layer.properties)
      LayerPropertyRegistry.lineJoin.set(stroke.join, in: &layer.properties)
      LayerPropertyRegistry.miterLimit.set(stroke.miterLimit, in: &layer.properties)
      LayerPropertyRegistry.lineDashPattern.set(stroke.dashes, in: &layer.properties)
      animations.append(
        LottieAnimations.bind(LayerPropertyRegistry.lineDashPhase, to: stroke.dashOffset, on: &layer, timeline: timeline) { $0 })
      animations.append(
        LottieAnimations.bind(LayerPropertyRegistry.strokeColor, to: stroke.color, on: &layer, timeline: timeline) {
          LottieColor.color($0)
        })
      animations.append(
        LottieAnimations.bind(LayerPropertyRegistry.lineWidth, to: stroke.width, on: &layer, timeline: timeline) { max($0, 0) })
      opacity = stroke.opacity
    default:
      opacity = .constant(100)
    }
    let fraction = opacity.map { $0 / 100 }.clamped(to: 0...1)
    animations.append(LottieAnimations.bind(LayerPropertyRegistry.opacity, to: fraction, on: &layer, timeline: timeline) { $0 })
    layer.animations = animations.compactMap { $0 }
    return layer
  }

  /// `gradient` showing through `paths` (the paths it paints, drawn opaque by its mask style):
  /// one gradient layer in the style's own space (see `LottieGradient`), none without paths.
  private mutating func gradientLayer(_ gradient: LottieGradient, masking paths: [Layer]) -> [Layer] {
    counter += 1
    guard !paths.isEmpty else { return [] }
    return [gradient.layer(id: "\(idPrefix)/gradient \(counter)", masking: paths, timeline: timeline, sampler: context.sampler)]
  }

  /// A group's transform as a layer holding `sublayers`; or `sublayers` themselves when the
  /// transform is the identity throughout (`LottieTransform.isIdentity`); or, when the group
  /// holds one shape placed where the group's space is and keeps its opacity, that shape in
  /// the group's transform.
  ///
  /// Such a container changed no pixel, but every frame evaluated it, built and placed its
  /// node, and composed its matrix on the way down: 5344-honey-sack-hud's 69 cells each sat in
  /// one, a quarter of the layers it presented, and 1643-exploding-star's 392 dots each sat in
  /// a group scaling it. A shape's path is drawn in its own space as a container's sublayers
  /// are placed in its (Core Animation's rule: a point q lands at position + transform ·
  /// (q − the bounds' origin) when the anchor is that origin), so the shape carries the
  /// group's geometry itself. Sublayers at zPosition 0 keep their order among the parent's.
  private mutating func container(name: String, transform: LottieTransform, sublayers: [Layer]) -> [Layer] {
    // Counted either way: the ids of the layers after it stay as they were.
    counter += 1
    guard !sublayers.isEmpty else { return [] }
    guard !transform.isIdentity else { return sublayers }
    // A lone shape keeps its own opacity: the group's, 100 %, is not set on it.
    let holder = Self.holder(id: "\(idPrefix)/\(name) \(counter)", of: sublayers, shapeMayHold: transform.keepsFullOpacity)
    var layer = holder.layer
    transform.apply(to: &layer, timeline: timeline, sampler: context.sampler, includesOpacity: !holder.isShape)
    return [layer]
  }

  /// The layer named `id` holding `content`: its one shape itself, renamed (`inspect` and
  /// errors still say which group, layer or glyph it is), when `shapeMayHold` and the shape
  /// lies in the holder's own space (`isPlacedWhereItsSuperlayerIs`) or can be drawn there
  /// (`drawnInSuperlayerSpace`); otherwise a plain layer holding `content`. `isShape` says
  /// which.
  ///
  /// The holder's geometry and timing are then set on what is returned, so a shape taking
  /// them carries them as the holder would have carried it.
  static func holder(id: String, of content: [Layer], shapeMayHold: Bool = true) -> (layer: Layer, isShape: Bool) {
    guard shapeMayHold, content.count == 1,
      var shape = isPlacedWhereItsSuperlayerIs(content[0]) ? content[0] : drawnInSuperlayerSpace(content[0])
    else {
      return (Layer(id: id, sublayers: content), false)
    }
    shape.id = id
    return (shape, true)
  }

  /// Whether `layer` is a shape drawn in its superlayer's space throughout: at the origin,
  /// with zero-sized bounds there, no transform and nothing that animates its place, no
  /// timing, lifetime or zPosition of its own (what `LottieTransform.apply` sets would
  /// otherwise meet values of the layer's, or its timing shift the group's animations).
  static func isPlacedWhereItsSuperlayerIs(_ layer: Layer) -> Bool {
    isBareShape(layer) && layer.properties.position == .zero && layer.properties.bounds == Rect(x: 0, y: 0, width: 0, height: 0)
      && layer.properties.transform.isIdentity && layer.properties.zPosition == 0
      && layer.animations.allSatisfy { $0.setsOnly { !$0.placesLayers && $0.property !== LayerPropertyRegistry.zPosition } }
  }

  /// Whether `layer` is a shape layer alone: no sublayers, no mask, no lifetime or time remap
  /// of its own. What the layers made here fold into one another must be, so that folding
  /// carries nothing but values and animations.
  static func isBareShape(_ layer: Layer) -> Bool {
    layer.kind == .shape && layer.sublayers.isEmpty && layer.mask == nil && layer.lifetime == nil && layer.timeRemap == nil
  }
}
