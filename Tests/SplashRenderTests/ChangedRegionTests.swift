import Foundation
import SplashCore
import SplashModel
import SplashPresets
import Testing

@testable import SplashRender

/// Which pixels of a frame a display list changes from the list drawn before it: the box of
/// what changed, grown over every picture of its own reaching into it and, in its columns,
/// over everything drawn across them; or none, or all.
@Suite("Changed region: where a frame differs from the one before")
struct ChangedRegionTests {
  /// A 200x200 canvas drawn at 400x400: a canvas point is two pixels.
  static func scene(_ layers: String) throws -> Scene {
    let preset = #"{ schemaVersion: 1, canvas: { size: [200, 200] }, clip: { start: 0, cycle: 2 }, layers: [\#(layers)] }"#
    return try PresetCompiler.compile(Data(preset.utf8), file: "changed-rows.json5")
  }

  static func list(_ scene: Scene, at time: Double, height: Int = 400) -> DisplayList {
    DisplayList(
      scene.presentation(at: time), viewport: Viewport(canvasSize: scene.canvasSize, pixelWidth: 400, pixelHeight: height),
      measuring: DisplayListTests.CountingMeasure())
  }

  static func changedRegion(_ scene: Scene, from earlier: Double, to later: Double) -> ChangedRegion {
    ChangedRegion(from: list(scene, at: earlier), to: list(scene, at: later))
  }

