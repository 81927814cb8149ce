import Foundation
import SplashCairo
import SplashCore
import SplashModel
import SplashPresets
import SplashRender
import Testing

/// Stills of the three built-in presets at the moments their designs name, checked pixel by pixel.
///
/// Frames are drawn at 1 pixel per point, so a point (x, y) of the design is pixel (x, y); C is
/// the screen centre (187.5, 333.5).
@Suite("The built-in presets show what their designs say at the moments they name")
struct PresetMomentTests {
  static let presets = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("presets")

  private func still(_ name: String, at time: Double, parameters: [String: String] = [:]) throws -> PixelBuffer {
    let scene = try PresetLoader.load(Self.presets.appendingPathComponent("\(name).json5"), parameters: parameters)
    let buffer = try #require(PixelBuffer(width: 375, height: 667))
    try CairoBackend().render(
      scene.presentation(at: time), viewport: Viewport(canvasSize: scene.canvasSize, pixelWidth: 375, pixelHeight: 667),
      into: buffer)
    return buffer
  }

  private func expectColor(_ buffer: PixelBuffer, _ x: Double, _ y: Double, _ hex: UInt32, _ label: String) {
    let pixel = buffer.rgba(x: Int(x), y: Int(y))
    let expected = [Int(hex >> 16 & 0xFF), Int(hex >> 8 & 0xFF), Int(hex & 0xFF)]
    let found = [Int(pixel.red), Int(pixel.green), Int(pixel.blue)]
    #expect(zip(found, expected).allSatisfy { abs($0 - $1) <= 3 }, "\(label) at (\(x), \(y)): found \(found), expected \(expected)")
  }

  // fuber: τ = (t + 2.1) mod 3. The lattice is given the background colour so that the
  // samples are flat; the logo sits on top of the tiles.
  @Test("fuber: τ = 0 white square, the clockwise wipe, the whole logo at τ = 2.5, the collapse")
  func fuber() throws {
    let flat = ["tileLineColor": "#0F4E65"]
    let (cx, cy) = (187.5, 333.5)
    let hatch = try still("fuber", at: 0.9, parameters: flat)  // τ = 0
    expectColor(hatch, cx, cy, 0xFFFFFF, "the 14×14 square is white")
    expectColor(hatch, cx + 9, cy, 0x0F4E65, "nothing beyond it")
    let wipe = try still("fuber", at: 2.5, parameters: flat)  // τ = 1.6: half the pie, turned −22.5°
    expectColor(wipe, cx + 15, cy, 0xFFFFFF, "3 o'clock is wiped in")
    expectColor(wipe, cx - 15, cy, 0x0F4E65, "9 o'clock is not yet")
    expectColor(wipe, cx, cy, 0x0F4E65, "the square has turned blue (τ > 1.533)")
    let whole = try still("fuber", at: 3.4, parameters: flat)  // τ = 2.5
    expectColor(whole, cx, cy + 25, 0xFFFFFF, "disk below the square")
    expectColor(whole, cx + 25, cy, 0xFFFFFF, "disk right of the square")
    expectColor(whole, cx, cy - 25, 0x0F4E65, "the bar to 12 o'clock")
    expectColor(whole, cx + 36, cy + 8, 0xFFFFFF, "the disk's full radius, 37.5")
    expectColor(whole, cx + 39, cy + 8, 0x0F4E65, "and no more")
    let collapsed = try still("fuber", at: 3.85, parameters: flat)  // τ = 2.95: mask ≈ 14×14
    expectColor(collapsed, cx, cy, 0xFFFFFF, "the small white square again")
    expectColor(collapsed, cx, cy + 20, 0x0F4E65, "the disk is masked away")
  }

  @Test("welcome: the big circle, the turquoise outline over the orchid one, the growing view, Welcome")
  func welcome() throws {
    let big = try still("welcome", at: 0.3)  // view origin O = (137.5, 283.5); big circle centre (50, 65)
    expectColor(big, 187.5, 348.5, 0xDA70D6, "big circle centre")
    expectColor(big, 187.5, 297, 0xFFFFFF, "above the big circle (top at 301)")
    let outlines = try still("welcome", at: 3.0)  // after the 15 pt anchor jump: O = (137.5, 268.5)
    expectColor(outlines, 137.5, 330, 0x40E0B0, "outline #2 has covered the left side")
    let growing = try still("welcome", at: 4.2)
    expectColor(growing, 187.5, 333.5, 0x40E0B0, "the view fills the centre")
    expectColor(growing, 10, 10, 0xFFFFFF, "but not the corners yet")
    let end = try still("welcome", at: 4.75)
    expectColor(end, 10, 10, 0x40E0B0, "full-screen turquoise")
    var ink = 0
    for y in 310..<360 {
      for x in 60..<315 where end.rgba(x: x, y: y).red > 0x80 { ink += 1 }  // turquoise has red 0x40
    }
    #expect(ink > 100, "white 'Welcome' ink around the centre")
    #expect(end.rgba(x: 187, y: 250).red < 0x48 && end.rgba(x: 187, y: 420).red < 0x48, "and none far above or below")
  }

  @Test("logo-reveal: circle, wide squish, water at step 5, dark grey screen with the logo")
  func logoReveal() throws {
    let (cx, cy) = (187.5, 333.5)
    let circle = try still("logo-reveal", at: 0.2)
    expectColor(circle, cx, cy, 0xFF8000, "circle r 50")
    expectColor(circle, cx, cy + 52, 0xFFFFFF, "beyond r 50")
    let wide = try still("logo-reveal", at: 0.3)  // half-way circle → 110×100
    expectColor(wide, cx + 51, cy, 0xFF8000, "wider than 50 (52.5 half-way)")
    let water = try still("logo-reveal", at: 4.1)  // W5: edge at y = −30
    expectColor(water, cx, cy, 0x555555, "below the water line")
    expectColor(water, cx, cy - 75, 0xFFFFFF, "above it, inside the outline box")
    let end = try still("logo-reveal", at: 5.5)
    expectColor(end, 10, 10, 0x555555, "dark grey screen")
    expectColor(end, cx, cy - 58, 0xFFFFFF, "the logo's white top edge, 120 pt tall")
    expectColor(end, cx, cy - 63, 0x555555, "above the logo")
  }
}
