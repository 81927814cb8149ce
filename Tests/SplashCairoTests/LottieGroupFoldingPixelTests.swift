import Foundation
import SplashCore
import SplashLottie
import SplashModel
import SplashRender
import Testing

@testable import SplashCairo

/// A shape group's transform handed to its one shape (`LottieShapeBuilder.container`), and a
/// shape layer's handed to its one shape (`LottieLayerBuilder`), draw the bytes the group or the
/// layer drawn as a layer of its own draws.
@Suite("A lone shape carrying its group's or its layer's transform draws as the container did, byte for byte")
struct LottieGroupFoldingPixelTests {
  /// A 200 × 200 document of 30 frames at 30 per second: `layer` over a solid of `background`.
  private func document(_ layer: String, over background: String = "#ffffff") -> String {
    let solid = ##"{"ty":1,"nm":"background","ip":0,"op":30,"ks":{},"sw":200,"sh":200,"sc":"\##(background)"}"##
    return #"{"v":"5.7.4","fr":30,"ip":0,"op":30,"w":200,"h":200,"assets":[],"layers":[\#(layer),\#(solid)]}"#
  }

  /// `frames` (at 30 per second) of `one`, drawn at 200 × 200; each expected to be, byte for
  /// byte, the same frame of `other`.
  private func expectSameFrames(_ one: Scene, _ other: Scene, at frames: [Int]) throws -> [Int: PixelBuffer] {
    let viewport = Viewport(canvasSize: one.canvasSize, pixelWidth: 200, pixelHeight: 200)
    var drawn: [Int: PixelBuffer] = [:]
    for frame in frames {
      let time = Double(frame) / 30
      let first = try #require(PixelBuffer(width: 200, height: 200))
      try CairoBackend().render(one.presentation(at: time), viewport: viewport, into: first)
      let second = try #require(PixelBuffer(width: 200, height: 200))
      try CairoBackend().render(other.presentation(at: time), viewport: viewport, into: second)
      #expect(Data(bytes: first.bytes, count: first.byteCount) == Data(bytes: second.bytes, count: second.byteCount), "frame \(frame)")
      drawn[frame] = first
    }
    return drawn
  }

  private func ellipse(_ width: Double, _ height: Double) -> String {
    #"{"ty":"el","p":{"a":0,"k":[0,0]},"s":{"a":0,"k":[\#(width),\#(height)]}}"#
  }

  private func stroke(_ rgba: String, width: Double, cap: Int, join: Int) -> String {
    #"{"ty":"st","c":{"a":0,"k":\#(rgba)},"o":{"a":0,"k":100},"w":{"a":0,"k":\#(width)},"lc":\#(cap),"lj":\#(join)}"#
  }

  /// A fill at opacity 0: it draws nothing, but is one more shape.
  private let invisibleFill = #"{"ty":"fl","c":{"a":0,"k":[1,0,0,1]},"o":{"a":0,"k":0}}"#

