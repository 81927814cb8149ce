import Foundation
import SplashCore
import SplashModel
import SplashPresets
import SplashRaster
import SplashRender
import SplashTestSupport
import Testing

@testable import SplashCairo

/// `CoverageCompositor` against the compositor it stands in for: pixman's `over` with a solid
/// colour through an 8-bit mask, as Cairo drives it.
@Suite("One colour laid through a coverage mask's ink, as pixman lays it")
struct CoverageCompositorTests {
  @Test(
    "every pixel equals pixman's, for opaque and faded colours, masks partly outside the clip and odd run ends",
    arguments: [1, 2, 3, 4, 5, 6, 7, 8] as [UInt64])
  func matchesPixman(seed: UInt64) throws {
    var generator = SeededGenerator(seed: seed)
    let width = 71
    let height = 47
    // A premultiplied destination: every channel at most its alpha.
    var destination: [UInt32] = []
    for _ in 0..<(width * height) {
      let alpha = UInt32.random(in: 0...255, using: &generator)
      let channels = (0..<3).map { _ in UInt32.random(in: 0...alpha, using: &generator) }
      destination.append(alpha << 24 | channels[0] << 16 | channels[1] << 8 | channels[2])
    }
    // A mask of strokes: mostly empty, full inside, partial at the edges, like a lattice's.
    let maskWidth = 53
    let maskHeight = 38
    var coverage = [UInt8](repeating: 0, count: maskWidth * maskHeight)
    for _ in 0..<4 {
      let slope = Double.random(in: -1.2...1.2, using: &generator)
      let intercept = Double.random(in: 0...Double(maskWidth), using: &generator)
      let halfWidth = Double.random(in: 0.4...4, using: &generator)
      for y in 0..<maskHeight {
        let centre = intercept + slope * Double(y)
        for x in 0..<maskWidth {
          let distance = abs(Double(x) - centre)
          let share = distance < halfWidth ? 255 : max(0, 255 - Int((distance - halfWidth) * 160))
          coverage[y * maskWidth + x] = max(coverage[y * maskWidth + x], UInt8(share))
        }
      }
    }
    let maskLeft = Int.random(in: -8...26, using: &generator)
    let maskTop = Int.random(in: -6...16, using: &generator)
    let clipLeft = Int.random(in: 0...12, using: &generator)
    let clipTop = Int.random(in: 0...9, using: &generator)
    let columns = clipLeft..<Int.random(in: (clipLeft + 20)...width, using: &generator)
    let rows = clipTop..<Int.random(in: (clipTop + 15)...height, using: &generator)
    let ink = Color(
      red: Double.random(in: 0...1, using: &generator), green: Double.random(in: 0...1, using: &generator),
      blue: Double.random(in: 0...1, using: &generator))
    let opacity = seed % 3 == 0 ? 1 : Double.random(in: 0.01...1, using: &generator)

    // Cairo: the colour through the mask, clipped to whole pixels.
    var byCairo = destination
    CairoBackend.compositeWithCairo(
      ink: ink, opacity: opacity, coverage: coverage, maskWidth: maskWidth, maskLeft: maskLeft, maskTop: maskTop,
      onto: &byCairo, width: width, columns: columns, rows: rows)

    // splashvid: the same through the mask's runs.
    var ours = destination
    let runs = coverage.withUnsafeBufferPointer {
      InkRuns(coverage: $0.baseAddress!, width: maskWidth, height: maskHeight, bytesPerRow: maskWidth)
    }
    coverage.withUnsafeBufferPointer { coverage in
      ours.withUnsafeMutableBufferPointer { pixels in
        CoverageCompositor.compositeOver(
          color: CairoBackend.solidPixel(ink, alpha: opacity),
          through: CoverageCompositor.Mask(bytes: coverage.baseAddress!, bytesPerRow: maskWidth, ink: runs),
          maskLeft: maskLeft, maskTop: maskTop, onto: pixels.baseAddress!, pixelsPerRow: width, columns: columns, rows: rows)
      }
    }

    var differing = 0
    var changed = 0
    for index in destination.indices {
      let expected = byCairo[index]
      if expected != ours[index] {
        if differing < 5 {
          Issue.record(
            "(\(index % width), \(index / width)): pixman \(String(expected, radix: 16)), ours \(String(ours[index], radix: 16))")
        }
        differing += 1
      }
      if expected != destination[index] { changed += 1 }
    }
    #expect(differing == 0, "\(differing) pixels differ")
    #expect(changed > 100, "the mask changed only \(changed) pixels")
  }

