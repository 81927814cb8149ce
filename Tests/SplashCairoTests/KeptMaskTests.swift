import Foundation
import SplashCore
import SplashModel
import SplashPresets
import SplashRender
import Testing

@testable import SplashCairo

/// A mask at rest over content that moves is drawn whole once and composited through again in
/// the frames after (`CairoBackend.maskPicture`): the frames must be the ones drawing each mask
/// afresh under the clip gives, byte for byte, also in frames redrawn in part.
@Suite("Masks kept from frame to frame change no pixel")
struct KeptMaskTests {
  /// Five masked layers over a dark canvas, each with content that turns or slides:
  /// - "porthole": a round alpha mask at rest over a turning dashed square and a sliding bar;
  /// - "lamp": a luminance mask at rest (a white disc over a grey band) over a turning square;
  /// - "sweep": a mask that slides across its still stripes, drawn afresh each frame;
  /// - "cutout": an inverted mask at rest over a sliding dot, never kept;
  /// - "reveal": a mask of three dots at rest over a bar that slides across them: the dots
  ///   beyond the bar's reach at first must be in the mask kept.
  static let preset = ##"""
    { schemaVersion: 1, canvas: { size: [160, 144], background: "#202020" }, clip: { start: 0, cycle: 1 }, layers: [
      { id: "porthole", position: [40, 40], bounds: [0, 0, 60, 60],
        sublayers: [
          { id: "turning", type: "shape", position: [30, 30], fillColor: "#40E0B0", strokeColor: "#DA70D6", lineWidth: 3,
            lineDashPattern: [6, 3], path: { rect: [-22, -22, 44, 44] },
            animations: [{ type: "basic", keyPath: "transform.rotation.z", fromValue: 0, toValue: "2rad", duration: 1 }] },
          { id: "bar", type: "shape", position: [0, 30], fillColor: "#FF8000C0", path: { rect: [-10, -4, 20, 8] },
            animations: [{ type: "basic", keyPath: "position.x", fromValue: 0, toValue: 60, duration: 1 }] } ],
        mask: { id: "round", type: "shape", position: [30, 30], fillColor: "#000000", path: { oval: [-24.3, -24.3, 48.6, 48.6] } } },
      { id: "lamp", position: [120, 40], bounds: [0, 0, 50, 50], maskMode: "luminance",
        sublayers: [
          { id: "spinning", type: "shape", position: [25, 25], fillColor: "#F0D020", path: { rect: [-20, -12, 40, 24] },
            animations: [{ type: "basic", keyPath: "transform.rotation.z", fromValue: 0, toValue: "3rad", duration: 1 }] } ],
        mask: { id: "light", position: [25, 25], bounds: [0, 0, 50, 50], sublayers: [
          { id: "band", type: "shape", fillColor: "#808080", path: { rect: [0, 18, 50, 14] } },
          { id: "disc", type: "shape", fillColor: "#FFFFFF", path: { oval: [13.5, 13.5, 23, 23] } } ] } },
      { id: "sweep", position: [40, 95], bounds: [0, 0, 60, 30],
        sublayers: [
          { id: "stripes", type: "shape", fillColor: "#12B0D0", path: { polygon: [[0, 0], [60, 0], [60, 10], [0, 10]] } },
          { id: "more", type: "shape", fillColor: "#F58A1F", path: { polygon: [[0, 15], [60, 15], [60, 25], [0, 25]] } } ],
        mask: { id: "window", type: "shape", position: [10, 15], fillColor: "#000000", path: { oval: [-10, -14, 20, 28] },
          animations: [{ type: "basic", keyPath: "position.x", fromValue: 10, toValue: 50, duration: 1 }] } },
      { id: "cutout", position: [120, 95], bounds: [0, 0, 50, 30], backgroundColor: "#DA70D6", invertsMask: true,
        sublayers: [
          { id: "dot", type: "shape", position: [0, 15], fillColor: "#FFFFFF", path: { oval: [-6, -6, 12, 12] },
            animations: [{ type: "basic", keyPath: "position.x", fromValue: 0, toValue: 50, duration: 1 }] } ],
        mask: { id: "hole", type: "shape", position: [25, 15], fillColor: "#000000", path: { oval: [-9.5, -9.5, 19, 19] } } },
      { id: "reveal", position: [80, 130], bounds: [0, 0, 140, 20],
        sublayers: [
          { id: "slider", type: "shape", position: [0, 10], fillColor: "#40E0B0", path: { rect: [-15, -8, 30, 16] },
            animations: [{ type: "basic", keyPath: "position.x", fromValue: 0, toValue: 140, duration: 0.4 }] } ],
        mask: { id: "dots", position: [70, 10], bounds: [0, 0, 140, 20], sublayers: [
          { id: "first", type: "shape", fillColor: "#000000", path: { oval: [5, 3, 14, 14] } },
          { id: "second", type: "shape", fillColor: "#000000", path: { oval: [63, 3, 14, 14] } },
          { id: "third", type: "shape", fillColor: "#000000", path: { oval: [121, 3, 14, 14] } } ] } } ] }
    """##

  static func scene() throws -> Scene {
    try PresetCompiler.compile(Data(preset.utf8), file: "masks.json5")
  }

  static func viewport(_ scene: Scene) -> Viewport {
    Viewport(canvasSize: scene.canvasSize, pixelWidth: 200, pixelHeight: 180)
  }

  /// Draws the frames at `times` with `backend` as a render's worker does
  /// (`ChangedRegionDrawingTests.draw`), into `buffer(frame)`, and expects each to be the frame
  /// a backend that keeps no mask and draws every frame whole draws into a fresh buffer.
  static func expectSameFrames(
    _ scene: Scene, at times: [Double], with backend: CairoBackend, viewport: Viewport? = nil,
    into buffer: (Int) throws -> PixelBuffer
  ) throws {
    let viewport = viewport ?? Self.viewport(scene)
    let reference = CairoBackend(fastPaths: FastPaths(redrawsChangedRegion: false, keepsMasks: false))
    try ChangedRegionDrawingTests.draw(scene, at: times, with: backend, viewport: viewport, into: buffer) { time, drawn in
      let fresh = try #require(PixelBuffer(width: drawn.width, height: drawn.height))
      try reference.render(scene.presentation(at: time), viewport: viewport, into: fresh)
      #expect(memcmp(drawn.bytes, fresh.bytes, drawn.byteCount) == 0, "t = \(time) s")
    }
  }

  @Test("masks at rest are drawn whole once and reused; a moving or inverted mask is drawn each frame")
  func keptWhole() throws {
    let scene = try Self.scene()
    let backend = CairoBackend(fastPaths: FastPaths(redrawsChangedRegion: false), counters: RenderCounters())
    try Self.expectSameFrames(scene, at: (0..<12).map { Double($0) / 30 }, with: backend) { _ in
      try #require(PixelBuffer(width: 200, height: 180))
    }
    // The porthole's, the lamp's and the reveal's masks: at rest (taken from the last frame's
    // list) and asked for at frames 1 and 2, kept whole at 2, and composited through from the
    // kept pictures in the nine frames after.
    #expect(backend.counted.masksKeptWhole == 3)
    #expect(backend.counted.masksReused == 27)
  }

  @Test("a mask kept whole serves the frames redrawn in part, whatever rows they redraw")
  func keptThroughRegions() throws {
    let scene = try Self.scene()
    let backend = CairoBackend(counters: RenderCounters())
    let kept = try #require(PixelBuffer(width: 200, height: 180))
    try Self.expectSameFrames(scene, at: (0..<12).map { Double($0) / 30 }, with: backend) { _ in kept }
    #expect(backend.counted.framesRedrawnInPart == 11)
    #expect(backend.counted.masksKeptWhole == 3)
    #expect(backend.counted.masksReused == 27)
  }

  @Test("a mask kept in a frame redrawn in part holds its layers outside the rows redrawn")
  func keptWholeOutsideTheRows() throws {
    // A bar drops through a mask of two dots, one above the other: in the frame the mask is
    // kept, only the rows around the bar are redrawn, and the lower dot lies below them.
    let preset = ##"""
      { schemaVersion: 1, canvas: { size: [60, 120], background: "#202020" }, clip: { start: 0, cycle: 1 }, layers: [
        { id: "lift", position: [30, 60], bounds: [0, 0, 40, 100],
          sublayers: [
            { id: "bar", type: "shape", position: [20, 0], fillColor: "#F58A1F", path: { rect: [-18, -6, 36, 12] },
              animations: [{ type: "basic", keyPath: "position.y", fromValue: 0, toValue: 100, duration: 0.4 }] } ],
          mask: { id: "dots", position: [20, 50], bounds: [0, 0, 40, 100], sublayers: [
            { id: "upper", type: "shape", fillColor: "#000000", path: { oval: [10.5, 2.5, 19, 19] } },
            { id: "lower", type: "shape", fillColor: "#000000", path: { oval: [10.5, 76.5, 19, 19] } } ] } } ] }
      """##
    let scene = try PresetCompiler.compile(Data(preset.utf8), file: "lift.json5")
    let backend = CairoBackend(counters: RenderCounters())
    let kept = try #require(PixelBuffer(width: 60, height: 120))
    try Self.expectSameFrames(
      scene, at: (0..<12).map { Double($0) / 30 }, with: backend,
      viewport: Viewport(canvasSize: scene.canvasSize, pixelWidth: 60, pixelHeight: 120)
    ) { _ in kept }
    #expect(backend.counted.framesRedrawnInPart == 11)
    #expect(backend.counted.masksKeptWhole == 1)
    #expect(backend.counted.masksReused == 9)
  }
}
