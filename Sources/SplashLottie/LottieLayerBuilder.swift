import SplashCore
import SplashModel

/// A composition's layers (the file's `layers`, or a precomposition's) as `CALayer`s.
///
/// Each Lottie layer is a layer whose transform is the Lottie one (`LottieTransform`), shown
/// from its in point to its out point (`ip`, `op`: its lifetime), holding its content: shape
/// layers their shapes, solids a filled rectangle, precomposition layers the precomposition's
/// layers clipped to its size.
///
/// Every keyframe of a layer (transform, shapes, masks, text, effects) and its in and out
/// points count in the time of the composition that holds it. Its start time `st` and stretch
/// `sr` move only the time a precomposition's layers see (`LottieTimeline.precomposition`). A parented layer sits inside transform-only copies of its
/// parents, innermost first, since a Lottie parent lends its transform but not its opacity or
/// its in and out points. The file lists layers top first; a layer tree lists them bottom first.
struct LottieLayerBuilder {
  let context: LottieContext

  /// The layers of `list`, bottom to top, on the composition's `timeline`.
  ///
  /// Built in two passes: every layer first, then the mattes, since a layer may name its matte
  /// (`tp`) further down the list than itself.
  func layers(_ list: LottieCursor, timeline: LottieTimeline, idPrefix: String = "") throws -> [Layer] {
    let entries = try list.array()
    var byIndex: [Double: LottieCursor] = [:]
    for entry in entries {
      if let index = try entry["ind"]?.number() { byIndex[index] = entry }
    }
    var usedIDs: [String: Int] = [:]
    var built: [(entry: LottieCursor, id: String, layer: Layer?, isMatte: Bool)] = []
    // Matte layers (`td: 1`) are not drawn themselves: the layer below one (`tt`), or the
    // layer naming it (`tp`), is drawn through it.
    var mattes: [Double: Layer] = [:]
    for entry in entries {
      try context.countLayer(at: entry)
      guard entry.isObject else { throw entry.error(expected: "a layer object") }
      let isMatte = entry["td"]?.flag == true
      if entry["hd"]?.flag == true && !isMatte { continue }
      let name = (try? entry["nm"]?.string()) ?? "layer"
      let count = usedIDs[name, default: 0] + 1
      usedIDs[name] = count
      let id = idPrefix + (count > 1 ? "\(name) #\(count)" : name)
      var layer = try layer(entry, id: id, timeline: timeline)
      if let drawn = layer { layer = try parented(drawn, entry: entry, byIndex: byIndex, timeline: timeline) }
      // A matte that draws nothing (a null) still hides what it mattes.
      if isMatte, layer == nil { layer = Layer(id: id) }
      if isMatte, let index = try entry["ind"]?.number() { mattes[index] = layer }
      built.append((entry, id, layer, isMatte))
    }

    var result: [Layer] = []
    var latestMatte: Layer?
    for (entry, id, drawn, isMatte) in built {
      if isMatte {
        latestMatte = drawn
        continue
      }
      guard var layer = drawn else { continue }
      if let kind = try entry["tt"]?.number(), kind != 0 {
        let named = try entry["tp"].map { try $0.number() }.flatMap { mattes[$0] }
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
            context.warnings.note("track matte mode \(kind) is not applied", at: try entry.required("tt").jsonPath)
          }
        } else {
          // No matte to draw through: players draw the layer as it is.
          context.warnings.note("a track matte with no matte layer (td: 1) above it is left out", at: try entry.required("tt").jsonPath)
        }
      }
      // The whole picture (parents' transforms, matte and all) blends with what is below.
      if let mode = try entry["bm"]?.number().boundedWholeNumber, let blend = Self.blendModes[mode] {
        LayerPropertyRegistry.compositingFilter.set(blend, in: &layer.properties)
      }
      result.append(layer)
    }
    return result.reversed()
  }

  /// One Lottie layer with its content, or `nil` for a layer that draws nothing (a null).
  private func layer(_ entry: LottieCursor, id: String, timeline: LottieTimeline) throws -> Layer? {
    let type = try entry.required("ty").number()
    let inPoint = try entry["ip"]?.number() ?? -Double.greatestFiniteMagnitude
    let outPoint = try entry["op"]?.number() ?? Double.greatestFiniteMagnitude
    noteUnsupported(entry, type: type)

    var content: [Layer] = []
    switch type {
    case 4:
      let items = try entry["shapes"].map { try LottieShapeItem.items($0, context: context) } ?? []
      var builder = LottieShapeBuilder(timeline: timeline, idPrefix: id, context: context)
      content = builder.layers(items)
    case 1:
      content = [try solid(entry, id: id)]
    case 0:
      content = try precomposition(entry, id: id, timeline: timeline).map { [$0] } ?? []
    case 2:
      guard let picture = try LottieImage.layer(entry, id: id, context: context) else { return nil }
      content = [picture]
    case 3:
      return nil
    case 5:
      content = try LottieText(context: context, timeline: timeline).layers(entry, id: id)
    default:
      return nil
    }
    var layer = Layer(id: id, sublayers: content)
    if let (mask, isInverted) = try LottieMasks.mask(entry, id: id, timeline: timeline, context: context) {
      layer.mask = mask
      LayerPropertyRegistry.invertsMask.set(isInverted, in: &layer.properties)
    }
    let transform = try LottieTransform(entry["ks"], limits: context.limits, warnings: context.warnings)
    transform.apply(to: &layer, timeline: timeline, autoOrient: entry["ao"]?.flag ?? false)
    try LottieShadow.of(entry, context: context)?.apply(to: &layer, timeline: timeline, limits: context.limits)
    if inPoint > -Double.greatestFiniteMagnitude || outPoint < Double.greatestFiniteMagnitude {
      // Without an in point the layer is there from long before anything starts (a billion
      // seconds: LayerLifetime measures from addedAt, which an infinite start would swamp).
      let added = inPoint > -Double.greatestFiniteMagnitude ? timeline.seconds(inPoint) : -1e9
      let removed = outPoint < Double.greatestFiniteMagnitude ? timeline.seconds(outPoint) : .infinity
      layer.lifetime = LayerLifetime(addedAt: added, removedAt: removed)
    }
    return layer
  }

  /// The time a precomposition layer's contents see: its composition's, from its start time
  /// `st`, stretched by `sr`.
  private func contentTimeline(_ entry: LottieCursor, in timeline: LottieTimeline) throws -> LottieTimeline {
    let startTime = try entry["st"]?.number() ?? 0
    let stretch = try entry["sr"]?.number() ?? 1
    guard stretch > 0 else { throw try entry.required("sr").error(expected: "a time stretch above 0") }
    return timeline.precomposition(startTime: startTime, stretch: stretch)
  }

  /// `ty: 1`: a rectangle of the solid's size and colour, from the layer's origin.
  private func solid(_ entry: LottieCursor, id: String) throws -> Layer {
    let width = try entry.required("sw").number(in: 0...100_000, expected: "a solid width from 0 to 100000")
    let height = try entry.required("sh").number(in: 0...100_000, expected: "a solid height from 0 to 100000")
    let hex = try entry.required("sc").string()
    guard let color = LottieColor.color(hex: hex) else { throw try entry.required("sc").error(expected: "a colour \"#RRGGBB\"") }
    var rectangle = Layer(id: "\(id)/solid")
    rectangle.properties.bounds = Rect(x: 0, y: 0, width: width, height: height)
    rectangle.properties.position = Point(x: width / 2, y: height / 2)
    rectangle.properties.backgroundColor = color
    return rectangle
  }

  /// `ty: 0`: the precomposition `refId`, its layers on the time the layer gives them (its
  /// `st` and `sr` on `timeline`, the composition holding the layer, or its time remap `tm`),
  /// clipped to the layer's `w` × `h` as After Effects clips a precomposition to its size.
  private func precomposition(_ entry: LottieCursor, id: String, timeline: LottieTimeline) throws -> Layer? {
    let reference = try entry.required("refId")
    let name = try reference.string()
    guard let list = context.precompositions[name] else {
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
    var clip: Layer
    if let remap = entry["tm"] {
      // A time remap replaces the layer's start time and stretch: its value is the
      // precomposition's time (lottie-web's ICompElement.prepareFrame sets its frame to `tm`
      // alone; lottie-ios's PreCompositionLayer likewise). Its layers are built on the
      // precomposition's own frames, and the remap maps the holding composition's time onto them.
      let contents = timeline.precomposition(startTime: 0, stretch: 1)
      clip = Layer(id: "\(id)/\(name)", sublayers: try self.layers(list, timeline: contents, idPrefix: "\(id)/"))
      clip.timeRemap = try timeRemap(remap, keyedOn: timeline, contents: contents)
    } else {
      let contents = try contentTimeline(entry, in: timeline)
      clip = Layer(id: "\(id)/\(name)", sublayers: try self.layers(list, timeline: contents, idPrefix: "\(id)/"))
    }
    if let width = try entry["w"]?.number(), let height = try entry["h"]?.number() {
      clip.properties.bounds = Rect(x: 0, y: 0, width: max(width, 0), height: max(height, 0))
      clip.properties.position = Point(x: width / 2, y: height / 2)
      clip.properties.masksToBounds = true
    }
    return clip
  }

  /// `tm`: the precomposition's time (seconds), keyframed on the frames of the composition
  /// holding the layer (`timeline`), as the scene time its layers see: precomposition second v
  /// is its frame v × fr, which `contents` (the timeline its layers were built on) places in
  /// the scene.
  private func timeRemap(_ cursor: LottieCursor, keyedOn timeline: LottieTimeline, contents: LottieTimeline) throws -> TimeRemap {
    let seconds = try LottieProperty<Double>.read(cursor, limits: context.limits) { try $0.scalar() }
    let sceneTimes = seconds.map { contents.seconds($0 * context.framesPerSecond) }
    guard let (track, timing) = LottieAnimations.keyframes(sceneTimes, timeline: timeline, value: { .scalar($0) }) else {
      return TimeRemap(track: KeyframeTrack(values: [.scalar(sceneTimes.initialValue)]), beginTime: 0, duration: 0)
    }
    return TimeRemap(track: track, beginTime: timing.beginTime, duration: timing.duration)
  }

  /// `layer` inside transform-only copies of its parents (`parent` → a layer's `ind`).
  private func parented(
    _ layer: Layer, entry: LottieCursor, byIndex: [Double: LottieCursor], timeline: LottieTimeline
  ) throws -> Layer {
    var result = layer
    var visited: Set<Double> = []
    var current = entry
    while let parentCursor = current["parent"] {
      let index = try parentCursor.number()
      guard let parent = byIndex[index] else {
        // Players draw such a layer without a parent.
        context.warnings.note(
          "a parent that is no layer of the composition is left out: the layer is drawn unparented", at: parentCursor.jsonPath)
        break
      }
      guard visited.insert(index).inserted, (try? entry["ind"]?.number()) != index else {
        throw parentCursor.error(expected: "a parent chain without a cycle")
      }
      guard visited.count <= context.limits.layers else { throw parentCursor.error(expected: "a shorter parent chain") }
      var wrapper = Layer(id: "\(layer.id) (parent \((try? parent["nm"]?.string()) ?? "\(index)"))", sublayers: [result])
      let transform = try LottieTransform(parent["ks"], limits: context.limits, warnings: context.warnings)
      transform.apply(
        to: &wrapper, timeline: timeline, includesOpacity: false,
        autoOrient: parent["ao"]?.flag ?? false)
      result = wrapper
      current = parent
    }
    return result
  }

  /// After Effects' blend modes by their number in `bm` (16 and up, add and the like, have no
  /// counterpart).
  static let blendModes: [Int: BlendMode] = [
    0: .normal, 1: .multiply, 2: .screen, 3: .overlay, 4: .darken, 5: .lighten, 6: .colorDodge, 7: .colorBurn,
    8: .hardLight, 9: .softLight, 10: .difference, 11: .exclusion, 12: .hue, 13: .saturation, 14: .color, 15: .luminosity,
  ]

  /// Notes each feature of the layer that is not drawn.
  private func noteUnsupported(_ entry: LottieCursor, type: Double) {
    let warnings = context.warnings
    switch type {
    case 0, 1, 2, 3, 4, 5: break
    case 13: warnings.note("cameras are not applied", at: entry.jsonPath)
    case 6: warnings.note("audio layers are not played (a clip's sound is --audio)", at: entry.jsonPath)
    default: warnings.note("layers of type \(type.boundedWholeNumber.map(String.init) ?? "\(type)") are not drawn", at: entry.jsonPath)
    }

    if let blend = entry["bm"], let mode = try? blend.number(), mode != 0, Self.blendModes[mode.boundedWholeNumber ?? -1] == nil {
      warnings.note("blend mode \(mode.boundedWholeNumber.map(String.init) ?? "\(mode)") is not applied", at: blend.jsonPath)
    }
    if let depth = entry["ddd"], depth.flag {
      warnings.note("3D layers are drawn without perspective or camera, as Lottie's iOS player draws them", at: depth.jsonPath)
    }

  }
}
