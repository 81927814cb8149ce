import Foundation
import SplashCore
import SplashModel
import SplashPresets
import SplashRender
import Testing

@testable import SplashCairo

/// Moving, faded layers that are slow to draw are composited from backing stores: the frames
/// stay a function of their time alone, close to drawing afresh, and memory stays bounded.
@Suite("Moving layers composited from backing stores")
struct BackingStoreTests {
  /// Four faded lattice tiles sliding right by a fraction of a pixel a frame and growing, over a
  /// dark ground; they rest from 1 s on. Tile b turns and shrinks its lines with a sublayer
  /// transform about an anchor off its centre, which its store must keep.
  ///
  /// - Parameter frame: The properties of a still layer around the row, or `nil` for none. Faded,
  ///   it is a group whose surface starts 10 points in from the canvas's corner, and the tiles
  ///   are composited onto that surface; with rounded corners that clip, the clip is no longer
  ///   a rectangle of whole pixels, and Cairo composites the stores.
  static func slidingTiles(frame: String? = nil) -> String {
    let row = """
        {
          id: "row",
          position: [20, 60],
          animations: [
            { type: "basic", keyPath: "position.x", fromValue: 20, toValue: 33.7, duration: 1, fillMode: "forwards", removedOnCompletion: false },
            { type: "basic", keyPath: "transform.scale", fromValue: 1, toValue: 1.3, duration: 1, fillMode: "forwards", removedOnCompletion: false },
          ],
          sublayers: [
            { id: "a", position: [0, 0], opacity: 0.8, sublayers: [{ id: "a-lines", type: "shape", fillColor: "clear", strokeColor: "#4DB5D9", lineWidth: 1, path: "M 0 0 L 40 40 M 40 0 L 0 40 M 0 20 L 20 5 L 40 20 L 20 35 Z M 20 5 L 11 20 L 20 35 L 29 20 Z M 11 20 L 29 20" }] },
            { id: "b", position: [45, 0], bounds: [0, 0, 40, 40], anchorPoint: [0.25, 0.25], sublayerTransform: { rotate: "pi / 8", scale: 0.8 }, opacity: 0.6, sublayers: [{ id: "b-lines", type: "shape", fillColor: "clear", strokeColor: "#4DB5D9", lineWidth: 1, path: "M 0 0 L 40 40 M 40 0 L 0 40 M 0 20 L 20 5 L 40 20 L 20 35 Z M 20 5 L 11 20 L 20 35 L 29 20 Z M 11 20 L 29 20" }] },
            { id: "c", position: [90, 0], opacity: 0.6, sublayers: [{ id: "c-lines", type: "shape", fillColor: "clear", strokeColor: "#4DB5D9", lineWidth: 1, path: "M 0 0 L 40 40 M 40 0 L 0 40 M 0 20 L 20 5 L 40 20 L 20 35 Z M 20 5 L 11 20 L 20 35 L 29 20 Z M 11 20 L 29 20" }] },
            { id: "d", position: [135, 0], opacity: 0.4, sublayers: [{ id: "d-lines", type: "shape", fillColor: "clear", strokeColor: "#4DB5D9", lineWidth: 0.5, path: "M 0 0 L 40 40 M 40 0 L 0 40 M 0 20 L 20 5 L 40 20 L 20 35 Z M 20 5 L 11 20 L 20 35 L 29 20 Z M 11 20 L 29 20" }] },
          ],
        }
      """
    let layers = frame.map { "{ id: \"frame\", position: [105, 65], bounds: [10, 10, 190, 110], \($0), sublayers: [\(row)] }" } ?? row
    return """
      { schemaVersion: 1, canvas: { size: [200, 120], background: "#10202A" }, clip: { start: 0, cycle: 2 }, layers: [\(layers)] }
      """
  }

  static func scene(frame: String? = nil) throws -> Scene {
    try PresetCompiler.compile(Data(slidingTiles(frame: frame).utf8), file: "sliding-tiles.json5")
  }

  static func render(_ tree: PresentationTree, with backend: CairoBackend = CairoBackend()) throws -> PixelBuffer {
    let buffer = try #require(PixelBuffer(width: 400, height: 240))
    try backend.render(tree, viewport: Viewport(canvasSize: Size(width: 200, height: 120), pixelWidth: 400, pixelHeight: 240), into: buffer)
    return buffer
  }

  static func bytes(_ buffer: PixelBuffer) -> Data { Data(bytes: buffer.bytes, count: buffer.byteCount) }

  /// The tree with nothing marked as moving: every layer drawn afresh at its exact place.
  static func atRest(_ tree: PresentationTree) -> PresentationTree {
    func clear(_ layer: PresentationLayer) -> PresentationLayer {
      var layer = layer
      layer.isMoving = false
      layer.sublayers = layer.sublayers.map(clear)
      return layer
    }
    var tree = tree
    tree.layers = tree.layers.map(clear)
    return tree
  }

