import Foundation
import SplashCairo
import SplashCore
import SplashDocument
import SplashLottie
import SplashModel
import SplashRender
import Testing

/// Repeaters as Lottie's iOS player draws them: copy k at k × the position and k × the
/// rotation, at the anchor and scale once, its opacity a step from `so` to `eo`.
@Suite("Lottie repeaters draw as the iOS player: copies stepped, turned, scaled once, faded")
struct LottieRepeaterPixelTests {
  private func frame(_ items: String, at time: Double = 0) throws -> PixelBuffer {
    let layer = #"{"ty":4,"nm":"r","ip":0,"op":60,"ks":{"p":{"a":0,"k":[50,100]}},"shapes":[\#(items)]}"#
    let text = #"{"v":"5.7.4","fr":30,"ip":0,"op":60,"w":200,"h":200,"assets":[],"layers":[\#(layer)]}"#
    let scene = try LottieCompiler.compile(Data(text.utf8), file: "test.json")
    let buffer = try #require(PixelBuffer(width: 200, height: 200))
    try CairoBackend().render(
      scene.presentation(at: time), viewport: Viewport(canvasSize: scene.canvasSize, pixelWidth: 200, pixelHeight: 200), into: buffer)
    return buffer
  }

  private let square = #"{"ty":"rc","p":{"a":0,"k":[0,0]},"s":{"a":0,"k":[10,10]},"r":{"a":0,"k":0}}"#
  private let red = #"{"ty":"fl","c":{"a":0,"k":[1,0,0,1]},"o":{"a":0,"k":100}}"#

  private func repeater(
    copies: Int, position: String, rotation: Double = 0, anchor: String = "[0,0]", scale: String = "[100,100]",
    startOpacity: Double = 100, endOpacity: Double = 100, offset: Double = 0
  ) -> String {
    #"{"ty":"rp","c":{"a":0,"k":\#(copies)},"o":{"a":0,"k":\#(offset)},"m":1,"tr":{"a":{"a":0,"k":\#(anchor)},"p":{"a":0,"k":\#(position)},"s":{"a":0,"k":\#(scale)},"r":{"a":0,"k":\#(rotation)},"so":{"a":0,"k":\#(startOpacity)},"eo":{"a":0,"k":\#(endOpacity)}}}"#
  }

  /// The green channel over white where a red of alpha a is drawn: 255 × (1 − a).
  private func expectRed(_ buffer: PixelBuffer, _ x: Int, _ y: Int, alpha: Double, _ label: String) {
    let found = Int(buffer.rgba(x: x, y: y).green)
    let expected = Int((255 * (1 - alpha)).rounded())
    #expect(abs(found - expected) <= 2 && buffer.rgba(x: x, y: y).red > 250, "\(label): green \(found), expected \(expected)")
  }

  @Test("three copies 20 points apart fading from 100 % to 50 %, with the fill before or after the repeater")
  func steppedAndFaded() throws {
    for items in [
      [square, red, repeater(copies: 3, position: "[20,0]", endOpacity: 50)],
      [square, repeater(copies: 3, position: "[20,0]", endOpacity: 50), red],
    ] {
      let buffer = try frame(items.joined(separator: ","))
      expectRed(buffer, 50, 100, alpha: 1, "copy 0")
      expectRed(buffer, 70, 100, alpha: 0.75, "copy 1")
      expectRed(buffer, 90, 100, alpha: 0.5, "copy 2")
      expectRed(buffer, 110, 100, alpha: 0, "no copy 3")
    }
  }

