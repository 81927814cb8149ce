import Foundation
import SplashCore
import SplashLottie
import SplashModel
import SplashRender
import Testing

@testable import SplashCairo

/// The coverage of a clip at fractions of a pixel that masked pictures are laid through
/// (`CairoBackend.clipCoverage`): drawn once for the clip's box and given again while the box
/// stays, always the bytes Cairo's own masking lays.
@Suite("A clip's coverage is kept while its box stays, to the bytes Cairo lays")
struct KeptClipCoverageTests {
  /// Two masked pictures crossing the left edge of a precomposition's clip (column 55.125 of
  /// 240 × 173 pixels at first, `MaskedPictureTests.letterboxed`), which slides right by 5
  /// points a second: 0.26 pixels in 0.06 s, within the same column. Their masks let their ink
  /// through at the clip's edge, where the clip's coverage decides the pixels.
  static func slidingClip() throws -> (Scene, Viewport) {
    func picture(_ name: String, y: Int) -> String {
      #"{"ty":4,"nm":"\#(name)","ip":0,"op":60,"ks":{"p":{"a":0,"k":[20,\#(y)]},"r":{"a":1,"k":[{"t":0,"s":[0],"o":{"x":0,"y":0},"i":{"x":1,"y":1}},{"t":60,"s":[40]}]}},"shapes":[{"ty":"gr","it":[{"ty":"rc","p":{"a":0,"k":[-10,0]},"s":{"a":0,"k":[70,50]},"r":{"a":0,"k":6}},{"ty":"fl","c":{"a":0,"k":[0.9,0.3,0.3,1]},"o":{"a":0,"k":100}},{"ty":"tr"}]},{"ty":"gr","it":[{"ty":"el","p":{"a":0,"k":[15,0]},"s":{"a":0,"k":[60,60]}},{"ty":"fl","c":{"a":0,"k":[0.2,0.9,0.4,0.8]},"o":{"a":0,"k":100}},{"ty":"tr"}]}],"masksProperties":[{"mode":"a","pt":{"a":0,"k":{"c":true,"v":[[-60,-28],[50,-35],[40,30],[-55,25]],"i":[[0,0],[0,0],[0,0],[0,0]],"o":[[0,0],[0,0],[0,0],[0,0]]}},"o":{"a":0,"k":100},"inv":false}]}"#
    }
    let layers = [picture("upper", y: 60), picture("lower", y: 140), BlendCompositorTests.stripes].joined(separator: ",")
    let text = #"""
      {"v":"5.7.4","fr":30,"ip":0,"op":60,"w":200,"h":200,"assets":[{"id":"inner","layers":[\#(layers)]}],
       "layers":[{"ty":0,"nm":"clipped","refId":"inner","w":150,"h":200,"ip":0,"op":60,
         "ks":{"p":{"a":1,"k":[{"t":0,"s":[100,100],"o":{"x":0,"y":0},"i":{"x":1,"y":1}},{"t":60,"s":[110,100]}]},"a":{"a":0,"k":[75,100]}}}]}
      """#
    let scene = try LottieCompiler.compile(Data(text.utf8), file: "sliding.json")
    return (scene, Viewport(canvasSize: scene.canvasSize, pixelWidth: 240, pixelHeight: 173))
  }

  @Test("kept for the frame's second picture; drawn anew when the box slides within a column; Cairo's bytes")
  func keptWhileTheBoxStays() throws {
    let (scene, viewport) = try Self.slidingClip()
    let ours = CairoBackend(counters: RenderCounters())
    let cairo = CairoBackend(fastPaths: FastPaths(compositesMaskedPictures: false), counters: RenderCounters())
    var edgeInk = 0
    for (frame, time) in [0, 0.06, 0.12].enumerated() {
      let byOurs = try #require(PixelBuffer(width: 240, height: 173))
      let byCairo = try #require(PixelBuffer(width: 240, height: 173))
      try ours.render(scene.presentation(at: time), viewport: viewport, into: byOurs)
      try cairo.render(scene.presentation(at: time), viewport: viewport, into: byCairo)
      #expect(memcmp(byOurs.bytes, byCairo.bytes, byOurs.byteCount) == 0, "t = \(time) s")
      // The pictures' ink in column 55, which the clip covers in part: the coverage kept for
      // the last frame's box would lay it wrongly there.
      for y in 0..<173 where byOurs.rgba(x: 55, y: y) != byOurs.rgba(x: 54, y: y) && byOurs.rgba(x: 55, y: y) != byOurs.rgba(x: 56, y: y) {
        edgeInk += 1
      }
      // Each frame draws its box's coverage once, for the first picture, and gives it again to
      // the second.
      #expect(ours.counted.clipCoveragesKept == frame + 1, "kept \(ours.counted.clipCoveragesKept)")
      #expect(ours.counted.clipCoveragesReused == frame + 1, "reused \(ours.counted.clipCoveragesReused)")
    }
    #expect(edgeInk > 10, "\(edgeInk) rows with ink in the clip's column")
    #expect(ours.counted.maskedPicturesComposited == 6)
    #expect(cairo.counted.clipCoveragesKept == 0 && cairo.counted.clipCoveragesReused == 0)
  }
}
