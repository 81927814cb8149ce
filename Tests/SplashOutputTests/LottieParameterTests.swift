import Foundation
import SplashCairo
import SplashCore
import SplashDocument
import SplashModel
import SplashPipeline
import SplashTestSupport
import Testing

@testable import SplashOutput

/// A Lottie file recoloured by `--param`: by its slot when it has one, by key path when not, in
/// a render and in a batch's rows alike, and listed as a preset's parameters are.
@Suite("Lottie parameters: slots and key paths set by --param in a render and a batch")
struct LottieParameterTests {
  /// A 100×100 square filling the frame: its fill names the slot `brand` (orange) when
  /// `slotted`, and is black otherwise.
  static func square(slotted: Bool) -> String {
    let slots = slotted ? #""slots":{"brand":{"p":{"a":0,"k":[1,0.4,0,1]}}},"# : ""
    let sid = slotted ? #""sid":"brand","# : ""
    return """
      {"v":"5.7.4","fr":10,"ip":0,"op":10,"w":100,"h":100,\(slots)
       "layers":[{"ty":4,"nm":"Card","ip":0,"op":10,"ks":{"p":{"a":0,"k":[50,50]}},
        "shapes":[{"ty":"gr","nm":"Group 1","it":[
          {"ty":"rc","p":{"a":0,"k":[0,0]},"s":{"a":0,"k":[100,100]},"r":{"a":0,"k":0}},
          {"ty":"fl","nm":"Fill 1","c":{\(sid)"a":0,"k":[0,0,0,1]},"o":{"a":0,"k":100}},
          {"ty":"tr","p":{"a":0,"k":[0,0]},"a":{"a":0,"k":[0,0]},"s":{"a":0,"k":[100,100]},"r":{"a":0,"k":0},"o":{"a":0,"k":100}}]}]}]}
      """
  }

  private let folder: URL

  init() throws {
    folder = try ScratchFolder.make("lottie-parameters")
    try Data(Self.square(slotted: true).utf8).write(to: folder.appendingPathComponent("slotted.json"))
    try Data(Self.square(slotted: false).utf8).write(to: folder.appendingPathComponent("plain.json"))
  }

  /// The centre of the first frame a render of `file` with `parameters` draws.
  private func centre(_ file: String, _ parameters: [String]) throws -> [UInt8] {
    let sequence = folder.appendingPathComponent("frames-\(UUID().uuidString)")
    let request = RenderRequest(values: [.size: "20x20"], parameters: parameters, outputs: [sequence.path + "/f-%04d.png"])
    let source = PresetSource(origin: .file(folder.appendingPathComponent(file).path))
    try RenderJob(request, source: source).run(environment: [:], cancellation: CancellationFlag(), log: { _ in })
    let pixel = try PNGReader.read(sequence.appendingPathComponent("f-0001.png").path).rgba(x: 10, y: 10)
    return [pixel.red, pixel.green, pixel.blue]
  }

  @Test("a slot: its value without --param (the player's colour, not the property's own), --param's with it")
  func slot() throws {
    #expect(try centre("slotted.json", []) == [255, 102, 0])
    #expect(try centre("slotted.json", ["brand=#0066FF"]) == [0, 102, 255])
    let document = try AnimationDocument.read(
      URL(fileURLWithPath: folder.appendingPathComponent("slotted.json").path), displayName: "slotted.json", reader: FileDocumentReader())
    let listed = try document.parameters()
    #expect(listed.map(\.name) == ["brand"] && listed.first?.kind == .color && listed.first?.defaultValue == .string("#FF6600"))
  }

