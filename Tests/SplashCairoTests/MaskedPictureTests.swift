import Foundation
import SplashCore
import SplashLottie
import SplashModel
import SplashRender
import Testing

@testable import SplashCairo

/// Faded masked pictures laid through their masks in one pass (`compositeMasked`), against
/// Cairo masking them into a group painted with alpha.
@Suite("A faded masked picture is laid through its mask in one pass, to the same pixels")
struct MaskedPictureTests {
  /// Two overlapping colours turning (a picture no single colour describes), at `opacity`
  /// percent, through a mask path of its own: inverted, or under a soft matte (a translucent
  /// oval and a thin stroke: coverage of every level) that moves.
  static func layers(opacity: Double, matte: Int) -> String {
    let pair =
      #"{"ty":4,"nm":"pair","tt":\#(matte),"ip":0,"op":60,"ks":{"o":{"a":0,"k":\#(opacity)},"p":{"a":0,"k":[100,100]},"r":{"a":1,"k":[{"t":0,"s":[0],"o":{"x":0,"y":0},"i":{"x":1,"y":1}},{"t":60,"s":[90]}]}},"shapes":[{"ty":"gr","it":[{"ty":"rc","p":{"a":0,"k":[-25,0]},"s":{"a":0,"k":[90,60]},"r":{"a":0,"k":6}},{"ty":"fl","c":{"a":0,"k":[0.9,0.3,0.3,1]},"o":{"a":0,"k":100}},{"ty":"tr"}]},{"ty":"gr","it":[{"ty":"el","p":{"a":0,"k":[25,0]},"s":{"a":0,"k":[80,80]}},{"ty":"fl","c":{"a":0,"k":[0.2,0.9,0.4,0.8]},"o":{"a":0,"k":100}},{"ty":"tr"}]}],"masksProperties":[{"mode":"a","pt":{"a":0,"k":{"c":true,"v":[[-70,-50],[60,-45],[45,60],[-55,40]],"i":[[0,0],[0,0],[0,0],[0,0]],"o":[[0,0],[0,0],[0,0],[0,0]]}},"o":{"a":0,"k":100},"inv":\#(matte == 0 ? "true" : "false")}]}"#
    let softMatte =
      #"{"ty":4,"nm":"matte","td":1,"ip":0,"op":60,"ks":{"p":{"a":1,"k":[{"t":0,"s":[80,90],"o":{"x":0,"y":0},"i":{"x":1,"y":1}},{"t":60,"s":[120,110]}]}},"shapes":[{"ty":"el","p":{"a":0,"k":[0,0]},"s":{"a":0,"k":[110,70]}},{"ty":"st","c":{"a":0,"k":[1,1,1,1]},"o":{"a":0,"k":100},"w":{"a":0,"k":1.3}},{"ty":"fl","c":{"a":0,"k":[1,1,1,1]},"o":{"a":0,"k":70}}]}"#
    return (matte == 0 ? [pair] : [softMatte, pair]).joined(separator: ",") + "," + BlendCompositorTests.stripes
  }

