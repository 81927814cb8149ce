import Foundation
import SplashCore
import SplashModel
import Testing

@testable import SplashLottie

/// After Effects' time as every Lottie player applies it, with values worked out by hand from
/// each document's numbers.
///
/// The rules: a layer's keyframes and in and out points count in the frames of the composition
/// holding it; `st` and `sr` move only what a precomposition's layers see, frame
/// (holding frame − st) ÷ sr; a time remap `tm` replaces both; holds jump at the next keyframe;
/// a spatial Bézier is travelled by arc length.
@Suite("Lottie time: start times, stretches, remaps, nesting, in points, holds, fractional frames, spatial paths")
struct LottieTimingTests {
  typealias Support = LottieTestSupport

  /// Linear (unit) easing between two keyframes.
  private static let linear = #""o":{"x":0,"y":0},"i":{"x":1,"y":1}"#

  /// Opacity keyframes from 0 % at `from` to 100 % at `to`, linear.
  private func fade(from: Double, to: Double) -> String {
    #"{"o":{"a":1,"k":[{"t":\#(from),"s":[0],\#(Self.linear)},{"t":\#(to),"s":[100]}]}}"#
  }

  /// A shape layer `name` (a 10 × 10 square) with transform `ks`, shown from `inPoint` to
  /// `outPoint`, starting at `startTime`.
  private func shapeLayer(_ name: String, ks: String, inPoint: Double = 0, outPoint: Double = 60, startTime: Double = 0) -> String {
    """
    {"ty":4,"nm":"\(name)","ip":\(inPoint),"op":\(outPoint),"st":\(startTime),"ks":\(ks),
     "shapes":[{"ty":"rc","p":{"a":0,"k":[5,5]},"s":{"a":0,"k":[10,10]},"r":{"a":0,"k":0}},{"ty":"fl","c":{"a":0,"k":[1,0,0,1]},"o":{"a":0,"k":100}}]}
    """
  }

  /// A precomposition layer `name` showing asset `reference`, with `extra` members (`st`, `sr`, `tm`).
  private func precompositionLayer(_ name: String, reference: String, extra: String, outPoint: Double = 60) -> String {
    #"{"ty":0,"nm":"\#(name)","refId":"\#(reference)","ip":0,"op":\#(outPoint),"w":200,"h":200,"ks":{},\#(extra)}"#
  }