  @Test("no slot: a key path sets the colour; a wrong one is refused with the nearest")
  func keyPath() throws {
    #expect(try centre("plain.json", []) == [0, 0, 0])
    #expect(try centre("plain.json", ["Card.Group 1.Fill 1.Color=#0066FF"]) == [0, 102, 255])
    #expect(try centre("plain.json", ["Card.**.Color=orange"]) == [255, 128, 0])
    let refusal = #expect(throws: UsageError.self) { try centre("plain.json", ["Card.Group 1.Fil 1.Color=#0066FF"]) }
    #expect(
      refusal?.message.hasSuffix("no slot, and no colour, opacity or text at that key path; the nearest: Card.Group 1.Fill 1.Color") == true
    )
  }

  @Test("a batch's rows set slots and key paths by their params; a wrong name fails the row before anything renders")
  func batch() throws {
    let manifest = folder.appendingPathComponent("clips.csv").path
    try Data(
      """
      preset,output,params,size,fps
      slotted,blue.mp4,brand=#0066FF,20x20,10
      plain,keyed.mp4,Card.Group 1.Fill 1.Color=#0066FF,20x20,10

      """.utf8
    ).write(to: URL(fileURLWithPath: manifest))
    let presets = BatchPresets(folder: folder.path, assetsRoot: nil)
    let clips = try BatchManifest.clips(presets: presets, manifest: manifest, outputFolder: folder.path + "/out")
    #expect(clips.map(\.parameters) == [["brand": "#0066FF"], ["Card.Group 1.Fill 1.Color": "#0066FF"]])

    try Data("preset,output,params\nslotted,a.mp4,brnad=#0066FF\n".utf8).write(to: URL(fileURLWithPath: manifest))
    let problems = #expect(throws: BatchManifest.Problems.self) {
      try BatchManifest.clips(
        presets: BatchPresets(folder: folder.path, assetsRoot: nil), manifest: manifest, outputFolder: folder.path + "/out")
    }
    #expect(
      problems?.lines.first?.hasSuffix("the file has no slot of that name; its slots are brand (the nearest: brand)") == true,
      "\(problems?.lines ?? [])")
  }
}

/// The example the README and docs/lottie.md show keeps what they say of it.
@Suite("examples/badge.json: the documented slots and markers")
struct ExampleBadgeTests {
  @Test("its slots are brand and accent, its markers intro and spin, and it renders with them set")
  func documented() throws {
    let file = SplashOutputTests.repository.appendingPathComponent("examples/badge.json")
    let document = try AnimationDocument.read(file, displayName: "badge.json", reader: FileDocumentReader())
    #expect(try document.parameters().map(\.name) == ["accent", "brand"])
    let scene = try document.scene(parameters: ["brand": "#1E88E5", "Ring.**.Color": "white"])
    #expect(scene.segments.map(\.name) == ["intro", "spin"])
    #expect(scene.segments.first == ClipSegment(name: "intro", start: 0, end: 1))
  }

  @Test("examples/badge-themes.lottie offers its themes day and mint as a parameter, none by default")
  func themes() throws {
    let file = SplashOutputTests.repository.appendingPathComponent("examples/badge-themes.lottie")
    let document = try AnimationDocument.read(file, displayName: "badge-themes.lottie", reader: FileDocumentReader())
    let theme = try #require(try document.parameters().first { $0.name == "theme" })
    #expect(theme.defaultValue == .string("none") && theme.description == "the archive's theme: day, mint, none")
    let source = try #require(try document.lottieSource())
    let mint = try source.resolved(parameters: ["theme": "mint"], warn: nil, file: "badge-themes.lottie")
    guard case .object(let root) = mint, case .object(let slots)? = root["slots"], case .object(let accent)? = slots["accent"] else {
      Issue.record("no slots in \(mint)")
      return
    }
    #expect(accent["p"] == .object(["a": .number(0), "k": .array([0.45, 0.95, 0.72, 1].map(JSONValue.number))]))
  }

  @Test("examples/card.json5 shows the badge in a layer, its spin marker looping")
  func card() throws {
    let file = SplashOutputTests.repository.appendingPathComponent("examples/card.json5")
    let scene = try PresetSource(origin: .file(file.path)).load(environment: [:])
    let badge = try #require(scene.layers.first)
    #expect(badge.embedded?.segment == "spin" && badge.sublayers.first?.id == "badge/lottie")
    #expect(badge.sublayers.first?.timeRemap?.repeats == true)
  }
}
