import Foundation
import SplashCore
import SplashDocument
import SplashModel
import Testing

@testable import SplashLottie

/// After Effects expressions run as lottie-web runs them, with values worked out by hand: the
/// documents are written as bodymovin exports them (`var $bm_rt; $bm_rt = …;`), at 30 frames
/// a second, and each test reads a layer's opacity (0 … 100 in the file, 0 … 1 drawn).
@Suite("Lottie expressions: loops, time, other layers and effects, precompositions, failures and limits")
struct LottieExpressionTests {
  typealias Support = LottieTestSupport

  /// A shape layer `name` (a 10 × 10 square) whose opacity is `opacity` (a property's JSON).
  private func layer(_ name: String, opacity: String, extra: String = "", outPoint: Double = 60) -> String {
    """
    {"ty":4,"nm":"\(name)","ind":\(name.count),"ip":0,"op":\(outPoint),"st":0,"ks":{"o":\(opacity)}\(extra),
     "shapes":[{"ty":"rc","p":{"a":0,"k":[5,5]},"s":{"a":0,"k":[10,10]},"r":{"a":0,"k":0}},{"ty":"fl","c":{"a":0,"k":[1,0,0,1]},"o":{"a":0,"k":100}}]}
    """
  }

  /// Opacity keyframes 0 → 100 from frame `from` to `to`, linear, with expression `expression`.
  private func fade(from: Double = 0, to: Double = 10, expression: String? = nil) -> String {
    let keys = #"[{"t":\#(from),"s":[0],"o":{"x":[0],"y":[0]},"i":{"x":[1],"y":[1]}},{"t":\#(to),"s":[100]}]"#
    return #"{"a":1,"k":\#(keys)\#(expression.map { #","x":"\#(bodymovin($0))""# } ?? "")}"#
  }

  /// A constant opacity `value` with expression `expression`.
  private func constant(_ value: Double, expression: String) -> String {
    #"{"a":0,"k":\#(value),"x":"\#(bodymovin(expression))"}"#
  }

