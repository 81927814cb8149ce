import Foundation
import SplashCore
import SplashModel
import SplashPresets
import SplashRender
import Testing

@testable import SplashCairo

/// A group that goes unused while its layer moves is kept idle, so the layer coming back to
/// rest where it was is composited from it; idle groups never hold more than their limit.
@Suite("Idle groups kept for a later frame")
struct GroupCacheIdleTests {
  /// A faded 20-point card that paints two things (a background and a border, so it is drawn
  /// as a group), at rest at (50, 50) until 0.2 s, moved along a path of `stops` until 0.6 s,
  /// and back at rest at (50, 50) after.
  static func scene(stops: [Double]) throws -> Scene {
    let values = ([50.0] + stops + [50.0, 50.0]).map { "[\($0), 50]" }.joined(separator: ", ")
    let keyTimes = ([0.2] + stops.indices.map { 0.2 + 0.4 * Double($0 + 1) / Double(stops.count + 1) } + [0.6, 1.0])
      .map { "\($0)" }.joined(separator: ", ")
    let preset = """
      { schemaVersion: 1, canvas: { size: [100, 100], background: "#000000" }, clip: { start: 0, cycle: 1 },
        layers: [{ id: "card", position: [50, 50], bounds: [0, 0, 20, 20], backgroundColor: "#FFFFFF", borderWidth: 3,
          borderColor: "#FF0000", opacity: 0.5,
          animations: [{ type: "keyframe", keyPath: "position", values: [[50, 50], \(values)], keyTimes: [0, \(keyTimes)], duration: 1 }] }] }
      """
    return try PresetCompiler.compile(Data(preset.utf8), file: "card.json5")
  }

  static let viewport = Viewport(canvasSize: Size(width: 100, height: 100), pixelWidth: 100, pixelHeight: 100)

  /// Draws `times` in order with one backend; the last frame, and the backend.
  static func drawInOrder(_ scene: Scene, at times: [Double]) throws -> (PixelBuffer, CairoBackend) {
    let backend = CairoBackend(counters: RenderCounters())
    let buffer = try #require(PixelBuffer(width: 100, height: 100))
    for time in times { try backend.render(scene.presentation(at: time), viewport: viewport, into: buffer) }
    return (buffer, backend)
  }

  @Test("a layer back at rest where it was is composited from its idle group, pixel for pixel")
  func restingAgainReusesIdleGroup() throws {
    let scene = try Self.scene(stops: [60, 70, 80])
    let times = [0.05, 0.1, 0.3, 0.4, 0.5, 0.8]
    let (sequence, backend) = try Self.drawInOrder(scene, at: times)
    let (fresh, _) = try Self.drawInOrder(scene, at: [0.8])
    #expect(memcmp(sequence.bytes, fresh.bytes, fresh.byteCount) == 0, "the frame drawn after others equals the frame drawn alone")
    // At rest at 0.05 (drawn), 0.1 (kept from the frame before) and 0.8 (idle for three
    // frames, while it was drawn at 60, 70 and 80 points).
    #expect(backend.counted.idleGroupsReused == 1)
    #expect(backend.counted.groupsReused == 2)
    // The groups at 60, 70 and 80 points, each drawn once, were dropped, not kept idle; the one
    // at rest is the last frame's.
    #expect(backend.groups.idleCount == 0)
  }

  @Test("idle groups stay within their limit, dropping those used longest ago")
  func idleGroupsAreBounded() throws {
    // Sixty places, each a group of its own of about 2 KB (three times the 40 KB limit), each
    // drawn twice so that it is reused.
    let stops = (0..<60).map { 55 + 0.25 * Double($0) }
    let scene = try Self.scene(stops: stops)
    let moving = stops.indices.map { 0.2 + 0.4 * Double($0 + 1) / Double(stops.count + 1) }
    let times = [0.1, 0.1] + moving.flatMap { [$0, $0] } + [0.8]
    let (sequence, backend) = try Self.drawInOrder(scene, at: times)
    let (fresh, _) = try Self.drawInOrder(scene, at: [0.8])
    #expect(memcmp(sequence.bytes, fresh.bytes, fresh.byteCount) == 0)
    #expect(backend.groups.heldIdleBytes <= backend.groups.idleByteLimit)
    #expect(backend.groups.idleByteLimit == 100 * 100 * 4)
    #expect(backend.groups.idleCount > 10, "idle groups fill the limit")
    // The group at rest was the first to go idle, so the first dropped: drawn again at 0.8.
    #expect(backend.counted.idleGroupsReused == 0)
  }
}
