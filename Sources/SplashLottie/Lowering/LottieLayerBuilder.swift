import SplashCore
import SplashDocument
import SplashModel

/// A composition's layers (the file's `layers`, or a precomposition's) as `CALayer`s.
///
/// Each Lottie layer is a layer whose transform is the Lottie one (`LottieTransform`), shown
/// from its in point to its out point (`ip`, `op`: its lifetime), holding its content: shape
/// layers their shapes, solids a filled rectangle, precomposition layers the precomposition's
/// layers clipped to its size. A parented layer sits inside transform-only copies of its
/// parents, innermost first, since a Lottie parent lends its transform but not its opacity or
/// its in and out points. The file lists layers top first; a layer tree lists them bottom first.
///
/// Every keyframe of a layer (transform, shapes, masks, text, effects) and its in and out
/// points count in the time of the composition that holds it. Its start time `st` and stretch
/// `sr` move only the time a precomposition's layers see (`LottieTimeline.precomposition`).
struct LottieLayerBuilder {
  let context: LottieLowering

  /// The layers of `list`, bottom to top, on the composition's `timeline`.
  ///
  /// Built in two passes: every layer first, then the mattes, since a layer may name its matte
  /// (`tp`) further down the list than itself.
  func layers(_ list: [LottieLayer], timeline: LottieTimeline, idPrefix: String = "") throws -> [Layer] {
    var byIndex: [Double: LottieLayer] = [:]
    for entry in list {
      if let index = entry.index { byIndex[index] = entry }
    }
    var usedIDs: [String: Int] = [:]
    var built: [(entry: LottieLayer, id: String, layer: Layer?)] = []
    // Matte layers (`td: 1`) are not drawn themselves: the layer below one (`tt`), or the
    // layer naming it (`tp`), is drawn through it.
    var mattes: [Double: Layer] = [:]
    for entry in list {
      try context.countLayer(at: entry.jsonPath)
      if entry.isHidden && !entry.isMatte { continue }
      let count = usedIDs[entry.name, default: 0] + 1
      usedIDs[entry.name] = count
      let id = idPrefix + (count > 1 ? "\(entry.name) #\(count)" : entry.name)
      var layer = try layer(entry, id: id, timeline: timeline)
      if let drawn = layer { layer = try parented(drawn, entry: entry, byIndex: byIndex, timeline: timeline) }
      // A matte that draws nothing (a null) still hides what it mattes.
      if entry.isMatte, layer == nil { layer = Layer(id: id) }
      if entry.isMatte, let index = entry.index { mattes[index] = layer }
      built.append((entry, id, layer))
    }

    var result: [Layer] = []
    var latestMatte: Layer?
    for (entry, id, drawn) in built {
      if entry.isMatte {
        latestMatte = drawn
        continue
      }
      guard var layer = drawn else { continue }
      if let modeCursor = entry.matteMode {
        let kind = try modeCursor.number()
        let named = entry.matteTarget.flatMap { mattes[$0] }
        if let matte = named ?? latestMatte {
          // Alpha (1), alpha inverted (2), luma (3) and luma inverted (4). Lottie's iOS player
          // knows only alpha mattes and draws a luma-matted layer unmasked; After Effects,
          // lottie-web, Skottie and ThorVG mask it by the matte's brightness, as the designer
          // saw it, and so does this.
          if (1...4).contains(kind) {
            // The matte and the matted layer share the composition's space: a container
            // there holds the layer and is masked by the matte.
            var matted = Layer(id: "\(id) (matte)", sublayers: [layer], mask: matte)
            LayerPropertyRegistry.invertsMask.set(kind == 2 || kind == 4, in: &matted.properties)
            LayerPropertyRegistry.maskMode.set(kind >= 3 ? .luminance : .alpha, in: &matted.properties)
            layer = matted
          } else {
            context.warnings.note(
              "track matte mode \(kind.boundedWholeNumber.map(String.init) ?? "\(kind)") is not applied", at: modeCursor.jsonPath)
          }
        } else {
          // No matte to draw through: players draw the layer as it is.
          context.warnings.note("a track matte with no matte layer (td: 1) above it is left out", at: modeCursor.jsonPath)
        }
      }
      // The whole picture (parents' transforms, matte and all) blends with what is below.
      if let blend = entry.blendMode { LayerPropertyRegistry.compositingFilter.set(blend, in: &layer.properties) }
      result.append(layer)
    }
    return result.reversed()
  }

