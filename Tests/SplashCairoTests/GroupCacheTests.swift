import Foundation
import SplashCore
import SplashModel
import SplashPresets
import SplashRender
import Testing

@testable import SplashCairo

@Suite("Reusing unchanged groups from the previous frame changes no pixel")
struct GroupCacheTests {
  @Test("fuber frames drawn by one backend in sequence reuse groups and equal frames drawn by fresh backends")
  func cachedEqualsFresh() throws {
    let scene = try PresetLoader.load(PresetMomentTests.presets.appendingPathComponent("fuber.json5"))
    let viewport = Viewport(canvasSize: scene.canvasSize, pixelWidth: 188, pixelHeight: 334)
    let reused = CairoBackend(counters: RenderCounters())
    let sequenceBuffer = try #require(PixelBuffer(width: 188, height: 334))
    var framesReusingGroups: [Int] = []
    // t = 1.9 … 2.4: the container holds its scale while the tiles fade (the cache's case).
    for frame in 0..<30 {
      let tree = scene.presentation(at: 1.9 + Double(frame) / 60)
      let reusedBefore = reused.counted.groupsReused
      try reused.render(tree, viewport: viewport, into: sequenceBuffer)
      if reused.counted.groupsReused > reusedBefore { framesReusingGroups.append(frame) }
      let fresh = try #require(PixelBuffer(width: 188, height: 334))
      try CairoBackend().render(tree, viewport: viewport, into: fresh)
      #expect(memcmp(sequenceBuffer.bytes, fresh.bytes, fresh.byteCount) == 0, "frame \(frame)")
    }
    // Without hits the comparisons above would only set one fresh drawing against another. The
    // tiles hold still through most of this stretch (around t = 1.95 they do not).
    #expect(framesReusingGroups.count > 20, "only frames \(framesReusingGroups) composited groups kept from the frame before")
  }
}
