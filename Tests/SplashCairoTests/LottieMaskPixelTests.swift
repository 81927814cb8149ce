import Foundation
import SplashCore
import SplashDocument
import SplashLottie
import SplashModel
import SplashRender
import Testing

@testable import SplashCairo

/// Masks and track mattes: a layer shows only where its masks or its matte are opaque, or only
/// where they are clear when inverted.
@Suite("Lottie masks and track mattes draw through the model's masks, inverted where asked")
struct LottieMaskPixelTests {
  private func frame(_ layers: String) throws -> PixelBuffer {
    let text = #"{"v":"5.7.4","fr":30,"ip":0,"op":60,"w":200,"h":200,"assets":[],"layers":[\#(layers)]}"#
    let scene = try LottieCompiler.compile(Data(text.utf8), file: "test.json")
    let buffer = try #require(PixelBuffer(width: 200, height: 200))
    try CairoBackend().render(
      scene.presentation(at: 0), viewport: Viewport(canvasSize: scene.canvasSize, pixelWidth: 200, pixelHeight: 200), into: buffer)
    return buffer
  }

  private func isBlue(_ buffer: PixelBuffer, _ x: Int, _ y: Int) -> Bool {
    let pixel = buffer.rgba(x: x, y: y)
    return pixel.blue > 240 && pixel.red < 15 && pixel.green < 15
  }

  private func isWhite(_ buffer: PixelBuffer, _ x: Int, _ y: Int) -> Bool {
    let pixel = buffer.rgba(x: x, y: y)
    return pixel.blue > 240 && pixel.red > 240 && pixel.green > 240
  }

  /// A blue 200 × 200 solid with `extra` members (masks, a matte).
  private func solid(_ extra: String) -> String {
    ##"{"ty":1,"nm":"blue","ip":0,"op":60,"ks":{},"sw":200,"sh":200,"sc":"#0000ff"\##(extra)}"##
  }

  /// A square outline from (50, 50) to (150, 150) as a Lottie path.
  private let square =
    #"{"a":0,"k":{"c":true,"v":[[50,50],[150,50],[150,150],[50,150]],"i":[[0,0],[0,0],[0,0],[0,0]],"o":[[0,0],[0,0],[0,0],[0,0]]}}"#

