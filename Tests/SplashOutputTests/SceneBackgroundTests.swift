import Foundation
import SplashCairo
import SplashCore
import SplashModel
import SplashPipeline
import SplashTestSupport
import Testing

@testable import SplashOutput

/// What a render puts behind the animation: a colour in place of the canvas's, an image over
/// the whole frame (cover or contain), on every frame of a render and on a still alike.
@Suite("Backgrounds: a colour and an image behind any animation")
struct SceneBackgroundTests {
  private let folder: URL
  private let slider: PresetSource
  /// A 40×20 image: its left half blue, its right half yellow.
  private let image: String

  init() throws {
    folder = try ScratchFolder.make("background")
    let file = folder.appendingPathComponent("slider.json")
    try Data(ClipRangeTests.slider.utf8).write(to: file)
    slider = PresetSource(origin: .file(file.path))
    let pixels = try #require(PixelBuffer(width: 40, height: 20))
    pixels.fill(with: Color(red: 0, green: 0, blue: 1))
    for y in 0..<20 {
      for x in 20..<40 { pixels.bytes.storeBytes(of: 0xFFFF_FF00 as UInt32, toByteOffset: y * pixels.bytesPerRow + x * 4, as: UInt32.self) }
    }
    image = folder.appendingPathComponent("halves.png").path
    try PNGOutput.write(pixels, to: image, log: { _ in })
  }

  /// The first frame a render of `values` at `size` writes, decoded.
  private func firstFrame(_ values: [RenderOption: String], size: String) throws -> PixelBuffer {
    let sequence = folder.appendingPathComponent("frames-\(UUID().uuidString)")
    var request = RenderRequest(values: values, outputs: [sequence.path + "/f-%04d.png"])
    request[.size] = size
    request[.framesPerSecond] = "2"
    try RenderJob(request, source: slider).run(environment: [:], cancellation: CancellationFlag(), log: { _ in })
    return try PNGReader.read(sequence.appendingPathComponent("f-0001.png").path)
  }

  private func rgb(_ pixels: PixelBuffer, _ x: Int, _ y: Int) -> [UInt8] {
    let pixel = pixels.rgba(x: x, y: y)
    return [pixel.red, pixel.green, pixel.blue]
  }

  @Test("--background: the colour fills the frame, the bands of a contain fit included, under the layers")
  func color() throws {
    // The 100×100 composition in a 200×100 frame: bands left and right.
    let frame = try firstFrame([.background: "#8B0000"], size: "200x100")
    #expect(rgb(frame, 5, 50) == [0x8B, 0, 0] && rgb(frame, 100, 90) == [0x8B, 0, 0], "band and canvas alike")
    // The square at canvas (10, 50), 20 points: pixels 50…70 across at this scale.
    #expect(rgb(frame, 60, 50) == [255, 0, 0], "the layers draw over it")
  }

  @Test("--background-image: cover fills the whole frame, bands included, cropped; contain shows it whole on the colour")
  func backgroundImage() throws {
    // 100×200 frame, a 2:1 image covering it: scaled to 400×200, its middle 100 columns show,
    // the boundary between its halves at the frame's centre.
    let cover = try firstFrame([.backgroundImage: image], size: "100x200")
    #expect(rgb(cover, 30, 5) == [0, 0, 255] && rgb(cover, 70, 195) == [255, 255, 0], "top and bottom bands show the image")
    // Contain: the image 100×50 in the middle of the frame, the colour above and below.
    let contain = try firstFrame([.backgroundImage: image, .backgroundFit: "contain", .background: "purple"], size: "100x200")
    #expect(rgb(contain, 50, 10) == [128, 0, 128] && rgb(contain, 50, 190) == [128, 0, 128])
    #expect(rgb(contain, 25, 80) == [0, 0, 255] && rgb(contain, 75, 120) == [255, 255, 0])
    // The still at the same moment and size is the same picture.
    let path = folder.appendingPathComponent("still.png").path
    var still = StillJob(
      source: slider, moment: .time(0), size: OutputSize(requested: PixelSize(width: 100, height: 200)), outputPath: path)
    still.background = SceneBackground(imagePath: image)
    try still.run(environment: [:], log: { _ in })
    let drawn = try PNGReader.read(path)
    #expect(memcmp(drawn.bytes, cover.bytes, cover.byteCount) == 0)
  }

  @Test("what cannot be drawn is refused before anything is: a clear with a colour, a see-through colour in H.264, no file")
  func refusals() throws {
    let cases: [([RenderOption: String], String, String)] = [
      ([.background: "red", .transparent: ""], "a.mov", "--background red paints what --transparent clears; give one of them"),
      (
        [.backgroundImage: "x.png", .target: "web"], "a.webm", "--background-image x.png paints what --target web clears; give one of them"
      ),
      ([.backgroundFit: "contain"], "a.mp4", "--background-fit contain fits an image; give --background-image too"),
      (
        [.background: "#00000080"], "a.mp4",
        "--background #00000080 is see-through and H.264 MP4 has no alpha: write .mov, .webm or .gif, or give an opaque colour"
      ),
      ([.background: "#12"], "a.mp4", "--background #12: expected \(ColorTextExpectation.text)"),
      (
        [.backgroundImage: folder.appendingPathComponent("none.png").path], "a.mp4",
        "--background-image \(folder.appendingPathComponent("none.png").path): expected an image file (PNG, JPEG, WebP or GIF), found nothing there"
      ),
    ]
    for (values, output, message) in cases {
      let refusal = #expect(throws: RenderOptionError.self) {
        try RenderJob(RenderRequest(values: values, outputs: [folder.appendingPathComponent(output).path]), source: slider)
          .preflight(try slider.load(environment: [:]), environment: [:])
      }
      #expect(refusal?.description == message)
    }
    // A see-through colour is what formats with alpha are for.
    #expect(throws: Never.self) { try RenderJob(RenderRequest(values: [.background: "#00000080"], outputs: ["a.mov"]), source: slider) }
  }

  @Test("the background is part of a clip's fingerprint only when given; the image by its bytes")
  func fingerprint() throws {
    let plain = try RenderJob(RenderRequest(outputs: ["x.mp4"]), source: slider).canonicalDescription
    #expect(!plain.contains { $0.hasPrefix("background") })
    let backed = try RenderJob(
      RenderRequest(values: [.background: "#8B0000", .backgroundImage: image], outputs: ["x.mp4"]), source: slider)
    #expect(backed.canonicalDescription.contains("background image: cover"))
    let scene = try slider.load(environment: [:])
    let document = try Data(contentsOf: URL(fileURLWithPath: folder.appendingPathComponent("slider.json").path))
    let versions = InstalledRenderingVersions()
    let before = try InputFingerprint.of(backed, presetBytes: Array(document), scene: scene, versions: versions)
    // The same path, other bytes: another fingerprint.
    let pixels = try #require(PixelBuffer(width: 40, height: 20))
    pixels.fill(with: Color(red: 0, green: 1, blue: 0))
    try PNGOutput.write(pixels, to: image, log: { _ in })
    #expect(try InputFingerprint.of(backed, presetBytes: Array(document), scene: scene, versions: versions) != before)
  }
}

/// What a colour's refusal expects, as presets say it.
private enum ColorTextExpectation {
  static let text =
    "a colour such as \"#0F4E65\", \"#0F4E6580\", \"rgb(15, 78, 101)\", \"rgba(15, 78, 101, 0.5)\" or a UIKit name like \"white\""
}
