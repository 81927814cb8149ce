import Foundation
import SplashCairo
import SplashCore
import SplashEncode
import SplashModel
import SplashPipeline
import SplashRender
import SplashTestSupport
import Testing

@testable import SplashOutput

/// A preset's layer that shows a video file: the frame at the layer's time, in the colours the
/// stream declares, looped or held, with a Lottie layer and a caption over it.
///
/// The video is written by the test through splashvid's own H.264 writer: 64×48 pixels at
/// 30 fps, 4 s (120 frames, keyframes at frames 0 and 60). Its right half is one blue; its left
/// half tells the frame apart: red and blue each step 14 levels (`code(of:)`), far more than
/// an encoder's error, so a pixel names its frame.
@Suite("Video files inside a preset's layers")
struct VideoLayerTests {
  private let folder: URL
  private static let blue = (red: 48, green: 80, blue: 208)
  private static let frameCount = 120

  init() throws {
    folder = try ScratchFolder.make("video-layer")
    try Self.writeVideo(to: folder.appendingPathComponent("product.mp4").path)
  }

  /// The left half's colour in frame `index`.
  static func code(of index: Int) -> (red: Int, green: Int, blue: Int) {
    (red: 16 + 14 * (index % 16), green: 128, blue: 16 + 14 * (index / 16))
  }

  /// The frame a left-half colour names, if it is one within 3 levels on every channel.
  static func frame(coded pixel: (red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8)) -> Int? {
    (0..<frameCount).first { index in
      let expected = code(of: index)
      return abs(Int(pixel.red) - expected.red) <= 3 && abs(Int(pixel.green) - expected.green) <= 3
        && abs(Int(pixel.blue) - expected.blue) <= 3
    }
  }

  static func writeVideo(to path: String) throws {
    let settings = VideoSettings(width: 64, height: 48, framesPerSecond: 30, encoderPreset: "ultrafast")
    let writer = try VideoWriter(path: path, settings: settings)
    let frame = try #require(PixelBuffer(width: 64, height: 48))
    for index in 0..<frameCount {
      let left = code(of: index)
      for y in 0..<48 {
        let row = (frame.bytes + y * frame.bytesPerRow).assumingMemoryBound(to: UInt8.self)
        for x in 0..<64 {
          let colour = x < 32 ? left : blue
          // BGRA, opaque.
          row[x * 4] = UInt8(colour.blue)
          row[x * 4 + 1] = UInt8(colour.green)
          row[x * 4 + 2] = UInt8(colour.red)
          row[x * 4 + 3] = 255
        }
      }
      try writer.append(frame)
    }
    try writer.finish()
  }

  /// A 64×48-point white preset of `cycle` seconds whose layer `product` fills it with the
  /// video `file` (`video` members after `file`), below the `over` layers.
  private func preset(_ video: String = "", file: String = "product.mp4", cycle: Double = 4, over: String = "") throws -> PresetSource {
    let url = folder.appendingPathComponent("card-\(UUID().uuidString).json5")
    try Data(
      """
      { schemaVersion: 1, canvas: { size: [64, 48], background: "#FFFFFF" }, clip: { cycle: \(cycle) },
        layers: [{ id: "product", bounds: [0, 0, 64, 48], position: [32, 24], video: { file: "\(file)"\(video) } }\(over)] }
      """.utf8
    ).write(to: url)
    return PresetSource(origin: .file(url.path))
  }

  private func still(_ source: PresetSource, _ moment: TimeSelection, width: Int = 64, height: Int = 48) throws -> PixelBuffer {
    let path = folder.appendingPathComponent("still-\(UUID().uuidString).png").path
    try StillJob(
      source: source, moment: moment, size: OutputSize(requested: PixelSize(width: width, height: height)), outputPath: path
    )
    .run(environment: [:], log: { _ in })
    return try PNGReader.read(path)
  }

  /// The video frame a still of `source` at `time` shows (read from its left half).
  private func shownFrame(_ source: PresetSource, at time: Double) throws -> Int? {
    Self.frame(coded: try still(source, .time(time)).rgba(x: 12, y: 24))
  }

  private func expectBlue(_ pixel: (red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8), _ label: String) {
    let found = [Int(pixel.red), Int(pixel.green), Int(pixel.blue)]
    let expected = [Self.blue.red, Self.blue.green, Self.blue.blue]
    #expect(zip(found, expected).allSatisfy { abs($0 - $1) <= 3 }, "\(label): expected \(expected), found \(found)")
  }