  @Test("an adding mask keeps the inside; an inverted or subtracting one the outside")
  func masks() throws {
    let added = try frame(solid(#","masksProperties":[{"mode":"a","pt":\#(square),"o":{"a":0,"k":100}}]"#))
    #expect(isBlue(added, 100, 100) && isWhite(added, 20, 20))
    let inverted = try frame(solid(#","masksProperties":[{"mode":"a","inv":true,"pt":\#(square),"o":{"a":0,"k":100}}]"#))
    #expect(!isBlue(inverted, 100, 100) && isWhite(inverted, 100, 100) && isBlue(inverted, 20, 20))
    let subtracted = try frame(solid(#","masksProperties":[{"mode":"s","pt":\#(square),"o":{"a":0,"k":100}}]"#))
    #expect(isWhite(subtracted, 100, 100) && isBlue(subtracted, 20, 20))
  }

  @Test("expansion grows a mask with round corners and shrinks it when negative; a subtracting mask's hole grows with it")
  func expansion() throws {
    func masked(_ mode: String, _ expansion: Double) throws -> PixelBuffer {
      try frame(solid(#","masksProperties":[{"mode":"\#(mode)","pt":\#(square),"o":{"a":0,"k":100},"x":{"a":0,"k":\#(expansion)}}]"#))
    }
    // The square runs 50…150; grown by 10 it reaches 40…160, its corners rounded (radius 10).
    let grown = try masked("a", 10)
    #expect(isBlue(grown, 45, 100) && isWhite(grown, 35, 100) && isBlue(grown, 100, 155) && isWhite(grown, 100, 165))
    #expect(isBlue(grown, 44, 44) && isWhite(grown, 42, 42), "a rounded corner: (44, 44) is 8.5 from it, (42, 42) 11.3")
    let shrunk = try masked("a", -10)
    #expect(isWhite(shrunk, 55, 100) && isBlue(shrunk, 65, 100) && isBlue(shrunk, 100, 100) && isWhite(shrunk, 100, 145))
    // Subtracting the grown square: the hole reaches 40…160.
    let hole = try masked("s", 10)
    #expect(isWhite(hole, 45, 100) && isBlue(hole, 35, 100) && isWhite(hole, 100, 100))
  }

  /// A square outline from (x, y) of side `side` as a Lottie path.
  private func box(_ x: Double, _ y: Double, _ side: Double) -> String {
    let (right, bottom) = (x + side, y + side)
    return
      #"{"a":0,"k":{"c":true,"v":[[\#(x),\#(y)],[\#(right),\#(y)],[\#(right),\#(bottom)],[\#(x),\#(bottom)]],"i":[[0,0],[0,0],[0,0],[0,0]],"o":[[0,0],[0,0],[0,0],[0,0]]}}"#
  }

  private func masked(_ masks: [(mode: String, inverted: Bool, path: String)]) throws -> PixelBuffer {
    let list = masks.map { #"{"mode":"\#($0.mode)","inv":\#($0.inverted),"pt":\#($0.path),"o":{"a":0,"k":100}}"# }
    return try frame(solid(#","masksProperties":[\#(list.joined(separator: ","))]"#))
  }

  @Test("masks combine in order as the iOS player combines them: adds unite, a subtract cuts out, an intersect keeps the overlap")
  func mixedMasks() throws {
    // Left square A: 20…100; right square B: 80…160 (both in x and y); overlap 80…100.
    let left = box(20, 20, 80)
    let right = box(80, 80, 80)
    let union = try masked([("a", false, left), ("a", false, right)])
    #expect(isBlue(union, 50, 50) && isBlue(union, 140, 140) && isWhite(union, 140, 40), "A ∪ B")
    let cut = try masked([("a", false, left), ("s", false, right)])
    #expect(isBlue(cut, 50, 50) && isWhite(cut, 90, 90) && isWhite(cut, 140, 140) && isWhite(cut, 180, 10), "A minus B")
    let overlap = try masked([("a", false, left), ("i", false, right)])
    #expect(isBlue(overlap, 90, 90) && isWhite(overlap, 50, 50) && isWhite(overlap, 140, 140), "A ∩ B")
    // An inverted subtract keeps the inside of its shape: A ∩ B again.
    let invertedCut = try masked([("a", false, left), ("s", true, right)])
    #expect(isBlue(invertedCut, 90, 90) && isWhite(invertedCut, 50, 50) && isWhite(invertedCut, 140, 140), "A ∩ inside B")
    // An inverted add among others is the outside of its shape: (outside A) ∩ … here alone with
    // an intersect: outside A ∩ B is B without the overlap.
    let outsideFirst = try masked([("a", true, left), ("i", false, right)])
    #expect(isBlue(outsideFirst, 140, 140) && isWhite(outsideFirst, 90, 90) && isWhite(outsideFirst, 50, 50), "outside A ∩ B")
    // Three: (A ∪ B) minus the middle square 70…110.
    let three = try masked([("a", false, left), ("a", false, right), ("s", false, box(70, 70, 40))])
    #expect(isBlue(three, 40, 40) && isBlue(three, 150, 150) && isWhite(three, 90, 90), "(A ∪ B) minus C")
  }

  @Test("an alpha matte shows the layer where the matte is; an inverted one where it is not; the matte itself is not drawn")
  func mattes() throws {
    let matte =
      #"{"ty":4,"nm":"matte","td":1,"ip":0,"op":60,"ks":{},"shapes":[{"ty":"sh","ks":\#(square)},{"ty":"fl","c":{"a":0,"k":[1,0,0,1]},"o":{"a":0,"k":100}}]}"#
    let alpha = try frame(matte + "," + solid(#","tt":1"#))
    #expect(isBlue(alpha, 100, 100) && isWhite(alpha, 20, 20), "no red: the matte is not drawn")
    let inverted = try frame(matte + "," + solid(#","tt":2"#))
    #expect(isWhite(inverted, 100, 100) && isBlue(inverted, 20, 20))
    // A matte named by index (`tp`) may come after the layer, with another layer between.
    let later =
      #"{"ty":4,"nm":"matte","td":1,"ind":7,"ip":0,"op":60,"ks":{},"shapes":[{"ty":"sh","ks":\#(square)},{"ty":"fl","c":{"a":0,"k":[1,0,0,1]},"o":{"a":0,"k":100}}]}"#
    let between =
      #"{"ty":4,"nm":"between","ip":0,"op":60,"ks":{},"shapes":[{"ty":"rc","p":{"a":0,"k":[190,190]},"s":{"a":0,"k":[10,10]}},{"ty":"fl","c":{"a":0,"k":[0,1,0,1]},"o":{"a":0,"k":100}}]}"#
    let named = try frame(solid(#","tt":1,"tp":7"#) + "," + between + "," + later)
    #expect(isBlue(named, 100, 100) && isWhite(named, 20, 20), "drawn through the matte below it, which is not drawn")
    #expect(named.rgba(x: 190, y: 190).green == 255 && named.rgba(x: 190, y: 190).red == 0, "the layer between is drawn")
  }

  /// A matte of three bands over x 0…150, each 50 wide: white, mid grey and black; clear beyond.
  private let bandedMatte = #"""
    {"ty":4,"nm":"bands","td":1,"ip":0,"op":60,"ks":{},"shapes":[
      {"ty":"gr","it":[{"ty":"rc","p":{"a":0,"k":[25,100]},"s":{"a":0,"k":[50,200]},"r":{"a":0,"k":0}},{"ty":"fl","c":{"a":0,"k":[1,1,1,1]},"o":{"a":0,"k":100}},{"ty":"tr"}]},
      {"ty":"gr","it":[{"ty":"rc","p":{"a":0,"k":[75,100]},"s":{"a":0,"k":[50,200]},"r":{"a":0,"k":0}},{"ty":"fl","c":{"a":0,"k":[0.5,0.5,0.5,1]},"o":{"a":0,"k":100}},{"ty":"tr"}]},
      {"ty":"gr","it":[{"ty":"rc","p":{"a":0,"k":[125,100]},"s":{"a":0,"k":[50,200]},"r":{"a":0,"k":0}},{"ty":"fl","c":{"a":0,"k":[0,0,0,1]},"o":{"a":0,"k":100}},{"ty":"tr"}]}]}
    """#

  /// How much of the blue layer shows at (x, 100) over the white canvas: 1 − red ÷ 255.
  private func coverage(_ buffer: PixelBuffer, _ x: Int) -> Double {
    1 - Double(buffer.rgba(x: x, y: 100).red) / 255
  }

  @Test("a luma matte shows the layer by the matte's brightness: white all, mid grey a fifth, black and clear none; inverted, the rest")
  func lumaMattes() throws {
    // Mid grey 0.5 is 128 of 255; Rec. 709 luminance of grey is the grey itself: 128 ÷ 255.
    let grey = 128.0 / 255
    let luma = try frame(bandedMatte + "," + solid(#","tt":3"#))
    #expect(abs(coverage(luma, 25) - 1) < 0.01, "white band: \(coverage(luma, 25))")
    #expect(abs(coverage(luma, 75) - grey) < 0.02, "grey band: \(coverage(luma, 75))")
    #expect(coverage(luma, 125) < 0.01, "black band: \(coverage(luma, 125))")
    #expect(coverage(luma, 175) < 0.01, "clear: \(coverage(luma, 175))")
    #expect(luma.rgba(x: 25, y: 100).green < 5, "the matte's white is not drawn itself")

    let inverted = try frame(bandedMatte + "," + solid(#","tt":4"#))
    #expect(coverage(inverted, 25) < 0.01, "white band, inverted: \(coverage(inverted, 25))")
    #expect(abs(coverage(inverted, 75) - (1 - grey)) < 0.02, "grey band, inverted: \(coverage(inverted, 75))")
    #expect(abs(coverage(inverted, 125) - 1) < 0.01, "black band, inverted: \(coverage(inverted, 125))")
    #expect(abs(coverage(inverted, 175) - 1) < 0.01, "clear, inverted: \(coverage(inverted, 175))")
  }

  @Test("a luma matte weighs colours by Rec. 709: pure green shows 72 %, pure red 21 %, pure blue 7 %")
  func lumaWeights() throws {
    for (color, expected) in [("[0,1,0,1]", 0.7152), ("[1,0,0,1]", 0.2126), ("[0,0,1,1]", 0.0722)] {
      let matte = #"""
        {"ty":4,"nm":"tint","td":1,"ip":0,"op":60,"ks":{},"shapes":[{"ty":"rc","p":{"a":0,"k":[100,100]},"s":{"a":0,"k":[200,200]},"r":{"a":0,"k":0}},{"ty":"fl","c":{"a":0,"k":\#(color)},"o":{"a":0,"k":100}}]}
        """#
      let shown = coverage(try frame(matte + "," + solid(#","tt":3"#)), 100)
      #expect(abs(shown - expected) < 0.01, "\(color): \(shown), expected \(expected)")
    }
    #expect(CairoBackend.luminanceAsAlpha(0xFFFF_FFFF) == 0xFF00_0000, "white is whole")
    #expect(CairoBackend.luminanceAsAlpha(0x8000_0000) == 0, "a clear-coloured, half-opaque pixel has no brightness")
  }
}