  /// One Lottie layer with its content, or `nil` for a layer that draws nothing (a null).
  private func layer(_ entry: LottieLayer, id: String, timeline: LottieTimeline) throws -> Layer? {
    var content: [Layer] = []
    switch entry.content {
    case .shapes(let items, let itemCount):
      try context.countShapeItems(itemCount, at: entry.jsonPath)
      var builder = LottieShapeBuilder(timeline: timeline, idPrefix: id, context: context)
      content = builder.layers(LottieShapeItem.sampled(items, sampler: context.sampler, limits: context.limits))
    case .solid(let width, let height, let color):
      var rectangle = Layer(id: "\(id)/solid")
      LayerPropertyRegistry.bounds.set(Rect(x: 0, y: 0, width: width, height: height), in: &rectangle.properties)
      LayerPropertyRegistry.position.set(Point(x: width / 2, y: height / 2), in: &rectangle.properties)
      LayerPropertyRegistry.backgroundColor.set(color, in: &rectangle.properties)
      content = [rectangle]
    case .precomposition(let reference, let size, let timeRemap):
      content =
        try precomposition(
          entry, reference: reference, size: size, timeRemap: timeRemap, id: id, timeline: timeline
        ).map { [$0] } ?? []
    case .image(let reference):
      guard let picture = try LottieImage.layer(reference, id: id, context: context) else { return nil }
      content = [picture]
    case .text(let text):
      content = try LottieText(context: context, timeline: timeline).layers(text, id: id)
    case .nothing:
      return nil
    }
    // One shape drawn in the layer's own space, under nothing of the layer's own that acts on
    // its picture (a mask, an effect, an opacity): the shape is the layer, carrying its
    // transform and its lifetime, as a group's lone shape carries the group's
    // (`LottieShapeBuilder.container`). 5344-honey-sack-hud's 69 cells are such layers.
    let hasEffects = entry.shadow != nil || entry.fill != nil || entry.blur != nil
    let holder = LottieShapeBuilder.holder(
      id: id, of: content, shapeMayHold: entry.masks.isEmpty && !hasEffects && entry.transform.keepsFullOpacity)
    var layer = holder.layer
    // Not under an effect: a shadow or blur spreads past the precomposition's size, where the
    // layer's own clip would cut it.
    let clip = holder.isShape || hasEffects ? nil : Self.clipTakingAnchor(content, anchor: entry.transform.anchor)
    if let clip {
      layer = clip.layer
      layer.id = id
    }
    if let (mask, isInverted) = LottieMasks.mask(entry.masks, id: id, timeline: timeline) {
      layer.mask = mask
      LayerPropertyRegistry.invertsMask.set(isInverted, in: &layer.properties)
    }
    entry.transform.apply(
      to: &layer, timeline: timeline, sampler: context.sampler, includesOpacity: !holder.isShape, autoOrient: entry.autoOrients)
    if let clip {
      LayerPropertyRegistry.bounds.set(clip.bounds, in: &layer.properties)
      LayerPropertyRegistry.anchorPoint.set(clip.anchorPoint, in: &layer.properties)
    }
    entry.shadow?.apply(to: &layer, timeline: timeline, sampler: context.sampler, limits: context.limits)
    entry.fill?.apply(to: &layer, timeline: timeline, sampler: context.sampler, limits: context.limits)
    if let blur = entry.blur,
      let animation = LottieAnimations.bind(LayerPropertyRegistry.blurRadius, to: blur, on: &layer, timeline: timeline, value: { $0 })
    {
      layer.animations.append(animation)
    }
    if entry.inPoint != nil || entry.outPoint != nil {
      // Without an in point the layer is there from long before anything starts (a billion
      // seconds: LayerLifetime measures from addedAt, which an infinite start would swamp).
      let added = entry.inPoint.map(timeline.seconds) ?? -1e9
      let removed = entry.outPoint.map(timeline.seconds) ?? .infinity
      layer.lifetime = LayerLifetime(addedAt: added, removedAt: removed)
    }
    return layer
  }

