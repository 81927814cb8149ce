import Foundation
import SplashCore
import SplashLottie
import SplashModel
import SplashRender
import Testing

@testable import SplashCairo

/// A shape's kept coverage is found by its node's place in the tree (`DisplayNode.slot`) when
/// its lists are kept frame to frame: the copies of a replicated layer share its id, and each
/// keeps a coverage of its own.
@Suite("Kept coverage is found by the shape's place in the tree")
struct ShapeCoveragePlaceTests {
  /// Eight still copies of a filled and stroked square, one repeater's copies 20 points apart
  /// (the shapes of every copy keep the ids of the one repeated), beside a disc that slides the
  /// whole time, so that every frame draws something new. The squares' fill changes colour, so
  /// their nodes are built afresh in every frame, at the same places, from the same paths.
  static let document = LottieFrame.document(
    #"{"ty":4,"nm":"row","ip":0,"op":60,"ks":{"p":{"a":0,"k":[30,60]}},"shapes":["#
      + #"{"ty":"rc","p":{"a":0,"k":[0,0]},"s":{"a":0,"k":[10.6,10.6]},"r":{"a":0,"k":0}},"#
      + #"{"ty":"fl","c":{"a":1,"k":[{"t":0,"s":[0.94,0.82,0.13,1],"o":{"x":[0],"y":[0]},"i":{"x":[1],"y":[1]}},"#
      + #"{"t":60,"s":[0.2,0.9,0.7,1]}]},"o":{"a":0,"k":100}},"#
      + #"{"ty":"st","c":{"a":0,"k":[0.06,0.31,0.4,1]},"o":{"a":0,"k":100},"w":{"a":0,"k":1.5}},"#
      + #"{"ty":"rp","c":{"a":0,"k":8},"o":{"a":0,"k":0},"m":1,"tr":{"a":{"a":0,"k":[0,0]},"p":{"a":0,"k":[20,0]},"#
      + #""s":{"a":0,"k":[100,100]},"r":{"a":0,"k":0},"so":{"a":0,"k":100},"eo":{"a":0,"k":100}}}]},"#
      + #"{"ty":4,"nm":"sliding","ip":0,"op":60,"ks":{"p":{"a":1,"k":[{"t":0,"s":[10,150],"o":{"x":[0],"y":[0]},"#
      + #""i":{"x":[1],"y":[1]}},{"t":60,"s":[190,150]}]}},"shapes":[{"ty":"el","p":{"a":0,"k":[0,0]},"#
      + #""s":{"a":0,"k":[12,12]}},{"ty":"fl","c":{"a":0,"k":[1,0.5,0,1]},"o":{"a":0,"k":100}}]}"#)

  /// The frames at `times`, each drawn whole from a list built with `retained` (or with none),
  /// and what the backend counted.
  static func frames(at times: [Double], retained: RetainedDisplayList?, keepsCoverage: Bool = true) throws -> (
    frames: [[UInt8]], counted: RenderCounters
  ) {
    let scene = try LottieCompiler.compile(Data(Self.document.utf8), file: "places.json")
    // Every frame drawn whole: the frames compared are the pictures, not redrawn rows.
    let counters = RenderCounters()
    let backend = CairoBackend(
      fastPaths: FastPaths(keepsShapeCoverage: keepsCoverage, redrawsChangedRegion: false), counters: counters)
    let viewport = Viewport(canvasSize: scene.canvasSize, pixelWidth: 200, pixelHeight: 200)
    var frames: [[UInt8]] = []
    for time in times {
      let buffer = try #require(PixelBuffer(width: 200, height: 200))
      let list = DisplayList(scene.presentation(at: time), viewport: viewport, measuring: backend, retaining: retained)
      try backend.render(list, into: buffer)
      frames.append(Array(UnsafeRawBufferPointer(start: buffer.bytes, count: buffer.byteCount)))
    }
    return (frames, backend.counted)
  }

  @Test("each copy of a replicated still shape has its coverage laid again, and the frames are those drawn without keeping")
  func copiesKeepTheirOwn() throws {
    let times = (0..<6).map { Double($0) / 30 }
    let kept = try Self.frames(at: times, retained: RetainedDisplayList())
    let drawn = try Self.frames(at: times, retained: RetainedDisplayList(), keepsCoverage: false)
    #expect(kept.frames == drawn.frames)
    // Frame 0 records the eight copies' fills and strokes as it draws them, frames 1 to 5 lay
    // them (16 a frame); the sliding disc is drawn every frame.
    #expect(kept.counted.shapeCoveragesLaid == 5 * 16)
  }

  @Test("a list kept by no RetainedDisplayList finds coverage by the layer's id, which the copies share")
  func idsWithoutPlaces() throws {
    let times = (0..<6).map { Double($0) / 30 }
    let byID = try Self.frames(at: times, retained: nil)
    let drawn = try Self.frames(at: times, retained: nil, keepsCoverage: false)
    #expect(byID.frames == drawn.frames)
    // One entry for eight copies: each copy's inputs overwrite the last, and nothing is laid.
    #expect(byID.counted.shapeCoveragesLaid == 0)
  }

  @Test("the copies of a repeated square that grows every frame are outlined once a frame, not once a copy")
  func growingCopiesShareOutlines() throws {
    let growing = Self.document
      .replacingOccurrences(
        of: #""s":{"a":0,"k":[10.6,10.6]}"#,
        with: #""s":{"a":1,"k":[{"t":0,"s":[6,6],"o":{"x":[0],"y":[0]},"i":{"x":[1],"y":[1]}},{"t":60,"s":[16,16]}]}"#)
    let scene = try LottieCompiler.compile(Data(growing.utf8), file: "growing.json")
    let backend = CairoBackend(counters: RenderCounters())
    let retained = RetainedDisplayList()
    let viewport = Viewport(canvasSize: scene.canvasSize, pixelWidth: 200, pixelHeight: 200)
    let drawing = CairoBackend(fastPaths: FastPaths(keepsShapeCoverage: false))
    for index in 0..<4 {
      let time = Double(index) / 30
      let buffer = try #require(PixelBuffer(width: 200, height: 200))
      try backend.render(
        DisplayList(scene.presentation(at: time), viewport: viewport, measuring: backend, retaining: retained), into: buffer)
      let drawn = try #require(PixelBuffer(width: 200, height: 200))
      try drawing.render(scene.presentation(at: time), viewport: viewport, into: drawn)
      #expect(memcmp(buffer.bytes, drawn.bytes, buffer.byteCount) == 0, "t = \(time) s")
    }
    // In each frame, the first copy's fill and stroke are outlined, and the other seven
    // copies' are the same outlines (the sliding disc keeps its own from frame to frame).
    #expect(backend.shapeCoverage.outlinesReused == 4 * 14 + 3)
  }
}
