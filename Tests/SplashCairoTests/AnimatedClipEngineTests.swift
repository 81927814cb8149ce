import Foundation
import SplashCore
import SplashModel
import SplashPresets
import SplashRender
import Testing

@testable import SplashCairo

/// A shape under a `masksToBounds` whose edge slides across whole and fractional pixels keeps
/// its engine: the display list plans the coverage rasterizer for every frame, so the shape's
/// rim stays the same bytes and only the pixels the edge crosses change, smoothly.
@Suite("A shape under a sliding clip keeps its engine from frame to frame")
struct AnimatedClipEngineTests {
  /// A window at (20, 20) whose width grows from 40 to 42 points in a second at one pixel a
  /// point: its clip's right edge sweeps device columns 60 to 62 while the disk inside, a
  /// sublayer placed from the window's top-left corner, stays where it is. The disk (centre
  /// 38, 20 in the window, radius 14) crosses the edge.
  static let preset = """
    { schemaVersion: 1, canvas: { size: [100, 100], background: "#000000" }, clip: { start: 0, cycle: 1 },
      layers: [{ id: "window", position: [20, 20], anchorPoint: [0, 0], bounds: [0, 0, 40, 40], masksToBounds: true,
        animations: [{ type: "basic", keyPath: "bounds.size.width", fromValue: 40, toValue: 42, duration: 1, fillMode: "forwards", removedOnCompletion: false }],
        sublayers: [{ id: "disk", type: "shape", fillColor: "#FFFFFF", strokeColor: "#40E0B0", lineWidth: 1.5,
          path: { oval: [24, 6, 28, 28] } }] }] }
    """

  private static func frame(at time: Double, scene: Scene, backend: CairoBackend) throws -> (PixelBuffer, DisplayList) {
    let buffer = try #require(PixelBuffer(width: 100, height: 100))
    let viewport = Viewport(canvasSize: scene.canvasSize, pixelWidth: 100, pixelHeight: 100)
    let tree = scene.presentation(at: time)
    try backend.render(tree, viewport: viewport, into: buffer)
    return (buffer, DisplayList(tree, viewport: viewport, measuring: backend))
  }