  @Test("the layer shows the frame at its time, in the video's colours within 3 levels, and loops")
  func framesAndColours() throws {
    let card = try preset()
    // 1.9 s is before the second keyframe, 2.5 s after it, 3.5 s near the end; 4.5 s has looped.
    for (time, frame) in [(0.0, 0), (0.5, 15), (1.9, 57), (2.5, 75), (3.5, 105), (3.99, 119), (4.5, 15)] {
      let pixels = try still(card, .time(time))
      #expect(Self.frame(coded: pixels.rgba(x: 12, y: 24)) == frame, "t = \(time)")
      expectBlue(pixels.rgba(x: 50, y: 24), "t = \(time)")
    }
  }

  @Test("a clip's frames show the video's frames in order, whatever order the workers decode them in")
  func clipOrder() throws {
    // 6 s of a 4 s video: it loops at 4 s, so the workers seek back as well as forward.
    let sequence = folder.appendingPathComponent("frames-\(UUID().uuidString)")
    var request = RenderRequest(values: [.framesPerSecond: "10"], outputs: [sequence.path + "/f-%04d.png"])
    request[.size] = "64x48"
    try RenderJob(request, source: try preset(cycle: 6)).run(environment: [:], cancellation: CancellationFlag(), log: { _ in })
    let names = try FileManager.default.contentsOfDirectory(atPath: sequence.path).sorted()
    #expect(names.count == 60)
    for (index, name) in names.enumerated() {
      let pixels = try PNGReader.read(sequence.appendingPathComponent(name).path)
      // Frame i of the clip is at i / 10 s: video frame 3i, from 4 s on 3i − 120.
      #expect(Self.frame(coded: pixels.rgba(x: 12, y: 24)) == (3 * index) % Self.frameCount, "clip frame \(index)")
    }
  }

  @Test("beginTime holds the first frame, speed runs faster, start and end pick a span; without repeats its last frame holds")
  func timing() throws {
    let late = try preset(", beginTime: 0.5, speed: 2")
    #expect(try shownFrame(late, at: 0.25) == 0, "before beginTime")
    #expect(try shownFrame(late, at: 1) == 30, "(1 − 0.5) × 2 s")
    #expect(try shownFrame(late, at: 2.75) == 15, "(2.75 − 0.5) × 2 = 4.5 s, looped")
    let span = try preset(", start: 1, end: 2")
    #expect(try shownFrame(span, at: 0) == 30)
    #expect(try shownFrame(span, at: 0.5) == 45)
    #expect(try shownFrame(span, at: 1.2) == 36, "1 + (1.2 mod 1)")
    let once = try preset(", repeats: false, end: 3")
    #expect(try shownFrame(once, at: 3.5) == 89, "the span's last frame, held")
  }

  @Test("gravity places the picture as contentsGravity places an image")
  func gravity() throws {
    // 64×48 into a 48×48 layer: resizeAspect leaves bands above and below, resizeAspectFill
    // crops the sides, so its left edge is the picture's 8th column.
    let url = folder.appendingPathComponent("square.json5")
    try Data(
      """
      { schemaVersion: 1, canvas: { size: [48, 48], background: "#FFFFFF" }, clip: { cycle: 4 },
        layers: [{ id: "fit", bounds: [0, 0, 48, 48], position: [24, 24], video: { file: "product.mp4" } }] }
      """.utf8
    ).write(to: url)
    let fit = try still(PresetSource(origin: .file(url.path)), .time(0), width: 48, height: 48)
    #expect(fit.rgba(x: 24, y: 2) == (255, 255, 255, 255), "a band of the background above the picture")
    #expect(Self.frame(coded: fit.rgba(x: 10, y: 24)) == 0)
    try Data(
      String(decoding: try Data(contentsOf: url), as: UTF8.self).replacingOccurrences(
        of: #"file: "product.mp4""#, with: #"file: "product.mp4", gravity: "resizeAspectFill""#
      ).utf8
    ).write(to: url)
    let fill = try still(PresetSource(origin: .file(url.path)), .time(0), width: 48, height: 48)
    #expect(Self.frame(coded: fill.rgba(x: 10, y: 2)) == 0, "no band: the picture covers the layer")
    expectBlue(fill.rgba(x: 40, y: 24), "the right half, cropped")
  }

