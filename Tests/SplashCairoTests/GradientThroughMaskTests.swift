import Foundation
import SplashCore
import SplashLottie
import SplashModel
import SplashPresets
import SplashRender
import Testing

@testable import SplashCairo

/// Masked gradients shaded only where their masks have ink, against the whole group masked.
@Suite("A masked gradient is shaded only under its mask's ink, to the same pixels")
struct GradientThroughMaskTests {
  @Test("Lottie gradient fills and strokes, turning and fading, come out the same shaded under the mask or whole")
  func sameFrames() throws {
    // A radial gradient fill on a star turning in a repeater of fading copies, and an axial
    // gradient stroke around it: gradients far larger than the paths that mask them.
    let star =
      #"{"ty":"sr","sy":1,"pt":{"a":0,"k":5},"p":{"a":0,"k":[0,0]},"r":{"a":1,"k":[{"t":0,"s":[0],"o":{"x":0,"y":0},"i":{"x":1,"y":1}},{"t":60,"s":[72]}]},"or":{"a":0,"k":60},"ir":{"a":0,"k":26},"os":{"a":0,"k":0},"is":{"a":0,"k":0}}"#
    let fill =
      #"{"ty":"gf","t":2,"s":{"a":0,"k":[0,0]},"e":{"a":0,"k":[60,0]},"g":{"p":2,"k":{"a":0,"k":[0,1,0.8,0.1,1,0.2,0.1,0.9]}},"o":{"a":0,"k":100},"r":1}"#
    let stroke =
      #"{"ty":"gs","t":1,"s":{"a":0,"k":[-60,0]},"e":{"a":0,"k":[60,0]},"g":{"p":2,"k":{"a":0,"k":[0,0,0,0,1,1,1,1]}},"o":{"a":0,"k":100},"w":{"a":0,"k":5},"lc":2,"lj":2}"#
    let repeater =
      #"{"ty":"rp","c":{"a":0,"k":3},"o":{"a":0,"k":0},"m":1,"tr":{"p":{"a":0,"k":[14,6]},"r":{"a":0,"k":20},"so":{"a":0,"k":100},"eo":{"a":0,"k":40}}}"#
    let layer =
      #"{"ty":4,"nm":"stars","ip":0,"op":60,"ks":{"p":{"a":0,"k":[100,100]}},"shapes":[\#(star),\#(fill),\#(stroke),\#(repeater)]}"#
    let text = #"{"v":"5.7.4","fr":30,"ip":0,"op":60,"w":200,"h":200,"assets":[],"layers":[\#(layer)]}"#
    let scene = try LottieCompiler.compile(Data(text.utf8), file: "stars.json")
    let viewport = Viewport(canvasSize: scene.canvasSize, pixelWidth: 333, pixelHeight: 333)
    let ours = CairoBackend(counters: RenderCounters())
    let whole = CairoBackend(fastPaths: FastPaths(shadesGradientsThroughMasks: false), counters: RenderCounters())
    for frame in 0..<6 {
      let tree = scene.presentation(at: Double(frame) * 0.17)
      let byOurs = try #require(PixelBuffer(width: 333, height: 333))
      let byWhole = try #require(PixelBuffer(width: 333, height: 333))
      try ours.render(tree, viewport: viewport, into: byOurs)
      try whole.render(tree, viewport: viewport, into: byWhole)
      #expect(memcmp(byOurs.bytes, byWhole.bytes, byOurs.byteCount) == 0, "frame \(frame)")
    }
    #expect(ours.counted.gradientsShadedThroughMasks >= 6, "shaded through masks \(ours.counted.gradientsShadedThroughMasks)")
    #expect(whole.counted.gradientsShadedThroughMasks == 0)
  }

  @Test("a faded masked gradient comes out as the whole group masked and painted with alpha", arguments: [0.05, 0.3, 0.5, 0.77, 0.999])
  func faded(opacity: Double) throws {
    // A turned radial gradient far larger than its mask (an oval and a thin stroke, so edges
    // of every coverage), on a background it is laid over.
    let preset = """
      { schemaVersion: 1, canvas: { size: [120, 120], background: "#40E0B0" }, clip: { start: 0, cycle: 1 }, layers: [
        { id: "under", type: "shape", position: [60, 60], path: { oval: [-50, -30, 100, 60] }, fillColor: "#F58A1F" },
        { id: "g", type: "gradient", gradientType: "radial", opacity: \(opacity), position: [60, 60], bounds: [-400, -400, 800, 800],
          transform: { rotate: "21deg" }, colors: ["#FFFFFF", "#0F4E65", "#DA70D680"], locations: [0, 0.6, 1], startPoint: [0.5, 0.5], endPoint: [0.54, 0.54],
          mask: { id: "m", sublayers: [
            { id: "o", type: "shape", path: { oval: [-35, -25, 62, 47] }, fillColor: "#000000D0" },
            { id: "s", type: "shape", path: "M -40 30 L 40 -33", fillColor: "clear", strokeColor: "black", lineWidth: 1.3 } ] } } ] }
      """
    let scene = try PresetCompiler.compile(Data(preset.utf8), file: "faded.json5")
    let viewport = Viewport(canvasSize: scene.canvasSize, pixelWidth: 180, pixelHeight: 180)
    let ours = CairoBackend(counters: RenderCounters())
    let whole = CairoBackend(fastPaths: FastPaths(shadesGradientsThroughMasks: false), counters: RenderCounters())
    let byOurs = try #require(PixelBuffer(width: 180, height: 180))
    let byWhole = try #require(PixelBuffer(width: 180, height: 180))
    try ours.render(scene.presentation(at: 0), viewport: viewport, into: byOurs)
    try whole.render(scene.presentation(at: 0), viewport: viewport, into: byWhole)
    #expect(memcmp(byOurs.bytes, byWhole.bytes, byOurs.byteCount) == 0)
    #expect(ours.counted.gradientsShadedThroughMasks == 1)
    #expect(whole.counted.gradientsShadedThroughMasks == 0)
  }
}