  @Test("eight steps of a quarter pixel: the plan is coverage at each, the rim left of the edge is the same bytes, the edge moves smoothly")
  func slidingEdge() throws {
    let scene = try PresetCompiler.compile(Data(Self.preset.utf8), file: "sliding-clip.json5")
    let backend = CairoBackend(counters: RenderCounters())
    let (first, firstList) = try Self.frame(at: 0, scene: scene, backend: backend)
    #expect(firstList.dump().last == "  disk shape: coverage (clipped to 20.0,20.0 – 60.0,60.0)", "\(firstList.dump())")
    var previous = first
    for step in 1...8 {
      let time = Double(step) / 8
      let rasterizedBefore = backend.counted.shapesRasterized
      let (buffer, list) = try Self.frame(at: time, scene: scene, backend: backend)
      let edge = 60 + 2 * time
      let disk = try #require(list.layers.first?.sublayers.first)
      #expect(disk.plan == DrawPlan(clip: .rectangle(DeviceBox(left: 20, top: 20, right: edge, bottom: 60))), "t = \(time)")
      #expect(disk.plan?.engine == .coverage)
      // The fill and the stroke, both rasterized.
      #expect(backend.counted.shapesRasterized - rasterizedBefore == 2, "t = \(time)")
      for y in 0..<100 {
        // Left of the edge's first column the disk's rim is untouched by the clip.
        for x in 0..<60 {
          let now = buffer.rgba(x: x, y: y)
          let then = first.rgba(x: x, y: y)
          #expect(now == then, "t = \(time): (\(x), \(y)) \(now) was \(then)")
        }
        // The columns the edge crosses gain a quarter of a pixel a step and never lose any:
        // the fill and the stroke over it each cover at most that quarter more, so a pixel
        // brightens by at most 1 − (3/4)² of full. Right of the edge nothing shows.
        for x in 60..<63 {
          let now = Int(buffer.rgba(x: x, y: y).green)
          let before = Int(previous.rgba(x: x, y: y).green)
          #expect(now >= before && now - before <= 113, "t = \(time): (\(x), \(y)) \(before) → \(now)")
          if Double(x) >= edge { #expect(now == 0, "t = \(time): (\(x), \(y)) right of the edge shows \(now)") }
        }
      }
      previous = buffer
    }
    // The edge swept over the disk's white fill: column 61 went from nothing to the fill.
    #expect(first.rgba(x: 61, y: 30).green == 0 && previous.rgba(x: 61, y: 30).green == 255)
  }

  @Test("a rounded clip is a path, which Cairo draws; a turned one a polygon; a group starts with no clip; the list says so")
  func pathClips() throws {
    let preset = """
      { schemaVersion: 1, canvas: { size: [100, 100] }, clip: { start: 0, cycle: 1 },
        layers: [
          { id: "rounded", position: [30, 30], bounds: [0, 0, 40, 40], cornerRadius: 4, masksToBounds: true,
            sublayers: [{ id: "a", type: "shape", fillColor: "#FF0000", path: { oval: [0, 0, 50, 50] } },
                        { id: "faded", opacity: 0.5, sublayers: [{ id: "b", type: "shape", fillColor: "#FF0000", strokeColor: "#00FF00", path: { oval: [0, 0, 50, 50] } }] }] },
          { id: "turned", position: [70, 70], bounds: [0, 0, 20, 20], transform: { rotate: "20deg" }, masksToBounds: true,
            sublayers: [{ id: "c", type: "shape", fillColor: "#FF0000", path: { oval: [0, 0, 30, 30] } }] },
          { id: "square", position: [50.5, 70.25], bounds: [0, 0, 20, 20], transform: { rotate: "90deg" }, masksToBounds: true,
            sublayers: [{ id: "d", type: "shape", fillColor: "#FF0000", path: { oval: [0, 0, 30, 30] } }] }] }
      """
    let scene = try PresetCompiler.compile(Data(preset.utf8), file: "path-clips.json5")
    let backend = CairoBackend(counters: RenderCounters())
    let viewport = Viewport(canvasSize: scene.canvasSize, pixelWidth: 100, pixelHeight: 100)
    let list = DisplayList(scene.presentation(at: 0), viewport: viewport, measuring: backend)
    let lines = list.dump()
    #expect(lines.contains("  a shape: cairo (a clip is a path)"), "\(lines)")
    #expect(lines.contains("  faded layer [group]: coverage"), "\(lines)")
    #expect(lines.contains("    b shape: coverage"), "\(lines)")
    #expect(lines.contains { $0.hasPrefix("  c shape: coverage (clipped to the polygon ") }, "\(lines)")
    #expect(lines.contains("  d shape: coverage (clipped to 40.5,60.25 – 60.5,80.25)"), "\(lines)")
    let buffer = try #require(PixelBuffer(width: 100, height: 100))
    try backend.render(scene.presentation(at: 0), viewport: viewport, into: buffer)
    // a by Cairo; the faded b (fill and stroke), c and d by the rasterizer.
    #expect(backend.counted.shapesRasterized == 4)
  }

  /// A 40-point square turned by 30° about (50, 50) clips a disk that covers all of it: what
  /// shows is the square, and nothing else.
  static let turnedClip = """
    { schemaVersion: 1, canvas: { size: [100, 100], background: "#000000" }, clip: { start: 0, cycle: 1 },
      layers: [{ id: "turned", position: [50, 50], bounds: [0, 0, 40, 40], transform: { rotate: "30deg" }, masksToBounds: true,
        sublayers: [{ id: "disk", type: "shape", fillColor: "#FF0000", path: { oval: [-15, -15, 70, 70] } }] }] }
    """

  @Test("a turned clip cuts the shape to its polygon: whole pixels inside, none outside, its area in all")
  func turnedClipCuts() throws {
    let scene = try PresetCompiler.compile(Data(Self.turnedClip.utf8), file: "turned-clip.json5")
    let backend = CairoBackend(counters: RenderCounters())
    let (buffer, list) = try Self.frame(at: 0, scene: scene, backend: backend)
    let disk = try #require(list.layers.first?.sublayers.first)
    guard case .polygon(let polygon)? = disk.plan?.clip else {
      Issue.record("the disk's plan is \(String(describing: disk.plan))")
      return
    }
    #expect(polygon.corners.count == 4 && disk.plan?.engine == .coverage)
    #expect(backend.counted.shapesRasterized == 1)
    // A pixel's corners in the square's own axes: all within 20 of the centre is inside, all
    // beyond it on one side is outside.
    let (cosine, sine) = (cos(Double.pi / 6), sin(Double.pi / 6))
    func axes(_ x: Double, _ y: Double) -> (Double, Double) {
      let (dx, dy) = (x - 50, y - 50)
      return (dx * cosine + dy * sine, -dx * sine + dy * cosine)
    }
    var red = 0
    for y in 0..<100 {
      for x in 0..<100 {
        let pixel = buffer.rgba(x: x, y: y)
        red += Int(pixel.red)
        let corners = [(0.0, 0.0), (1, 0), (0, 1), (1, 1)].map { axes(Double(x) + $0.0, Double(y) + $0.1) }
        if corners.allSatisfy({ abs($0.0) <= 20 && abs($0.1) <= 20 }) {
          #expect(pixel.red == 255 && pixel.green == 0, "(\(x), \(y)) inside is \(pixel)")
        }
        if corners.allSatisfy({ $0.0 > 20 }) || corners.allSatisfy({ $0.0 < -20 }) || corners.allSatisfy({ $0.1 > 20 })
          || corners.allSatisfy({ $0.1 < -20 })
        {
          #expect(pixel.red == 0, "(\(x), \(y)) outside is \(pixel)")
        }
      }
    }
    // 1 600 square points at a pixel each, to a part in a thousand.
    #expect(abs(Double(red) / 255 - 1600) < 1.6, "\(Double(red) / 255)")
  }
}