  @Test("a Lottie layer over the video draws as the file alone draws, and a caption shows over both")
  func lottieAndCaptionOverVideo() throws {
    try Data(ClipRangeTests.slider.utf8).write(to: folder.appendingPathComponent("slider.json"))
    // The Lottie layer is opaque white beneath the file, as a still of the file alone is.
    let over = """
      , { id: "badge", bounds: [0, 0, 24, 24], position: [32, 20], backgroundColor: "#FFFFFF", lottie: { file: "slider.json" } },
        { type: "text", id: "caption", string: "GO", fontSize: 10, foregroundColor: "#000000", bounds: [0, 0, 64, 12],
          position: [32, 41], alignmentMode: "center" }
      """
    let card = try preset(over: over)
    let slider = PresetSource(origin: .file(folder.appendingPathComponent("slider.json").path))
    for time in [0.25, 1.5] {
      // 4× the canvas, so the 24-point layer is 96 pixels from (80, 32).
      let frame = try still(card, .time(time), width: 256, height: 192)
      let alone = try still(slider, .time(time), width: 96, height: 96)
      let same = (0..<96).allSatisfy { y in
        memcmp(frame.bytes + (y + 32) * frame.bytesPerRow + 80 * 4, alone.bytes + y * alone.bytesPerRow, 96 * 4) == 0
      }
      #expect(same, "t = \(time): the Lottie layer equals the file drawn alone")
      #expect(Self.frame(coded: frame.rgba(x: 20, y: 96)) == Int((time * 30).rounded(.down)), "t = \(time): the video beside it")
      // The caption's black ink over the video's bottom band.
      let ink = (150..<180).contains { y in (0..<256).contains { x in frame.rgba(x: x, y: y).red < 40 && frame.rgba(x: x, y: y).green < 40 }
      }
      #expect(ink, "t = \(time): the caption's text shows over the video")
    }
  }

  @Test("a file that is missing, not a video, or cut short is refused, naming it")
  func refusals() throws {
    let missing = #expect(throws: (any Error).self) { try self.preset(file: "none.mp4").load(environment: [:]) }
    #expect("\(missing!)".contains("layers[0].video.file: expected a video file that exists"), "\(missing!)")

    try Data("not a video".utf8).write(to: folder.appendingPathComponent("product.mp4"))
    let notVideo = #expect(throws: (any Error).self) { try self.preset().load(environment: [:]) }
    #expect("\(notVideo!)".hasPrefix("video: \(folder.path)/product.mp4: not a video FFmpeg can read"), "\(notVideo!)")

    let whole = folder.appendingPathComponent("whole.mp4").path
    try Self.writeVideo(to: whole)
    let bytes = try Data(contentsOf: URL(fileURLWithPath: whole))
    try bytes.prefix(bytes.count * 2 / 3).write(to: folder.appendingPathComponent("product.mp4"))
    let cut = #expect(throws: (any Error).self) { try self.preset().load(environment: [:]) }
    #expect("\(cut!)".contains("expected the 120 frames the file lists, found"), "\(cut!)")

    let wrongSpan = #expect(throws: (any Error).self) { try self.preset(", start: 2, end: 1").load(environment: [:]) }
    #expect("\(wrongSpan!)".contains("layers[0].video.end: expected an end after start (2.0 s)"), "\(wrongSpan!)")
  }

  @Test("the file is one of the preset's inputs: in a clip's fingerprint by its bytes")
  func fingerprint() throws {
    let card = try preset()
    let job = try RenderJob(RenderRequest(outputs: ["x.mp4"]), source: card)
    let scene = try card.load(environment: [:])
    #expect(try card.inputs(scene, environment: [:]).map(\.role).contains("a video of the preset"))
    let before = try InputFingerprint.of(job, presetBytes: [], scene: scene, versions: InstalledRenderingVersions())
    let path = folder.appendingPathComponent("product.mp4").path
    var bytes = try Data(contentsOf: URL(fileURLWithPath: path))
    bytes[bytes.count - 1] ^= 1
    try bytes.write(to: URL(fileURLWithPath: path))
    #expect(try InputFingerprint.of(job, presetBytes: [], scene: scene, versions: InstalledRenderingVersions()) != before)
  }
}