  /// `ty: 0`: the precomposition `reference` names, its layers on the time the layer gives
  /// them (its `st` and `sr` on `timeline`, the composition holding the layer, or its time
  /// remap `tm`), clipped to the layer's `size` as After Effects clips a precomposition to its
  /// size.
  private func precomposition(
    _ entry: LottieLayer, reference: LottieCursor, size: Size?, timeRemap: LottieProperty<Double>?, id: String,
    timeline: LottieTimeline
  ) throws -> Layer? {
    let name = try reference.string()
    guard let list = context.document.precompositions[name] else {
      // Players draw nothing for it (Lottie's iOS player finds no asset and makes no layer).
      context.warnings.note("precomposition layers whose refId names no precomposition in \"assets\" are not drawn", at: reference.jsonPath)
      return nil
    }
    if let start = context.openPrecompositions.firstIndex(of: name) {
      let chain = (context.openPrecompositions[start...] + [name]).joined(separator: " → ")
      throw reference.error(expected: "a precomposition that does not contain itself (\(chain))")
    }
    guard context.openPrecompositions.count < context.limits.precompositionDepth else {
      throw reference.error(expected: "precompositions nested at most \(context.limits.precompositionDepth) deep")
    }
    context.openPrecompositions.append(name)
    defer { context.openPrecompositions.removeLast() }
    // A time remap replaces the layer's start time and stretch: its value is the
    // precomposition's time (lottie-web's ICompElement.prepareFrame sets its frame to `tm`
    // alone; lottie-ios's PreCompositionLayer and Skottie's CompTimeMapper likewise). Its
    // layers are then built on the holding composition's frames, which the remap maps onto.
    let remapped = timeRemap ?? backwards(entry)
    let contents = remapped == nil ? timeline.precomposition(startTime: entry.startTime, stretch: entry.stretch) : timeline
    var clip = Layer(id: "\(id)/\(name)", sublayers: try layers(list, timeline: contents, idPrefix: "\(id)/"))
    clip.timeRemap = remapped.map { remap($0, on: timeline) }
    if let size {
      LayerPropertyRegistry.bounds.set(Rect(x: 0, y: 0, width: size.width, height: size.height), in: &clip.properties)
      LayerPropertyRegistry.position.set(Point(x: size.width / 2, y: size.height / 2), in: &clip.properties)
      LayerPropertyRegistry.masksToBounds.set(true, in: &clip.properties)
    }
    return clip
  }

  /// A precomposition played backwards (`sr` < 0) as the time remap its stretch amounts to:
  /// its frame (f − st) ÷ sr at the holding frame f, a straight line from the layer's in point
  /// to its out point (lottie-web's `ICompElement.prepareFrame` divides by a negative `sr`
  /// alike). `nil` for a stretch above 0, which the timeline maps directly.
  private func backwards(_ entry: LottieLayer) -> LottieProperty<Double>? {
    guard entry.stretch < 0 else { return nil }
    let first = entry.inPoint ?? context.document.inPoint
    let last = max(entry.outPoint ?? context.document.outPoint, first + 1)
    func seconds(_ frame: Double) -> Double { (frame - entry.startTime) / entry.stretch / context.framesPerSecond }
    return .animated([
      LottieKeyframe(frame: first, value: seconds(first), easing: [], isHold: false, outTangent: [], inTangent: []),
      LottieKeyframe(frame: last, value: seconds(last), easing: [], isHold: false, outTangent: [], inTangent: []),
    ])
  }

