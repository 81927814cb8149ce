import Foundation
import SplashCore
import SplashModel
import SplashPresets
import Testing

@testable import SplashRender

/// The display list: what a frame draws, in which order, with each layer's extents and stroked
/// segments decided once from the presentation tree, before any backend draws it.
@Suite("Display list: what a frame draws, decided once")
struct DisplayListTests {
  /// Says every text lays out into a fixed box, and counts how often it was asked.
  final class CountingMeasure: TextMeasuring {
    var calls = 0
    let ink: Rect

    init(ink: Rect = Rect(x: -10, y: 2, width: 150, height: 30)) { self.ink = ink }

    func textExtents(_ properties: LayerProperties) -> Rect? {
      calls += 1
      return ink
    }
  }

  static func list(_ layers: String, at time: Double = 0, measuring: CountingMeasure = CountingMeasure()) throws -> DisplayList {
    let preset = #"{ schemaVersion: 1, canvas: { size: [200, 200] }, clip: { start: 0, cycle: 1 }, layers: [\#(layers)] }"#
    let scene = try PresetCompiler.compile(Data(preset.utf8), file: "display-list.json5")
    return DisplayList(
      scene.presentation(at: time), viewport: Viewport(canvasSize: scene.canvasSize, pixelWidth: 400, pixelHeight: 400),
      measuring: measuring)
  }