  /// A 10-point dot sliding right along y = 100 for a second, then resting.
  static let dot = ##"""
    { id: "dot", type: "shape", position: [20, 100], fillColor: "#FF8000", path: { oval: [-5, -5, 10, 10] },
      animations: [{ type: "basic", keyPath: "position.x", fromValue: 20, toValue: 180, duration: 1, fillMode: "forwards",
        removedOnCompletion: false }] }
    """##

  /// A faded pair (a group, so a picture of its own) of grey rectangles, the top and the
  /// bottom half of a `width`×`height` layer at `x`, `y`.
  static func fadedPair(_ id: String, x: Double, y: Double, width: Double, height: Double) -> String {
    ##"""
    { id: "\##(id)", position: [\##(x), \##(y)], bounds: [0, 0, \##(width), \##(height)], opacity: 0.5, sublayers: [
      { id: "\##(id)-top", type: "shape", fillColor: "#202020", path: { rect: [0, 0, \##(width), \##(height / 2)] } },
      { id: "\##(id)-bottom", type: "shape", fillColor: "#404040", path: { rect: [0, \##(height / 2), \##(width), \##(height / 2)] } } ] }
    """##
  }

  @Test("a dot sliding sideways changes its rows alone, with two pixels around them; at rest, none")
  func slidingDot() throws {
    let scene = try Self.scene(
      Self.dot + ##", { id: "still", type: "shape", position: [100, 20], fillColor: "#0F4E65", path: { rect: [-10, -10, 20, 20] } }"##)
    // From x 52 to 68 (± 5), y 95…105 in canvas points: columns 94…146 and rows 190…210, two
    // pixels more each way. The still square above is not drawn again.
    #expect(Self.changedRegion(scene, from: 0.2, to: 0.3) == .region(PixelRegion(rows: 188..<212, columns: 92..<148)))
    #expect(Self.changedRegion(scene, from: 1.2, to: 1.5) == .none)
  }

  @Test("a stroke cut to nothing that changes draws nothing, and leaves the region to what does")
  func undrawnStroke() throws {
    // Its width grows, but its end is 0: nothing of it is drawn, far above the dot.
    let undrawn = ##"""
      { id: "undrawn", type: "shape", position: [150, 20], strokeColor: "#000000", fillColor: "clear", path: "M 0 0 L 30 0",
        strokeEnd: 0, animations: [{ type: "basic", keyPath: "lineWidth", fromValue: 1, toValue: 3, duration: 1 }] }
      """##
    let scene = try Self.scene(Self.dot + ", " + undrawn)
    #expect(Self.changedRegion(scene, from: 0.2, to: 0.3) == .region(PixelRegion(rows: 188..<212, columns: 92..<148)))
  }

  @Test("the region grows over every picture reaching into it and those they then reach, and its columns over every drawing")
  func regionGrowsOverPicturesAndDrawings() throws {
    // Faded pairs (each a group): one from x 55 to 65 and y 90 to 130 crosses the dot's
    // region, and one from x 65 to 75 and y 125 to 160 the first's. A plain bar from x 75 to 95
    // in the dot's rows reaches its columns, and widens them (it draws straight, a row at a
    // time, from its own left); one beside them, and a faded pair above, are not drawn again.
    let scene = try Self.scene(
      [
        Self.dot, Self.fadedPair("bar", x: 60, y: 110, width: 10, height: 40),
        Self.fadedPair("lower", x: 70, y: 142.5, width: 10, height: 35),
        ##"{ id: "plain", position: [85, 100], bounds: [0, 0, 20, 10], backgroundColor: "#202020" }"##,
        ##"{ id: "beside", position: [180, 100], bounds: [0, 0, 10, 10], backgroundColor: "#202020" }"##,
        Self.fadedPair("far", x: 100, y: 20, width: 10, height: 10),
      ].joined(separator: ", "))
    // Rows: the lower pair's bottom, 320, and two pixels. Columns: from the dot's, 92, to the
    // plain bar's right, 190, and two pixels.
    #expect(Self.changedRegion(scene, from: 0.2, to: 0.3) == .region(PixelRegion(rows: 178..<322, columns: 92..<192)))
  }

  @Test("a drawing of unknown place beside the region keeps its rows whole, and the pictures they reach are grown over")
  func drawingOfUnknownPlace() throws {
    // A layer with a background whose sublayer transform has perspective: its extents are not
    // known (its sublayers' places in it are not affine), and it is no picture. In the dot's
    // rows, to the right of it; a faded pair to the left, from y 90 to 110, is reached once the
    // rows are whole.
    let scene = try Self.scene(
      Self.dot + ##"""
        , { id: "unknown", position: [170, 100], bounds: [0, 0, 20, 20], backgroundColor: "#0F4E65",
            sublayerTransform: { perspective: 500, rotateY: "30deg" }, sublayers: [
            { id: "inside", type: "shape", position: [10, 10], fillColor: "#FF8000", path: { rect: [-4, -4, 8, 8] } } ] },
        """## + Self.fadedPair("faded", x: 10, y: 100, width: 10, height: 20))
    #expect(Self.changedRegion(scene, from: 0.2, to: 0.3) == .region(PixelRegion(rows: 178..<222, columns: 0..<400)))
  }

  @Test("a layer moving inside a plain one redraws its own box; inside a faded one (a picture), the picture's")
  func changeBelowStillLayer() throws {
    let layers = #"""
      { id: "group", position: [100, 100], bounds: [0, 0, 200, 60], OPACITY sublayers: [
        { id: "falling", type: "shape", position: [100, 20], fillColor: "#FF8000", path: { rect: [-5, -5, 10, 10] },
          animations: [{ type: "basic", keyPath: "position.y", fromValue: 20, toValue: 40, duration: 1 }] },
        { id: "still", type: "shape", position: [50, 20], fillColor: "#0F4E65", path: { rect: [-5, -5, 10, 10] } } ] }
      """#
    // The group's top is at y 70: the square falls from y 92 ± 5 to 94 ± 5, rows 174…198, at
    // x 95…105, columns 190…210. The still square beside it and the group, which draws
    // nothing of its own, are not drawn again.
    let plain = try Self.scene(layers.replacingOccurrences(of: "OPACITY", with: ""))
    #expect(Self.changedRegion(plain, from: 0.1, to: 0.2) == .region(PixelRegion(rows: 172..<200, columns: 188..<212)))
    // Faded, the group is one picture of its two squares (it paints nothing of its own): x 45…105
    // and y 85…99 (the falling square at y 94 ± 5 at the latest), columns 90…210 and rows
    // 170…198, with a pixel of antialiasing around.
    let faded = try Self.scene(layers.replacingOccurrences(of: "OPACITY", with: "opacity: 0.5,"))
    #expect(Self.changedRegion(faded, from: 0.1, to: 0.2) == .region(PixelRegion(rows: 168..<200, columns: 88..<212)))
  }

  @Test("a changed mask changes the masked picture, whole")
  func changedMask() throws {
    let scene = try Self.scene(
      #"""
      { id: "masked", position: [100, 100], bounds: [0, 0, 20, 100], backgroundColor: "#FF8000", mask: {
        id: "m", position: [10, 50], bounds: [0, 0, 20, 100], sublayers: [
          { id: "top", type: "shape", fillColor: "#000000", path: { rect: [0, 0, 20, 10] } },
          { id: "moving", type: "shape", position: [0, 80], fillColor: "#000000", path: { rect: [0, 0, 20, 10] },
            animations: [{ type: "basic", keyPath: "position.x", fromValue: 0, toValue: 5, duration: 1 }] } ] } }
      """#)
    // The masked layer spans x 90…110 and y 50…150, but shows only where its mask's pieces
    // reach (y 50…140), and redraws whole once it is reached; the moving piece of the mask,
    // from x 90.5…110.5 to 91…111, reaches two pixels further right.
    #expect(Self.changedRegion(scene, from: 0.1, to: 0.2) == .region(PixelRegion(rows: 98..<282, columns: 178..<224)))
  }

  @Test("perspective, another viewport or another number of layers changes every row")
  func everyRow() throws {
    let scene = try Self.scene(
      Self.dot + #"""
        , { id: "tilted", position: [100, 40], bounds: [0, 0, 40, 40], backgroundColor: "#0F4E65",
          transform: { perspective: 500, rotateY: "30deg" },
          animations: [{ type: "basic", keyPath: "opacity", fromValue: 1, toValue: 0.5, duration: 1 }] }
        """#)
    #expect(Self.changedRegion(scene, from: 0.2, to: 0.3) == .all)
    let dot = try Self.scene(Self.dot)
    #expect(ChangedRegion(from: Self.list(dot, at: 0.2), to: Self.list(dot, at: 0.3, height: 300)) == .all)
    let two = try Self.scene(Self.dot + #", { id: "more", position: [10, 10], bounds: [0, 0, 4, 4], backgroundColor: "red" }"#)
    #expect(ChangedRegion(from: Self.list(dot, at: 0.2), to: Self.list(two, at: 0.3)) == .all)
  }

  @Test("a list built from the nodes kept of the last one follows it and finds the region it changes, as comparing the two does")
  func retainedListsCount() throws {
    let scene = try Self.scene(Self.dot)
    let evaluator = SceneEvaluator(scene)
    let retained = RetainedDisplayList()
    let viewport = Viewport(canvasSize: scene.canvasSize, pixelWidth: 400, pixelHeight: 400)
    let measuring = DisplayListTests.CountingMeasure()
    let first = DisplayList(evaluator.presentation(at: 0.2), viewport: viewport, measuring: measuring, retaining: retained)
    #expect(first.follows == nil)
    #expect(first.changedRegion == .all)
    let second = DisplayList(
      evaluator.presentation(at: 0.3, sharingWith: first.tree), viewport: viewport, measuring: measuring, retaining: retained)
    #expect(second.follows == first.mark)
    #expect(second.changedRegion == .region(PixelRegion(rows: 188..<212, columns: 92..<148)))
    #expect(second.changedRegion == ChangedRegion(from: Self.list(scene, at: 0.2), to: Self.list(scene, at: 0.3)))
    let alone = DisplayList(evaluator.presentation(at: 0.4), viewport: viewport, measuring: measuring)
    #expect(alone.follows == nil && alone.mark == nil)
  }

  @Test("a layer moving far below the frame changes nothing; one grown past what an integer holds, every row of its columns")
  func farLayers() throws {
    let below = try Self.scene(
      #"""
      { id: "far", position: [100, 1e200], bounds: [0, 0, 10, 10], backgroundColor: "#FF8000",
        animations: [{ type: "basic", keyPath: "position.y", fromValue: 1e200, toValue: 1e300, duration: 1 }] }
      """#)
    #expect(Self.changedRegion(below, from: 0.2, to: 0.3) == .none)
    let huge = try Self.scene(
      #"""
      { id: "huge", position: [100, 150], bounds: [0, 0, 10, 10], backgroundColor: "#FF8000",
        animations: [{ type: "basic", keyPath: "transform.scale.y", fromValue: 1e200, toValue: 1e300, duration: 1 }] }
      """#)
    // x 95…105: columns 190…210 and two pixels.
    #expect(Self.changedRegion(huge, from: 0.2, to: 0.3) == .region(PixelRegion(rows: 0..<400, columns: 188..<212)))
  }
}