  /// `tm`: the precomposition's time (seconds), keyframed on the frames of the composition
  /// holding the layer (`timeline`, on which the precomposition's layers are built too), as
  /// the scene time its layers see: precomposition second v is its frame v × fr.
  private func remap(_ seconds: LottieProperty<Double>, on timeline: LottieTimeline) -> TimeRemap {
    let sceneTimes = seconds.map { timeline.seconds($0 * context.framesPerSecond) }
    guard let (track, timing) = LottieAnimations.keyframes(sceneTimes, timeline: timeline, value: { .scalar($0) }) else {
      return TimeRemap(track: KeyframeTrack(values: [.scalar(sceneTimes.initialValue)]), beginTime: 0, duration: 0)
    }
    return TimeRemap(track: track, beginTime: timing.beginTime, duration: timing.duration)
  }

  /// `layer` inside transform-only copies of its parents (`parent` → a layer's `ind`).
  private func parented(
    _ layer: Layer, entry: LottieLayer, byIndex: [Double: LottieLayer], timeline: LottieTimeline
  ) throws -> Layer {
    var result = layer
    var visited: Set<Double> = []
    var current = entry
    while let parentCursor = current.parent {
      let index = try parentCursor.number()
      guard let parent = byIndex[index] else {
        // Players draw such a layer without a parent.
        context.warnings.note(
          "a parent that is no layer of the composition is left out: the layer is drawn unparented", at: parentCursor.jsonPath)
        break
      }
      guard visited.insert(index).inserted, entry.index != index else {
        throw parentCursor.error(expected: "a parent chain without a cycle")
      }
      guard visited.count <= context.limits.parentDepth else {
        throw DocumentError(
          file: context.file, path: parentCursor.jsonPath,
          expected: "a parent chain at most \(context.limits.parentDepth) layers long", found: "a longer one")
      }
      // Each layer gets copies of all its parents: thousands of children of a long chain
      // would make millions.
      try context.countLayer(at: parentCursor.jsonPath)
      var wrapper = Layer(id: "\(layer.id) (parent \(parent.nameInFile ?? "\(index)"))", sublayers: [result])
      parent.transform.apply(
        to: &wrapper, timeline: timeline, sampler: context.sampler, includesOpacity: false, autoOrient: parent.autoOrients)
      result = wrapper
      current = parent
    }
    return result
  }

  /// A precomposition's clip (`precomposition`) as the layer holding it: the clip's layer with
  /// its bounds and the anchor point that keeps the layer's anchor `anchor` where the layer's
  /// transform puts it; `nil` when `content` is not one such clip, or the anchor moves, or
  /// lands anywhere but exactly on it as a fraction of the bounds. (A layer whose effects
  /// spread its picture keeps the clip inside: its own clip would cut them.)
  ///
  /// The clip sat in the layer's own space, placed where it changes nothing (its centre at
  /// the middle of its size), and clipped its layers to that size: the layer clipping them to
  /// its own bounds, that same rectangle of that same space, draws the same. 1643-exploding-
  /// star's 98 dot compositions each made two layers.
  static func clipTakingAnchor(_ content: [Layer], anchor: LottieProperty<[Double]>) -> (layer: Layer, bounds: Rect, anchorPoint: Point)? {
    guard content.count == 1, case .constant(let values) = anchor else { return nil }
    let clip = content[0]
    let properties = clip.properties
    let size = properties.bounds
    let point = Point(lottie: values)
    guard clip.kind == .layer, clip.animations.isEmpty, clip.mask == nil, clip.lifetime == nil, properties.masksToBounds,
      size.minX == 0, size.minY == 0, size.width > 0, size.height > 0, properties.anchorPoint == Point(x: 0.5, y: 0.5),
      properties.position == Point(x: size.width / 2, y: size.height / 2), properties.transform.isIdentity,
      properties.sublayerTransform.isIdentity, properties.opacity == 1, properties.zPosition == 0
    else { return nil }
    let anchorPoint = Point(x: point.x / size.width, y: point.y / size.height)
    guard anchorPoint.x * size.width == point.x, anchorPoint.y * size.height == point.y else { return nil }
    return (clip, size, anchorPoint)
  }
}
