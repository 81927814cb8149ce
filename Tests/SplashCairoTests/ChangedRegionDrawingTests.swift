import Foundation
import SplashCore
import SplashModel
import SplashPresets
import SplashRender
import SplashTestSupport
import Testing

@testable import SplashCairo

/// A backend drawing frame after frame into one buffer redraws only the region where the
/// display list changed (`ChangedRegion`), and every frame is byte for byte the frame drawn
/// whole into a fresh buffer.
@Suite("Redrawing only the changed region draws the frames drawn whole")
struct ChangedRegionDrawingTests {
  /// Still layers of every kind that draws a picture of its own (gradients, text, an image
  /// made smaller, a blurred star, a shadowed card, a faded pair, a masked square whose mask's
  /// bar moves) and a bordered layer clipping a translucent oval to its rounded corners, which
  /// draws straight onto the frame, above and among a disc sliding across the lower half, a
  /// ring whose stroke grows and then rests and a square turning for a second: the rows
  /// redrawn cut through the rounded clip and the oval, and grow over the pictures they reach.
  /// (`ExamplePromoChangedRegionTests` has a scaled video they must grow over.)
  static let layers = ##"""
    { id: "sky", type: "gradient", position: [60, 12], bounds: [0, 0, 120, 24], colors: ["#0F4E65", "#FF8000"],
      startPoint: [0, 0.5], endPoint: [1, 0.5] },
    { id: "band", type: "gradient", position: [60, 60], bounds: [0, 0, 120, 20], colors: ["#303060", "#FFFFFF", "#603030"],
      startPoint: [0.1, 0], endPoint: [0.9, 1] },
    { id: "frame", position: [60, 60], bounds: [0, 0, 110, 104], borderWidth: 1.5, borderColor: "#DA70D6", cornerRadius: 6,
      masksToBounds: true, sublayers: [
        { id: "inside", type: "shape", position: [55, 52], fillColor: "#40E0B080", path: { oval: [-50, -50, 100, 100] } } ] },
    { id: "photo", position: [100, 65], bounds: [0, 0, 30, 90], cornerRadius: 5, masksToBounds: true,
      contents: "photo.png", contentsGravity: "resizeAspectFill" },
    { id: "label", type: "text", position: [60, 40], bounds: [0, 0, 100, 20], string: "Loading", fontSize: 14,
      foregroundColor: "#FFFFFF", alignmentMode: "center" },
    { id: "blurred", type: "shape", position: [25, 85], fillColor: "#F0D020", blurRadius: 2,
      path: { polygon: [[0, -12], [4, -4], [12, -4], [5, 2], [8, 11], [0, 5], [-8, 11], [-5, 2], [-12, -4], [-4, -4]] } },
    { id: "card", position: [95, 85], bounds: [0, 0, 30, 20], backgroundColor: "#FFFFFF", cornerRadius: 4,
      shadowOpacity: 0.6, shadowRadius: 3, shadowOffset: [2, 3] },
    { id: "faded", position: [60, 105], bounds: [0, 0, 50, 14], opacity: 0.5, sublayers: [
      { id: "left", type: "shape", fillColor: "#40E0B0", path: { rect: [0, 0, 30, 14] } },
      { id: "right", type: "shape", fillColor: "#DA70D6", path: { rect: [20, 0, 30, 14] } } ] },
    { id: "sliding", type: "shape", position: [10, 80], fillColor: "#FF8000AA", path: { oval: [-8, -8, 16, 16] },
      animations: [{ type: "basic", keyPath: "position.x", fromValue: 10, toValue: 110, duration: 1 }] },
    { id: "ring", type: "shape", position: [85, 60], fillColor: "clear", strokeColor: "#DA70D6", lineWidth: 4, lineCap: "round",
      path: { oval: [-8, -8, 16, 16] },
      animations: [{ type: "basic", keyPath: "strokeEnd", fromValue: 0.1, toValue: 0.8, duration: 0.5, fillMode: "forwards", removedOnCompletion: false }] },
    { id: "turning", type: "shape", position: [30, 60], fillColor: "clear", strokeColor: "#40E0B0", lineWidth: 2,
      lineDashPattern: [5, 3], path: { rect: [-8, -8, 16, 16] },
      animations: [{ type: "basic", keyPath: "transform.rotation.z", fromValue: "0deg", toValue: "3rad", duration: 1 }] },
    { id: "square", position: [60, 60], bounds: [0, 0, 24, 16], backgroundColor: "#F58A1F",
      mask: { id: "m", position: [12, 8], bounds: [0, 0, 24, 16], sublayers: [
        { id: "dot", type: "shape", fillColor: "#000000AA", path: { oval: [2, 2, 12, 12] } },
        { id: "bar", type: "shape", fillColor: "clear", strokeColor: "#000000", lineWidth: 3, path: "M 0 14 L 24 2",
          animations: [{ type: "basic", keyPath: "position.y", fromValue: 8, toValue: 12, duration: 0.4 }] } ] } }
    """##

  static func scene() throws -> Scene {
    let preset = """
      { schemaVersion: 1, canvas: { size: [120, 120], background: "#202020" }, clip: { start: 0, cycle: 2 }, layers: [\(layers)] }
      """
    let folder = try ScratchFolder.make("changed-rows")
    try PNGWriter.write(try photo(), to: folder.appendingPathComponent("photo.png").path)
    return try PresetCompiler.compile(Data(preset.utf8), file: "rows.json5", baseDirectory: folder)
  }

  /// A 180x320 image of fine stripes and a diagonal ramp, drawn at about 0.28 of its size.
  static func photo() throws -> PixelBuffer {
    let image = try #require(PixelBuffer(width: 180, height: 320))
    for row in 0..<320 {
      let pixels = (image.bytes + row * image.bytesPerRow).assumingMemoryBound(to: UInt32.self)
      for column in 0..<180 {
        let stripe: UInt32 = (row / 3 + column / 5) % 2 == 0 ? 0xE0 : 0x30
        let ramp = UInt32((row + column) * 255 / 500)
        pixels[column] = 0xFF00_0000 | stripe << 16 | ramp << 8 | UInt32(column * 255 / 179)
      }
    }
    return image
  }

  static func viewport(_ scene: Scene) -> Viewport {
    Viewport(canvasSize: scene.canvasSize, pixelWidth: 180, pixelHeight: 180)
  }

  /// Draws the frames at `times` as a render's worker does: each tree sharing what holds still
  /// with the last, each list built from the last one's nodes (`RetainedDisplayList`), each
  /// drawn into `buffer` through `viewport` (180x180 when not given). `check` sees each frame
  /// drawn.
  static func draw(
    _ scene: Scene, at times: [Double], with backend: CairoBackend, viewport: Viewport? = nil,
    into buffers: (Int) throws -> PixelBuffer, check: (Double, PixelBuffer) throws -> Void = { _, _ in }
  ) throws {
    let viewport = viewport ?? Self.viewport(scene)
    let evaluator = SceneEvaluator(scene)
    let retained = RetainedDisplayList()
    var previous: PresentationTree?
    for (index, time) in times.enumerated() {
      let tree = evaluator.presentation(at: time, sharingWith: previous)
      previous = tree
      let buffer = try buffers(index)
      try backend.render(DisplayList(tree, viewport: viewport, measuring: backend, retaining: retained), into: buffer)
      try check(time, buffer)
    }
  }

  /// A check for `draw` that expects each frame as `whole` draws it into a fresh buffer.
  static func expectDrawnAlike(by whole: CairoBackend, scene: Scene) -> (Double, PixelBuffer) throws -> Void {
    { time, kept in
      let drawn = try #require(PixelBuffer(width: kept.width, height: kept.height))
      try whole.render(scene.presentation(at: time), viewport: viewport(scene), into: drawn)
      #expect(memcmp(kept.bytes, drawn.bytes, kept.byteCount) == 0, "t = \(time) s")
    }
  }

  @Test("60 frames drawn into one buffer equal the frames drawn whole, and most are redrawn in part")
  func sameFrames() throws {
    let scene = try Self.scene()
    let redrawing = CairoBackend(counters: RenderCounters())
    let whole = CairoBackend(fastPaths: FastPaths(redrawsChangedRegion: false), counters: RenderCounters())
    let kept = try #require(PixelBuffer(width: 180, height: 180))
    let times = (0..<60).map { Double($0) / 30 }
    try Self.draw(scene, at: times, with: redrawing, into: { _ in kept }, check: Self.expectDrawnAlike(by: whole, scene: scene))
    let counted = redrawing.counted
    #expect(counted.framesDrawnWhole == 1)
    #expect(counted.framesRedrawnInPart > 0)
    // After a second every animation rests: the frames are the buffer as it is.
    #expect(counted.framesUnchanged >= 25)
    #expect(counted.rowsRedrawn < counted.framesRedrawnInPart * 180)
    #expect(whole.counted.framesDrawnWhole == 60)
  }

  @Test("layers below the top level that lie wholly outside the region redrawn are left out")
  func layersOutsideTheRegion() throws {
    // One container as large as the canvas: the top level alone cannot leave any of it out. A
    // tall oval reaches into the turning square's rows from above, beside it: it is drawn
    // whole (and the region widened over it) in the frames where the square's box comes near
    // it, and left out in the others.
    let preset = ##"""
      { schemaVersion: 1, canvas: { size: [120, 120], background: "#202020" }, clip: { start: 0, cycle: 1 }, layers: [
        { id: "column", position: [60, 60], bounds: [0, 0, 120, 120], sublayers: [
          { id: "top", type: "shape", position: [60, 10], fillColor: "#FFFFFF", path: { oval: [-30, -6, 60, 12] } },
          { id: "turning", type: "shape", position: [60, 60], fillColor: "clear", strokeColor: "#40E0B0", lineWidth: 3,
            path: { rect: [-10, -10, 20, 20] },
            animations: [{ type: "basic", keyPath: "transform.rotation.z", fromValue: "0deg", toValue: "2rad", duration: 1 }] },
          { id: "reaching", type: "shape", position: [20, 45], fillColor: "#FF8000", path: { oval: [-6, -20, 12, 40] } },
          { id: "bottom", type: "shape", position: [60, 110], fillColor: "#DA70D6", path: { rect: [-40, -5, 80, 10] } } ] } ] }
      """##
    let scene = try PresetCompiler.compile(Data(preset.utf8), file: "column.json5")
    let redrawing = CairoBackend(counters: RenderCounters())
    let whole = CairoBackend(fastPaths: FastPaths(redrawsChangedRegion: false))
    let kept = try #require(PixelBuffer(width: 180, height: 180))
    try Self.draw(
      scene, at: (0..<20).map { Double($0) / 20 }, with: redrawing, into: { _ in kept },
      check: Self.expectDrawnAlike(by: whole, scene: scene))
    // The still oval and bar, in each of the 19 frames redrawn around the turning square, and
    // the tall oval in the 8 where the square, last frame and this one, lies within about 17°
    // of the axes: its extents (the square and the reach of its miter joins, 25 points each
    // way) turned by θ reach 25 (|cos θ| + |sin θ|) points left of its centre, into the
    // oval's two pixels of margin only when turned further.
    #expect(redrawing.counted.framesRedrawnInPart == 19)
    #expect(redrawing.counted.layersOutsideRedrawnRegion == 46)
  }

  @Test("squares turning a column at a time redraw their column, and the still ones beside it are left as they are")
  func turningColumn() throws {
    // A loader: three columns of squares, translucent and stroked, on a canvas colour; the
    // middle column turns for the first half second, and the right one is taken along by a
    // container that slides it right and back. A still bar between two rows of squares
    // crosses the middle column's edges: its rows are redrawn, and it is drawn whole in them
    // (from its own left), the region widened over it.
    func square(_ id: String, _ x: Int, _ y: Int, turning: Bool) -> String {
      let animation =
        turning
        ? ##", animations: [{ type: "basic", keyPath: "transform.rotation.z", fromValue: 0, toValue: "90deg", duration: 0.5 }]"## : ""
      return ##"{ id: "\##(id)", type: "shape", position: [\##(x), \##(y)], fillColor: "#12B0D0C0", strokeColor: "#0F4E65", "##
        + ##"lineWidth: 1.5, lineJoin: "round", path: { rect: [-9, -9, 18, 18] }\##(animation) }"##
    }
    let left = [20, 60, 100].map { square("l\($0)", 20, $0, turning: false) }
    let middle = [20, 60, 100].map { square("m\($0)", 60, $0, turning: true) }
    let right = [-40, 0, 40].map { square("r\($0)", 0, $0, turning: false) }
    let preset = ##"""
      { schemaVersion: 1, canvas: { size: [120, 120], background: "#F4F4F4" }, clip: { start: 0, cycle: 1 }, layers: [
        \##((left + middle).joined(separator: ", ")),
        { id: "sliding", position: [100, 60], bounds: [0, 0, 0, 0], sublayers: [\##(right.joined(separator: ", "))],
          animations: [{ type: "keyframe", keyPath: "position.x", values: [100, 103, 100], keyTimes: [0.5, 0.75, 1], duration: 1 }] },
        { id: "bar", type: "shape", position: [60, 40], fillColor: "#DA70D680", path: { rect: [-20, -2, 40, 4] } } ] }
      """##
    let scene = try PresetCompiler.compile(Data(preset.utf8), file: "loader.json5")
    let redrawing = CairoBackend(counters: RenderCounters())
    let whole = CairoBackend(fastPaths: FastPaths(redrawsChangedRegion: false))
    let kept = try #require(PixelBuffer(width: 180, height: 180))
    try Self.draw(
      scene, at: (0..<30).map { Double($0) / 30 }, with: redrawing, into: { _ in kept },
      check: Self.expectDrawnAlike(by: whole, scene: scene))
    let counted = redrawing.counted
    #expect(counted.framesDrawnWhole == 1)
    // At 23/30 s the sliding column is where it was at 22/30 s (2.8 points right, either side
    // of its turn at 0.75 s): that frame is left as it is.
    #expect(counted.framesRedrawnInPart == 28)
    #expect(counted.framesUnchanged == 1)
    // The turning column, then the sliding one, each a third of the width or so, but every
    // row: well under half of the pixels of the rows redrawn.
    #expect(counted.pixelsRedrawn * 2 < counted.rowsRedrawn * 180, "\(counted.pixelsRedrawn) of \(counted.rowsRedrawn * 180)")
  }

  @Test("a list drawn into another buffer than the one its predecessor was drawn into, or kept nowhere, is drawn whole")
  func otherBuffers() throws {
    let scene = try Self.scene()
    let backend = CairoBackend(counters: RenderCounters())
    let first = try #require(PixelBuffer(width: 180, height: 180))
    let second = try #require(PixelBuffer(width: 180, height: 180))
    try Self.draw(scene, at: [0.1, 0.2, 0.3], with: backend, into: { $0 == 1 ? second : first })
    #expect(backend.counted.framesDrawnWhole == 3)
    try Self.draw(scene, at: [0.4, 0.5], with: backend, into: { _ in first })
    // The first list of a new `RetainedDisplayList` follows none.
    #expect(backend.counted.framesDrawnWhole == 4)
    #expect(backend.counted.framesRedrawnInPart == 1)
    try backend.render(scene.presentation(at: 0.6), viewport: Self.viewport(scene), into: first)
    #expect(backend.counted.framesDrawnWhole == 5)
  }
}
