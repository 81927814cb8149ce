import Foundation
import SplashCairo
import SplashCore
import SplashDocument
import SplashRender
import SplashTestSupport
import SplashZip
import Testing

@testable import SplashOutput

/// dotLottie themes (`t/ID.json`): rules that give slots values, applied as players apply
/// them — the initial theme by default, another by `--param theme=ID`, none by `theme=none`.
@Suite("dotLottie themes are parameters")
struct DotLottieThemeTests {
  /// A 40 × 40 square in a 120 × 80 composition whose fill colour is the slot `fill` (red) and
  /// whose opacity is the slot `strength` (100), with a text layer whose text is the slot `label`.
  static let slotted = DotLottieFixtures.json(
    #"""
    {"v":"5.7.4","fr":30,"ip":0,"op":30,"w":120,"h":80,"nm":"square","assets":[],
     "slots":{"fill":{"p":{"a":0,"k":[1,0,0,1]}},"strength":{"p":{"a":0,"k":100}},
              "label":{"p":{"k":[{"t":0,"s":{"t":"Hi","s":10,"f":"Lato","fc":[0,0,0],"j":0,"lh":12}}]}}},
     "fonts":{"list":[{"fName":"Lato","fFamily":"Lato","fStyle":"Regular"}]},
     "layers":[
      {"ty":5,"nm":"caption","ip":0,"op":30,"ks":{"p":{"a":0,"k":[4,74]}},
       "t":{"d":{"sid":"label","k":[{"t":0,"s":{"t":"Hi","s":10,"f":"Lato","fc":[0,0,0],"j":0,"lh":12}}]},"a":[],"m":{"a":{"a":0,"k":[0,0]}}}},
      {"ty":4,"nm":"square","ip":0,"op":30,"ks":{"p":{"a":0,"k":[60,40]}},
       "shapes":[{"ty":"rc","p":{"a":0,"k":[0,0]},"s":{"a":0,"k":[40,40]},"r":{"a":0,"k":0}},
                 {"ty":"fl","c":{"a":0,"k":[1,0,0,1],"sid":"fill"},"o":{"a":0,"k":100,"sid":"strength"}}]}
    ]}
    """#)

  static let manifest = DotLottieFixtures.json(
    #"{"version":"2","animations":[{"id":"badge","initialTheme":"dark","themes":["dark","light","faded"]}],"themes":[{"id":"dark"},{"id":"light"},{"id":"faded"}]}"#
  )

  static func archive(extra: [(name: String, bytes: [UInt8])] = []) throws -> [UInt8] {
    let path = try BinaryRunner.temporaryFolder().appendingPathComponent("themed.lottie").path
    try ZipArchiveWriter.write(
      [
        ("manifest.json", manifest), ("a/badge.json", slotted),
        (
          "t/dark.json",
          DotLottieFixtures.json(
            #"{"rules":[{"id":"fill","type":"Color","value":[0,0,1]},{"id":"label","type":"Text","value":{"text":"Go"}}]}"#)
        ),
        (
          "t/light.json",
          DotLottieFixtures.json(
            #"{"rules":[{"id":"fill","type":"Color","value":[0,1,0]},{"id":"fill","type":"Color","animations":["other"],"value":[1,1,0]},{"id":"edge","type":"Gradient","value":[]}]}"#
          )
        ),
        (
          "t/faded.json",
          DotLottieFixtures.json(
            #"{"rules":[{"id":"strength","type":"Scalar","keyframes":[{"frame":0,"value":100},{"frame":30,"value":0}]}]}"#)
        ),
      ] + extra, to: path)
    return [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
  }

  /// The square's centre pixel at frame `frame`, drawn with `parameters`, and the warnings.
  private func centre(_ bytes: [UInt8], _ parameters: [String: String] = [:], frame: Double = 0) throws -> (
    pixel: (red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8), warnings: [String]
  ) {
    let document = try AnimationDocument(bytes: bytes, file: "themed.lottie", baseDirectory: nil)
    var warnings: [String] = []
    let scene = try document.scene(parameters: parameters, warn: { warnings.append($0.expected) })
    let buffer = try #require(PixelBuffer(width: 120, height: 80))
    try CairoBackend().render(
      scene.presentation(at: frame / 30), viewport: Viewport(canvasSize: scene.canvasSize, pixelWidth: 120, pixelHeight: 80),
      into: buffer)
    return (buffer.rgba(x: 60, y: 40), warnings)
  }

  @Test("the initial theme is drawn by default; --param theme picks another, or none for the file's own colours")
  func choosing() throws {
    let bytes = try Self.archive()
    #expect(try centre(bytes).pixel == (0, 0, 255, 255), "dark, the initial theme: blue")
    #expect(try centre(bytes, ["theme": "none"]).pixel == (255, 0, 0, 255), "the file's own red")
    let light = try centre(bytes, ["theme": "light"])
    #expect(light.pixel == (0, 255, 0, 255), "light: green; its rule for another animation is left out")
    #expect(light.warnings == ["warning: theme light: rules[2] (slot edge): a Gradient rule is not applied; the slot keeps its own value"])
    // A theme, then --param over it.
    #expect(try centre(bytes, ["theme": "light", "fill": "#FFFFFF"]).pixel == (255, 255, 255, 255))
    // Keyframes: the opacity falls from 100 % to 0 over the loop.
    let halfway = try centre(bytes, ["theme": "faded", "fill": "#000000"], frame: 15).pixel
    #expect((120...135).contains(Int(halfway.red)) && halfway.red == halfway.blue, "half faded black over white: \(halfway)")
  }

  @Test("a Text rule retexts the slot's document; the theme is a parameter that lists its choices")
  func listedAndTexted() throws {
    let document = try AnimationDocument(bytes: try Self.archive(), file: "themed.lottie", baseDirectory: nil)
    let theme = try #require(try document.parameters().first { $0.name == "theme" })
    #expect(theme.defaultValue == .string("dark"))
    #expect(theme.description == "the archive's theme: dark, faded, light, none")
    let source = try #require(try document.lottieSource())
    let dark = try source.resolved(parameters: [:], warn: nil, file: "themed.lottie")
    #expect("\(dark)".contains("Go") && !"\(dark)".contains("\"Hi\""), "the dark theme's text replaces the slot's")
  }

  @Test("an unknown theme names the nearest; an unreadable theme file is refused when chosen and listed by validate")
  func refusals() throws {
    let bytes = try Self.archive(extra: [
      ("t/broken.json", DotLottieFixtures.json(#"{"rules":[{"id":"fill","type":"Color","value":[2,0,0]}]}"#))
    ])
    let document = try AnimationDocument(bytes: bytes, file: "themed.lottie", baseDirectory: nil)
    let unknown = #expect(throws: UsageError.self) { try document.scene(parameters: ["theme": "drak"]) }
    #expect(
      unknown?.description.contains(
        "--param theme: themed.lottie: expected one of the archive's themes (dark, faded, light) or none (the nearest: dark), found \"drak\""
      )
        == true, "\(String(describing: unknown))")
    // broken.json is not listed by the manifest, so it is no theme of the animation; listed, it is refused.
    let listing = DotLottieFixtures.json(
      #"{"version":"2","animations":[{"id":"badge","themes":["broken"]}],"themes":[{"id":"broken"}]}"#)
    let path = try BinaryRunner.temporaryFolder().appendingPathComponent("broken.lottie").path
    try ZipArchiveWriter.write(
      [
        ("manifest.json", listing), ("a/badge.json", Self.slotted),
        ("t/broken.json", DotLottieFixtures.json(#"{"rules":[{"id":"fill","type":"Color","value":[2,0,0]}]}"#)),
      ], to: path)
    let broken = try AnimationDocument(
      bytes: [UInt8](try Data(contentsOf: URL(fileURLWithPath: path))), file: "broken.lottie", baseDirectory: nil)
    let refused = #expect(throws: UsageError.self) { try broken.scene(parameters: ["theme": "broken"]) }
    #expect(
      refused?.description.contains("rules[0].value: expected a colour as 3 or 4 numbers from 0 to 1") == true,
      "\(String(describing: refused))")
    #expect(broken.check().problems.map(\.description).contains { $0.hasPrefix("broken.lottie: t/broken.json: rules[0].value") })
  }
}