  @Test(
    "a faded picture through its mask, inverted or under a matte, comes out as the group masked and painted with alpha",
    arguments: [0.5, 30, 50, 77, 99.9, 100], [0, 1])
  func sameFrames(opacity: Double, matte: Int) throws {
    let layers = Self.layers(opacity: opacity, matte: matte)
    let ours = CairoBackend(counters: RenderCounters())
    let cairo = CairoBackend(fastPaths: FastPaths(compositesMaskedPictures: false), counters: RenderCounters())
    for time in [0, 0.45, 1.3] {
      let byOurs = try BlendCompositorTests.frame(layers, at: time, by: ours)
      let byCairo = try BlendCompositorTests.frame(layers, at: time, by: cairo)
      #expect(memcmp(byOurs.bytes, byCairo.bytes, byOurs.byteCount) == 0, "t = \(time) s")
    }
    // The layer through its own mask in each of the three frames, its inverted mask turned in
    // place first; under the matte, the picture of it through the matte too.
    #expect(
      ours.counted.maskedPicturesComposited == (matte == 0 ? 3 : 6), "composited \(ours.counted.maskedPicturesComposited)")
    #expect(ours.counted.masksInvertedInPlace == (matte == 0 ? 3 : 0))
    #expect(cairo.counted.maskedPicturesComposited == 0)
  }

  /// `layers` inside a precomposition whose clip covers column 55 of the frame in part, and
  /// that frame: the precomposition clips its layers to its bounds, 150 points wide from x = 25,
  /// which in 240 × 173 pixels (the 200 × 200 canvas scaled by 0.865 from column 33.5) start at
  /// column 55.125.
  static func letterboxed(_ layers: String) throws -> (Scene, Viewport) {
    let text = #"""
      {"v":"5.7.4","fr":30,"ip":0,"op":60,"w":200,"h":200,"assets":[{"id":"inner","layers":[\#(layers)]}],
       "layers":[{"ty":0,"nm":"clipped","refId":"inner","w":150,"h":200,"ip":0,"op":60,"ks":{"p":{"a":0,"k":[100,100]},"a":{"a":0,"k":[75,100]}}}]}
      """#
    let scene = try LottieCompiler.compile(Data(text.utf8), file: "letterboxed.json")
    return (scene, Viewport(canvasSize: scene.canvasSize, pixelWidth: 240, pixelHeight: 173))
  }

  @Test(
    "under a clip that covers pixels in part, a picture through its mask or matte comes out as Cairo masks it",
    arguments: [30, 100], [0, 1])
  func partlyClipped(opacity: Double, matte: Int) throws {
    // The layers, moved left, cross the clip's edge at column 55.125 (`letterboxed`).
    let layers = Self.layers(opacity: opacity, matte: matte).replacingOccurrences(of: "[100,100]", with: "[35,100]")
      .replacingOccurrences(of: "[80,90]", with: "[15,90]").replacingOccurrences(of: "[120,110]", with: "[55,110]")
    let (scene, viewport) = try Self.letterboxed(layers)
    let ours = CairoBackend(counters: RenderCounters())
    let cairo = CairoBackend(fastPaths: FastPaths(compositesMaskedPictures: false), counters: RenderCounters())
    var clippedInk = 0
    for time in [0, 0.45, 1.3] {
      let byOurs = try #require(PixelBuffer(width: 240, height: 173))
      let byCairo = try #require(PixelBuffer(width: 240, height: 173))
      try ours.render(scene.presentation(at: time), viewport: viewport, into: byOurs)
      try cairo.render(scene.presentation(at: time), viewport: viewport, into: byCairo)
      #expect(memcmp(byOurs.bytes, byCairo.bytes, byOurs.byteCount) == 0, "t = \(time) s")
      // The masked layer's ink reaches the clip's column, over the stripes it hides there.
      for y in 0..<173 where byOurs.rgba(x: 55, y: y) != byOurs.rgba(x: 56, y: y) { clippedInk += 1 }
    }
    #expect(clippedInk > 0, "no ink at the clip's edge")
    // Cairo clips a faded group twice at such a clip's edge (once masked into it, once painted
    // with alpha): a faded layer laid under that clip is left to it. Under the matte, the layer
    // is laid into the matte's group, which no clip cuts, and the group through the matte at
    // full opacity.
    let expected = matte == 1 ? 6 : opacity < 100 ? 0 : 3
    #expect(ours.counted.maskedPicturesComposited == expected, "composited \(ours.counted.maskedPicturesComposited)")
    // The clip's coverage, drawn for the first frame's layer under it, is the later frames'.
    if matte == 0, opacity == 100 { #expect(ours.counted.clipCoveragesReused == 2, "reused \(ours.counted.clipCoveragesReused)") }
  }
}
