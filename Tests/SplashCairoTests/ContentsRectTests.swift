import Foundation
import SplashCore
import SplashModel
import SplashPresets
import SplashRender
import Testing

@testable import SplashCairo

/// `contentsRect`: the layer shows a part of its image, as a sprite sheet's cell, set in a
/// preset or stepped by a discrete keyframe animation. The fixture `quadrants.png` is 40 × 20
/// pixels in four cells of one colour each.
@Suite("contentsRect shows a part of the contents image")
struct ContentsRectTests {
  typealias Pixel = (red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8)

  /// The frame of `layer` (one layer's members) at `time`, on a black canvas of 100 × 100.
  private func frame(_ layer: String, time: Double = 0) throws -> PixelBuffer {
    let text = """
      { schemaVersion: 1, canvas: { size: [100, 100], background: "black" }, clip: { cycle: 4 },
        layers: [ { id: "sprite", position: [50, 50], bounds: [0, 0, 60, 60], contents: "quadrants.png", \(layer) } ] }
      """
    let scene = try PresetCompiler.compile(Data(text.utf8), file: "sprite.json5", baseDirectory: GoldenImage.fixtures)
    let buffer = try #require(PixelBuffer(width: 100, height: 100))
    try CairoBackend().render(
      scene.presentation(at: time), viewport: Viewport(canvasSize: scene.canvasSize, pixelWidth: 100, pixelHeight: 100), into: buffer)
    return buffer
  }

  /// Points well inside the layer's bounds (20…80 on the canvas), away from the edges a
  /// filter blends.
  private static let inside = [(30, 30), (70, 30), (30, 70), (70, 70), (50, 50)]

  /// The colours of the four cells, top left, top right, bottom left, bottom right, as the
  /// whole image drawn in the bounds shows them.
  private func cellColours() throws -> [Pixel] {
    let whole = try frame(#"contentsGravity: "resize""#)
    let colours = [(35, 35), (65, 35), (35, 65), (65, 65)].map { whole.rgba(x: $0.0, y: $0.1) }
    #expect(Set(colours.map { "\($0)" }).count == 4, "four different cells: \(colours)")
    return colours
  }

  private static func close(_ a: Pixel, _ b: Pixel) -> Bool {
    abs(Int(a.red) - Int(b.red)) <= 2 && abs(Int(a.green) - Int(b.green)) <= 2 && abs(Int(a.blue) - Int(b.blue)) <= 2
      && abs(Int(a.alpha) - Int(b.alpha)) <= 2
  }

  @Test("a cell stretched over the bounds: [0.5, 0, 0.5, 0.5] is the top right cell everywhere")
  func oneCell() throws {
    let cells = try cellColours()
    let buffer = try frame("contentsRect: [0.5, 0, 0.5, 0.5]")
    for (x, y) in Self.inside {
      #expect(Self.close(buffer.rgba(x: x, y: y), cells[1]), "(\(x), \(y)): \(buffer.rgba(x: x, y: y))")
    }
  }

  @Test("a discrete keyframe animation steps through the four cells, a flip-book")
  func flipBook() throws {
    let cells = try cellColours()
    let animation = """
      contentsRect: [0, 0, 0.5, 0.5],
      animations: [ { type: "keyframe", keyPath: "contentsRect", calculationMode: "discrete", duration: 4, keyTimes: [0, 0.25, 0.5, 0.75],
        values: [[0, 0, 0.5, 0.5], [0.5, 0, 0.5, 0.5], [0, 0.5, 0.5, 0.5], [0.5, 0.5, 0.5, 0.5]] } ]
      """
    for (index, time) in [0.5, 1.5, 2.5, 3.5].enumerated() {
      let buffer = try frame(animation, time: time)
      for (x, y) in Self.inside {
        #expect(Self.close(buffer.rgba(x: x, y: y), cells[index]), "t = \(time), (\(x), \(y)): \(buffer.rgba(x: x, y: y))")
      }
    }
  }

  @Test("gravity places the part by its own size: a 20 × 10 point cell centred in 60 × 60")
  func gravityUsesThePartsSize() throws {
    let cells = try cellColours()
    let buffer = try frame(#"contentsRect: [0, 0, 0.5, 0.5], contentsGravity: "center""#)
    // The cell covers 40…60 across and 45…55 down; the rest of the bounds is bare.
    #expect(Self.close(buffer.rgba(x: 50, y: 50), cells[0]), "\(buffer.rgba(x: 50, y: 50))")
    #expect(Self.close(buffer.rgba(x: 42, y: 47), cells[0]), "\(buffer.rgba(x: 42, y: 47))")
    for (x, y) in [(50, 42), (50, 58), (37, 50), (63, 50), (30, 30)] {
      #expect(buffer.rgba(x: x, y: y).red == 0 && buffer.rgba(x: x, y: y).green == 0, "bare at (\(x), \(y))")
    }
  }

  @Test("past the image its edge pixels extend: [0.5, 0, 1, 0.5] is the top right cell, then its right edge")
  func edgesExtend() throws {
    let cells = try cellColours()
    let buffer = try frame("contentsRect: [0.5, 0, 1, 0.5]")
    for (x, y) in Self.inside + [(75, 50), (78, 25)] {
      #expect(Self.close(buffer.rgba(x: x, y: y), cells[1]), "(\(x), \(y)): \(buffer.rgba(x: x, y: y))")
    }
  }

  @Test("an empty rectangle shows nothing")
  func empty() throws {
    let empty = try frame("contentsRect: [0, 0, 0, 1]")
    for (x, y) in Self.inside { #expect(empty.rgba(x: x, y: y) == (red: 0, green: 0, blue: 0, alpha: 255)) }
  }
}
