import Foundation
import SplashCore
import SplashModel
import SplashPresets
import SplashRender
import Testing

@testable import SplashCairo

@Suite("Replicator instances are drawn through their colours")
struct ReplicatorDrawingTests {
  /// The frame of a preset at `time`, at one pixel per point on a black canvas of 100 × 100.
  private func frame(_ layers: String, time: Double = 0) throws -> PixelBuffer {
    let text = """
      { schemaVersion: 1, canvas: { size: [100, 100], background: "black" }, clip: { cycle: 1 }, layers: [ \(layers) ] }
      """
    let scene = try PresetCompiler.compile(Data(text.utf8), file: "replicator.json5", baseDirectory: GoldenImage.fixtures)
    let buffer = try #require(PixelBuffer(width: 100, height: 100))
    try CairoBackend().render(
      scene.presentation(at: time), viewport: Viewport(canvasSize: scene.canvasSize, pixelWidth: 100, pixelHeight: 100), into: buffer)
    return buffer
  }

  @Test("instanceAlphaOffset fades each dot of a spinner by the same step: the pixels show 1 − k/8")
  func alphaFade() throws {
    let buffer = try frame(
      """
      { id: "spinner", type: "replicator", position: [50, 50], bounds: [0, 0, 80, 80], instanceCount: 8,
        instanceTransform: { rotate: "45deg" }, instanceAlphaOffset: -0.125,
        sublayers: [ { id: "dot", type: "shape", position: [40, 6], path: { oval: [-5, -5, 10, 10] }, fillColor: "white" } ] }
      """)
    for k in 0..<8 {
      let angle = Double(k) * .pi / 4
      let x = Int((50 + 34 * Math.sine(angle)).rounded(.down))
      let y = Int((50 - 34 * Math.cosine(angle)).rounded(.down))
      let expected = 255 * (1 - Double(k) / 8)
      let pixel = buffer.rgba(x: x, y: y)
      #expect(abs(Double(pixel.red) - expected) <= 1.5, "instance \(k) at (\(x), \(y)): \(pixel)")
      #expect(pixel.red == pixel.green && pixel.green == pixel.blue, "instance \(k) stays grey: \(pixel)")
    }
    #expect(buffer.rgba(x: 50, y: 50).red == 0, "nothing at the centre")
  }

  @Test("instanceColor multiplies every way a layer paints: background, border, fill, stroke, text, gradient, shadow")
  func everyColourIsTinted() throws {
    // One instance, multiplied by green: whatever was white is green, red and blue vanish.
    let buffer = try frame(
      """
      { id: "r", type: "replicator", position: [50, 50], bounds: [0, 0, 100, 100], instanceColor: "#00FF00",
        sublayers: [
          { id: "box", position: [15, 15], bounds: [0, 0, 20, 20], backgroundColor: "white", borderWidth: 4, borderColor: "#FFFF00" },
          { id: "shape", type: "shape", position: [60, 25], path: { rect: [-10, -10, 20, 20] }, fillColor: "white", strokeColor: "#FF00FF", lineWidth: 4 },
          { id: "ramp", type: "gradient", position: [25, 60], bounds: [0, 0, 30, 10], colors: ["white", "white"] },
          { id: "word", type: "text", position: [70, 85], bounds: [0, 0, 60, 20], string: "WWW", fontFamily: "Lato", fontSize: 18, foregroundColor: "white" },
          { id: "shadowed", position: [25, 85], bounds: [0, 0, 10, 4], backgroundColor: "white", shadowOpacity: 1, shadowColor: "white", shadowOffset: [0, 6], shadowRadius: 0 },
        ] }
      """)
    let samples: [(String, Int, Int, Int)] = [
      ("background", 15, 15, 255), ("border", 6, 15, 255), ("fill", 60, 25, 255), ("stroke", 50, 25, 0),
      ("gradient", 25, 60, 255), ("shadow", 25, 91, 255),
    ]
    for (what, x, y, green) in samples {
      let pixel = buffer.rgba(x: x, y: y)
      #expect(pixel.red == 0 && pixel.blue == 0 && Int(pixel.green) == green, "\(what) at (\(x), \(y)): \(pixel)")
    }
    // The text's ink: green pixels, never red or blue ones.
    var inked = 0
    for y in 75..<96 {
      for x in 40..<100 {
        let pixel = buffer.rgba(x: x, y: y)
        #expect(pixel.red == 0 && pixel.blue == 0, "text at (\(x), \(y)): \(pixel)")
        if pixel.green > 128 { inked += 1 }
      }
    }
    #expect(inked > 20)
  }