  /// `result` as bodymovin writes an expression, escaped for a JSON string.
  private func bodymovin(_ result: String) -> String {
    "var $bm_rt;\\n$bm_rt = \(result.replacingOccurrences(of: "\"", with: "\\\""));"
  }

  private func opacity(_ name: String, in scene: Scene, atFrame frame: Double) throws -> Double {
    let chain = try #require(Support.chain(in: scene.presentation(at: frame / 30)) { $0.hasSuffix(name) }, "no layer \(name)")
    return try #require(chain.last).properties.opacity
  }

  private func expectOpacity(_ scene: Scene, _ name: String, _ expected: [Double: Double]) throws {
    for (frame, value) in expected.sorted(by: { $0.key < $1.key }) {
      let found = try opacity(name, in: scene, atFrame: frame)
      #expect(abs(found - value) < 1e-6, "\(name) at frame \(frame): opacity \(found), expected \(value)")
    }
  }

  @Test("loopOut('cycle') repeats keys 0 → 100 over frames 0 … 10: 50 % at 15, 20 % at 22, 0 at 30")
  func loopOutCycle() throws {
    let scene = try Support.compile(Support.document(layers: layer("dot", opacity: fade(expression: "loopOut('Cycle')"))))
    try expectOpacity(scene, "dot", [5: 0.5, 15: 0.5, 22: 0.2, 30: 0])
    // Between frames the loop jumps back at once, as a player computing frame 10.5 shows it.
    try expectOpacity(scene, "dot", [10.5: 0.05, 20.5: 0.05])
  }

  @Test("loopOut('pingpong') runs every other repeat backwards: 70 % at 13, 30 % at 23; loopIn('cycle') before the first key")
  func pingPongAndLoopIn() throws {
    let layers = [
      layer("pong", opacity: fade(expression: "loopOut('pingpong')")),
      layer("early", opacity: fade(from: 20, to: 30, expression: "loopIn('cycle')")),
    ].joined(separator: ",")
    let scene = try Support.compile(Support.document(layers: layers))
    try expectOpacity(scene, "pong", [13: 0.7, 20: 0, 23: 0.3])
    // Keys at 20 and 30: frame 14 is 6 frames before the first, 4 into the cycle before it.
    try expectOpacity(scene, "early", [14: 0.4, 25: 0.5])
  }

  @Test("loopOut('offset') adds each repeat's change; loopOutDuration repeats the last seconds")
  func offsetAndDuration() throws {
    let layers = [
      // Keys 0 → 10 over 0 … 10: offset gives 15 at frame 15 (10 + 5).
      layer(
        "offset",
        opacity:
          #"{"a":1,"k":[{"t":0,"s":[0],"o":{"x":[0],"y":[0]},"i":{"x":[1],"y":[1]}},{"t":10,"s":[10]}],"x":"\#(bodymovin("loopOut('offset')"))"}"#
      ),
      // Keys 0 → 100 over 0 … 20; the last 10 frames (1/3 s) repeat: frame 25 shows frame 15.
      layer("tail", opacity: fade(from: 0, to: 20, expression: "loopOutDuration('cycle', 1 / 3)")),
    ].joined(separator: ",")
    let scene = try Support.compile(Support.document(layers: layers))
    try expectOpacity(scene, "offset", [15: 0.15, 25: 0.25])
    try expectOpacity(scene, "tail", [25: 0.75, 29: 0.95])
  }

  @Test("time is in seconds of the composition: time × 100 is 50 % at frame 15; in a precomposition shifted by st 15, its own time")
  func timeInComposition() throws {
    let root = try Support.compile(Support.document(layers: layer("clock", opacity: constant(0, expression: "$bm_mul(time, 100)"))))
    try expectOpacity(root, "clock", [0: 0, 6: 0.2, 15: 0.5])

    let assets = #"{"id":"inner","layers":[\#(layer("clock", opacity: constant(0, expression: "$bm_mul(time, 100)")))]}"#
    let holder = #"{"ty":0,"nm":"pre","refId":"inner","ip":0,"op":60,"st":15,"w":200,"h":200,"ks":{}}"#
    let nested = try Support.compile(Support.document(layers: holder, assets: assets))
    // Root frame 30 is the precomposition's frame 15: half a second.
    try expectOpacity(nested, "clock", [30: 0.5, 36: 0.7])
  }

  @Test("other layers: an effect slider, a transform with valueAtTime, the layer's own index and value")
  func otherLayersAndEffects() throws {
    let slider =
      #""ef":[{"ty":5,"nm":"Slider Control","mn":"ADBE Slider Control","ef":[{"ty":0,"nm":"Slider","mn":"ADBE Slider Control-0001","v":\#(fade(from: 0, to: 30))}]}]"#
    let layers = [
      layer("Controls", opacity: fade(from: 0, to: 30), extra: "," + slider),
      layer("follower", opacity: constant(0, expression: "thisComp.layer('Controls').effect('Slider Control')('Slider')")),
      layer("late", opacity: constant(0, expression: "thisComp.layer('Controls').transform.opacity.valueAtTime($bm_sub(time, 0.5))")),
      layer("sum", opacity: constant(20, expression: "$bm_sum(value, $bm_mul(index, 10))")),
    ].joined(separator: ",")
    let scene = try Support.compile(Support.document(layers: layers))
    try expectOpacity(scene, "follower", [0: 0, 15: 0.5, 24: 0.8])
    // Half a second (15 frames) behind the leader.
    try expectOpacity(scene, "late", [15: 0, 30: 0.5, 36: 0.7])
    // index is the layer's `ind` (3 for "sum"): 20 + 30.
    try expectOpacity(scene, "sum", [0: 0.5, 40: 0.5])
  }

  @Test("an expression reading another that reads the first gets its keyframes, not a hang")
  func cycleOfExpressions() throws {
    let layers = [
      layer("a", opacity: constant(10, expression: "$bm_sum(thisComp.layer('b').transform.opacity, 1)")),
      layer("b", opacity: constant(20, expression: "$bm_sum(thisComp.layer('a').transform.opacity, 1)")),
    ].joined(separator: ",")
    let scene = try Support.compile(Support.document(layers: layers))
    // a = b + 1 where b, read inside a, is b's keyframes (20) + a's keyframes... b = a(10) + 1 = 11: a = 12.
    try expectOpacity(scene, "a", [0: 0.12])
    try expectOpacity(scene, "b", [0: 0.22])
  }

  @Test("wiggle and random are the same every run, and stay within their amplitude")
  func wiggleIsDeterministic() throws {
    let text = Support.document(layers: layer("jitter", opacity: constant(50, expression: "wiggle(3, 20)")))
    let first = try Support.compile(text)
    let second = try Support.compile(text)
    var values: Set<Double> = []
    for frame in stride(from: 0.0, through: 59, by: 1) {
      let value = try opacity("jitter", in: first, atFrame: frame)
      #expect(value == (try opacity("jitter", in: second, atFrame: frame)), "frame \(frame)")
      #expect(value >= 0.3 - 1e-9 && value <= 0.7 + 1e-9, "frame \(frame): \(value)")
      values.insert(value)
    }
    #expect(values.count > 30, "a wiggle moves: \(values.count) distinct values in 60 frames")
  }

  @Test("an expression that fails is warned with its reason and path, and its keyframes drawn")
  func failuresAreWarned() throws {
    let layers = [
      layer("missing", opacity: fade(expression: "thisComp.layer('nobody').transform.opacity")),
      layer("broken", opacity: fade(expression: "value +* 2")),
      layer("forever", opacity: fade(expression: "(function () { while (true) {} })()")),
      layer("words", opacity: fade(expression: "'many'")),
    ].joined(separator: ",")
    var warnings: [DocumentError] = []
    let scene = try Support.compile(Support.document(layers: layers), warnings: &warnings)
    let messages = warnings.map(\.description)
    #expect(messages.count == 4, "\(messages)")
    #expect(
      messages.contains {
        $0.hasPrefix("test.json: layers[0].ks.o.x: warning: an expression is not run (Error: thisComp.layer(\"nobody\"): no such layer")
      })
    #expect(messages.contains { $0.hasPrefix("test.json: layers[1].ks.o.x: warning: an expression is not run (SyntaxError") })
    #expect(
      messages.contains { $0.contains("layers[2].ks.o.x: warning: an expression is not run (it ran longer than the limit at frame 0)") })
    #expect(messages.contains { $0.contains("layers[3].ks.o.x: warning: an expression is not run (Error: the expression gives string") })
    // The keyframes are drawn: 0 → 100 over frames 0 … 10, holding after.
    for name in ["missing", "broken", "forever", "words"] { try expectOpacity(scene, name, [5: 0.5, 20: 1]) }
  }

  @Test("loopOut() on a shape path repeats its morph; an expression on a text document is warned")
  func pathLoopAndTextWarning() throws {
    // A two-point line whose end moves from x 0 to 10 over frames 0 … 10, looped.
    func line(_ x: Double) -> String { #"{"c":false,"v":[[0,0],[\#(x),0]],"i":[[0,0],[0,0]],"o":[[0,0],[0,0]]}"# }
    let keys = #"[{"t":0,"s":[\#(line(0))],"o":{"x":[0],"y":[0]},"i":{"x":[1],"y":[1]}},{"t":10,"s":[\#(line(10))]}]"#
    let shape =
      #"{"ty":4,"nm":"morph","ip":0,"op":60,"ks":{},"shapes":[{"ty":"sh","ks":{"a":1,"k":\#(keys),"x":"\#(bodymovin("loopOut()"))"}},{"ty":"st","c":{"a":0,"k":[0,0,1,1]},"o":{"a":0,"k":100},"w":{"a":0,"k":2}}]}"#
    let text =
      #"{"ty":5,"nm":"title","ip":0,"op":60,"ks":{},"t":{"d":{"k":[{"t":0,"s":{"t":"hi","s":10,"f":"Sans","fc":[0,0,0]}}],"x":"var $bm_rt = 'bye';"}}}"#
    var warnings: [DocumentError] = []
    let scene = try Support.compile(Support.document(layers: [shape, text].joined(separator: ",")), warnings: &warnings)
    #expect(
      warnings.map(\.description).contains(
        "test.json: layers[1].t.d.x: warning: expressions on text documents are not run: the keyframes are drawn"))
    #expect(!warnings.map(\.description).contains { $0.contains("layers[0]") }, "\(warnings)")
    // Frame 14 is frame 4 of the loop: the line ends at x 4.
    let chain = try #require(Support.chain(in: scene.presentation(at: 14.0 / 30)) { $0.hasSuffix("morph") })
    var shapes: [PresentationLayer] = []
    func visit(_ layer: PresentationLayer) {
      if layer.kind == .shape { shapes.append(layer) }
      layer.sublayers.forEach(visit)
    }
    chain.forEach(visit)
    let path = try #require(shapes.first?.properties.shape.path)
    let ends = path.elements.compactMap { element -> Double? in
      if case .cubicCurve(_, _, let point) = element { return point.x }
      if case .line(let point) = element { return point.x }
      return nil
    }
    #expect(ends.count == 1 && abs(ends[0] - 4) < 1e-6, "\(path.elements)")
  }

  @Test("the file's budget of evaluations: past it, the rest are warned and drawn from their keyframes")
  func evaluationBudget() throws {
    var limits = LottieLimits()
    limits.expressionEvaluations = 80
    let layers = [
      layer("first", opacity: constant(0, expression: "$bm_mul(time, 100)")),
      layer("second", opacity: constant(30, expression: "$bm_mul(time, 100)")),
    ].joined(separator: ",")
    var warnings: [DocumentError] = []
    let scene = try LottieCompiler.compile(
      try LottieCompiler.parse(Data(Support.document(layers: layers).utf8), file: "test.json"), file: "test.json", limits: limits
    ) { warnings.append($0) }
    // The first runs on its 61 frames (0 … 60), a straight line with no jump to look into; the second would need 61 more.
    try expectOpacity(scene, "first", [15: 0.5])
    try expectOpacity(scene, "second", [15: 0.3])
    #expect(
      warnings.map(\.description) == [
        "test.json: layers[1].ks.o.x: warning: an expression is not run (the file's expressions need more than 80 evaluations): the keyframes are drawn"
      ])
  }

  @Test("samples on a straight line are left out: time × 100 over 61 frames becomes two keyframes, a constant one value")
  func samplesAreThinned() throws {
    let samples = (0...60).map { (frame: Double($0), value: [Double($0) * 100 / 30]) }
    let thinned = LottieExpressionSamples.thinned(samples)
    #expect(thinned.map(\.frame) == [0, 60])
    let curve = (0...60).map { (frame: Double($0), value: [Double($0 * $0)]) }
    #expect(LottieExpressionSamples.thinned(curve).count == 61)
    let constant = LottieExpressionSamples.keyframes(
      (0...10).map { (Double($0), [5.0]) }, original: .object(["a": .number(0), "k": .number(1)]))
    #expect(constant == .object(["a": .number(0), "k": .array([.number(5)])]))
  }
}

