import Foundation
import SplashCore
import SplashModel
import Testing

@testable import SplashPresets

@Suite("Named definitions: defined once, used many times with overrides")
struct DefinitionTests {
  private static let file = "reuse.json5"

  /// A preset with `define` and `layers`, as text.
  private func preset(define: String, layers: String) -> Data {
    Data(
      """
      { schemaVersion: 1, canvas: { size: [200, 200] }, clip: { cycle: 1 },
        define: { \(define) },
        layers: [ \(layers) ] }
      """.utf8)
  }

  private func scene(define: String, layers: String) throws -> Scene {
    try PresetCompiler.compile(preset(define: define, layers: layers), file: Self.file)
  }

  private func problems(define: String, layers: String) -> [String] {
    PresetCompiler.problems(preset(define: define, layers: layers), file: Self.file).map(\.description)
  }

  private func firstError(define: String, layers: String) -> String {
    do {
      _ = try scene(define: define, layers: layers)
      return "no error"
    } catch {
      return "\(error)"
    }
  }

  private static let pulse = #"""
    pulse: { type: "basic", keyPath: "transform.scale", fromValue: 1, toValue: 0.3, duration: 0.8, beginTime: 0.1,
             autoreverses: true, repeatCount: "infinity" }
    """#
  private static let dot = #"""
    dot: { id: "dot", type: "shape", path: { oval: [-5, -5, 10, 10] }, fillColor: "#FF8000", position: [10, 10],
           animations: [ { use: "pulse" } ] }
    """#

  private func timing(_ layer: Layer?, _ index: Int = 0) -> MediaTiming? {
    guard let layer, index < layer.animations.count else { return nil }
    return layer.animations[index].timing
  }

  @Test("a use takes the definition and replaces it member by member: id, position, an animation's beginTime")
  func overrides() throws {
    let scene = try scene(
      define: "animations: { \(Self.pulse) }, layers: { \(Self.dot) }",
      layers: #"""
        { use: "dot", id: "dot1", position: [100, 40] },
        { use: "dot", id: "dot2", animations: [ { use: "pulse", beginTime: 0.24 } ] },
        { use: "dot", id: "dot3", animations: [ { use: "pulse", duration: 2 }, { use: "pulse", keyPath: "opacity" } ] }
        """#)
    let first = try #require(scene.layers.first)
    #expect(first.id == "dot1" && first.kind == .shape)
    #expect(first.properties.position == Point(x: 100, y: 40))
    #expect(first.properties.shape.fillColor == Color(red8: 0xFF, green8: 0x80, blue8: 0))
    #expect(timing(first)?.beginTime == 0.1 && timing(first)?.duration == 0.8)
    // Shallow: the use's own animations replace the definition's list; its position is the definition's.
    let second = scene.layers[1]
    #expect(second.properties.position == Point(x: 10, y: 10))
    #expect(timing(second)?.beginTime == 0.24 && timing(second)?.duration == 0.8)
    let third = scene.layers[2]
    #expect(third.animations.count == 2)
    #expect(timing(third, 0)?.beginTime == 0.1 && timing(third, 0)?.duration == 2)
    guard case .property(let opacity) = third.animations[1] else {
      Issue.record("expected a property animation")
      return
    }
    #expect(opacity.keyPath.rawValue == "opacity" && opacity.timing.duration == 0.8)
    // The same animation, a begin time later: the scale at t is the first dot's at t − 0.14.
    let early = TransformComponents(first.presentation(at: 0.5).properties.transform).scale.x
    let late = TransformComponents(second.presentation(at: 0.64).properties.transform).scale.x
    #expect(abs(early - late) < 1e-9)
  }

  @Test("definitions may use definitions, and a definition's group may use animations")
  func chains() throws {
    let scene = try scene(
      define: #"""
        animations: { \#(Self.pulse), both: { type: "group", duration: 2, animations: [ { use: "pulse" }, { use: "fade" } ] },
                      fade: { type: "basic", keyPath: "opacity", toValue: 0 } },
        layers: { \#(Self.dot), bigDot: { use: "dot", path: { oval: [-20, -20, 40, 40] } },
                  hugeDot: { use: "bigDot", fillColor: "red", animations: [ { use: "both" } ] } }
        """#,
      layers: #"{ use: "hugeDot", id: "a" }, { use: "bigDot", id: "b" }"#)
    let huge = try #require(scene.layers.first)
    #expect(huge.properties.shape.fillColor == Color(red: 1, green: 0, blue: 0))
    var oval = Path()
    oval.addEllipse(in: Rect(x: -20, y: -20, width: 40, height: 40))
    #expect(huge.properties.shape.path == oval)
    #expect(huge.properties.position == Point(x: 10, y: 10))
    guard case .group(let group)? = huge.animations.first else {
      Issue.record("expected the group")
      return
    }
    #expect(group.animations.count == 2 && group.timing.duration == 2)
    let big = try #require(scene.layers.last)
    #expect(big.properties.shape.fillColor == Color(red8: 0xFF, green8: 0x80, blue8: 0))
    #expect(timing(big)?.duration == 0.8)
  }

  @Test("a definition that uses itself, however indirectly, is refused with the chain")
  func cycle() {
    let message = firstError(
      define: #"layers: { a: { use: "b", id: "x" }, b: { use: "c" }, c: { use: "b" } }"#, layers: #"{ use: "a" }"#)
    #expect(
      message
        == #"reuse.json5: layers[0] (use "a", define.layers.a) (use "b", define.layers.b) (use "c", define.layers.c).use: expected a definition that does not use itself (b → c → b), found "b""#
    )
    let direct = firstError(define: #"animations: { spin: { use: "spin" } }"#, layers: #"{ id: "a", animations: [ { use: "spin" } ] }"#)
    #expect(direct.hasSuffix(#".use: expected a definition that does not use itself (spin → spin), found "spin""#), "\(direct)")
  }

  @Test("an unknown name lists the names defined, and says when it names the other kind")
  func unknownName() {
    #expect(
      firstError(define: "layers: { \(Self.dot), ring: { id: \"ring\" } }, animations: { \(Self.pulse) }", layers: #"{ use: "dto" }"#)
        == #"reuse.json5: layers[0].use: expected the name of a layer in define.layers: "dot" or "ring", found "dto""#)
    // What the compiler would say of the layer that is not there is no second problem.
    #expect(
      problems(
        define: "layers: { \(Self.dot) }, animations: { \(Self.pulse) }", layers: #"{ use: "dto" }, { use: "dot", mask: { use: "dto" } }"#
      ).count == 2)
    #expect(
      firstError(define: "animations: { \(Self.pulse) }", layers: #"{ use: "pulse" }"#)
        == #"reuse.json5: layers[0].use: expected a layer defined in define.layers, which has none ("pulse" is an animation, defined in define.animations), found "pulse""#
    )
    #expect(
      firstError(define: "", layers: #"{ id: "a", animations: [ { use: 3 } ] }"#)
        == "reuse.json5: layers[0].animations[0].use: expected the name of an animation in define.animations, found 3")
  }

  @Test("a problem inside a used definition names the use and the definition, once for all its uses")
  func problemInsideDefinition() {
    let define = #"""
      animations: { blink: { type: "keyframe", keyPath: "opacity", values: [0, 1], keyTimes: [0, 0.5, 1] } },
      layers: { dot: { type: "shape", animations: [ { use: "blink" }, { use: "blink", beginTime: "soon" } ] } }
      """#
    let layers = (0..<8).map { #"{ use: "dot", id: "dot\#($0)" }"# }.joined(separator: ", ")
    let found = problems(define: define, layers: layers)
    #expect(found.count == 2, "\(found)")
    #expect(
      found.first
        == #"reuse.json5: layers[0] (use "dot", define.layers.dot).animations[0] (use "blink", define.animations.blink).keyTimes: expected 2 key times (one per value), found an array of 3"#
    )
    // A member the use site itself supplies is shown at the use site (here inside `dot`).
    #expect(
      found.last?.hasPrefix(#"reuse.json5: layers[0] (use "dot", define.layers.dot).animations[1].beginTime: expected "#) == true,
      "\(found)")
    // Rendering stops at the first, with the same message.
    #expect(firstError(define: define, layers: layers) == found.first)
  }

  @Test("a member the use site writes is reported at the use site; two uses with one id clash once")
  func problemsAtTheUseSite() {
    let found = problems(
      define: "animations: { \(Self.pulse) }, layers: { \(Self.dot) }",
      layers: #"{ use: "dot", opacity: 7 }, { use: "dot" }, { use: "dot" }"#)
    #expect(
      found == [
        "reuse.json5: layers[0].opacity: expected an opacity from 0 to 1, found 7",
        #"reuse.json5: layers[1] (use "dot", define.layers.dot).id: expected a layer id not used elsewhere in the preset, found "dot""#,
      ])
  }

  @Test("a definition never used is not compiled; a malformed one is still reported, and only once")
  func unusedAndMalformed() throws {
    _ = try scene(define: #"layers: { spare: { type: "shape", fillColor: "no colour" } }"#, layers: #"{ id: "a" }"#)
    let found = problems(
      define: #"layers: { "bad name": { id: "x" }, flat: 3 }"#, layers: #"{ use: "flat", id: "a" }, { use: "flat", id: "b" }"#)
    #expect(
      found == [
        #"reuse.json5: define.layers.bad name: expected a definition name of letters, digits, _ and - starting with a letter, found "bad name""#,
        "reuse.json5: define.layers.flat: expected a layer object, found 3",
      ])
  }

  @Test("uses count against the preset's limits as they are expanded, and stop there")
  func limits() {
    // 10 × 10 × 10 × 10 × 10 = 100 000 layers from a few lines: refused, quickly.
    func tenOf(_ name: String) -> String { "[" + Array(repeating: #"{ use: "\#(name)" }"#, count: 10).joined(separator: ", ") + "]" }
    let define = """
      layers: { a: { sublayers: \(tenOf("b")) }, b: { sublayers: \(tenOf("c")) }, c: { sublayers: \(tenOf("d")) },
                d: { sublayers: \(tenOf("e")) }, e: { sublayers: \(tenOf("f")) }, f: { id: "f" } }
      """
    let started = Date()
    let message = firstError(define: define, layers: #"{ use: "a", id: "root" }"#)
    #expect(message.hasSuffix(": more than \(PresetLimits.layers) layers in the preset (uses of definitions count)"), "\(message)")
    #expect(message.hasPrefix(#"reuse.json5: layers[0] (use "a", define.layers.a).sublayers["#), "\(message)")
    let found = problems(define: define, layers: #"{ use: "a", id: "root" }"#)
    #expect(found.count == 1 && found.first == message)
    #expect(Date().timeIntervalSince(started) < 5)

    let animations = """
      animations: { a: { type: "group", animations: \(tenOf("b")) }, b: { type: "group", animations: \(tenOf("c")) },
                    c: { type: "group", animations: \(tenOf("d")) }, d: { type: "group", animations: \(tenOf("e")) },
                    e: { type: "group", animations: \(tenOf("f")) }, f: { type: "basic", keyPath: "opacity" } }
      """
    let tooMany = firstError(define: animations, layers: #"{ id: "x", animations: [ { use: "a" } ] }"#)
    #expect(tooMany.hasSuffix(": more than \(PresetLimits.animations) animations in the preset (uses of definitions count)"), "\(tooMany)")
  }

  @Test("a grid cell may be a use; its animations are delayed from the definition's begin time")
  func gridCells() throws {
    let scene = try scene(
      define:
        "animations: { \(Self.pulse) }, layers: { tile: { bounds: [0, 0, 10, 10], backgroundColor: \"blue\", animations: [ { use: \"pulse\" } ] } }",
      layers:
        #"{ id: "host", grid: { columns: 3, rows: 1, cellSize: [10, 10], centerCell: [0, 0], delayPerPoint: 0.01, cell: { use: "tile" } } }"#
    )
    let cells = try #require(scene.layers.first?.sublayers)
    #expect(cells.map(\.id) == ["cell-0-0", "cell-1-0", "cell-2-0"])
    #expect(cells.compactMap { timing($0)?.beginTime }.map { ($0 * 1000).rounded() / 1000 } == [0.1, 0.2, 0.3])
  }

  @Test("a colour parameter used inside a definition still needs no compile per batch row")
  func preparedPreset() throws {
    let text = """
      { schemaVersion: 1, canvas: { size: [100, 100] }, clip: { cycle: 1 },
        parameters: { tint: { type: "color", default: "#FF0000" } },
        define: { layers: { dot: { type: "shape", path: { oval: [0, 0, 4, 4] }, fillColor: "$tint" } } },
        layers: [ { use: "dot", id: "a" }, { use: "dot", id: "b" } ] }
      """
    let prepared = try PreparedPreset(Data(text.utf8), file: "p.json5", baseDirectory: URL(fileURLWithPath: "/tmp"), assetsRoot: nil)
    #expect(prepared.colourOnlyParameters == ["tint"])
    try prepared.check(["tint": "#00FF00"])
    #expect(throws: PresetError.self) { try prepared.check(["tint": "green-ish"]) }
  }
}