  /// The presentation of the innermost layer whose id ends with `suffix` at root frame `frame` (30 fps).
  private func layer(_ suffix: String, in scene: Scene, atFrame frame: Double) throws -> PresentationLayer {
    // As inspect reads it: some frames are outside the layer's in and out points.
    try #require(
      Support.chain(in: scene.presentation(at: frame / 30, keepsHiddenSubtrees: true)) { $0.hasSuffix(suffix) }?.last,
      "no layer \(suffix)")
  }

  private func expectOpacity(_ found: Double, _ expected: Double, _ label: String) {
    #expect(abs(found - expected) < 1e-6, "\(label): opacity \(found), expected \(expected)")
  }

  @Test("a shape layer's st moves nothing: keys 0 → 100 % at frames 0 and 10 show 50 % at frame 5 with st 20")
  func shapeLayerStartTime() throws {
    let scene = try Support.compile(Support.document(layers: shapeLayer("dot", ks: fade(from: 0, to: 10), startTime: 20)))
    expectOpacity(try layer("dot", in: scene, atFrame: 5).properties.opacity, 0.5, "frame 5")
    expectOpacity(try layer("dot", in: scene, atFrame: 10).properties.opacity, 1, "frame 10")
  }

  @Test("a precomposition shifted by st 15: its layers see frame − 15; the precomposition layer's own keys do not move")
  func shiftedPrecomposition() throws {
    let assets = #"{"id":"inner","layers":[\#(shapeLayer("dot", ks: fade(from: 0, to: 30)))]}"#
    let outer = precompositionLayer("pre", reference: "inner", extra: #""st":15"#)
      .replacingOccurrences(of: #""ks":{}"#, with: #""ks":\#(fade(from: 0, to: 20))"#)
    let scene = try Support.compile(Support.document(layers: outer, assets: assets))
    // Root frame 30 is the precomposition's frame 15: half of 0 → 30.
    expectOpacity(try layer("dot", in: scene, atFrame: 30).properties.opacity, 0.5, "inner at root 30")
    expectOpacity(try layer("dot", in: scene, atFrame: 15).properties.opacity, 0, "inner at root 15 (its frame 0)")
    // The precomposition layer's own fade runs on root frames 0 … 20, st or not. It clips its
    // layers itself (`LottieLayerBuilder.clipTakingAnchor`): no clip inside takes the fade.
    let holder = try #require(Support.chain(in: scene.presentation(at: 10.0 / 30)) { $0 == "pre" }?.last)
    expectOpacity(holder.properties.opacity, 0.5, "the precomposition layer at root 10")
    #expect(holder.properties.masksToBounds && holder.sublayers.map(\.id) == ["pre/dot"], "\(holder.sublayers.map(\.id))")
  }

  @Test("a precomposition stretched by sr 2 from st 10: its frame g falls at root frame 10 + 2g, in points too")
  func stretchedPrecomposition() throws {
    let inner = shapeLayer("dot", ks: fade(from: 0, to: 20)) + "," + shapeLayer("late", ks: "{}", inPoint: 10, outPoint: 40)
    let assets = #"{"id":"inner","layers":[\#(inner)]}"#
    let scene = try Support.compile(
      Support.document(layers: precompositionLayer("pre", reference: "inner", extra: #""st":10,"sr":2"#), assets: assets, outPoint: 120))
    // Root 30 → frame (30 − 10) ÷ 2 = 10: half of 0 → 20.
    expectOpacity(try layer("dot", in: scene, atFrame: 30).properties.opacity, 0.5, "root 30")
    expectOpacity(try layer("dot", in: scene, atFrame: 50).properties.opacity, 1, "root 50 (its frame 20)")
    // "late" lives from its frame 10 to 40: root 30 to 90.
    #expect(try layer("late", in: scene, atFrame: 29.9).properties.isHidden, "root 29.9 is its frame 9.95")
    #expect(try !layer("late", in: scene, atFrame: 30).properties.isHidden, "root 30 is its frame 10")
    #expect(try !layer("late", in: scene, atFrame: 89.9).properties.isHidden)
    #expect(try layer("late", in: scene, atFrame: 90).properties.isHidden, "root 90 is its frame 40, its out point")
  }

  @Test("a time remap replaces st and sr: its keys are on the holding composition's frames, its value the precomposition's seconds")
  func remapReplacesStartTimeAndStretch() throws {
    let assets = #"{"id":"inner","layers":[\#(shapeLayer("dot", ks: fade(from: 0, to: 30)))]}"#
    // tm runs 0 s → 1 s over root frames 0 … 30; st 20 and sr 2 would otherwise move it.
    let remap = #""st":20,"sr":2,"tm":{"a":1,"k":[{"t":0,"s":[0],\#(Self.linear)},{"t":30,"s":[1]}]}"#
    let scene = try Support.compile(Support.document(layers: precompositionLayer("pre", reference: "inner", extra: remap), assets: assets))
    // Root 15: tm = 0.5 s, the precomposition's frame 15 at 30 fps: half of 0 → 30.
    expectOpacity(try layer("dot", in: scene, atFrame: 15).properties.opacity, 0.5, "root 15")
    expectOpacity(try layer("dot", in: scene, atFrame: 6).properties.opacity, 0.2, "root 6")
    expectOpacity(try layer("dot", in: scene, atFrame: 45).properties.opacity, 1, "past tm's last key")
  }

  @Test("nested precompositions compose: root st 10, then st 5 and sr 2 inside give frame (root − 10 − 5) ÷ 2")
  func nestedPrecompositions() throws {
    let innermost = #"{"id":"letters","layers":[\#(shapeLayer("dot", ks: fade(from: 0, to: 10)))]}"#
    let middle = #"{"id":"word","layers":[\#(precompositionLayer("inner", reference: "letters", extra: #""st":5,"sr":2"#))]}"#
    let scene = try Support.compile(
      Support.document(layers: precompositionLayer("outer", reference: "word", extra: #""st":10"#), assets: innermost + "," + middle))
    // Root 25 → word frame 15 → letters frame (15 − 5) ÷ 2 = 5: half of 0 → 10.
    expectOpacity(try layer("dot", in: scene, atFrame: 25).properties.opacity, 0.5, "root 25")
    expectOpacity(try layer("dot", in: scene, atFrame: 15).properties.opacity, 0, "root 15 is letters frame 0")
    expectOpacity(try layer("dot", in: scene, atFrame: 35).properties.opacity, 1, "root 35 is letters frame 10")
  }

  @Test("a layer whose in point is inside its keyframes starts part way through them, not from the first")
  func inPointInsideKeyframes() throws {
    let move = #"{"p":{"a":1,"k":[{"t":0,"s":[0,0],\#(Self.linear)},{"t":20,"s":[20,0]}]}}"#
    let scene = try Support.compile(Support.document(layers: shapeLayer("dot", ks: move, inPoint: 10, startTime: 10)))
    #expect(try layer("dot", in: scene, atFrame: 9.9).properties.isHidden)
    let shown = try layer("dot", in: scene, atFrame: 10)
    #expect(!shown.properties.isHidden)
    #expect(abs(shown.properties.position.x - 10) < 1e-6, "at its in point, frame 10 of 0 → 20: x = \(shown.properties.position.x)")
  }

  @Test("a hold keeps its value up to the next keyframe, also between whole frames, and jumps there")
  func holdsAtFractionalFrames() throws {
    let held = #"{"o":{"a":1,"k":[{"t":0,"s":[20],"h":1},{"t":10,"s":[80],"h":1},{"t":20,"s":[40]}]}}"#
    let scene = try Support.compile(Support.document(layers: shapeLayer("dot", ks: held)))
    expectOpacity(try layer("dot", in: scene, atFrame: 9.5).properties.opacity, 0.2, "frame 9.5")
    expectOpacity(try layer("dot", in: scene, atFrame: 10).properties.opacity, 0.8, "frame 10")
    expectOpacity(try layer("dot", in: scene, atFrame: 19.75).properties.opacity, 0.8, "frame 19.75")
    expectOpacity(try layer("dot", in: scene, atFrame: 20).properties.opacity, 0.4, "frame 20")
  }

  @Test("fractional frames interpolate: a 30 fps file drawn at 60 fps shows frame 7.5 of a linear 0 → 100 % over 10")
  func fractionalFrames() throws {
    let scene = try Support.compile(Support.document(layers: shapeLayer("dot", ks: fade(from: 0, to: 10))))
    expectOpacity(try layer("dot", in: scene, atFrame: 7.5).properties.opacity, 0.75, "frame 7.5")
    expectOpacity(try layer("dot", in: scene, atFrame: 2.25).properties.opacity, 0.225, "frame 2.25")
  }

  @Test("a spatial Bézier between two position keys is travelled by arc length, as Lottie's players measure it")
  func spatialBezierByArcLength() throws {
    // A straight Bézier from (0, 0) to (100, 0) with its controls at (90, 0) and (100, 0): by
    // the curve's parameter, half time would be at x = 83.75; by length it is at 50.
    let position = #"""
      {"p":{"a":1,"k":[{"t":0,"s":[0,0],"to":[90,0],"ti":[0,0],\#(Self.linear)},{"t":30,"s":[100,0]}]}}
      """#
    let scene = try Support.compile(Support.document(layers: shapeLayer("dot", ks: position)))
    for (frame, expected) in [(15.0, 50.0), (6.0, 20.0), (27.0, 90.0)] {
      let x = try layer("dot", in: scene, atFrame: frame).properties.position.x
      #expect(abs(x - expected) < 0.05, "frame \(frame): x = \(x), expected \(expected)")
    }
    // A curve: a quarter circle's Bézier from (0, 0) to (100, 100) through its control points.
    let arc = #"""
      {"p":{"a":1,"k":[{"t":0,"s":[0,0],"to":[55.2285,0],"ti":[0,-55.2285],\#(Self.linear)},{"t":30,"s":[100,100]}]}}
      """#
    let curved = try Support.compile(Support.document(layers: shapeLayer("dot", ks: arc)))
    // Half the arc's length is at 45° on the circle of radius 100 about (0, 100).
    let half = try layer("dot", in: curved, atFrame: 15).properties.position
    let expected = Point(x: 100 * sin(Double.pi / 4), y: 100 - 100 * cos(Double.pi / 4))
    #expect(half.distance(to: expected) < 0.1, "half way along the arc: \(half), expected \(expected)")
  }

  @Test("bodymovin-style lettering: each letter a precomposition started later (st) reads in full at the last frame")
  func lettersStartedLaterReadInFull() throws {
    // Nine letters, each a precomposition whose letter grows from 0 to 100 % over its first 10
    // frames and fades in with it, placed st = 4 × i frames late, as the exporter writes a
    // staggered word. The layers' own keys (a slide from below) are in root frames.
    let grow =
      #"{"s":{"a":1,"k":[{"t":0,"s":[0,0],\#(Self.linear)},{"t":10,"s":[100,100]}]},"o":{"a":1,"k":[{"t":0,"s":[0],\#(Self.linear)},{"t":10,"s":[100]}]}}"#
    let letter = #"{"id":"letter","layers":[\#(shapeLayer("glyph", ks: grow))]}"#
    let letters = (0..<9).map { index -> String in
      let start = Double(4 * index)
      let slide =
        #"{"p":{"a":1,"k":[{"t":\#(start),"s":[\#(20 * index),40],\#(Self.linear)},{"t":\#(start + 10),"s":[\#(20 * index),20]}]}}"#
      return #"{"ty":0,"nm":"letter \#(index)","refId":"letter","ip":\#(start),"op":60,"st":\#(start),"w":200,"h":200,"ks":\#(slide)}"#
    }
    let scene = try Support.compile(Support.document(layers: letters.joined(separator: ","), assets: letter))
    let lastFrame = 59.0
    let tree = scene.presentation(at: lastFrame / 30)
    for index in 0..<9 {
      let chain = try #require(Support.chain(in: tree) { $0 == "letter \(index)/glyph" }, "letter \(index)")
      let glyph = try #require(chain.last)
      #expect(!glyph.properties.isHidden, "letter \(index) shown")
      expectOpacity(glyph.properties.opacity, 1, "letter \(index)")
      let corner = Support.canvasPoint(Point(x: 10, y: 10), through: chain)
      #expect(
        corner.distance(to: Point(x: Double(20 * index) + 10, y: 30)) < 1e-6,
        "letter \(index) at full size in its place: its corner at \(corner)")
    }
  }

  @Test("a negative stretch plays a precomposition backwards: sr −1 from st 30 shows its frame 30 − f at frame f")
  func negativeStretch() throws {
    let assets = #"{"id":"inner","layers":[\#(shapeLayer("dot", ks: fade(from: 0, to: 30)))]}"#
    let scene = try Support.compile(
      Support.document(layers: precompositionLayer("pre", reference: "inner", extra: #""st":30,"sr":-1"#), assets: assets))
    // Frame f shows the precomposition's frame (f − 30) ÷ −1 = 30 − f.
    expectOpacity(try layer("dot", in: scene, atFrame: 0).properties.opacity, 1, "frame 0 shows its frame 30")
    expectOpacity(try layer("dot", in: scene, atFrame: 6).properties.opacity, 0.8, "frame 6 shows its frame 24")
    expectOpacity(try layer("dot", in: scene, atFrame: 30).properties.opacity, 0, "frame 30 shows its frame 0")
    #expect(
      Support.failure(Support.document(layers: precompositionLayer("pre", reference: "inner", extra: #""sr":0"#), assets: assets))
        .contains("sr: expected a time stretch other than 0"))
  }
}
