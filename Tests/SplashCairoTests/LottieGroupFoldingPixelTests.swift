import Foundation
import SplashCore
import SplashLottie
import SplashModel
import SplashRender
import Testing

@testable import SplashCairo

/// A shape group's transform handed to its one shape (`LottieShapeBuilder.container`) draws the
/// bytes the group drawn as a layer of its own draws.
@Suite("A group's lone shape carrying the group's transform draws as the group layer did, byte for byte")
struct LottieGroupFoldingPixelTests {
  /// A turned, scaled and moving group of a stroked ellipse, trimmed, over a white solid; with
  /// `hiddenFill`, the group also fills the ellipse at opacity 0, which draws nothing but keeps
  /// the group a layer of its own (two shapes).
  private func document(hiddenFill: Bool) -> String {
    let ellipse = #"{"ty":"el","p":{"a":0,"k":[0,0]},"s":{"a":0,"k":[60,36]}}"#
    let stroke = #"{"ty":"st","c":{"a":0,"k":[0.1,0.4,0.9,1]},"o":{"a":0,"k":100},"w":{"a":0,"k":5},"lc":2,"lj":2}"#
    let fill = #"{"ty":"fl","c":{"a":0,"k":[1,0,0,1]},"o":{"a":0,"k":0}}"#
    let trim =
      #"{"ty":"tm","s":{"a":0,"k":0},"e":{"a":1,"k":[{"t":0,"s":[10],"o":{"x":0.3,"y":0},"i":{"x":0.7,"y":1}},{"t":30,"s":[100]}]},"o":{"a":0,"k":0},"m":1}"#
    let transform = #"""
      {"ty":"tr","p":{"a":1,"k":[{"t":0,"s":[70,80],"o":{"x":0.4,"y":0},"i":{"x":0.6,"y":1}},{"t":30,"s":[130,110]}]},
       "a":{"a":0,"k":[3,-2]},"s":{"a":0,"k":[140,90]},"r":{"a":1,"k":[{"t":0,"s":[-20],"o":{"x":0,"y":0},"i":{"x":1,"y":1}},{"t":30,"s":[35]}]},
       "o":{"a":0,"k":100}}
      """#
    let items = [ellipse, stroke] + (hiddenFill ? [fill] : []) + [transform]
    let group = #"{"ty":"gr","nm":"ring","it":[\#(items.joined(separator: ","))]}"#
    let shapes = #"{"ty":4,"nm":"shapes","ip":0,"op":30,"ks":{},"shapes":[\#(group),\#(trim)]}"#
    let background = ##"{"ty":1,"nm":"white","ip":0,"op":30,"ks":{},"sw":200,"sh":200,"sc":"#ffffff"}"##
    return #"{"v":"5.7.4","fr":30,"ip":0,"op":30,"w":200,"h":200,"assets":[],"layers":[\#(shapes),\#(background)]}"#
  }

  @Test("frames 0, 7, 15, 22 and 29 of the lone stroke equal those of the same stroke in its group layer")
  func sameBytes() throws {
    let folded = try LottieCompiler.compile(Data(document(hiddenFill: false).utf8), file: "folded.json")
    let grouped = try LottieCompiler.compile(Data(document(hiddenFill: true).utf8), file: "grouped.json")
    // The lone stroke is the shape layer's one sublayer; the other holds the group layer. (The
    // shape layer is listed first in the file: on top, the last presented.)
    let foldedTop = try #require(folded.presentation(at: 0).layers.last)
    let groupedTop = try #require(grouped.presentation(at: 0).layers.last)
    #expect(foldedTop.sublayers.count == 1 && foldedTop.sublayers[0].kind == .shape)
    #expect(groupedTop.sublayers.count == 1 && groupedTop.sublayers[0].kind == .layer && groupedTop.sublayers[0].sublayers.count == 2)
    let viewport = Viewport(canvasSize: folded.canvasSize, pixelWidth: 200, pixelHeight: 200)
    for frame in [0, 7, 15, 22, 29] {
      let time = Double(frame) / 30
      let one = try #require(PixelBuffer(width: 200, height: 200))
      try CairoBackend().render(folded.presentation(at: time), viewport: viewport, into: one)
      let other = try #require(PixelBuffer(width: 200, height: 200))
      try CairoBackend().render(grouped.presentation(at: time), viewport: viewport, into: other)
      #expect(Data(bytes: one.bytes, count: one.byteCount) == Data(bytes: other.bytes, count: other.byteCount), "frame \(frame)")
      // Something is drawn: the stroke's blue.
      #expect((0..<200).contains { x in (0..<200).contains { y in one.rgba(x: x, y: y).red < 100 } }, "frame \(frame)")
    }
  }
}
