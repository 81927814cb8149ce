import Foundation
import SplashCore
import SplashModel
import SplashPresets
import SplashRender
import Testing

@testable import SplashCairo

/// A kept group is reused only when the clip it was drawn under is the same shape, not only the
/// same box.
@Suite("Kept groups and the clips above them")
struct GroupCacheClipTests {
  /// A faded layer that paints two things (a background and a border), so it is drawn as a
  /// group and composited (one paint would be painted faded, with no group to keep).
  static func scene(cornerRadius: String) throws -> Scene {
    let preset = """
      { schemaVersion: 1, canvas: { size: [100, 100], background: "#000000" }, clip: { start: 0, cycle: 1 },
        layers: [{ id: "card", position: [50, 50], bounds: [0, 0, 100, 100], masksToBounds: true, \(cornerRadius),
          sublayers: [{ id: "paint", position: [50, 50], bounds: [0, 0, 100, 100], backgroundColor: "#FFFFFF", borderWidth: 4, borderColor: "#FF0000", opacity: 0.5 }] }] }
      """
    return try PresetCompiler.compile(Data(preset.utf8), file: "card.json5")
  }

  /// Draws `times` in order with one backend; the last frame, and the backend.
  static func drawInOrder(_ scene: Scene, at times: [Double]) throws -> (PixelBuffer, CairoBackend) {
    let backend = CairoBackend(counters: RenderCounters())
    let buffer = try #require(PixelBuffer(width: 100, height: 100))
    for time in times {
      try backend.render(
        scene.presentation(at: time), viewport: Viewport(canvasSize: scene.canvasSize, pixelWidth: 100, pixelHeight: 100), into: buffer)
    }
    return (buffer, backend)
  }

  @Test("a faded layer inside rounded corners that change is drawn again, not reused with the old corners")
  func roundedClipChanges() throws {
    let scene = try Self.scene(
      cornerRadius: #"cornerRadius: 0, animations: [{ type: "basic", keyPath: "cornerRadius", fromValue: 0, toValue: 50, duration: 1 }]"#)
    let (sequence, backend) = try Self.drawInOrder(scene, at: [0.2, 0.6])
    let (fresh, _) = try Self.drawInOrder(scene, at: [0.6])
    // At 0.6 the corner radius is 30: the pixel at (3, 3) is outside the rounded card.
    #expect(fresh.rgba(x: 3, y: 3).red == 0)
    #expect(memcmp(sequence.bytes, fresh.bytes, fresh.byteCount) == 0, "the frame drawn after another equals the frame drawn alone")
    #expect(backend.counted.groupsReused == 0)
  }

  @Test("inside square corners, which clip to a rectangle, the faded layer's group is kept and reused")
  func squareClipReuses() throws {
    let scene = try Self.scene(cornerRadius: "cornerRadius: 0")
    let (sequence, backend) = try Self.drawInOrder(scene, at: [0.2, 0.6])
    let (fresh, _) = try Self.drawInOrder(scene, at: [0.6])
    #expect(memcmp(sequence.bytes, fresh.bytes, fresh.byteCount) == 0)
    #expect(backend.counted.groupsReused == 1)
  }
}