extension LottieExpressionTests {
  @Test("an opacity past 100 % is held at 100 % from where it crosses: keys 0 → 200 % over frames 0 … 60 show 50 % at 15, 100 % at 30")
  func overshootIsHeldWhereItCrosses() throws {
    let keys = #"{"a":1,"k":[{"t":0,"s":[0],"o":{"x":[0],"y":[0]},"i":{"x":[1],"y":[1]}},{"t":60,"s":[200]}]}"#
    let scene = try Support.compile(Support.document(layers: layer("bright", opacity: keys)))
    try expectOpacity(scene, "bright", [15: 0.5, 30: 1, 45: 1])
  }
}

extension LottieExpressionTests {
  /// Where layer `name` puts its own point `point` at frame `frame`.
  private func canvasPoint(_ point: Point, of name: String, in scene: Scene, atFrame frame: Double) throws -> Point {
    let chain = try #require(Support.chain(in: scene.presentation(at: frame / 30)) { $0.hasSuffix(name) }, "no layer \(name)")
    return Support.canvasPoint(point, through: chain)
  }

  @Test("a trace path: an arrow placed a quarter along another layer's path (toComp), turned along it; shape values by content()")
  func tracePathAndContents() throws {
    // The line: one diagonal path (0, 0) → (100, 100) in a group, its layer moved by (20, 10).
    let path =
      #"{"ty":"sh","nm":"Path 1","mn":"ADBE Vector Shape - Group","ks":{"a":0,"k":{"c":false,"v":[[0,0],[100,100]],"i":[[0,0],[0,0]],"o":[[0,0],[0,0]]}}}"#
    let ellipse = #"{"ty":"el","nm":"Ellipse Path 1","p":{"a":0,"k":[0,0]},"s":{"a":0,"k":[40,40]}}"#
    let group = #"{"ty":"gr","nm":"Group 1","mn":"ADBE Vector Group","it":[\#(path),\#(ellipse),{"ty":"tr","p":{"a":0,"k":[0,0]}}]}"#
    let line = #"{"ty":4,"nm":"line","ind":1,"ip":0,"op":60,"ks":{"p":{"a":0,"k":[20,10]}},"shapes":[\#(group)]}"#
    let trace = "thisComp.layer('line')('ADBE Root Vectors Group')(1)('ADBE Vectors Group')(1)('ADBE Vector Shape')"
    let position = bodymovin("thisComp.layer('line').toComp(\(trace).pointOnPath(0.25))")
    let rotation = bodymovin("radiansToDegrees(Math.atan2(\(trace).tangentOnPath(0.25)[1], \(trace).tangentOnPath(0.25)[0]))")
    let arrow = layer(
      "arrow", opacity: constant(0, expression: "thisComp.layer('line').content('Group 1').content('Ellipse Path 1').size[0]"),
      extra: #","ks2":{}"#
    ).replacingOccurrences(
      of: #""ks":{"o":"#,
      with: #""ks":{"p":{"a":0,"k":[0,0],"x":"\#(position)"},"r":{"a":0,"k":0,"x":"\#(rotation)"},"o":"#)
    var warnings: [DocumentError] = []
    let scene = try Support.compile(Support.document(layers: [line, arrow].joined(separator: ",")), warnings: &warnings)
    #expect(warnings.isEmpty, "\(warnings.map(\.description))")
    // A quarter along: (25, 25) in the line's layer, (45, 35) in the composition.
    let origin = try canvasPoint(.zero, of: "arrow", in: scene, atFrame: 10)
    #expect(abs(origin.x - 45) < 1e-6 && abs(origin.y - 35) < 1e-6, "\(origin)")
    // Turned 45° along the diagonal: its point (10, 0) lands at (45 + 7.07, 35 + 7.07).
    let tip = try canvasPoint(Point(x: 10, y: 0), of: "arrow", in: scene, atFrame: 10)
    #expect(abs(tip.x - origin.x - 10 / 2.0.squareRoot()) < 1e-6 && abs(tip.y - origin.y - 10 / 2.0.squareRoot()) < 1e-6, "\(tip)")
    // The ellipse's size, 40, as the opacity.
    try expectOpacity(scene, "arrow", [10: 0.4])
  }
}

extension LottieExpressionTests {
  @Test("a path built by createPath from a null's position, found through a layer control and brought in with fromComp")
  func createPathFromNull() throws {
    // The null (index 1) sits at (60, 30); the line's layer is moved by (10, 10), so the
    // line's second point, driven by the null, is (50, 20) in the line's own space.
    let null = #"{"ty":3,"nm":"handle","ind":1,"ip":0,"op":60,"ks":{"p":{"a":0,"k":[60,30]}}}"#
    let control =
      #""ef":[{"ty":5,"nm":"Handle","mn":"ADBE Layer Control","ef":[{"ty":10,"nm":"Layer","mn":"ADBE Layer Control-0001","v":{"a":0,"k":1}}]}]"#
    let expression = bodymovin(
      "createPath([thisProperty.points()[0], fromCompToSurface(effect('Handle')('ADBE Layer Control-0001').toComp([0, 0]))], thisProperty.inTangents(), thisProperty.outTangents(), thisProperty.isClosed())"
    )
    let path = #"{"ty":"sh","ks":{"a":0,"k":{"c":false,"v":[[0,0],[5,5]],"i":[[0,0],[0,0]],"o":[[0,0],[0,0]]},"x":"\#(expression)"}}"#
    let line =
      #"{"ty":4,"nm":"line","ind":2,"ip":0,"op":60,"ks":{"p":{"a":0,"k":[10,10]}},\#(control),"shapes":[\#(path),{"ty":"st","c":{"a":0,"k":[0,0,1,1]},"o":{"a":0,"k":100},"w":{"a":0,"k":2}}]}"#
    var warnings: [DocumentError] = []
    let scene = try Support.compile(Support.document(layers: [null, line].joined(separator: ",")), warnings: &warnings)
    #expect(!warnings.map(\.description).contains { $0.contains("expression") }, "\(warnings.map(\.description))")
    let chain = try #require(Support.chain(in: scene.presentation(at: 0)) { $0.hasSuffix("line") })
    var shapes: [PresentationLayer] = []
    func visit(_ layer: PresentationLayer) {
      if layer.kind == .shape { shapes.append(layer) }
      layer.sublayers.forEach(visit)
    }
    chain.forEach(visit)
    let elements = try #require(shapes.first?.properties.shape.path).elements
    let end = elements.compactMap { element -> Point? in
      if case .cubicCurve(_, _, let point) = element { return point }
      if case .line(let point) = element { return point }
      return nil
    }.last
    #expect(end.map { abs($0.x - 50) < 1e-6 && abs($0.y - 20) < 1e-6 } == true, "\(elements)")
  }
}

extension LottieExpressionTests {
  @Test("noise() is not defined, as in lottie-web and ThorVG: the expression is warned and its keyframes drawn, as they draw them")
  func noiseIsNotDefined() throws {
    var warnings: [DocumentError] = []
    let scene = try Support.compile(
      Support.document(layers: layer("static", opacity: fade(expression: "$bm_mul(noise(time), 100)"))), warnings: &warnings)
    #expect(
      warnings.map(\.description).contains {
        $0.hasPrefix("test.json: layers[0].ks.o.x: warning: an expression is not run (ReferenceError")
      })
    try expectOpacity(scene, "static", [5: 0.5, 20: 1])
  }
}

