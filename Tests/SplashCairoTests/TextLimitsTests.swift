import Foundation
import SplashCore
import SplashModel
import SplashRender
import Testing

@testable import SplashCairo

/// Text beyond what Pango's 32-bit Pango units (1/1024 pixel) hold: long lines at large sizes,
/// huge wrap widths, and fonts larger on the device than FreeType makes them.
@Suite("Text limits: measuring and drawing never overflow Pango's int units")
struct TextLimitsTests {
  /// A text layer's properties: `string` in DejaVu Sans at `fontSize`, one line unless a
  /// wrap width is given.
  private func text(_ string: String, fontSize: Double, wrapWidth: Double? = nil) -> LayerProperties {
    var properties = LayerProperties()
    properties.bounds = Rect(x: 0, y: 0, width: wrapWidth ?? 100, height: 60)
    properties.text.string = string
    properties.text.fontFamily = "DejaVu Sans"
    properties.text.fontSize = fontSize
    properties.text.isWrapped = wrapWidth != nil
    return properties
  }

  @Test("2500 W's at 1000 points (past 2^31 Pango units) measure 2500 times one W")
  func longLineAtLargeSize() throws {
    let backend = CairoBackend()
    let one = try #require(backend.textExtents(text("W", fontSize: 1000)))
    let many = try #require(backend.textExtents(text(String(repeating: "W", count: 2500), fontSize: 1000)))
    // Each extent carries a point of antialiasing on both sides.
    let ratio = (many.width - 2) / (one.width - 2)
    #expect(abs(ratio - 2500) < 2500 * 0.01, "ratio \(ratio): \(many) against \(one)")
    #expect(abs(many.height - one.height) < 1, "one line: \(many) against \(one)")
  }

  @Test("text above 256 points is laid out smaller and scaled: 512 points measures twice 256")
  func scaledLayoutMeasuresLinearly() throws {
    let backend = CairoBackend()
    let small = try #require(backend.textExtents(text("Hg", fontSize: 256)))
    let large = try #require(backend.textExtents(text("Hg", fontSize: 512)))
    #expect(abs((large.width - 2) / (small.width - 2) - 2) < 0.01, "\(large) against \(small)")
    #expect(abs((large.height - 2) / (small.height - 2) - 2) < 0.01, "\(large) against \(small)")
  }

  @Test("a wrap width of 10^9 points (10^12 Pango units) measures like an unwrapped line")
  func hugeWrapWidth() throws {
    let backend = CairoBackend()
    let wrapped = try #require(backend.textExtents(text("splash to video", fontSize: 14, wrapWidth: 1e9)))
    let line = try #require(backend.textExtents(text("splash to video", fontSize: 14)))
    #expect(abs(wrapped.width - line.width) < 0.5 && abs(wrapped.height - line.height) < 0.5, "\(wrapped) against \(line)")
  }

  /// A 32×32 frame at one pixel per point, white, with a full block (█) at 1000 points whose
  /// box centre (well inside the block's ink) sits at the frame's centre, scaled `scale` times.
  private func block(scale: Double, backend: CairoBackend) throws -> PixelBuffer {
    try RenderGoldenTests.render(
      GoldenCase(
        name: "block",
        layers: """
          { id: "block", type: "text", position: [16, 16], bounds: [0, 0, 600, 1000], transform: { scale: \(scale) },
            string: "█", fontFamily: "DejaVu Sans", fontSize: 1000, foregroundColor: "black" }
          """,
        canvas: (32, 32), pixels: (32, 32)),
      backend: backend)
  }

  @Test("a font 40 000 pixels high on the device is drawn, by Cairo's outlines, where it belongs")
  func largeOnTheDevice() throws {
    final class Warnings: @unchecked Sendable { var messages: [String] = [] }
    let warnings = Warnings()
    let frame = try block(scale: 40, backend: CairoBackend { warnings.messages.append($0) })
    var black = 0
    for y in 0..<frame.height {
      for x in 0..<frame.width where frame.rgba(x: x, y: y).red < 16 { black += 1 }
    }
    #expect(black == frame.width * frame.height, "the block fills the frame: \(black) black pixels")
    #expect(warnings.messages.isEmpty, "\(warnings.messages)")
  }

  @Test("a font a million pixels high (past FreeType's 16-bit sizes) is drawn smaller, with a warning")
  func beyondFreeType() throws {
    final class Warnings: @unchecked Sendable { var messages: [String] = [] }
    let warnings = Warnings()
    let backend = CairoBackend { warnings.messages.append($0) }
    _ = try block(scale: 1000, backend: backend)
    _ = try block(scale: 1000, backend: backend)
    #expect(
      warnings.messages == [
        "text \"█\" is larger than 65535 pixels at some frames; drawn at that size there (FreeType's largest)"
      ])
  }
}
