import Foundation
import SplashCore
import SplashModel
import Testing

@testable import SplashPresets

@Suite("Replicators: instances transformed, delayed and coloured as CAReplicatorLayer makes them")
struct ReplicatorTests {
  private func scene(_ layers: String, define: String = "") throws -> Scene {
    let text = """
      { schemaVersion: 1, canvas: { size: [200, 200] }, clip: { cycle: 1 }, define: { \(define) },
        layers: [ \(layers) ] }
      """
    return try PresetCompiler.compile(Data(text.utf8), file: "replicator.json5")
  }

  private func message(_ layers: String) -> String {
    do {
      _ = try scene(layers)
      return "no error"
    } catch {
      return "\(error)"
    }
  }

  /// A replicator of 80 × 80 points centred at (100, 100) holding one dot at its top centre.
  private func spinner(_ settings: String, dot: String = "") -> String {
    """
    { id: "spinner", type: "replicator", position: [100, 100], bounds: [0, 0, 80, 80], \(settings),
      sublayers: [ { id: "dot", type: "shape", position: [40, 0], path: { oval: [-4, -4, 8, 8] }, fillColor: "white" \(dot) } ] }
    """
  }

  /// Where a point of `layer`'s own space lands in its superlayer's space.
  private func inSuperlayer(_ point: Point, of layer: PresentationLayer) throws -> Point {
    let properties = layer.properties
    let bounds = properties.bounds
    let anchor = Point(x: bounds.minX + properties.anchorPoint.x * bounds.width, y: bounds.minY + properties.anchorPoint.y * bounds.height)
    let flat = try #require(properties.transform.flattened)
    return flat.apply(to: point - anchor) + properties.position
  }

  /// The canvas point of instance `k`'s dot's anchor.
  private func dotCentre(_ tree: PresentationTree, instance k: Int) throws -> Point {
    let replicator = try #require(tree.layer(withID: "spinner"))
    let holder = try #require(tree.layer(withID: "spinner/\(k)"))
    let dot = try #require(tree.layer(withID: k == 0 ? "dot" : "dot#\(k)"))
    return try inSuperlayer(try inSuperlayer(dot.properties.position, of: holder), of: replicator)
  }

  private func isClose(_ a: Point, _ b: Point) -> Bool { a.distance(to: b) < 1e-9 }

  private func scale(_ layer: PresentationLayer?) -> Double {
    TransformComponents(layer?.properties.transform ?? .identity).scale.x
  }