@Suite("examples/promo.json5: the documented composed clip")
struct ExamplePromoTests {
  @Test("its video is examples/app-screen.json5 rendered, and it plays in the phone layer under the badge")
  func documented() throws {
    let examples = SplashOutputTests.repository.appendingPathComponent("examples")
    let folder = try ScratchFolder.make("example-promo")
    // Frame 30 of the committed video against a still of the preset it was rendered from.
    let videoPath = examples.appendingPathComponent("app-screen.mp4").path
    let decoder = try VideoDecoder(path: videoPath, index: try VideoStreamIndex.read(videoPath))
    let decoded = try #require(PixelBuffer(width: 360, height: 640))
    try decoder.decodeFrame(30, into: decoded.bytes, bytesPerRow: decoded.bytesPerRow)
    let stillPath = folder.appendingPathComponent("screen.png").path
    try StillJob(
      source: PresetSource(origin: .file(examples.appendingPathComponent("app-screen.json5").path)), moment: .time(1),
      size: OutputSize(requested: PixelSize(width: 360, height: 640)), outputPath: stillPath
    ).run(environment: [:], log: { _ in })
    let rendered = try PNGReader.read(stillPath)
    var difference = 0
    for y in 0..<640 {
      for x in 0..<360 {
        let (a, b) = (decoded.rgba(x: x, y: y), rendered.rgba(x: x, y: y))
        difference += abs(Int(a.red) - Int(b.red)) + abs(Int(a.green) - Int(b.green)) + abs(Int(a.blue) - Int(b.blue))
      }
    }
    #expect(Double(difference) / Double(360 * 640 * 3) < 2, "mean difference \(Double(difference) / Double(360 * 640 * 3))")

    let promo = PresetSource(origin: .file(examples.appendingPathComponent("promo.json5").path))
    let scene = try promo.load(environment: [:])
    #expect(scene.layers.map(\.id) == ["phone", "badge", "caption"])
    #expect(scene.layers.first?.video?.source?.frameTimes.count == 120)
    let promoPath = folder.appendingPathComponent("promo.png").path
    try StillJob(
      source: promo, moment: .time(1), size: OutputSize(requested: PixelSize(width: 360, height: 640)), outputPath: promoPath
    ).run(environment: [:], log: { _ in })
    let frame = try PNGReader.read(promoPath)
    // The screen's light list shows in the phone, the brand colour outside it.
    #expect(frame.rgba(x: 180, y: 400).red > 200 && frame.rgba(x: 20, y: 400).red < 40)
  }

  @Test("examples/launch.json5 plays the badge's intro, the promo and the end card, cross-faded, as documented")
  func launch() throws {
    let examples = SplashOutputTests.repository.appendingPathComponent("examples")
    let scene = try PresetSource(origin: .file(examples.appendingPathComponent("launch.json5").path)).load(environment: [:])
    #expect(
      scene.segments == [
        ClipSegment(name: "intro", start: 0, end: 1), ClipSegment(name: "product", start: 0.5, end: 4.5),
        ClipSegment(name: "end", start: 4.1, end: 6.1),
      ])
    #expect(scene.clip == ClipWindow(start: 0, cycle: 6.1, hold: 1.5))
  }
}

@Suite("examples/promo.json5 redrawn only where it changed")
struct ExamplePromoChangedRegionTests {
  /// The badge spins over the phone every frame while the video changes every other one: the
  /// frames where the badge alone changed redraw its region, over the phone's scaled video,
  /// which must then be grown over whole (a scaled picture laid from another row is laid a
  /// level apart here and there). Each frame equals the frame drawn whole.
  @Test("twelve frames drawn into one buffer equal the frames drawn whole")
  func sameFrames() throws {
    let examples = SplashOutputTests.repository.appendingPathComponent("examples")
    let scene = try PresetSource(origin: .file(examples.appendingPathComponent("promo.json5").path)).load(environment: [:])
    let viewport = Viewport(canvasSize: scene.canvasSize, pixelWidth: 360, pixelHeight: 640)
    let counters = RenderCounters()
    let redrawing = CairoBackend(counters: counters)
    let whole = CairoBackend(fastPaths: FastPaths(redrawsChangedRegion: false))
    let evaluator = SceneEvaluator(scene)
    let retained = RetainedDisplayList()
    let kept = try #require(PixelBuffer(width: 360, height: 640))
    var previous: PresentationTree?
    for index in 0..<12 {
      let time = Double(index) / 60
      let tree = evaluator.presentation(at: time, sharingWith: previous)
      previous = tree
      try redrawing.render(DisplayList(tree, viewport: viewport, measuring: redrawing, retaining: retained), into: kept)
      let drawn = try #require(PixelBuffer(width: 360, height: 640))
      try whole.render(scene.presentation(at: time), viewport: viewport, into: drawn)
      #expect(memcmp(kept.bytes, drawn.bytes, kept.byteCount) == 0, "frame \(index)")
    }
    #expect(counters.framesRedrawnInPart > 0)
  }
}