  @Test("a stroked path reaches half its line width (miter joins their limit) beyond its control points")
  func strokedShapeExtents() throws {
    let round = try #require(
      try Self.list(
        #"{ id: "s", type: "shape", lineWidth: 4, lineJoin: "round", strokeColor: "red", fillColor: "clear", path: "M 10 20 C 40 -30 60 90 100 50" }"#
      )
      .layers.first)
    // The hull of the points and control points, 10…100 by −30…90, widened by 4 / 2 × 1.5
    // (round joins and caps still reach past half the width at a sharp turn).
    #expect(round.extents == Rect(x: 7, y: -33, width: 96, height: 126))
    let miter = try #require(
      try Self.list(
        #"{ id: "s", type: "shape", lineWidth: 4, miterLimit: 3, strokeColor: "red", fillColor: "clear", path: "M 0 0 L 10 10 L 20 0" }"#
      )
      .layers.first)
    #expect(miter.extents == Rect(x: -6, y: -6, width: 32, height: 22))
    let unstroked = try #require(
      try Self.list(#"{ id: "s", type: "shape", lineWidth: 4, strokeColor: "clear", fillColor: "red", path: "M 0 0 L 10 10 L 20 0" }"#)
        .layers.first)
    #expect(unstroked.extents == Rect(x: 0, y: 0, width: 20, height: 10))
  }

  @Test("a cut stroke reaches beyond its own piece of the path, not the whole path; a fill that shows keeps the whole")
  func trimmedStrokeExtents() throws {
    let path = "M 0 0 L 100 0 L 100 100"
    let cut = try #require(
      try Self.list(
        #"{ id: "s", type: "shape", lineWidth: 4, lineJoin: "round", strokeColor: "red", fillColor: "clear", strokeEnd: 0.25, path: "\#(path)" }"#
      )
      .layers.first)
    // A quarter of the 200-point path: 0…50 along the top edge, widened by 4 / 2 × 1.5.
    #expect(cut.extents == Rect(x: -3, y: -3, width: 56, height: 6))
    let stroke = try #require(cut.layer.properties.shape.path)
    #expect(cut.trimmedStroke == stroke.trimmed(from: 0, to: 0.25))
    // The fill is not cut: the whole path's hull (0…100 both ways), with the stroke's piece,
    // the right edge, widened around it (97…103 by −3…103).
    let filled = try #require(
      try Self.list(
        #"{ id: "s", type: "shape", lineWidth: 4, lineJoin: "round", strokeColor: "red", fillColor: "blue", strokeStart: 0.5, path: "\#(path)" }"#
      )
      .layers.first)
    #expect(filled.extents == Rect(x: 0, y: -3, width: 103, height: 106))
    // Uncut, or cut to nothing, there is no piece to keep.
    let whole = try #require(
      try Self.list(#"{ id: "s", type: "shape", lineWidth: 4, strokeColor: "red", fillColor: "clear", path: "\#(path)" }"#).layers.first)
    #expect(whole.trimmedStroke == nil)
    let none = try #require(
      try Self.list(
        #"{ id: "s", type: "shape", lineWidth: 4, strokeColor: "red", fillColor: "clear", strokeStart: 0.6, strokeEnd: 0.6, path: "\#(path)" }"#
      ).layers.first)
    #expect(none.trimmedStroke?.isEmpty == true)
  }

  @Test("a cut stroke's path is measured once while only the cut moves, and again when the path changes")
  func strokeMeasureKept() throws {
    let preset = #"""
      { schemaVersion: 1, canvas: { size: [200, 200] }, clip: { start: 0, cycle: 2 }, layers: [
        { id: "drawn", type: "shape", lineWidth: 4, strokeColor: "red", fillColor: "clear",
          path: "M 10 10 C 60 -20 90 80 150 40 L 150 150",
          animations: [{ type: "basic", keyPath: "strokeEnd", fromValue: 0.1, toValue: 0.9, duration: 1 }] },
        { id: "morphing", type: "shape", lineWidth: 4, strokeColor: "blue", fillColor: "clear", strokeEnd: 0.5,
          path: "M 0 0 C 20 40 40 40 60 0",
          animations: [{ type: "basic", keyPath: "path", toValue: "M 0 0 C 20 80 40 80 60 0", duration: 1 }] } ] }
      """#
    let scene = try PresetCompiler.compile(Data(preset.utf8), file: "measure.json5")
    let evaluator = SceneEvaluator(scene)
    let viewport = Viewport(canvasSize: scene.canvasSize, pixelWidth: 400, pixelHeight: 400)
    let retained = RetainedDisplayList()
    var measures: [[MeasuredPath]] = []
    for time in [0.2, 0.4, 0.6] {
      let tree = evaluator.presentation(at: time)
      let kept = DisplayList(tree, viewport: viewport, measuring: CountingMeasure(), retaining: retained)
      let fresh = DisplayList(tree, viewport: viewport, measuring: CountingMeasure())
      // The piece cut from the kept measure is the piece cut afresh.
      #expect(kept.layers.map(\.trimmedStroke) == fresh.layers.map(\.trimmedStroke))
      #expect(kept.layers.allSatisfy { $0.trimmedStroke?.isEmpty == false })
      let measured = try kept.layers.map { try #require($0.strokeMeasure) }
      for (node, measure) in zip(kept.layers, measured) {
        #expect(measure.measures(try #require(node.layer.properties.shape.path)))
      }
      measures.append(measured)
    }
    // The still path: one measure for all three frames. The morphing one: one a frame.
    #expect(measures[0][0] === measures[1][0] && measures[1][0] === measures[2][0])
    #expect(measures[0][1] !== measures[1][1] && measures[1][1] !== measures[2][1])
  }

  @Test("a copy of a node is its own: writing it leaves the node it was copied from as it was")
  func nodeCopiesAreValues() throws {
    let original = try #require(
      try Self.list(#"{ id: "s", type: "shape", strokeColor: "red", lineWidth: 2, path: "M 0 0 L 10 10", sublayers: [{ id: "t" }] }"#)
        .layers.first)
    var copy = original
    #expect(copy == original)
    copy.isCulled = !original.isCulled
    copy.plan = nil
    copy.sublayers.removeAll()
    copy.extents = nil
    #expect(original.plan != nil && original.sublayers.count == 1 && original.extents != nil)
    #expect(copy != original)
    var other = original
    other.paints += 1
    #expect(original.paints + 1 == other.paints && copy.paints == original.paints)
  }

  @Test("sublayers' extents are placed by their transform and the parent's sublayer transform about its anchor")
  func placedSublayers() throws {
    let node = try #require(
      try Self.list(
        #"""
        { id: "parent", position: [100, 100], bounds: [0, 0, 40, 40], sublayerTransform: { scale: 2 },
          sublayers: [{ id: "child", position: [30, 20], bounds: [0, 0, 10, 10], backgroundColor: "red", transform: { rotate: "90deg" } }] }
        """#
      ).layers.first)
    // The child's 10 × 10 box turned a quarter about its centre stays 25…35 × 15…25, then
    // doubled about the parent's anchor (20, 20): 30…50 × 10…30, reaching outside the
    // parent's bounds. The parent paints nothing of its own, so that is all.
    let extents = try #require(node.extents)
    #expect(abs(extents.minX - 30) < 1e-9 && abs(extents.minY - 10) < 1e-9)
    #expect(abs(extents.maxX - 50) < 1e-9 && abs(extents.maxY - 30) < 1e-9, "\(extents)")
    #expect(node.sublayers.first?.extents == Rect(x: 0, y: 0, width: 10, height: 10))
  }

  @Test("the bounds count where the layer paints them; clipped to them, only what its sublayers draw inside them")
  func paintedBounds() throws {
    // A precomposition: as large as its composition, painting nothing itself.
    func extents(_ layer: String) throws -> Rect? { try #require(try Self.list(layer).layers.first).extents }
    let dot = #"{ id: "dot", type: "shape", position: [0, 0], path: { oval: [100, 100, 20, 20] }, fillColor: "red" }"#
    #expect(
      try extents(#"{ id: "p", bounds: [0, 0, 200, 200], masksToBounds: true, sublayers: [\#(dot)] }"#)
        == Rect(x: 100, y: 100, width: 20, height: 20))
    #expect(try extents(#"{ id: "p", bounds: [0, 0, 200, 200], sublayers: [\#(dot)] }"#) == Rect(x: 100, y: 100, width: 20, height: 20))
    // Reaching past the bounds, it is cut at them.
    let wide = #"{ id: "wide", type: "shape", position: [0, 0], path: { rect: [150, 20, 100, 10] }, fillColor: "red" }"#
    #expect(
      try extents(#"{ id: "p", bounds: [0, 0, 200, 200], masksToBounds: true, sublayers: [\#(wide)] }"#)
        == Rect(x: 150, y: 20, width: 50, height: 10))
    // A background, a border or a gradient paints the bounds.
    for paint in [#"backgroundColor: "blue""#, #"borderWidth: 2, borderColor: "blue""#, #"type: "gradient", colors: ["red", "blue"]"#] {
      #expect(
        try extents(#"{ id: "p", bounds: [0, 0, 200, 200], \#(paint), sublayers: [\#(dot)] }"#)
          == Rect(x: 0, y: 0, width: 200, height: 200), "\(paint)")
    }
    // Nothing painted, nothing held: an empty box.
    let empty = try #require(try extents(#"{ id: "p", bounds: [0, 0, 200, 200], masksToBounds: true }"#))
    #expect(empty.width == 0 && empty.height == 0)
    let hidden = try #require(
      try extents(
        #"{ id: "p", bounds: [0, 0, 200, 200], sublayers: [{ id: "h", hidden: true, backgroundColor: "red", bounds: [0, 0, 50, 50] }] }"#))
    #expect(hidden.width == 0 && hidden.height == 0)
    // A sublayer painting nothing (a stroke cut to nothing, far from the dot) bounds nothing.
    let cutToNothing =
      #"{ id: "cut", type: "shape", position: [0, 0], path: "M 300 300 L 400 300", strokeColor: "red", fillColor: "clear", strokeEnd: 0 }"#
    #expect(
      try extents(#"{ id: "p", bounds: [0, 0, 200, 200], sublayers: [\#(dot), \#(cutToNothing)] }"#)
        == Rect(x: 100, y: 100, width: 20, height: 20))
  }

  @Test("masksToBounds bounds everything; a mask bounds by its own extents; an inverted one bounds nothing")
  func clipsAndMasks() throws {
    let clipped = try #require(
      try Self.list(
        #"{ id: "c", bounds: [0, 0, 50, 50], masksToBounds: true, sublayers: [{ id: "wide", bounds: [0, 0, 500, 500], position: [0, 0], backgroundColor: "red" }] }"#
      ).layers.first)
    #expect(clipped.extents == Rect(x: 0, y: 0, width: 50, height: 50))
    let masked = try #require(
      try Self.list(
        #"{ id: "m", bounds: [0, 0, 100, 100], backgroundColor: "red", mask: { id: "dot", type: "shape", position: [0, 0], path: { oval: [40, 40, 20, 20] }, fillColor: "black" } }"#
      ).layers.first)
    #expect(masked.extents == Rect(x: 40, y: 40, width: 20, height: 20))
    #expect(masked.mask?.layer.id == "dot")
    // Presets have no inverted masks (Lottie's subtract masks and inverted mattes set it).
    var square = LayerProperties()
    square.bounds = Rect(x: 0, y: 0, width: 100, height: 100)
    square.backgroundColor = Color(red: 1, green: 0, blue: 0)
    square.invertsMask = true
    var dot = LayerProperties()
    dot.anchorPoint = .zero
    dot.shape.path = Path(elements: [
      .move(to: Point(x: 40, y: 40)), .line(to: Point(x: 60, y: 60)), .line(to: Point(x: 40, y: 60)), .close,
    ])
    dot.shape.fillColor = Color(red: 0, green: 0, blue: 0)
    let inverted = DisplayList.node(
      for: PresentationLayer(
        id: "m", kind: .layer, properties: square, sublayers: [],
        mask: PresentationLayer(id: "dot", kind: .shape, properties: dot, sublayers: [])),
      measuring: CountingMeasure())
    #expect(inverted.extents == Rect(x: 0, y: 0, width: 100, height: 100))
  }

  @Test("text is measured once per layer and frame, however deep it sits, and its ink counts")
  func textMeasuredOnce() throws {
    let measure = CountingMeasure()
    let list = try Self.list(
      #"""
      { id: "a", opacity: 0.5, sublayers: [{ id: "b", opacity: 0.5, sublayers: [{ id: "c", opacity: 0.5,
        sublayers: [{ id: "label", type: "text", bounds: [0, 0, 100, 20], position: [50, 10], string: "Hi" }] }] }] }
      """#, measuring: measure)
    #expect(measure.calls == 1)
    let label = try #require(list.layers.first?.sublayers.first?.sublayers.first?.sublayers.first)
    #expect(label.extents == Rect(x: -10, y: 0, width: 150, height: 32))
    // The faded ancestors (each a group the renderer clips to its extents) carry it up.
    #expect(list.layers.first?.extents == Rect(x: -10, y: 0, width: 150, height: 32))
  }

  @Test("sublayers come bottom to top by zPosition, in their order where it is equal")
  func drawingOrder() throws {
    let node = try #require(
      try Self.list(
        #"""
        { id: "p", sublayers: [
          { id: "front", zPosition: 2 }, { id: "first" }, { id: "back", zPosition: -1 }, { id: "second" } ] }
        """#
      ).layers.first)
    #expect(node.sublayers.map(\.layer.id) == ["back", "first", "second", "front"])
  }

  @Test("a replicator instance's colour is applied to what its copy draws")
  func tintApplied() throws {
    let node = try #require(
      try Self.list(
        #"""
        { id: "r", type: "replicator", instanceCount: 2, instanceColor: "#00FF00", instanceTransform: { translate: [20, 0] },
          sublayers: [{ id: "dot", type: "shape", path: { oval: [0, 0, 10, 10] }, fillColor: "white", strokeColor: "#FF0000", lineWidth: 1 }] }
        """#
      ).layers.first)
    // Each copy is a layer of its own holding the replicated sublayers.
    let dots = node.sublayers.flatMap(\.sublayers)
    #expect(dots.count == 2)
    for dot in dots {
      #expect(dot.layer.properties.shape.fillColor == Color(red: 0, green: 1, blue: 0), "\(dot.layer.id)")
      #expect(dot.layer.properties.shape.strokeColor == Color(red: 0, green: 0, blue: 0), "\(dot.layer.id)")
    }
  }

  @Test("stroked segments count visible stroked paths below a layer, masks and hidden layers aside")
  func strokedSegments() throws {
    let node = try #require(
      try Self.list(
        #"""
        { id: "tile", sublayers: [
          { id: "lines", type: "shape", strokeColor: "blue", fillColor: "clear", lineWidth: 1, path: "M 0 0 L 10 10 M 10 0 L 0 10" },
          { id: "unstroked", type: "shape", strokeColor: "clear", fillColor: "blue", path: "M 0 0 L 10 10 L 0 10 Z" },
          { id: "hidden", type: "shape", hidden: true, strokeColor: "blue", lineWidth: 1, path: "M 0 0 L 10 10" },
          { id: "group", sublayers: [{ id: "more", type: "shape", strokeColor: "blue", lineWidth: 1, path: "M 0 0 L 5 5 L 9 0" }] } ],
          mask: { id: "m", type: "shape", strokeColor: "black", lineWidth: 9, path: "M 0 0 L 90 90" } }
        """#
      ).layers.first)
    #expect(node.strokedSegments == 4 + 3)
    // Blue strokes and a blue fill, but a mask: drawn through its own machinery, not one colour.
    #expect(node.uniformInk == nil)
    #expect(node.sublayers.first?.uniformInk == Color(red: 0, green: 0, blue: 1))
    // Its stroke is blue, but a shape's fill is opaque black unless set (CAShapeLayer's default).
    #expect(node.sublayers.last?.uniformInk == nil)
  }

  @Test("a layer is culled when its extents, placed on the frame, lie outside it and the clips above it")
  func culling() throws {
    // The canvas is 200 points on a 400-pixel frame: 2 pixels a point.
    let list = try Self.list(
      #"""
      { id: "on", position: [100, 100], bounds: [0, 0, 10, 10], backgroundColor: "red" },
      { id: "edge", position: [204, 100], bounds: [0, 0, 10, 10], backgroundColor: "red" },
      { id: "slack", position: [205.4, 100], bounds: [0, 0, 10, 10], backgroundColor: "red" },
      { id: "off", position: [206, 100], bounds: [0, 0, 10, 10], backgroundColor: "red" },
      { id: "window", position: [50, 50], bounds: [0, 0, 20, 20], masksToBounds: true,
        sublayers: [{ id: "inside", position: [10, 10], bounds: [0, 0, 4, 4], backgroundColor: "red" },
                    { id: "clipped", position: [40, 10], bounds: [0, 0, 4, 4], backgroundColor: "red" }] },
      { id: "shifter", position: [100, 100], bounds: [0, 0, 20, 20], backgroundColor: "blue", sublayerTransform: { translate: [300, 0] },
        sublayers: [{ id: "shifted", position: [10, 10], bounds: [0, 0, 4, 4], backgroundColor: "red" }] },
      { id: "bare", position: [100, 100], bounds: [0, 0, 20, 20], sublayerTransform: { translate: [300, 0] },
        sublayers: [{ id: "moved", position: [10, 10], bounds: [0, 0, 4, 4], backgroundColor: "red" }] },
      { id: "tilted", position: [100, 100], bounds: [0, 0, 20, 20], transform: { perspective: 500, rotateY: "30deg" },
        sublayers: [{ id: "far", position: [900, 10], bounds: [0, 0, 4, 4], backgroundColor: "red" }] }
      """#)
    let culled = Dictionary(uniqueKeysWithValues: list.layers.map { ($0.layer.id, $0.isCulled) })
    // "edge" reaches x = 209 points (418 px), "slack" starts 0.4 pixel to the right of the frame
    // (within the pixel of antialiasing slack), "off" 1.2 pixels right of it.
    // "bare" paints nothing of its own, and what it holds lies off the frame: culled whole.
    #expect(
      culled == [
        "on": false, "edge": false, "slack": false, "off": true, "window": false, "shifter": false, "bare": true, "tilted": false,
      ])
    let window = try #require(list.layers.first { $0.layer.id == "window" })
    #expect(window.sublayers.map(\.isCulled) == [false, true], "the window clips the second child")
    let shifter = try #require(list.layers.first { $0.layer.id == "shifter" })
    #expect(shifter.sublayers.first?.isCulled == true, "the sublayer transform moves it off the frame")
    let tilted = try #require(list.layers.first { $0.layer.id == "tilted" })
    #expect(tilted.sublayers.first?.isCulled == false, "below perspective nothing is culled")
  }

  @Test("clips intersect into a plan: a box, a turned square cut to it, an upright box inside that; rounded is a path")
  func clipPlans() throws {
    // 2 pixels a point. "box" spans device pixels 100–300; "turned", a square of 80 points
    // turned 45° about the same centre, is a diamond reaching 113 pixels from it, cut by the
    // box to an octagon. "upright" is turned back: a box of 180–220, inside both.
    let list = try Self.list(
      #"""
      { id: "box", position: [100, 100], bounds: [0, 0, 100, 100], masksToBounds: true,
        sublayers: [{ id: "turned", position: [50, 50], bounds: [0, 0, 80, 80], transform: { rotate: "45deg" }, masksToBounds: true,
          sublayers: [{ id: "upright", position: [40, 40], bounds: [0, 0, 20, 20], transform: { rotate: "-45deg" }, masksToBounds: true },
                      { id: "rounded", position: [40, 40], bounds: [0, 0, 20, 20], cornerRadius: 3, masksToBounds: true,
                        sublayers: [{ id: "disk", type: "shape", fillColor: "red", path: { oval: [0, 0, 20, 20] } }] }] }] }
      """#)
    let box = try #require(list.layers.first)
    #expect(box.plan == DrawPlan(clip: .rectangle(DeviceBox(left: 100, top: 100, right: 300, bottom: 300))))
    let turned = try #require(box.sublayers.first)
    guard case .polygon(let octagon)? = turned.plan?.clip, case .polygon(let upright)? = turned.sublayers.first?.plan?.clip
    else {
      Issue.record("plans: \(String(describing: turned.plan)), \(String(describing: turned.sublayers.first?.plan))")
      return
    }
    #expect(turned.plan?.engine == .coverage)
    #expect(octagon.corners.count == 8, "\(octagon)")
    let bounds = octagon.bounds
    #expect([bounds.left - 100, bounds.top - 100, bounds.right - 300, bounds.bottom - 300].allSatisfy { abs($0) < 1e-9 }, "\(bounds)")
    // The diamond's corners are cut off 100 − 86.86 pixels from its tips: the octagon's sides
    // along the box run 2 × 13.14 pixels.
    #expect(octagon.corners.contains { abs($0.x - 213.137) < 1e-3 && abs($0.y - 100) < 1e-9 }, "\(octagon)")
    #expect(upright.corners.count == 4 && abs(upright.bounds.left - 180) < 1e-9 && abs(upright.bounds.bottom - 220) < 1e-9)
    let rounded = try #require(turned.sublayers.last)
    #expect(rounded.plan?.clip == .path && rounded.sublayers.first?.plan?.engine == .cairo)
  }

  /// A lattice of 19 stroked segments, like a fuber tile's.
  static func lattice(_ id: String) -> String {
    ##"{ id: "\##(id)", type: "shape", fillColor: "clear", strokeColor: "#4DB5D9", lineWidth: 1, path: "M 0 0 L 40 40 M 40 0 L 0 40 M 0 20 L 20 5 L 40 20 L 20 35 Z M 20 5 L 11 20 L 20 35 L 29 20 Z M 11 20 L 29 20" }"##
  }

  @Test("a moving, faded, unchanging layer that strokes 16 segments or more is planned from a backing store")
  func backingStorePlans() throws {
    // Sliding right over the first second; tiles differ in opacity, turn, line count.
    let list = try Self.list(
      #"""
      { id: "row", position: [20, 60], animations: [{ type: "basic", keyPath: "position.x", fromValue: 20, toValue: 40, duration: 1 }],
        sublayers: [
          { id: "faded", position: [0, 0], opacity: 0.5, sublayers: [\#(Self.lattice("a"))] },
          { id: "same", position: [50, 0], opacity: 0.5, sublayers: [\#(Self.lattice("b"))] },
          { id: "opaque", position: [100, 0], sublayers: [\#(Self.lattice("c"))] },
          { id: "turned", position: [0, 50], opacity: 0.5, transform: { rotate: "10deg" }, sublayers: [\#(Self.lattice("d"))] },
          { id: "simple", position: [50, 50], opacity: 0.5, sublayers: [{ id: "x", type: "shape", strokeColor: "white", lineWidth: 1, path: "M 0 0 L 40 40" }] } ] }
      """#, at: 0.5)
    let row = try #require(list.layers.first)
    let plans = Dictionary(uniqueKeysWithValues: row.sublayers.map { ($0.layer.id, $0.backingStore) })
    let faded = try #require(plans["faded"] ?? nil)
    // 2 pixels a point on screen, a step of 2^(1/8) already (2 = 2^(8/8)), twice for filtering.
    #expect(abs(faded.scaleX - 4) < 1e-9 && abs(faded.scaleY - 4) < 1e-9)
    #expect(faded.content.properties.position == .zero && faded.content.properties.opacity == 1)
    // The same picture elsewhere is the same content: they share one store.
    let same = try #require(plans["same"] ?? nil)
    #expect(same.content.properties == faded.content.properties)
    #expect(same.content.sublayers.map(\.properties) == faded.content.sublayers.map(\.properties))
    #expect(plans["opaque"] ?? nil == nil, "an opaque layer is not a group: it is drawn")
    #expect(plans["turned"] ?? nil == nil, "a turned layer is drawn, not resampled at an angle")
    #expect(plans["simple"] ?? nil == nil, "one segment is quicker to stroke than to composite")
    // At rest (after the slide) nothing comes from a store.
    let resting = try Self.list(
      #"{ id: "row", position: [40, 60], sublayers: [{ id: "faded", position: [0, 0], opacity: 0.5, sublayers: [\#(Self.lattice("a"))] }] }"#
    )
    #expect(resting.layers.first?.sublayers.first?.backingStore == nil)
  }

  @Test("a store's scale is the layer's scale on screen rounded up to a step of 2^(1/8), doubled")
  func storeScaleSteps() {
    #expect(abs(BackingStorePlan.storeScale(for: 1) - 1) < 1e-12)
    #expect(abs(BackingStorePlan.storeScale(for: 1.01) - exp2(1.0 / 8)) < 1e-12)
    #expect(abs(BackingStorePlan.storeScale(for: exp2(3.0 / 8)) - exp2(3.0 / 8)) < 1e-12, "a step is its own scale")
    #expect(abs(BackingStorePlan.storeScale(for: 2.9) - exp2(13.0 / 8)) < 1e-12)
    #expect(BackingStorePlan.oversampling == 2)
  }
}