  @Test("8 dots around the centre: instanceTransform rotate 45deg is applied k times about the replicator's centre")
  func eightDotsAroundTheCentre() throws {
    let tree = try scene(spinner(#"instanceCount: 8, instanceTransform: { rotate: "45deg" }"#)).presentation(at: 0)
    let replicator = try #require(tree.layer(withID: "spinner"))
    #expect(replicator.kind == .replicator)
    #expect(replicator.sublayers.map(\.id) == (0..<8).map { "spinner/\($0)" })
    #expect(replicator.sublayers.map { $0.sublayers.map(\.id) } == [["dot"]] + (1..<8).map { [["dot#\($0)"]] }.joined())
    for k in 0..<8 {
      let angle = Double(k) * .pi / 4
      // Clockwise on screen from 12 o'clock, 40 points from the centre.
      let expected = Point(x: 100 + 40 * Math.sine(angle), y: 100 - 40 * Math.cosine(angle))
      let found = try dotCentre(tree, instance: k)
      #expect(found.distance(to: expected) < 1e-9, "instance \(k): \(found), expected \(expected)")
    }
  }

  @Test("instanceDelay: instance k's animations at t are instance 0's at t − k × delay")
  func delays() throws {
    let scene = try scene(
      spinner(
        #"instanceCount: 5, instanceTransform: { rotate: "72deg" }, instanceDelay: 0.15"#,
        dot:
          #", animations: [ { type: "keyframe", keyPath: "transform.scale", values: [1, 0.2, 1], duration: 0.9, repeatCount: "infinity" } ]"#
      ))
    for t in stride(from: 0.0, through: 2.0, by: 0.13) {
      let tree = scene.presentation(at: t)
      for k in 1..<5 {
        let shifted = scene.presentation(at: t - Double(k) * 0.15)
        #expect(abs(scale(tree.layer(withID: "dot#\(k)")) - scale(shifted.layer(withID: "dot"))) < 1e-12, "t = \(t), instance \(k)")
      }
    }
    // Before its delay has passed an instance shows its model values: the animation has no fill.
    #expect(scale(scene.presentation(at: 0.3).layer(withID: "dot#4")) == 1)
  }

  @Test("the sublayer's lifetime is not delayed: every instance appears when it was added")
  func lifetimeNotDelayed() throws {
    let scene = try scene(
      spinner(
        #"instanceCount: 4, instanceDelay: 0.5"#,
        dot:
          #", addedAt: 1, removedAt: 3, animations: [ { type: "basic", keyPath: "opacity", fromValue: 0, toValue: 1, duration: 1, beginTime: 1 } ]"#
      ))
    let tree = scene.presentation(at: 1.2)
    for id in ["dot", "dot#1", "dot#2", "dot#3"] {
      #expect(tree.layer(withID: id)?.properties.isHidden == false, "\(id) is in the tree")
    }
    #expect(abs((tree.layer(withID: "dot")?.properties.opacity ?? 0) - 0.2) < 1e-9)
    #expect(tree.layer(withID: "dot#1")?.properties.opacity == 1, "its fade has not begun: the model value")
    #expect(scene.presentation(at: 0.9).layer(withID: "dot#3")?.properties.isHidden == true)
    #expect(scene.presentation(at: 3).layer(withID: "dot#3")?.properties.isHidden == true)
  }

  @Test("instance colours: instanceColor plus k × the offsets, clamped, inherited by the copies")
  func colours() throws {
    let tree = try scene(
      spinner(
        ##"instanceCount: 6, instanceColor: "#FF8000", instanceAlphaOffset: -0.25, instanceGreenOffset: 0.2, instanceBlueOffset: 0.1"##)
    ).presentation(at: 0)
    for k in 0..<6 {
      let expected = Color(
        red: 1, green: min(128.0 / 255 + 0.2 * Double(k), 1), blue: 0.1 * Double(k), alpha: max(1 - 0.25 * Double(k), 0))
      let tint = try #require(tree.layer(withID: k == 0 ? "dot" : "dot#\(k)")?.tint)
      for (found, wanted) in zip(
        [tint.red, tint.green, tint.blue, tint.alpha], [expected.red, expected.green, expected.blue, expected.alpha])
      {
        #expect(abs(found - wanted) < 1e-9, "instance \(k): \(tint) against \(expected)")
      }
      #expect(tree.layer(withID: "spinner/\(k)")?.tint == tint)
    }
    // The replicator's own drawing and its model colours are untouched.
    #expect(tree.layer(withID: "spinner")?.tint == .white)
    #expect(tree.layer(withID: "dot#3")?.properties.shape.fillColor == .white)
  }

  @Test("nested replicators multiply their colours and name every instance apart")
  func nested() throws {
    let scene = try scene(
      """
      { id: "grid", type: "replicator", position: [45, 45], bounds: [0, 0, 90, 90], instanceCount: 3, instanceTransform: { translate: [0, 30] },
        instanceAlphaOffset: -0.5,
        sublayers: [ { id: "row", type: "replicator", position: [45, 45], bounds: [0, 0, 90, 90], instanceCount: 3, instanceTransform: { translate: [30, 0] },
                       instanceRedOffset: -0.5, sublayers: [ { id: "dot", position: [15, 15], bounds: [0, 0, 10, 10], backgroundColor: "white" } ] } ] }
      """)
    let grid = try #require(scene.layers.first)
    let tree = scene.presentation(at: 0)
    func ids(_ layer: PresentationLayer) -> [String] { [layer.id] + layer.sublayers.flatMap(ids) }
    let presented = tree.layers.flatMap(ids)
    #expect(presented == grid.presentedIDs)
    #expect(Set(presented).count == presented.count, "no id twice")
    // Rows (the outer replicator) first, then the dot's place in its row.
    #expect(
      presented.filter { $0.hasPrefix("dot") }
        == ["dot", "dot#0#1", "dot#0#2", "dot#1#0", "dot#1#1", "dot#1#2", "dot#2#0", "dot#2#1", "dot#2#2"])
    #expect(
      presented.filter { $0.hasPrefix("row") } == [
        "row", "row/0", "row/1", "row/2", "row#1", "row#1/0", "row#1/1", "row#1/2", "row#2", "row#2/0", "row#2/1", "row#2/2",
      ])
    #expect(grid.presentedLayerCount == presented.count)
    // Row 1 fades by half; the third dot of a row has lost its red.
    #expect(tree.layer(withID: "dot#1#2")?.tint == Color(red: 0, green: 1, blue: 1, alpha: 0.5))
    // Row 1 is 30 points down, the third dot 60 points right of the first, at (15, 15).
    var point = try #require(tree.layer(withID: "dot#1#2")).properties.position
    for id in ["row#1/2", "row#1", "grid/1", "grid"] {
      point = try inSuperlayer(point, of: try #require(tree.layer(withID: id)))
    }
    #expect(isClose(point, Point(x: 75, y: 45)))
  }

  @Test("instanceCount 0 draws no instance; 1 draws the sublayers once, untransformed")
  func countZeroAndOne() throws {
    let none = try scene(spinner(#"instanceCount: 0, instanceTransform: { rotate: "45deg" }"#)).presentation(at: 0)
    #expect(none.layer(withID: "spinner")?.sublayers.isEmpty == true)
    #expect(none.layer(withID: "dot") == nil)
    for settings in [#"instanceCount: 1, instanceTransform: { rotate: "45deg" }"#, #"instanceTransform: { rotate: "45deg" }"#] {
      let one = try scene(spinner(settings)).presentation(at: 0)
      #expect(one.layer(withID: "spinner")?.sublayers.map(\.id) == ["spinner/0"])
      #expect(one.layer(withID: "spinner/0")?.properties.transform == .identity)
      #expect(isClose(try dotCentre(one, instance: 0), Point(x: 100, y: 60)))
    }
  }

  @Test("instance properties animate: the transform, delay and colour the instances are made with change")
  func animatedInstanceProperties() throws {
    let scene = try scene(
      spinner(
        #"instanceCount: 4, instanceTransform: { rotate: "0deg" }"#,
        dot: ""
      ).replacingOccurrences(
        of: "sublayers:",
        with:
          ##"animations: [ { type: "basic", keyPath: "instanceTransform", fromValue: { rotate: "0deg" }, toValue: { rotate: "90deg" }, duration: 1, fillMode: "forwards", removedOnCompletion: false }, { type: "basic", keyPath: "instanceColor", fromValue: "white", toValue: "#FFFFFF00", duration: 1 } ], sublayers:"##
      ))
    let start = scene.presentation(at: 0)
    let end = scene.presentation(at: 1)
    #expect(isClose(try dotCentre(start, instance: 3), Point(x: 100, y: 60)))
    #expect(isClose(try dotCentre(end, instance: 1), Point(x: 140, y: 100)))
    #expect(isClose(try dotCentre(end, instance: 2), Point(x: 100, y: 140)))
    #expect(abs((scene.presentation(at: 0.25).layer(withID: "dot#2")?.tint.alpha ?? 0) - 0.75) < 1e-9)
  }

  @Test("the instances follow the replicator's animated bounds: the transform stays about its centre")
  func animatedBounds() throws {
    let scene = try scene(
      spinner(
        #"instanceCount: 2, instanceTransform: { rotate: "180deg" }, animations: [ { type: "basic", keyPath: "bounds", toValue: [0, 0, 40, 40], duration: 1, fillMode: "forwards", removedOnCompletion: false } ]"#
      ))
    let tree = scene.presentation(at: 1)
    // The replicator shrank about its position; the dot (at [40, 0] in its space) sits 20 right
    // of the new centre and 20 up, and instance 1 opposite it.
    #expect(isClose(try dotCentre(tree, instance: 0), Point(x: 120, y: 80)))
    #expect(isClose(try dotCentre(tree, instance: 1), Point(x: 80, y: 120)))
  }

  static let refused: [(String, String, String)] = [
    (
      "preservesDepth",
      #"{ id: "r", type: "replicator", preservesDepth: true }"#,
      "replicator.json5: layers[0].preservesDepth: expected false: instances are flattened into the replicator's plane (3D instances are not supported), found true"
    ),
    (
      "too many instances", #"{ id: "r", type: "replicator", instanceCount: 1001 }"#,
      "replicator.json5: layers[0].instanceCount: expected a whole number from 0 to 1000, found 1001"
    ),
    (
      "a fraction of an instance", #"{ id: "r", type: "replicator", instanceCount: 2.5 }"#,
      "replicator.json5: layers[0].instanceCount: expected a whole number from 0 to 1000, found 2.5"
    ),
    (
      "an offset beyond a whole colour", #"{ id: "r", type: "replicator", instanceRedOffset: 2 }"#,
      "replicator.json5: layers[0].instanceRedOffset: expected a change per instance from −1 to 1, found 2"
    ),
    (
      "instance keys on a plain layer", #"{ id: "r", instanceCount: 3 }"#,
      "replicator.json5: layers[0].instanceCount: expected one of the keys"
    ),
    (
      "animating instanceCount",
      #"{ id: "r", type: "replicator", animations: [ { type: "basic", keyPath: "instanceCount", toValue: 3 } ] }"#,
      "replicator.json5: layers[0].animations[0].keyPath: expected a key path other than instanceCount: the number of instances is fixed when the preset compiles, found \"instanceCount\""
    ),
    (
      "a typo of an instance key path",
      #"{ id: "r", type: "replicator", animations: [ { type: "basic", keyPath: "instanceDelya", toValue: 3 } ] }"#,
      #"replicator.json5: layers[0].animations[0].keyPath: expected a key path of a "replicator" layer; did you mean "instanceDelay"? found "instanceDelya""#
    ),
    (
      "an instance key path on a plain layer",
      #"{ id: "r", animations: [ { type: "basic", keyPath: "instanceDelay", toValue: 3 } ] }"#,
      #"replicator.json5: layers[0].animations[0].keyPath: expected a key path that layers of type "layer" have ("instanceDelay" needs type "replicator"), found "instanceDelay""#
    ),
    (
      "a layer named like an instance, after the replicator",
      ##"{ id: "r", type: "replicator", instanceCount: 3, sublayers: [ { id: "dot" } ] }, { id: "dot#2" }"##,
      ##"replicator.json5: layers[1]: a replicator's instances need ids no other layer has: "dot#2" is a layer's id and a replicator instance's"##
    ),
    (
      "a layer named like an instance, before the replicator",
      #"{ id: "r/1" }, { id: "r", type: "replicator", instanceCount: 3, sublayers: [ { id: "dot" } ] }"#,
      #"replicator.json5: layers[1]: a replicator's instances need ids no other layer has: "r/1" is a layer's id and a replicator instance's"#
    ),
  ]

  @Test("what a replicator cannot do is refused with its JSON path", arguments: refused)
  func refusedSettings(rule: String, layers: String, expected: String) {
    let found = message(layers)
    #expect(found.hasPrefix(expected), "\(rule): \(found)")
  }

  @Test("instances count against the preset's limits: a few lines cannot make millions of layers")
  func limits() {
    let sublayers = (0..<10).map { #"{ id: "s\#($0)" }"# }.joined(separator: ", ")
    #expect(
      message(#"{ id: "r", type: "replicator", instanceCount: 1000, sublayers: [ \#(sublayers) ] }"#)
        == "replicator.json5: layers[0]: more than \(PresetLimits.layers) layers in the preset (grid cells, masks and replicator instances count)"
    )
    let started = Date()
    let nested = #"""
      { id: "a", type: "replicator", instanceCount: 1000, sublayers: [
        { id: "b", type: "replicator", instanceCount: 1000, sublayers: [ { id: "c", type: "replicator", instanceCount: 1000, sublayers: [ { id: "d" } ] } ] } ] }
      """#
    #expect(message(nested).hasSuffix("layers in the preset (grid cells, masks and replicator instances count)"))
    #expect(Date().timeIntervalSince(started) < 5)
    let animations = (0..<60).map { _ in #"{ type: "basic", keyPath: "opacity" }"# }.joined(separator: ", ")
    #expect(
      message(#"{ id: "r", type: "replicator", instanceCount: 1000, sublayers: [ { id: "s", animations: [ \#(animations) ] } ] }"#)
        == "replicator.json5: layers[0]: more than \(PresetLimits.animations) animations in the preset (replicator instances count)")
  }

  @Test("a replicator of a defined dot: the NVActivityIndicatorView ball-spin transcription")
  func definitionInReplicator() throws {
    let scene = try scene(
      spinner(#"instanceCount: 8, instanceTransform: { rotate: "45deg" }, instanceDelay: 0.12"#)
        .replacingOccurrences(
          of: #"{ id: "dot", type: "shape", position: [40, 0], path: { oval: [-4, -4, 8, 8] }, fillColor: "white"  }"#,
          with: #"{ use: "dot" }"#),
      define: #"""
        animations: { pulse: { type: "basic", keyPath: "transform.scale", fromValue: 1, toValue: 0.3, duration: 0.96, autoreverses: true, repeatCount: "infinity" } },
        layers: { dot: { id: "dot", type: "shape", position: [40, 0], path: { oval: [-4, -4, 8, 8] }, fillColor: "white", animations: [ { use: "pulse" } ] } }
        """#)
    let tree = scene.presentation(at: 2)
    #expect(abs(scale(tree.layer(withID: "dot#5")) - scale(scene.presentation(at: 2 - 0.6).layer(withID: "dot"))) < 1e-12)
  }
}