extension LottieExpressionTests {
  @Test("a path linked to another by content('Shape 1').content('Path 1').path follows it, past its own last keyframe")
  func linkedPathFollowsItsSource() throws {
    // Shape 1's line ends at x 0 → 60 → 0 over frames 0 … 30 … 60; Shape 2's own keys stop at
    // frame 30 (x 60) and its expression links it to Shape 1, as a foot drawn along a leg is.
    func line(_ x: Double) -> String { #"{"c":false,"v":[[0,0],[\#(x),20]],"i":[[0,0],[0,0]],"o":[[0,0],[0,0]]}"# }
    func key(_ frame: Double, _ x: Double) -> String {
      #"{"t":\#(frame),"s":[\#(line(x))],"o":{"x":[0],"y":[0]},"i":{"x":[1],"y":[1]}}"#
    }
    func group(_ name: String, keys: [String], expression: String?) -> String {
      let linked = expression.map { #","x":"\#(bodymovin($0))""# } ?? ""
      return #"""
        {"ty":"gr","nm":"\#(name)","it":[{"ty":"sh","nm":"Path 1","ks":{"a":1,"k":[\#(keys.joined(separator: ","))]\#(linked)}},
        {"ty":"st","c":{"a":0,"k":[0,0,1,1]},"o":{"a":0,"k":100},"w":{"a":0,"k":2}},{"ty":"tr","p":{"a":0,"k":[0,0]}}]}
        """#
    }
    let source = group("Shape 1", keys: [key(0, 0), key(30, 60), key(60, 0)], expression: nil)
    let linked = group("Shape 2", keys: [key(0, 0), key(30, 60)], expression: "content('Shape 1').content('Path 1').path")
    let legs = #"{"ty":4,"nm":"legs","ind":1,"ip":0,"op":60,"st":0,"ks":{},"shapes":[\#(source),\#(linked)]}"#
    var warnings: [DocumentError] = []
    let scene = try Support.compile(Support.document(layers: legs), warnings: &warnings)
    #expect(warnings.isEmpty, "\(warnings.map(\.description))")
    for (frame, x) in [(15.0, 30.0), (45, 30), (54, 12)] {
      let chain = try #require(Support.chain(in: scene.presentation(at: frame / 30)) { $0.hasSuffix("legs") })
      var ends: [Double] = []
      func visit(_ layer: PresentationLayer) {
        if layer.kind == .shape, let path = layer.properties.shape.path {
          ends += path.elements.compactMap { element -> Double? in
            if case .cubicCurve(_, _, let point) = element { return point.x }
            if case .line(let point) = element { return point.x }
            return nil
          }
        }
        layer.sublayers.forEach(visit)
      }
      chain.forEach(visit)
      #expect(ends.count == 2 && ends.allSatisfy { abs($0 - x) < 1e-6 }, "frame \(frame): \(ends), expected both at \(x)")
    }
  }
}

extension LottieExpressionTests {
  @Test("a group's transform linked to another's value by value: ('Transform')('Position'), a match name, 'Skew Axis'")
  func linkedTransformReadsByName() throws {
    func group(_ name: String, transform: String) -> String {
      #"""
      {"ty":"gr","nm":"\#(name)","it":[{"ty":"rc","p":{"a":0,"k":[0,0]},"s":{"a":0,"k":[10,10]},"r":{"a":0,"k":0}},
      {"ty":"fl","c":{"a":0,"k":[1,0,0,1]},"o":{"a":0,"k":100}},{"ty":"tr",\#(transform)}]}
      """#
    }
    func linked(_ reading: String) -> String { #"{"a":0,"k":0,"x":"\#(bodymovin("content('Shape 1')\(reading)"))"}"# }
    let source = group("Shape 1", transform: #""p":{"a":0,"k":[30,40]},"r":{"a":0,"k":20},"sk":{"a":0,"k":15},"sa":{"a":0,"k":30}"#)
    let follower = group(
      "Shape 2",
      transform: #""p":{"a":0,"k":[0,0],"x":"\#(bodymovin("content('Shape 1')('Transform')('Position')"))"},"#
        + #""r":\#(linked(".transform('ADBE Vector Rotation')")),"sk":\#(linked("('Transform')('Skew')")),"#
        + #""sa":\#(linked("('Transform')('Skew Axis')"))"#)
    let shapes = #"{"ty":4,"nm":"pair","ind":1,"ip":0,"op":60,"st":0,"ks":{},"shapes":[\#(source),\#(follower)]}"#
    var warnings: [DocumentError] = []
    let tree = try Support.compile(Support.document(layers: shapes), warnings: &warnings).presentation(at: 0)
    #expect(warnings.isEmpty, "\(warnings.map(\.description))")
    let first = try #require(Support.chain(in: tree) { $0.contains("/Shape 1 ") })
    let second = try #require(Support.chain(in: tree) { $0.contains("/Shape 2 ") })
    for point in [Point(x: 0, y: 0), Point(x: 5, y: 0), Point(x: 0, y: 5)] {
      let (a, b) = (Support.canvasPoint(point, through: first), Support.canvasPoint(point, through: second))
      #expect(abs(a.x - b.x) < 1e-6 && abs(a.y - b.y) < 1e-6, "\(point): \(a) and \(b)")
    }
  }
}
