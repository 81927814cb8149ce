import Foundation
import SplashCore
import SplashModel
import SplashRender
import Testing

@testable import SplashCairo

@Suite("Fonts: iOS names resolve to installed families, with a warning when they fall back")
struct TextAndFontTests {
  @Test("HelveticaNeue-Thin falls back to Lato at weight 200 and says so")
  func helveticaNeueThin() {
    let resolution = FontResolver().resolve(family: "HelveticaNeue-Thin", weight: 400)
    #expect(resolution.family == "Lato")
    #expect(resolution.weight == 200)
    #expect(resolution.warning == "font \"HelveticaNeue-Thin\" is not installed; using Lato at weight 200 instead")
  }

  @Test("an installed family is used as named, spaces and case aside, without a warning")
  func installedFamily() {
    let resolver = FontResolver()
    #expect(resolver.resolve(family: "dejavusans", weight: 700) == .init(family: "DejaVu Sans", weight: 700, warning: nil))
    #expect(resolver.resolve(family: "Lato-Bold", weight: 400) == .init(family: "Lato", weight: 700, warning: nil))
  }

  @Test("an unknown non-Apple family falls back to DejaVu Sans")
  func unknownFamily() {
    let resolution = FontResolver().resolve(family: "Comic Neue Pro", weight: 400)
    #expect(resolution.family == "DejaVu Sans")
    #expect(resolution.warning != nil)
  }

  @Test("rendering a missing family warns once, and still draws the text")
  func warningWhileRendering() throws {
    final class Warnings: @unchecked Sendable { var messages: [String] = [] }
    let warnings = Warnings()
    let backend = CairoBackend { warnings.messages.append($0) }
    let golden = GoldenCase(
      name: "fallback",
      layers:
        ##"{ id: "label", type: "text", position: [80, 24], bounds: [0, 0, 160, 40], string: "Welcome", fontFamily: "HelveticaNeue-Thin", fontSize: 36, foregroundColor: "black", alignmentMode: "center" }"##,
      canvas: (160, 48))
    let first = try RenderGoldenTests.render(golden, backend: backend)
    _ = try RenderGoldenTests.render(golden, backend: backend)
    #expect(warnings.messages == ["font \"HelveticaNeue-Thin\" is not installed; using Lato at weight 200 instead"])
    var inked = 0
    for y in 0..<first.height {
      for x in 0..<first.width where first.rgba(x: x, y: y).red < 128 { inked += 1 }
    }
    #expect(inked > 200, "the fallback font drew the word")
  }
}