  /// A trim keeping `start` % up to an end eased from `from` % at frame `frames.lowerBound` to
  /// `to` % at `frames.upperBound`, turned by `offset`°.
  private func trim(start: Double, end from: Double, to: Double, frames: ClosedRange<Int>, offset: Double) -> String {
    #"""
    {"ty":"tm","s":{"a":0,"k":\#(start)},"e":{"a":1,"k":[{"t":\#(frames.lowerBound),"s":[\#(from)],"o":{"x":0.3,"y":0},"i":{"x":0.7,"y":1}},
     {"t":\#(frames.upperBound),"s":[\#(to)]}]},"o":{"a":0,"k":\#(offset)},"m":1}
    """#
  }

  /// A turned, scaled and moving group of a stroked ellipse, trimmed, over a white solid; with
  /// `hiddenFill`, the group also fills the ellipse at opacity 0, which draws nothing but keeps
  /// the group a layer of its own (two shapes).
  private func groupDocument(hiddenFill: Bool) -> String {
    let trim = self.trim(start: 0, end: 10, to: 100, frames: 0...30, offset: 0)
    let transform = #"""
      {"ty":"tr","p":{"a":1,"k":[{"t":0,"s":[70,80],"o":{"x":0.4,"y":0},"i":{"x":0.6,"y":1}},{"t":30,"s":[130,110]}]},
       "a":{"a":0,"k":[3,-2]},"s":{"a":0,"k":[140,90]},"r":{"a":1,"k":[{"t":0,"s":[-20],"o":{"x":0,"y":0},"i":{"x":1,"y":1}},{"t":30,"s":[35]}]},
       "o":{"a":0,"k":100}}
      """#
    let items = [ellipse(60, 36), stroke("[0.1,0.4,0.9,1]", width: 5, cap: 2, join: 2)] + (hiddenFill ? [invisibleFill] : []) + [transform]
    let group = #"{"ty":"gr","nm":"ring","it":[\#(items.joined(separator: ","))]}"#
    let shapes = #"{"ty":4,"nm":"shapes","ip":0,"op":30,"ks":{},"shapes":[\#(group),\#(trim)]}"#
    return document(shapes)
  }

  @Test("frames 0, 7, 15, 22 and 29 of the lone stroke equal those of the same stroke in its group layer")
  func sameBytes() throws {
    let folded = try LottieCompiler.compile(Data(groupDocument(hiddenFill: false).utf8), file: "folded.json")
    let grouped = try LottieCompiler.compile(Data(groupDocument(hiddenFill: true).utf8), file: "grouped.json")
    // The lone stroke is the shape layer's one sublayer; the other holds the group layer. (The
    // shape layer is listed first in the file: on top, the last presented.)
    let foldedTop = try #require(folded.presentation(at: 0).layers.last)
    let groupedTop = try #require(grouped.presentation(at: 0).layers.last)
    #expect(foldedTop.sublayers.count == 1 && foldedTop.sublayers[0].kind == .shape)
    #expect(groupedTop.sublayers.count == 1 && groupedTop.sublayers[0].kind == .layer && groupedTop.sublayers[0].sublayers.count == 2)
    for (frame, one) in try expectSameFrames(folded, grouped, at: [0, 7, 15, 22, 29]) {
      // Something is drawn: the stroke's blue.
      #expect((0..<200).contains { x in (0..<200).contains { y in one.rgba(x: x, y: y).red < 100 } }, "frame \(frame)")
    }
  }

  /// A shape layer shown from frame 5 to 25, moving and turning, drawing one trimmed stroke of
  /// an ellipse; with `hiddenFill`, also a fill at opacity 0, which keeps the layer a container.
  private func layerDocument(hiddenFill: Bool) -> String {
    let trim = self.trim(start: 5, end: 20, to: 90, frames: 5...25, offset: 30)
    let ks = #"""
      {"p":{"a":1,"k":[{"t":5,"s":[60,70],"o":{"x":0.4,"y":0},"i":{"x":0.6,"y":1}},{"t":25,"s":[140,120]}]},"a":{"a":0,"k":[4,-3]},
       "s":{"a":0,"k":[120,80]},"r":{"a":1,"k":[{"t":5,"s":[10],"o":{"x":0,"y":0},"i":{"x":1,"y":1}},{"t":25,"s":[-50]}]},"o":{"a":0,"k":100}}
      """#
    let items = [ellipse(70, 40), stroke("[0.8,0.2,0.3,1]", width: 6, cap: 1, join: 1)] + (hiddenFill ? [invisibleFill] : []) + [trim]
    let shapes = #"{"ty":4,"nm":"ring","ip":5,"op":25,"ks":\#(ks),"shapes":[\#(items.joined(separator: ","))]}"#
    return document(shapes)
  }

  @Test("frames 0, 5, 12, 24 and 27 of a shape layer that is its one stroke equal those of the layer holding it")
  func sameBytesForLayers() throws {
    let folded = try LottieCompiler.compile(Data(layerDocument(hiddenFill: false).utf8), file: "folded.json")
    let kept = try LottieCompiler.compile(Data(layerDocument(hiddenFill: true).utf8), file: "kept.json")
    #expect(try #require(folded.presentation(at: 0.5).layers.last).kind == .shape)
    #expect(try #require(kept.presentation(at: 0.5).layers.last).kind == .layer)
    for (frame, one) in try expectSameFrames(folded, kept, at: [0, 5, 12, 24, 27]) {
      // Drawn while the layer lives, from frame 5 up to 25: the stroke's red.
      let drawn = (0..<200).contains { x in (0..<200).contains { y in one.rgba(x: x, y: y).green < 100 } }
      #expect(drawn == (5..<25).contains(frame), "frame \(frame)")
    }
  }

  /// A star-like path filled in a colour that turns under a dashed stroke at 45 %, in
  /// a group that turns; with `heldOpacity`, the stroke's 45 % is keyframed (held at 45), which
  /// keeps the two paints apart as two layers in a group layer.
  private func paintsDocument(heldOpacity: Bool) -> String {
    let path = #"""
      {"ty":"sh","ks":{"a":0,"k":{"c":true,"v":[[0,-40],[12,-12],[40,0],[12,12],[0,40],[-12,12],[-40,0],[-12,-12]],
       "i":[[0,0],[0,0],[0,0],[0,0],[0,0],[0,0],[0,0],[0,0]],"o":[[0,0],[0,0],[0,0],[0,0],[0,0],[0,0],[0,0],[0,0]]}}}
      """#
    let opacity = heldOpacity ? #"{"a":1,"k":[{"t":0,"s":[45],"h":1},{"t":30,"s":[45]}]}"# : #"{"a":0,"k":45}"#
    let stroke = #"""
      {"ty":"st","c":{"a":0,"k":[0.1,0.2,0.7,1]},"o":\#(opacity),"w":{"a":0,"k":7},"lc":2,"lj":2,
       "d":[{"n":"d","v":{"a":0,"k":9}},{"n":"g","v":{"a":0,"k":5}},{"n":"o","v":{"a":1,"k":[{"t":0,"s":[0],"o":{"x":0,"y":0},"i":{"x":1,"y":1}},{"t":30,"s":[28]}]}}]}
      """#
    let fill =
      #"{"ty":"fl","c":{"a":1,"k":[{"t":0,"s":[1,0.5,0,1],"o":{"x":0,"y":0},"i":{"x":1,"y":1}},{"t":30,"s":[0,0.8,0.3,1]}]},"o":{"a":0,"k":100}}"#
    let transform =
      #"{"ty":"tr","p":{"a":0,"k":[100,100]},"a":{"a":0,"k":[0,0]},"s":{"a":0,"k":[100,100]},"r":{"a":1,"k":[{"t":0,"s":[0],"o":{"x":0,"y":0},"i":{"x":1,"y":1}},{"t":30,"s":[80]}]},"o":{"a":0,"k":100}}"#
    let group = #"{"ty":"gr","nm":"star","it":[\#(path),\#(stroke),\#(fill),\#(transform)]}"#
    let shapes = #"{"ty":4,"nm":"shapes","ip":0,"op":30,"ks":{},"shapes":[\#(group)]}"#
    return document(shapes, over: "#f0f0f0")
  }

  @Test("a fill under its dashed stroke drawn by one shape layer equals the two drawn as layers of their own, faded alike")
  func sameBytesForPaints() throws {
    let merged = try LottieCompiler.compile(Data(paintsDocument(heldOpacity: false).utf8), file: "merged.json")
    let apart = try LottieCompiler.compile(Data(paintsDocument(heldOpacity: true).utf8), file: "apart.json")
    // The group's one shape, filling and stroking, carries the group's turn.
    let mergedTop = try #require(merged.presentation(at: 0).layers.last)
    #expect(mergedTop.sublayers.count == 1 && mergedTop.sublayers[0].kind == .shape)
    #expect(try #require(apart.presentation(at: 0).layers.last).sublayers.first?.sublayers.count == 2)
    for (frame, one) in try expectSameFrames(merged, apart, at: [0, 9, 18, 29]) {
      // Something is drawn: the fill's orange to green.
      #expect(one.rgba(x: 100, y: 100).green > 100, "frame \(frame)")
    }
  }

  /// A shape layer moving and turning, holding a group that scales (130 %), turns (25°) and
  /// shifts a dashed, trimmed stroke of an ellipse once and for all; with `hiddenFill`, the
  /// group also fills at opacity 0, which keeps it a layer of its own in the shape layer.
  private func placedGroupDocument(hiddenFill: Bool) -> String {
    let trim = self.trim(start: 0, end: 15, to: 95, frames: 0...30, offset: 0)
    let stroke = #"""
      {"ty":"st","c":{"a":0,"k":[0.9,0.3,0.1,1]},"o":{"a":0,"k":100},"w":{"a":1,"k":[{"t":0,"s":[3],"o":{"x":0,"y":0},"i":{"x":1,"y":1}},{"t":30,"s":[7]}]},
       "lc":2,"lj":2,"d":[{"n":"d","v":{"a":0,"k":11}},{"n":"g","v":{"a":0,"k":4}},{"n":"o","v":{"a":0,"k":3}}]}
      """#
    let transform =
      #"{"ty":"tr","p":{"a":0,"k":[12,-8]},"a":{"a":0,"k":[3,2]},"s":{"a":0,"k":[130,130]},"r":{"a":0,"k":25},"o":{"a":0,"k":100}}"#
    let items = [ellipse(64, 30), stroke] + (hiddenFill ? [invisibleFill] : []) + [trim, transform]
    let group = #"{"ty":"gr","nm":"ring","it":[\#(items.joined(separator: ","))]}"#
    let ks = #"""
      {"p":{"a":1,"k":[{"t":0,"s":[70,80],"o":{"x":0.4,"y":0},"i":{"x":0.6,"y":1}},{"t":30,"s":[125,115]}]},"a":{"a":0,"k":[0,0]},
       "s":{"a":0,"k":[100,100]},"r":{"a":1,"k":[{"t":0,"s":[-15],"o":{"x":0,"y":0},"i":{"x":1,"y":1}},{"t":30,"s":[60]}]},"o":{"a":0,"k":100}}
      """#
    return document(#"{"ty":4,"nm":"ring","ip":0,"op":30,"ks":\#(ks),"shapes":[\#(group)]}"#)
  }

  @Test("frames 0, 8, 15, 23 and 29 of a shape drawn in its moving layer's space equal those of it in its placed group's layer")
  func sameBytesInSuperlayerSpace() throws {
    let folded = try LottieCompiler.compile(Data(placedGroupDocument(hiddenFill: false).utf8), file: "folded.json")
    let kept = try LottieCompiler.compile(Data(placedGroupDocument(hiddenFill: true).utf8), file: "kept.json")
    // The ring is the shape layer itself in one, a shape layer holding the group's layer in the other.
    let foldedTop = try #require(folded.presentation(at: 0.5).layers.last)
    #expect(foldedTop.kind == .shape && foldedTop.sublayers.isEmpty && foldedTop.properties.shape.lineDashPattern == [14.3, 5.2])
    #expect(try #require(kept.presentation(at: 0.5).layers.last).sublayers.first?.sublayers.count == 2)
    for (frame, one) in try expectSameFrames(folded, kept, at: [0, 8, 15, 23, 29]) {
      // Something is drawn: the stroke's orange.
      #expect((0..<200).contains { x in (0..<200).contains { y in one.rgba(x: x, y: y).blue < 100 } }, "frame \(frame)")
    }
  }

  /// A 120 × 80 precomposition layer anchored at (30, 20), moving and turning, whose one shape
  /// layer slides across the precomposition's right edge and is cut there; with `heldAnchor`,
  /// the anchor is keyframed (held at the same point), which keeps the clip a layer inside.
  private func precompositionDocument(heldAnchor: Bool, size: String = #""w":120,"h":80"#) -> String {
    let asset = #"""
      {"id":"inner","layers":[{"ty":4,"nm":"bar","ip":0,"op":30,
       "ks":{"p":{"a":1,"k":[{"t":0,"s":[20,40],"o":{"x":0,"y":0},"i":{"x":1,"y":1}},{"t":30,"s":[140,30]}]}},
       "shapes":[{"ty":"rc","p":{"a":0,"k":[0,0]},"s":{"a":0,"k":[50,24]},"r":{"a":0,"k":6}},{"ty":"fl","c":{"a":0,"k":[0.2,0.6,0.9,1]},"o":{"a":0,"k":100}}]}]}
      """#
    let anchor = heldAnchor ? #"{"a":1,"k":[{"t":0,"s":[30,20],"h":1},{"t":30,"s":[30,20]}]}"# : #"{"a":0,"k":[30,20]}"#
    let ks = #"""
      {"p":{"a":1,"k":[{"t":0,"s":[70,90],"o":{"x":0.4,"y":0},"i":{"x":0.6,"y":1}},{"t":30,"s":[110,80]}]},"a":\#(anchor),
       "s":{"a":0,"k":[110,110]},"r":{"a":1,"k":[{"t":0,"s":[-10],"o":{"x":0,"y":0},"i":{"x":1,"y":1}},{"t":30,"s":[25]}]},"o":{"a":0,"k":90}}
      """#
    let layer = #"{"ty":0,"nm":"pre","refId":"inner","ip":0,"op":30,\#(size),"ks":\#(ks)}"#
    return #"{"v":"5.7.4","fr":30,"ip":0,"op":30,"w":200,"h":200,"assets":[\#(asset)],"layers":[\#(layer)]}"#
  }

  @Test("frames 0, 10, 20 and 29 of a precomposition layer clipping its layers itself equal those of it holding its clip")
  func sameBytesForOwnClip() throws {
    let folded = try LottieCompiler.compile(Data(precompositionDocument(heldAnchor: false).utf8), file: "folded.json")
    let kept = try LottieCompiler.compile(Data(precompositionDocument(heldAnchor: true).utf8), file: "kept.json")
    let foldedTop = try #require(folded.presentation(at: 0.5).layers.last)
    #expect(foldedTop.properties.masksToBounds && foldedTop.sublayers.first?.id == "pre/bar")
    #expect(try #require(kept.presentation(at: 0.5).layers.last).sublayers.first?.properties.masksToBounds == true)
    let drawn = try expectSameFrames(folded, kept, at: [0, 10, 20, 29])
    for (frame, one) in drawn {
      // Something is drawn: the bar's blue.
      #expect((0..<200).contains { x in (0..<200).contains { y in one.rgba(x: x, y: y).red < 100 } }, "frame \(frame)")
    }
    // By frame 29 the bar has slid past the precomposition's right edge: a precomposition
    // large enough to hold it all draws more of it, so the clip was drawn.
    let large = try LottieCompiler.compile(
      Data(precompositionDocument(heldAnchor: false, size: #""w":1200,"h":800"#).utf8), file: "large.json")
    let whole = try #require(PixelBuffer(width: 200, height: 200))
    try CairoBackend().render(
      large.presentation(at: 29.0 / 30), viewport: Viewport(canvasSize: large.canvasSize, pixelWidth: 200, pixelHeight: 200),
      into: whole)
    let clipped = try #require(drawn[29])
    #expect(Data(bytes: whole.bytes, count: whole.byteCount) != Data(bytes: clipped.bytes, count: clipped.byteCount))
  }
}
