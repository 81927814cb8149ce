import Foundation
import SplashCore
import SplashDocument
import SplashModel
import Testing

@testable import SplashLottie

/// The document as a whole: how a Lottie file is recognised, its canvas and clip, and the
/// one-line refusals of malformed files.
@Suite("Lottie documents: recognised by content, composition as canvas, ip…op as the loop, malformed files refused")
struct LottieDocumentTests {
  typealias Support = LottieTestSupport

  @Test("a file is Lottie by its members, not by its name; a preset is not")
  func recognition() throws {
    let lottie = try JSONValue.parseJSON5(Data(Support.document(layers: "").utf8))
    #expect(LottieCompiler.isLottie(lottie))
    let preset = try JSONValue.parseJSON5(Data(#"{ schemaVersion: 1, canvas: { size: [1, 1] }, clip: { cycle: 1 }, layers: [] }"#.utf8))
    #expect(!LottieCompiler.isLottie(preset))
    #expect(!LottieCompiler.isLottie(.array([])))
  }

  @Test("w × h is the canvas, ip…op at fr the clip window, and the file's frame numbers are kept")
  func header() throws {
    let scene = try Support.compile(Support.document(layers: "", width: 320, height: 180, framesPerSecond: 25, inPoint: 10, outPoint: 60))
    #expect(scene.canvasSize == Size(width: 320, height: 180))
    #expect(scene.clip.start == 0.4 && scene.clip.cycle == 2)
    #expect(scene.frameNumbering == FrameNumbering(framesPerSecond: 25, firstFrame: 10))
    #expect(scene.backgroundColor == .white)
  }

  @Test(
    "malformed documents are refused in one line with the JSON path",
    arguments: [
      (#"{"v":"5","fr":0,"ip":0,"op":10,"w":10,"h":10,"layers":[]}"#, "test.json: fr: expected a frame rate from 1 to 1000, found 0"),
      (
        #"{"v":"5","fr":30,"ip":10,"op":10,"w":10,"h":10,"layers":[]}"#,
        "test.json: op: expected an out point after the in point (10.0), found 10"
      ),
      (#"{"v":"5","fr":30,"ip":0,"op":10,"w":10,"layers":[]}"#, #"test.json: missing "h""#),
      (#"{"v":"5","fr":30,"ip":0,"op":10,"w":10,"h":10,"layers":{}}"#, "test.json: layers: expected an array, found an object"),
      (
        #"{"v":"5","fr":30,"ip":0,"op":10,"w":10,"h":10,"layers":[ {"ty":4,"nm":"a","shapes":[{"nm":"x"}]} ]}"#,
        #"test.json: layers[0].shapes[0]: expected a shape item with a type "ty", found an object"#
      ),
      (
        #"{"v":"5","fr":30,"ip":0,"op":10,"w":10,"h":10,"layers":[ {"ty":4,"nm":"a","ks":{"o":{"a":1,"k":[{"t":5,"s":[1]},{"t":2,"s":[0]}]}}} ]}"#,
        "test.json: layers[0].ks.o.k[1].t: expected a frame at or after the previous keyframe's (5.0), found 2"
      ),
      (
        #"{"v":"5","fr":30,"ip":0,"op":10,"w":10,"h":10,"layers":[ {"ty":4,"nm":"a","ind":1,"parent":2}, {"ty":3,"nm":"b","ind":2,"parent":1} ]}"#,
        "test.json: layers[1].parent: expected a parent chain without a cycle, found 1"
      ),
    ])
  func malformed(document: String, message: String) {
    #expect(Support.failure(document) == message)
  }

  @Test("a precomposition that contains itself is refused with the chain, not followed for ever")
  func precompositionCycle() {
    let assets = #"{"id":"a","layers":[{"ty":0,"nm":"inner","refId":"b"}]},{"id":"b","layers":[{"ty":0,"nm":"back","refId":"a"}]}"#
    let message = Support.failure(Support.document(layers: #"{"ty":0,"nm":"outer","refId":"a"}"#, assets: assets))
    #expect(message.hasSuffix(#"refId: expected a precomposition that does not contain itself (a → b → a), found "a""#), "\(message)")
  }

  @Test("a key an exporter wrote twice counts with its last value, as players read it")
  func duplicateKeys() throws {
    let scene = try Support.compile(#"{"v":"5","fr":30,"fr":25,"ip":0,"op":10,"w":10,"h":10,"layers":[]}"#)
    #expect(scene.frameNumbering?.framesPerSecond == 25)
  }

  @Test("a syntax error names its line and column")
  func syntax() {
    let message = Support.failure("{\"v\":\"5\",\n \"fr\": 30,,}")
    #expect(message.hasPrefix("test.json: not valid JSON: line 2, column 11"), "\(message)")
  }

  @Test("more keyframes than the limit are refused before they are read")
  func keyframeLimit() {
    let keyframes = (0...10_000).map { #"{"t":\#($0),"s":[0]}"# }.joined(separator: ",")
    let message = Support.failure(Support.document(layers: #"{"ty":4,"nm":"a","ks":{"o":{"a":1,"k":[\#(keyframes)]}}}"#))
    #expect(message == "test.json: layers[0].ks.o.k: expected at most 10000 keyframes, found an array of 10001", "\(message)")
  }

  @Test("hostile numbers and nesting: NaN and Infinity are refused where read; precompositions nest at most 32 deep")
  func hostile() {
    #expect(
      Support.failure(#"{"v":"5","fr":NaN,"ip":0,"op":10,"w":10,"h":10,"layers":[]}"#)
        == "test.json: fr: expected a frame rate from 1 to 1000, found nan")
    let infinite = Support.failure(Support.document(layers: #"{"ty":4,"nm":"a","ks":{"p":{"a":0,"k":[Infinity,0]}},"shapes":[]}"#))
    #expect(infinite.hasPrefix("test.json: layers[0].ks.p.k[0]: expected a finite number"), "\(infinite)")
    let assets =
      (0..<40).map { #"{"id":"p\#($0)","layers":[{"ty":0,"nm":"n","refId":"p\#($0 + 1)"}]}"# }.joined(separator: ",")
      + #",{"id":"p40","layers":[]}"#
    // Numbers far beyond any count or mode are read without stopping the program.
    let huge = Support.document(
      layers:
        #"{"ty":1e300,"nm":"odd","ks":{}},{"ty":4,"nm":"big","bm":1e300,"ks":{},"shapes":[{"ty":"rc","p":{"a":0,"k":[0,0]},"s":{"a":0,"k":[1,1]}},{"ty":"rp","c":{"a":0,"k":1e300}},{"ty":"fl","c":{"a":0,"k":[1,0,0,1]}}]}"#
    )
    #expect(Support.failure(huge) == "no error")
    let deep = Support.failure(Support.document(layers: #"{"ty":0,"nm":"top","refId":"p0"}"#, assets: assets))
    #expect(deep.hasSuffix("expected precompositions nested at most 32 deep, found \"p32\""), "\(deep)")
  }

  @Test("layer styles and an image refId that names no asset are warned about and left out, not refused")
  func warnedLayers() throws {
    let layers =
      #"{"ty":2,"nm":"photo","refId":"Image_01.jpg","ip":0,"op":60,"ks":{}},{"ty":4,"nm":"shadowed","ip":0,"op":60,"ks":{},"sy":[{"ty":2}],"shapes":[]}"#
    var warnings: [DocumentError] = []
    _ = try Support.compile(Support.document(layers: layers), warnings: &warnings)
    #expect(
      warnings.map(\.description) == [
        #"test.json: layers[0].refId: warning: image layers whose refId names no image in "assets" are not drawn"#,
        "test.json: layers[1].sy[0]: warning: layer styles other than drop shadows are not drawn",
      ])
  }

  @Test("null members read as absent, as players read them: null easing is linear, a null tangent none")
  func nullMembers() throws {
    let layer = #"""
      {"ty":4,"nm":"a","ip":0,"op":30,"ks":{"o":{"a":1,"k":[
        {"t":0,"s":0,"i":null,"o":null,"ti":null,"to":null,"h":0},{"t":10,"s":100,"i":null,"o":null,"h":null}]}},
       "shapes":[{"ty":"rc","p":{"a":0,"k":[0,0]},"s":{"a":0,"k":[4,4]},"r":null},{"ty":"fl","c":{"a":0,"k":[1,0,0,1]}}]}
      """#
    let scene = try Support.compile(Support.document(layers: layer))
    let opacity = try #require(Support.chain(in: scene.presentation(at: 5.0 / 30)) { $0 == "a" }?.last).properties.opacity
    #expect(abs(opacity - 0.5) < 1e-9, "half way, linearly: \(opacity)")
  }

  @Test(
    "past the file's sampling budget, animated shapes are sampled at their keyframes and a few points between, and the compile says so once"
  )
  func samplingBudget() throws {
    // Ten ellipses growing over 60 frames: 61 samples each, 610 in all.
    let ellipse =
      #"{"ty":"el","p":{"a":0,"k":[0,0]},"s":{"a":1,"k":[{"t":0,"s":[0,0],"o":{"x":0.4,"y":0},"i":{"x":0.6,"y":1}},{"t":60,"s":[60,60]}]}}"#
    let layers = (0..<10).map {
      #"{"ty":4,"nm":"e\#($0)","ip":0,"op":60,"ks":{},"shapes":[\#(ellipse),{"ty":"fl","c":{"a":0,"k":[1,0,0,1]}}]}"#
    }
    let document = try JSONValue.parseJSON5(Data(Support.document(layers: layers.joined(separator: ",")).utf8))
    func samples(budget: Int) throws -> (counts: [Int], warnings: [String]) {
      var limits = LottieLimits()
      limits.sampledFramesInAll = budget
      var warnings: [String] = []
      let scene = try LottieCompiler.compile(document, file: "test.json", limits: limits) { warnings.append("\($0)") }
      let counts = scene.layers.flatMap { Self.pathKeyframeCounts($0) }
      return (counts, warnings)
    }
    let ample = try samples(budget: 10_000)
    #expect(ample.counts.count == 10 && ample.counts.allSatisfy { $0 == 61 } && ample.warnings.isEmpty, "\(ample)")
    // 300 samples: the file's first four layers (the top four, last in the tree) get every
    // frame (244), the fifth what is left, the rest their two keyframes and two points between.
    let tight = try samples(budget: 300)
    #expect(tight.counts.suffix(4).allSatisfy { $0 == 61 }, "\(tight.counts)")
    #expect(tight.counts.prefix(5).allSatisfy { $0 <= 4 }, "\(tight.counts)")
    #expect(tight.warnings.count == 1 && tight.warnings[0].contains("sampled at their keyframes"), "\(tight.warnings)")
  }

  /// The keyframe counts of every path animation under `layer`.
  private static func pathKeyframeCounts(_ layer: Layer) -> [Int] {
    let own = layer.animations.compactMap { animation -> Int? in
      guard case .property(let property) = animation, property.keyPath.rawValue == "path", case .keyframes(let track) = property.values
      else {
        return nil
      }
      return track.values.count
    }
    return own + layer.sublayers.flatMap { pathKeyframeCounts($0) }
  }

  @Test("references to nothing are read as players read them: drawn without the parent, the matte or the precomposition, and warned")
  func danglingReferences() throws {
    let square = #""shapes":[{"ty":"rc","p":{"a":0,"k":[5,5]},"s":{"a":0,"k":[10,10]}},{"ty":"fl","c":{"a":0,"k":[1,0,0,1]}}]"#
    let layers = [
      #"{"ty":4,"nm":"orphan","ind":1,"parent":99,"ks":{"p":{"a":0,"k":[20,0]}},\#(square)}"#,
      #"{"ty":4,"nm":"unmatted","ind":2,"tt":1,"ks":{},\#(square)}"#,
      #"{"ty":0,"nm":"empty","ind":3,"refId":"nowhere","ks":{}}"#,
    ].joined(separator: ",")
    var warnings: [DocumentError] = []
    let scene = try Support.compile(Support.document(layers: layers), warnings: &warnings)
    let messages = warnings.map { "\($0)" }
    #expect(messages.contains { $0.hasPrefix("test.json: layers[0].parent: warning: a parent that is no layer") }, "\(messages)")
    #expect(messages.contains { $0.hasPrefix("test.json: layers[1].tt: warning: a track matte with no matte layer") }, "\(messages)")
    #expect(
      messages.contains { $0.hasPrefix("test.json: layers[2].refId: warning: precomposition layers whose refId names no precomposition") },
      "\(messages)")
    let tree = scene.presentation(at: 0)
    let orphan = try #require(Support.chain(in: tree) { $0 == "orphan" })
    #expect(Support.canvasPoint(Point(x: 0, y: 0), through: orphan) == Point(x: 20, y: 0), "placed by its own transform")
    let unmatted = try #require(Support.chain(in: tree) { $0 == "unmatted" })
    // The square's one shape is the layer itself (`LottieLayerBuilder`), at the top level.
    #expect(unmatted.count == 1 && unmatted[0].kind == .shape, "drawn as it is, in no matte container")
    #expect(Support.chain(in: tree) { $0 == "empty" }?.last?.sublayers.isEmpty == true, "the precomposition layer holds nothing")
  }

  @Test("a mask's feather is warned about where it is used, not applied, as players leave it out")
  func maskFeather() throws {
    let square = #"{"c":true,"v":[[0,0],[10,0],[10,10],[0,10]],"i":[[0,0],[0,0],[0,0],[0,0]],"o":[[0,0],[0,0],[0,0],[0,0]]}"#
    func layer(feather: String) -> String {
      ##"{"ty":1,"nm":"s","ip":0,"op":60,"ks":{},"sw":10,"sh":10,"sc":"#ff0000","masksProperties":[{"mode":"a","pt":{"a":0,"k":\##(square)},"o":{"a":0,"k":100},"f":{"a":0,"k":\##(feather)}}]}"##
    }
    var warnings: [DocumentError] = []
    _ = try Support.compile(Support.document(layers: layer(feather: "[10,10]")), warnings: &warnings)
    #expect(
      warnings.map(\.description) == [
        "test.json: layers[0].masksProperties[0].f: warning: mask feather (f) is not applied, as lottie-web, ThorVG and Lottie's iOS player leave it out"
      ])
    _ = try Support.compile(Support.document(layers: layer(feather: "[0,0]")), warnings: &warnings)
    #expect(warnings.isEmpty, "no feather, no warning: \(warnings)")
  }
}
