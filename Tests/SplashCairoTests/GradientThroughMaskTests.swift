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
  /// The frame of `scene` at `time` drawn by `backend` into a fresh buffer.
  private func drawn(_ scene: Scene, at time: Double, viewport: Viewport, by backend: CairoBackend) throws -> PixelBuffer {
    let buffer = try #require(PixelBuffer(width: viewport.pixelWidth, height: viewport.pixelHeight))
    try backend.render(scene.presentation(at: time), viewport: viewport, into: buffer)
    return buffer
  }

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
    let pictured = CairoBackend(fastPaths: FastPaths(shadesThroughSweptPaints: false), counters: RenderCounters())
    let whole = CairoBackend(fastPaths: FastPaths(shadesGradientsThroughMasks: false), counters: RenderCounters())
    for frame in 0..<6 {
      let time = Double(frame) * 0.17
      let byOurs = try drawn(scene, at: time, viewport: viewport, by: ours)
      let byPicture = try drawn(scene, at: time, viewport: viewport, by: pictured)
      let byWhole = try drawn(scene, at: time, viewport: viewport, by: whole)
      #expect(memcmp(byOurs.bytes, byWhole.bytes, byOurs.byteCount) == 0, "frame \(frame)")
      #expect(memcmp(byPicture.bytes, byWhole.bytes, byOurs.byteCount) == 0, "frame \(frame)")
    }
    // Each copy's fill and stroke: a mask painting one thing, shaded through as it is swept.
    #expect(ours.counted.gradientsShadedAsSwept >= 6 * 6, "shaded as swept \(ours.counted.gradientsShadedAsSwept)")
    // The opaque fills' insides, at full opacity: copied from the shaded rows.
    #expect(ours.counted.gradientPixelsCopied > 1_000, "copied \(ours.counted.gradientPixelsCopied)")
    #expect(pictured.counted.gradientsShadedThroughMasks >= 6, "shaded through masks \(pictured.counted.gradientsShadedThroughMasks)")
    #expect(pictured.counted.gradientsShadedAsSwept == 0)
    #expect(whole.counted.gradientsShadedThroughMasks == 0)
  }

  @Test(
    "a masked gradient shaded through its mask's one fill as it is swept, faded, cut by the frame, drawn twice",
    arguments: [1, 0.05, 0.5, 0.999])
  func sweptFill(opacity: Double) throws {
    // A turned axial gradient masked by a turned star reaching past the frame's left edge,
    // over a shape it is laid onto; drawn twice, the second time when a picture of the
    // gradient could have been kept.
    let preset = """
      { schemaVersion: 1, canvas: { size: [120, 120], background: "#40E0B0" }, clip: { start: 0, cycle: 1 }, layers: [
        { id: "under", type: "shape", position: [40, 60], path: { oval: [-50, -30, 100, 60] }, fillColor: "#F58A1F" },
        { id: "g", type: "gradient", opacity: \(opacity), position: [30, 60], bounds: [-300, -300, 600, 600],
          transform: { rotate: "-33deg" }, colors: ["#FFFFFF", "#0F4E65", "#DA70D6"], locations: [0, 0.5, 1],
          startPoint: [0.45, 0.5], endPoint: [0.56, 0.52],
          mask: { id: "m", position: [3, -2], transform: { rotate: "17deg" }, sublayers: [
            { id: "star", type: "shape", fillColor: "#000000",
              path: { polygon: [[0, -50], [12, -14], [48, -14], [19, 8], [30, 44], [0, 22], [-30, 44], [-19, 8], [-48, -14], [-12, -14]] } },
            { id: "hidden", type: "shape", hidden: true, fillColor: "#000000", path: { rect: [-50, -50, 100, 100] } } ] } } ] }
      """
    let scene = try PresetCompiler.compile(Data(preset.utf8), file: "swept.json5")
    let viewport = Viewport(canvasSize: scene.canvasSize, pixelWidth: 171, pixelHeight: 171)
    let ours = CairoBackend(fastPaths: FastPaths(redrawsChangedRegion: false), counters: RenderCounters())
    let whole = CairoBackend(fastPaths: FastPaths(shadesGradientsThroughMasks: false), counters: RenderCounters())
    for _ in 0..<2 {
      let byOurs = try drawn(scene, at: 0, viewport: viewport, by: ours)
      let byWhole = try drawn(scene, at: 0, viewport: viewport, by: whole)
      #expect(memcmp(byOurs.bytes, byWhole.bytes, byOurs.byteCount) == 0)
    }
    #expect(ours.counted.gradientsShadedAsSwept == 2)
    #expect(whole.counted.gradientsShadedThroughMasks == 0)
  }

  @Test(
    "under a clip that covers pixels in part, a masked gradient comes out as Cairo masks it, swept or through a picture",
    arguments: [100, 50])
  func partlyClipped(opacity: Double) throws {
    // A star with a radial gradient fill crosses the clip's edge at column 55.125
    // (`MaskedPictureTests.letterboxed`).
    let star =
      #"{"ty":"sr","sy":1,"pt":{"a":0,"k":5},"p":{"a":0,"k":[0,0]},"r":{"a":1,"k":[{"t":0,"s":[0],"o":{"x":0,"y":0},"i":{"x":1,"y":1}},{"t":60,"s":[72]}]},"or":{"a":0,"k":60},"ir":{"a":0,"k":30},"os":{"a":0,"k":0},"is":{"a":0,"k":0}}"#
    let fill =
      #"{"ty":"gf","t":2,"s":{"a":0,"k":[0,0]},"e":{"a":0,"k":[60,0]},"g":{"p":2,"k":{"a":0,"k":[0,1,0.8,0.1,1,0.2,0.1,0.9]}},"o":{"a":0,"k":100},"r":1}"#
    let layer =
      #"{"ty":4,"nm":"star","ip":0,"op":60,"ks":{"o":{"a":0,"k":\#(opacity)},"p":{"a":0,"k":[20,100]}},"shapes":[\#(star),\#(fill)]}"#
    let (scene, viewport) = try MaskedPictureTests.letterboxed(layer)
    let ours = CairoBackend(counters: RenderCounters())
    let pictured = CairoBackend(fastPaths: FastPaths(shadesThroughSweptPaints: false), counters: RenderCounters())
    let whole = CairoBackend(fastPaths: FastPaths(shadesGradientsThroughMasks: false), counters: RenderCounters())
    var partlyCovered = 0
    for frame in 0..<3 {
      let time = Double(frame) * 0.4
      let byOurs = try drawn(scene, at: time, viewport: viewport, by: ours)
      let byPicture = try drawn(scene, at: time, viewport: viewport, by: pictured)
      let byWhole = try drawn(scene, at: time, viewport: viewport, by: whole)
      #expect(memcmp(byOurs.bytes, byWhole.bytes, byOurs.byteCount) == 0, "frame \(frame)")
      #expect(memcmp(byPicture.bytes, byWhole.bytes, byOurs.byteCount) == 0, "frame \(frame)")
      // Where the star crosses the clip's edge, column 54 shows what lies behind (as the
      // frame's left edge does), column 56 the star, and column 55 a mix of the two.
      for y in 0..<173 {
        let behind = byOurs.rgba(x: 2, y: y)
        let (cut, mixed, star) = (byOurs.rgba(x: 54, y: y), byOurs.rgba(x: 55, y: y), byOurs.rgba(x: 56, y: y))
        if cut == behind, star != behind, mixed != behind, mixed != star { partlyCovered += 1 }
      }
    }
    #expect(opacity < 100 || partlyCovered > 0, "no pixel of the clip's column covered in part")
    if opacity == 100 {
      #expect(ours.counted.gradientsShadedAsSwept == 3, "shaded as swept \(ours.counted.gradientsShadedAsSwept)")
      #expect(pictured.counted.gradientsShadedThroughMasks == 3, "through masks \(pictured.counted.gradientsShadedThroughMasks)")
    }
    #expect(whole.counted.gradientsShadedThroughMasks == 0)
    // The clip's coverage, drawn for the first frame, is the later frames'.
    #expect(opacity < 100 || ours.counted.clipCoveragesReused == 2, "reused \(ours.counted.clipCoveragesReused)")
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
    let byOurs = try drawn(scene, at: 0, viewport: viewport, by: ours)
    let byWhole = try drawn(scene, at: 0, viewport: viewport, by: whole)
    #expect(memcmp(byOurs.bytes, byWhole.bytes, byOurs.byteCount) == 0)
    #expect(ours.counted.gradientsShadedThroughMasks == 1)
    #expect(whole.counted.gradientsShadedThroughMasks == 0)
  }
}
