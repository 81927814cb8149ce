import Foundation
import SplashCairo
import SplashCore
import SplashModel
import SplashPresets
import SplashRender
import Testing

/// Golden frames of every preset at 0, 25, 50, 75 and 100 % of its loop.
@Suite("Every preset, as golden frames at five points of its loop")
struct PresetGoldenTests {
  static var cases: [(String, Int)] {
    let names = ((try? FileManager.default.contentsOfDirectory(atPath: PresetMomentTests.presets.path)) ?? [])
      .filter { $0.hasSuffix(".json5") }.map { String($0.dropLast(6)) }.sorted()
    return names.flatMap { name in [0, 25, 50, 75, 100].map { (name, $0) } }
  }

  @Test("preset golden", arguments: cases)
  func golden(name: String, percent: Int) throws {
    let scene = try PresetLoader.load(PresetMomentTests.presets.appendingPathComponent("\(name).json5"))
    let time = scene.clip.start + scene.clip.cycle * Double(percent) / 100
    let buffer = try #require(PixelBuffer(width: 188, height: 334))
    try CairoBackend().render(
      scene.presentation(at: time), viewport: Viewport(canvasSize: scene.canvasSize, pixelWidth: 188, pixelHeight: 334),
      into: buffer)
    try GoldenImage.expectMatches(buffer, golden: "preset-\(name)-\(percent)")
  }
}