  @Test("frames drawn in order by one backend equal frames drawn in reverse, each by a new one")
  func framesDependOnTheirTimeAlone() throws {
    let scene = try Self.scene()
    let times = (0..<24).map { Double($0) / 30 }
    let warm = CairoBackend(counters: RenderCounters())
    var inOrder: [Data] = []
    for time in times { inOrder.append(Self.bytes(try Self.render(scene.presentation(at: time), with: warm))) }
    for (index, time) in times.enumerated().reversed() {
      #expect(Self.bytes(try Self.render(scene.presentation(at: time))) == inOrder[index], "t = \(time)")
    }
    // Four tiles a frame; a and c draw the same and share stores (b turns its lines about its
    // anchor, d's are thinner), drawn again only as the row's scale crosses a step (1 → 1.23
    // spans at most four steps of 2^(1/8)).
    #expect(warm.counted.storesComposited == 4 * times.count, "composited \(warm.counted.storesComposited)")
    #expect(warm.counted.storesDrawn <= 3 * 4, "drawn \(warm.counted.storesDrawn)")
  }

  @Test(
    "a moving tile from its store is within a few levels of the tile drawn afresh; at rest it is drawn afresh",
    arguments: [
      (nil, 4),  // ink only, onto the frame
      ("opacity: 0.9, backgroundColor: \"#203040\"", 4),  // ink only, onto a group's surface (in colour: it has two)
      ("cornerRadius: 30, masksToBounds: true", 0),  // inside rounded corners: Cairo composites the whole store
    ] as [(String?, Int)])
  func closeToDrawingAfresh(frame: String?, compositedAsInk: Int) throws {
    let scene = try Self.scene(frame: frame)
    for time in [0.1, 0.37, 0.82] {
      let tree = scene.presentation(at: time)
      #expect(tree.layer(withID: "b")?.isMoving == true)
      let backend = CairoBackend(counters: RenderCounters())
      let stored = try Self.render(tree, with: backend)
      #expect(backend.counted.storesComposited == 4)
      #expect(backend.counted.storesCompositedAsInk == compositedAsInk)
      let afresh = try Self.render(Self.atRest(tree))
      var total = 0
      var largest = 0
      var lit = 0
      for y in 0..<stored.height {
        for x in 0..<stored.width {
          let a = stored.rgba(x: x, y: y)
          let b = afresh.rgba(x: x, y: y)
          let difference = max(abs(Int(a.red) - Int(b.red)), abs(Int(a.green) - Int(b.green)), abs(Int(a.blue) - Int(b.blue)))
          total += difference
          largest = max(largest, difference)
          if b.green > 0x30 { lit += 1 }
        }
      }
      // Filtering moves an edge's coverage by a fraction of a pixel: about 0.3 levels on average
      // here, 37 at most. A store placed half a pixel off gives 1.5 and 86.
      let mean = Double(total) / Double(stored.width * stored.height)
      #expect(mean < 0.6 && largest < 64 && lit > 2000, "t = \(time): mean difference \(mean), largest \(largest), \(lit) lit pixels")
    }
    // From 1 s on the row rests: nothing is composited from a store, so the frame is exact.
    let resting = scene.presentation(at: 1.5)
    #expect(resting.layer(withID: "b")?.isMoving == false)
    let backend = CairoBackend(counters: RenderCounters())
    #expect(Self.bytes(try Self.render(resting, with: backend)) == Self.bytes(try Self.render(Self.atRest(resting))))
    #expect(backend.counted.storesComposited == 0)
  }

  @Test("stores kept stay within their limit however many layers move")
  func memoryStaysBounded() throws {
    // 40 tiles of 100 points, each of its own line width (so no two share a store): about
    // 25 MB of stores, three times the limit.
    let tiles = (0..<40).map { index in
      """
      { id: "t\(index)", position: [\(index % 8 * 12), \(index / 8 * 4)], opacity: 0.5, sublayers: [{ id: "t\(index)-lines", type: "shape", fillColor: "clear", strokeColor: "#FFFFFF", lineWidth: \(1 + Double(index) / 40), path: "M 0 0 L 100 100 M 100 0 L 0 100 M 0 50 L 50 10 L 100 50 L 50 90 Z M 50 10 L 25 50 L 50 90 L 75 50 Z M 25 50 L 75 50" }] }
      """
    }
    let preset = """
      { schemaVersion: 1, canvas: { size: [200, 120], background: "#000000" }, clip: { start: 0, cycle: 1 }, layers: [{ id: "grid",
        animations: [{ type: "basic", keyPath: "position.x", fromValue: 0, toValue: 10, duration: 1 }],
        sublayers: [\(tiles.joined(separator: ","))] }] }
      """
    let scene = try PresetCompiler.compile(Data(preset.utf8), file: "many.json5")
    let backend = CairoBackend(counters: RenderCounters())
    for frame in 0..<4 {
      _ = try Self.render(scene.presentation(at: Double(frame) / 10), with: backend)
      #expect(backend.backingStores.byteLimit == BackingStoreCache.minimumByteLimit, "a small frame gets the floor")
      #expect(
        backend.backingStores.heldBytes <= backend.backingStores.byteLimit, "frame \(frame): \(backend.backingStores.heldBytes) bytes kept")
    }
    #expect(backend.counted.storesComposited == 40 * 4)
    #expect(backend.counted.storesDrawn > 40, "stores that did not fit were drawn again: \(backend.counted.storesDrawn)")
  }
}
