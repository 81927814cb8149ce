import Foundation
import SplashCore
import SplashLottie
import SplashModel
import SplashRender
import Testing

@testable import SplashCairo

/// A masked layer whose content holds still while its mask changes in place (a Lottie mask
/// fading in over a gradient) is composited from the content kept from the frame before: the
/// frames must be the ones drawing everything afresh gives, byte for byte.
@Suite("Masked contents kept from frame to frame change no pixel")
struct HeldMaskedContentTests {
  /// A gradient-filled square behind a star-shaped mask whose opacity rises from 20 to 100 %
  /// over 30 frames, over a blue solid. (A trimmed stroke's group follows its piece of the
  /// path, `DisplayNode.trimmedStroke`, and is drawn afresh as the piece moves.)
  static let loader = #"""
    {"v":"5.7.4","fr":30,"ip":0,"op":30,"w":200,"h":200,"assets":[],"layers":[
     {"ty":4,"nm":"square","ip":0,"op":30,"ks":{"p":{"a":0,"k":[100,100]}},"hasMask":true,
      "masksProperties":[{"mode":"a","inv":false,"o":{"a":1,"k":[{"t":0,"s":[20],"o":{"x":[0.3],"y":[0]},"i":{"x":[0.7],"y":[1]}},{"t":30,"s":[100]}]},
        "pt":{"a":0,"k":{"c":true,"v":[[0,-70],[20,-20],[70,0],[20,20],[0,70],[-20,20],[-70,0],[-20,-20]],"i":[[0,0],[0,0],[0,0],[0,0],[0,0],[0,0],[0,0],[0,0]],"o":[[0,0],[0,0],[0,0],[0,0],[0,0],[0,0],[0,0],[0,0]]}}}],
      "shapes":[
       {"ty":"rc","p":{"a":0,"k":[0,0]},"s":{"a":0,"k":[120,120]},"r":{"a":0,"k":0}},
       {"ty":"gf","t":1,"s":{"a":0,"k":[-60,0]},"e":{"a":0,"k":[60,0]},"o":{"a":0,"k":80},
        "g":{"p":2,"k":{"a":0,"k":[0,1,0.4,0,1,0.2,0.8,1]}}}]},
     {"ty":1,"nm":"background","ip":0,"op":30,"ks":{},"sw":200,"sh":200,"sc":"#0000ff"}]}
    """#

  @Test("frames drawn one after another by one backend equal frames each drawn by a new one")
  func sameFrames() throws {
    let scene = try LottieCompiler.compile(Data(Self.loader.utf8), file: "loader.json")
    let viewport = Viewport(canvasSize: scene.canvasSize, pixelWidth: 200, pixelHeight: 200)
    let warm = CairoBackend(counters: RenderCounters())
    for frame in 0..<12 {
      let time = Double(frame) / 30
      let kept = try #require(PixelBuffer(width: 200, height: 200))
      try warm.render(scene.presentation(at: time), viewport: viewport, into: kept)
      let fresh = try #require(PixelBuffer(width: 200, height: 200))
      try CairoBackend().render(scene.presentation(at: time), viewport: viewport, into: fresh)
      #expect(
        Data(bytes: kept.bytes, count: kept.byteCount) == Data(bytes: fresh.bytes, count: fresh.byteCount), "frame \(frame)")
    }
    // Asked for at frames 0 and 1, kept at 1, composited from the kept group from frame 2 on.
    #expect(warm.counted.maskedContentsReused == 10, "reused \(warm.counted.maskedContentsReused) times")
  }
}