  @Test("fuber's frames come out the same whether its resting tiles are laid by pixman or by the coverage compositor")
  func fuberFramesUnchanged() throws {
    let presets = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().appendingPathComponent("presets")
    let scene = try PresetLoader.load(presets.appendingPathComponent("fuber.json5"))
    let viewport = Viewport(canvasSize: scene.canvasSize, pixelWidth: 270, pixelHeight: 480)
    let ours = CairoBackend(counters: RenderCounters())
    let pixman = CairoBackend(fastPaths: FastPaths(compositesCoverage: false), counters: RenderCounters())
    // Frames in a row from 2.2 s, where the container holds its scale and the tiles rest while
    // they fade: groups kept from the frame before are composited again at a new opacity.
    for frame in 0..<12 {
      let tree = scene.presentation(at: 2.2 + Double(frame) / 30)
      let byOurs = try #require(PixelBuffer(width: 270, height: 480))
      let byPixman = try #require(PixelBuffer(width: 270, height: 480))
      try ours.render(tree, viewport: viewport, into: byOurs)
      try pixman.render(tree, viewport: viewport, into: byPixman)
      #expect(memcmp(byOurs.bytes, byPixman.bytes, byOurs.byteCount) == 0, "frame \(frame)")
    }
    #expect(ours.counted.coverageComposited > 12 * 20, "composited \(ours.counted.coverageComposited)")
    #expect(ours.counted.groupsReused > 11 * 20, "reused \(ours.counted.groupsReused)")
    #expect(pixman.counted.coverageComposited == 0)
  }

  @Test("a group of scattered specks is left to pixman: its runs would outweigh its pixels")
  func scatteredSpecksStayWithPixman() throws {
    // A pixel-sized square every third pixel of every row, in one colour, in two shapes (one
    // would have the group's opacity folded into its fill), faded as a group.
    func specks(rows: Range<Int>) -> PresentationLayer {
      var properties = LayerProperties()
      var path = Path()
      for y in rows {
        for x in stride(from: 0, to: 60, by: 3) {
          path.move(to: Point(x: Double(x), y: Double(y)))
          path.addLine(to: Point(x: Double(x) + 1, y: Double(y)))
          path.addLine(to: Point(x: Double(x) + 1, y: Double(y) + 1))
          path.addLine(to: Point(x: Double(x), y: Double(y) + 1))
          path.closeSubpath()
        }
      }
      properties.shape.path = path
      properties.shape.fillColor = .white
      return PresentationLayer(id: "specks-\(rows.lowerBound)", kind: .shape, properties: properties, sublayers: [])
    }
    var group = LayerProperties()
    group.position = Point(x: 40, y: 30)
    group.bounds = Rect(x: 0, y: 0, width: 60, height: 40)
    group.opacity = 0.7
    let tree = PresentationTree(
      canvasSize: Size(width: 80, height: 60), backgroundColor: Color(red8: 0x0F, green8: 0x4E, blue8: 0x65),
      layers: [
        PresentationLayer(
          id: "group", kind: .layer, properties: group,
          sublayers: [specks(rows: 0..<20), specks(rows: 20..<40)])
      ])
    let viewport = Viewport(canvasSize: tree.canvasSize, pixelWidth: 80, pixelHeight: 60)
    let backend = CairoBackend(counters: RenderCounters())
    let reference = CairoBackend(fastPaths: FastPaths(compositesCoverage: false))
    for frame in 0..<2 {
      let ours = try #require(PixelBuffer(width: 80, height: 60))
      let theirs = try #require(PixelBuffer(width: 80, height: 60))
      try backend.render(tree, viewport: viewport, into: ours)
      try reference.render(tree, viewport: viewport, into: theirs)
      #expect(memcmp(ours.bytes, theirs.bytes, ours.byteCount) == 0, "frame \(frame)")
    }
    #expect(backend.counted.groupsReused == 1)
    #expect(backend.counted.coverageComposited == 0)
    // The same group with its specks joined into lines is laid by the coverage compositor.
    var lines = tree
    lines.layers[0].sublayers = lines.layers[0].sublayers.map { speck in
      var line = speck
      line.properties.shape.lineWidth = 1
      line.properties.shape.strokeColor = .white
      return line
    }
    let joined = CairoBackend(counters: RenderCounters())
    let buffer = try #require(PixelBuffer(width: 80, height: 60))
    try joined.render(lines, viewport: viewport, into: buffer)
    #expect(joined.counted.coverageComposited == 1)
  }

  @Test("the solid pixel is Cairo's: channels times alpha in 16 bits, rounded, high byte kept")
  func solidPixel() {
    let color = Color(red: 0.3, green: 0.71, blue: 0.85)
    // Alpha 0.6 · 65535 + 0.5 → 39321 = 0x9999 → 0x99; red 0.18 → 11796 = 0x2E14 → 0x2E;
    // green 0.426 → 27918 = 0x6D0E → 0x6D; blue 0.51 → 33423 = 0x828F → 0x82.
    #expect(CairoBackend.solidPixel(color, alpha: 0.6) == 0x992E_6D82)
    #expect(CairoBackend.solidPixel(.white, alpha: 1) == 0xFFFF_FFFF)
    #expect(CairoBackend.solidPixel(.white, alpha: 0) == 0)
  }
}
