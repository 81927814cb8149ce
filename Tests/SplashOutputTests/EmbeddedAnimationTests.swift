import Foundation
import SplashCairo
import SplashCore
import SplashModel
import SplashPipeline
import SplashTestSupport
import Testing

@testable import SplashOutput

/// A preset's layer that shows a Lottie file: placed and sized as the layer, its time the
/// layer's through `beginTime`, `speed` and `repeats`, drawn as the file alone draws.
@Suite("Lottie files inside a preset's layers")
struct EmbeddedAnimationTests {
  private let folder: URL

  init() throws {
    folder = try ScratchFolder.make("embedded")
    try Data(ClipRangeTests.slider.utf8).write(to: folder.appendingPathComponent("slider.json"))
  }

  /// A 200×200 white preset whose layer `badge` spans 100×100 points from (50, 50), showing
  /// the slider with `lottie` (JSON5 members after `file`).
  private func preset(_ lottie: String = "", file: String = "slider.json") throws -> PresetSource {
    let url = folder.appendingPathComponent("card-\(UUID().uuidString).json5")
    try Data(
      """
      { schemaVersion: 1, canvas: { size: [200, 200], background: "#FFFFFF" }, clip: { cycle: 4 },
        layers: [{ id: "badge", bounds: [0, 0, 100, 100], position: [100, 100], lottie: { file: "\(file)"\(lottie) } }] }
      """.utf8
    ).write(to: url)
    return PresetSource(origin: .file(url.path))
  }

  private func still(_ source: PresetSource, _ moment: TimeSelection, size: Int) throws -> PixelBuffer {
    let path = folder.appendingPathComponent("still-\(UUID().uuidString).png").path
    try StillJob(source: source, moment: moment, size: OutputSize(requested: PixelSize(width: size, height: size)), outputPath: path)
      .run(environment: [:], log: { _ in })
    return try PNGReader.read(path)
  }

  /// Whether the 100×100 pixels of `card` from (50, 50) are those of `alone`.
  private func showsAlone(_ card: PixelBuffer, _ alone: PixelBuffer) -> Bool {
    (0..<100).allSatisfy { y in
      memcmp(card.bytes + (y + 50) * card.bytesPerRow + 50 * 4, alone.bytes + y * alone.bytesPerRow, 100 * 4) == 0
    }
  }

  private var slider: PresetSource { PresetSource(origin: .file(folder.appendingPathComponent("slider.json").path)) }

  @Test("the layer shows the file as it draws alone, at the same time and place")
  func sameAsAlone() throws {
    let card = try preset()
    for time in [0.0, 0.5, 1.25] {
      #expect(showsAlone(try still(card, .time(time), size: 200), try still(slider, .time(time), size: 100)), "t = \(time)")
    }
    #expect(!showsAlone(try still(card, .time(0.5), size: 200), try still(slider, .time(1), size: 100)), "the check can tell times apart")
  }

  @Test("beginTime holds the first frame, speed runs the file faster, repeats plays it again; without repeats its end holds")
  func timing() throws {
    let card = try preset(", beginTime: 0.5, speed: 2")
    #expect(showsAlone(try still(card, .time(0.25), size: 200), try still(slider, .time(0), size: 100)), "before beginTime")
    #expect(showsAlone(try still(card, .time(1), size: 200), try still(slider, .time(1), size: 100)), "(1 − 0.5) × 2")
    #expect(showsAlone(try still(card, .time(1.75), size: 200), try still(slider, .time(0.5), size: 100)), "again: 2.5 mod 2")
    let once = try preset(", repeats: false")
    #expect(showsAlone(try still(once, .time(3), size: 200), try still(slider, .position(1), size: 100)), "its end, held")
    let outro = try preset(", segment: \"outro\"")
    #expect(showsAlone(try still(outro, .time(0.25), size: 200), try still(slider, .time(1.25), size: 100)), "the marker's frames")
  }

  @Test("a file that is missing, not Lottie, or without the marker is refused, naming it")
  func refusals() throws {
    let missing = #expect(throws: (any Error).self) { try self.preset(file: "none.json").load(environment: [:]) }
    #expect("\(missing!)".contains("layers[0].lottie.file: expected a Lottie file that exists"), "\(missing!)")
    try Data(#"{ schemaVersion: 1, canvas: { size: [10, 10] }, clip: { cycle: 1 }, layers: [] }"#.utf8)
      .write(to: folder.appendingPathComponent("other.json5"))
    let notLottie = #expect(throws: (any Error).self) { try self.preset(file: "other.json5").load(environment: [:]) }
    #expect(
      "\(notLottie!)".contains("expected a Lottie file (JSON, .lottie or .tgs) for a layer's lottie.file, found a preset"), "\(notLottie!)")
    let marker = #expect(throws: (any Error).self) { try self.preset(", segment: \"middle\"").load(environment: [:]) }
    #expect("\(marker!)".contains("a marker named \"middle\" with a length (its markers: intro, outro)"), "\(marker!)")
  }

  @Test("the file is one of the preset's inputs: in a clip's fingerprint by its bytes")
  func fingerprint() throws {
    let card = try preset()
    let job = try RenderJob(RenderRequest(outputs: ["x.mp4"]), source: card)
    let scene = try card.load(environment: [:])
    #expect(try card.inputs(scene, environment: [:]).map(\.role).contains("a Lottie file of the preset"))
    let before = try InputFingerprint.of(job, presetBytes: [], scene: scene, versions: InstalledRenderingVersions())
    try Data(ClipRangeTests.slider.replacingOccurrences(of: "[1, 0, 0, 1]", with: "[0, 0, 1, 1]").utf8)
      .write(to: folder.appendingPathComponent("slider.json"))
    #expect(try InputFingerprint.of(job, presetBytes: [], scene: scene, versions: InstalledRenderingVersions()) != before)
  }
}