  @Test("an animated count shows c rounded up copies, faded over those shown, as lottie-web and ThorVG show them")
  func animatedCount() throws {
    // c runs from 0 at frame 0 to 3 at frame 30, evenly: 1.5 at frame 15, where two show.
    let keys = #"[{"t":0,"s":[0],"o":{"x":[0],"y":[0]},"i":{"x":[1],"y":[1]}},{"t":30,"s":[3]}]"#
    let counted = repeater(copies: 3, position: "[20,0]", endOpacity: 50)
      .replacingOccurrences(of: #""c":{"a":0,"k":3}"#, with: #""c":{"a":1,"k":\#(keys)}"#)
    let items = [square, red, counted].joined(separator: ",")
    let none = try frame(items, at: 0)
    expectRed(none, 50, 100, alpha: 0, "no copy at a count of 0")
    let two = try frame(items, at: 0.5)
    expectRed(two, 50, 100, alpha: 1, "copy 0 of 2")
    expectRed(two, 70, 100, alpha: 0.5, "copy 1 of 2, the last, at the end opacity")
    expectRed(two, 90, 100, alpha: 0, "copy 2 not shown yet")
    let three = try frame(items, at: 1)
    expectRed(three, 50, 100, alpha: 1, "copy 0 of 3")
    expectRed(three, 70, 100, alpha: 0.75, "copy 1 of 3")
    expectRed(three, 90, 100, alpha: 0.5, "copy 2 of 3")
  }

  @Test("an offset of 1.5 moves every copy on by one and a half steps, as lottie-web and ThorVG move them")
  func offset() throws {
    let buffer = try frame([square, red, repeater(copies: 2, position: "[20,0]", offset: 1.5)].joined(separator: ","))
    // Copy 0 at 1.5 × 20 = 30, copy 1 at 2.5 × 20 = 50 from the layer's origin (50, 100).
    expectRed(buffer, 80, 100, alpha: 1, "copy 0, moved on by 30")
    expectRed(buffer, 100, 100, alpha: 1, "copy 1, moved on by 50")
    expectRed(buffer, 50, 100, alpha: 0, "nothing left where copy 0 would be without the offset")
  }

  @Test("copies turned 90° each about the anchor (the layer's origin): a square 30 points out goes round")
  func rotated() throws {
    let offCentre = #"{"ty":"rc","p":{"a":0,"k":[30,0]},"s":{"a":0,"k":[10,10]},"r":{"a":0,"k":0}}"#
    let buffer = try frame([offCentre, red, repeater(copies: 4, position: "[0,0]", rotation: 90)].joined(separator: ","))
    expectRed(buffer, 80, 100, alpha: 1, "3 o'clock")
    expectRed(buffer, 50, 130, alpha: 1, "6 o'clock")
    expectRed(buffer, 20, 100, alpha: 1, "9 o'clock")
    expectRed(buffer, 50, 70, alpha: 1, "12 o'clock")
    expectRed(buffer, 71, 121, alpha: 0, "nothing between")
  }

  // The tests below tell the iOS player's reading from After Effects' (where copy k is the
  // whole transform applied k times); each names what After Effects would draw instead.

  @Test("the scale applies once to every copy, copy 0 included, and does not compound")
  func scaledOnce() throws {
    // A 10-point square centred 20 points right; copies 40 points apart at half size:
    // q ↦ (40k, 0) + q / 2 puts them at 10, 50 and 90 (layer origin at x = 50), 5 points wide.
    let square = #"{"ty":"rc","p":{"a":0,"k":[20,0]},"s":{"a":0,"k":[10,10]},"r":{"a":0,"k":0}}"#
    let buffer = try frame([square, red, repeater(copies: 3, position: "[40,0]", scale: "[50,50]")].joined(separator: ","))
    expectRed(buffer, 60, 100, alpha: 1, "copy 0 at half size")
    expectRed(buffer, 100, 100, alpha: 1, "copy 1")
    expectRed(buffer, 140, 100, alpha: 1, "copy 2")
    expectRed(buffer, 73, 100, alpha: 0, "copy 0 unscaled (After Effects)")
    expectRed(buffer, 115, 100, alpha: 0, "copy 2 at a quarter size (After Effects)")
  }

  @Test("copy k moves k × the position, not along the rotation so far")
  func movedAndTurned() throws {
    let buffer = try frame([square, red, repeater(copies: 3, position: "[30,0]", rotation: 90)].joined(separator: ","))
    expectRed(buffer, 50, 100, alpha: 1, "copy 0")
    expectRed(buffer, 80, 100, alpha: 1, "copy 1")
    expectRed(buffer, 110, 100, alpha: 1, "copy 2 at twice the position")
    expectRed(buffer, 80, 130, alpha: 0, "copy 2 moved along the turned position (After Effects)")
  }

  @Test("the anchor moves every copy by minus the anchor, copy 0 included")
  func anchored() throws {
    // q ↦ q − (10, 10): copy 0's square, −5…5, lands at −15…−5.
    let buffer = try frame([square, red, repeater(copies: 1, position: "[0,0]", anchor: "[10,10]")].joined(separator: ","))
    expectRed(buffer, 40, 90, alpha: 1, "copy 0 moved by the anchor")
    expectRed(buffer, 50, 100, alpha: 0, "copy 0 in place (After Effects)")
  }

  @Test("a copy fades as one picture: two overlapping groups of a half-opaque copy blend as one")
  func copyOpacity() throws {
    let still = #"{"ty":"tr","p":{"a":0,"k":[0,0]},"a":{"a":0,"k":[0,0]},"s":{"a":0,"k":[100,100]},"r":{"a":0,"k":0},"o":{"a":0,"k":100}}"#
    let overlapping = #"{"ty":"rc","p":{"a":0,"k":[8,5]},"s":{"a":0,"k":[10,10]},"r":{"a":0,"k":0}}"#
    let groups = [square, overlapping].map { #"{"ty":"gr","it":[\#($0),\#(red),\#(still)]}"# }
    let buffer = try frame((groups + [repeater(copies: 2, position: "[100,0]", startOpacity: 50, endOpacity: 50)]).joined(separator: ","))
    expectRed(buffer, 47, 97, alpha: 0.5, "one square")
    expectRed(buffer, 54, 102, alpha: 0.5, "where both squares overlap: still half, not three quarters")
  }
}