  @Test("a shadow is faded once by an instance's alpha, as the layer that casts it")
  func shadowFadedOnce() throws {
    let buffer = try frame(
      """
      { id: "r", type: "replicator", position: [50, 50], bounds: [0, 0, 100, 100], instanceColor: "#FFFFFF80",
        sublayers: [ { id: "s", position: [50, 40], bounds: [0, 0, 20, 10], backgroundColor: "white",
                       shadowOpacity: 1, shadowColor: "white", shadowOffset: [0, 20], shadowRadius: 0 } ] }
      """)
    let layer = buffer.rgba(x: 50, y: 40)
    let shadow = buffer.rgba(x: 50, y: 60)
    #expect(abs(Int(layer.red) - 128) <= 1, "\(layer)")
    #expect(abs(Int(shadow.red) - 128) <= 1, "\(shadow)")
  }

  @Test("an image in an instance is multiplied by its colour, pixel by pixel")
  func imageIsTinted() throws {
    let image = #"position: [50, 50], bounds: [0, 0, 40, 40], contents: "quadrants.png""#
    let plain = try frame("{ id: \"a\", \(image) }")
    let tinted = try frame(
      #"{ id: "r", type: "replicator", position: [50, 50], bounds: [0, 0, 100, 100], instanceColor: "rgba(255, 128, 0, 0.5)", sublayers: [ { id: "a", \#(image) } ] }"#
    )
    let spots = [(40, 40), (60, 40), (40, 60), (60, 60)]
    // The four quadrants have four colours, with red and green in them to be tinted.
    #expect(Set(spots.map { "\(plain.rgba(x: $0.0, y: $0.1))" }).count == 4)
    #expect(spots.contains { plain.rgba(x: $0.0, y: $0.1).red > 128 } && spots.contains { plain.rgba(x: $0.0, y: $0.1).green > 128 })
    for (x, y) in spots {
      let source = plain.rgba(x: x, y: y)
      let found = tinted.rgba(x: x, y: y)
      // Over black: the image's colour times the tint's, times its alpha.
      let expected = [Double(source.red) * 0.5, Double(source.green) * 128 / 255 * 0.5, 0]
      let channels = [Double(found.red), Double(found.green), Double(found.blue)]
      for (channel, wanted) in zip(channels, expected) {
        #expect(abs(channel - wanted) <= 2, "(\(x), \(y)): \(found) from \(source)")
      }
    }
  }

  @Test("a spinner of dots delayed per instance draws each dot at its own moment")
  func delayedInstancesDraw() throws {
    let spinner = """
      { id: "spinner", type: "replicator", position: [50, 50], bounds: [0, 0, 80, 80], instanceCount: 4,
        instanceTransform: { rotate: "90deg" }, instanceDelay: 0.25,
        sublayers: [ { id: "dot", type: "shape", position: [40, 6], path: { oval: [-5, -5, 10, 10] }, fillColor: "white",
                       animations: [ { type: "basic", keyPath: "opacity", fromValue: 1, toValue: 0, duration: 1, repeatCount: "infinity" } ] } ] }
      """
    let buffer = try frame(spinner, time: 1.5)
    // Instance k is at 1.5 − 0.25k into its fade: opacity 0.5, 0.75, 1 (just wrapped), 0.25.
    let spots = [(50, 16), (84, 50), (50, 84), (16, 50)]
    for (k, opacity) in [0.5, 0.75, 1.0, 0.25].enumerated() {
      let pixel = buffer.rgba(x: spots[k].0, y: spots[k].1)
      #expect(abs(Double(pixel.red) - 255 * opacity) <= 1.5, "instance \(k): \(pixel)")
    }
  }
}
