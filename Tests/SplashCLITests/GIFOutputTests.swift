import Foundation
import SplashCairo
import SplashCore
import SplashEncode
import SplashModel
import SplashPipeline
import SplashPresets
import SplashRender
import Testing

@testable import SplashCLI

@Suite("GIF output through the binary: loops forever, every frame's time kept, colours close to the renderer's")
struct GIFOutputTests {
  private var presets: String { BinaryRunner.repository.appendingPathComponent("presets").path }

  /// The mean colour error, in levels of 255 per channel and pixel, that a GIF of fuber at
  /// 150x267 must stay within.
  ///
  /// Measured: 0.176 with the clip's own 256-colour palette, 0.479 with a 16-colour palette
  /// fitted to the very frames compared, 13.8 with a fixed 3-3-2 palette of 256 colours fitted
  /// to nothing (the test prints all three). Fuber is mostly flat background, which every
  /// palette gets right, so the figures are small; the budget sits between the good palette
  /// and the bad ones, and the test checks that the bad ones exceed it.
  static let meanErrorBudget = 0.3

  /// The bytes of the loop-forever extension: NETSCAPE2.0, a 3-byte sub-block, id 1, count 0.
  static let loopForever: [UInt8] = [0x21, 0xFF, 0x0B] + Array("NETSCAPE2.0".utf8) + [0x03, 0x01, 0x00, 0x00, 0x00]

  /// Entry `index` of a palette fitted to nothing: 3 bits of red, 3 of green, 2 of blue.
  private static func uniformColor(_ index: Int) -> PaletteColor {
    let red = (index >> 5) * 255 / 7
    let green = ((index >> 2) & 7) * 255 / 7
    let blue = (index & 3) * 255 / 3
    return PaletteColor(red: UInt8(red), green: UInt8(green), blue: UInt8(blue))
  }

  /// `frame` mapped through `palette` and back to colours, as a GIF with that palette shows it.
  private func mapped(_ frame: PixelBuffer, through palette: GIFPalette) throws -> PixelBuffer {
    let lookup = PaletteLookup(palette: palette)
    let result = try #require(PixelBuffer(width: frame.width, height: frame.height))
    for y in 0..<frame.height {
      for x in 0..<frame.width {
        let pixel = frame.rgba(x: x, y: y)
        let colour = palette.colors[Int(lookup.index(red: pixel.red, green: pixel.green, blue: pixel.blue))]
        let out = result.bytes.advanced(by: y * result.bytesPerRow + 4 * x).assumingMemoryBound(to: UInt8.self)
        (out[0], out[1], out[2], out[3]) = (colour.blue, colour.green, colour.red, 255)
      }
    }
    return result
  }

  @Test("fuber at 25 fps: NETSCAPE2.0 loop 0, 75 frames of 4/100 s, mean colour error within budget")
  func fuber() throws {
    let folder = try BinaryRunner.temporaryFolder()
    let outcome = try BinaryRunner.run(
      ["--preset", "fuber", "--presets-dir", presets, "--scale", "0.4", "--fps", "25", "-o", "fuber.gif"], in: folder)
    #expect(outcome.exitCode == 0, "\(outcome.standardError)")
    #expect(outcome.standardError.hasPrefix("wrote fuber.gif: 75 frames, 150x267, 25 fps, 3.00 s"))
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["fuber.gif"])
    let path = folder.appendingPathComponent("fuber.gif").path

    // Plays forever: the muxer's NETSCAPE2.0 extension with loop count 0.
    let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
    #expect(bytes.firstRange(of: Self.loopForever) != nil)
    let structure = try GIFFileStructure.read(path)
    #expect(structure.loopCount == 0 && structure.width == 150 && structure.height == 267)
    #expect(structure.globalPalette.count == 256)
    #expect(structure.images.allSatisfy { $0.localColorCount == 0 || $0 == structure.images[0] }, "one palette for the clip")

    // Every frame of the clip keeps its 4/100 s: frames equal to the previous one lengthen it.
    let scene = try PresetLoader.load(URL(fileURLWithPath: presets + "/fuber.json5"))
    let schedule = FrameSchedule(clip: scene.clip, framesPerSecond: 25, loops: 1)
    #expect(schedule.frameCount == 75)
    let trees = (0..<schedule.frameCount).map { scene.presentation(at: schedule.sceneTime(ofFrame: $0)) }
    let changes = (1..<trees.count).filter { trees[$0] != trees[$0 - 1] }.count
    #expect(structure.images.count == 1 + changes)
    #expect(structure.totalDelay == 75 * 4)
    #expect(structure.images.allSatisfy { $0.delay > 0 && $0.delay % 4 == 0 })

    // Decoded, each image is the frame where it starts, within the colour budget.
    let viewport = Viewport(canvasSize: scene.canvasSize, pixelWidth: 150, pixelHeight: 267)
    let backend = CairoBackend()
    let starts = structure.images.indices.map { index in structure.images[..<index].reduce(0) { $0 + $1.delay } / 4 }
    var rendered: [PixelBuffer] = []
    var errors: [Double] = []
    let info = try VideoReader.read(path) { index, pixels in
      let frame = try #require(PixelBuffer(width: 150, height: 267))
      try backend.render(trees[starts[index]], viewport: viewport, into: frame)
      rendered.append(frame)
      errors.append(frame.meanDifference(from: pixels, includingAlpha: false))
    }
    #expect(info.decodedFrameCount == structure.images.count)
    #expect(info.codecName == "gif" && info.width == 150 && info.height == 267)
    let mean = errors.reduce(0, +) / Double(max(errors.count, 1))
    let worst = errors.max() ?? 0

    // The budget must tell a good palette from bad ones: a 16-colour palette fitted to the
    // same frames, and a fixed 3-3-2 palette of 256 colours that is fitted to nothing.
    var histogram = ColorHistogram(countsTransparency: false)
    for frame in rendered { histogram.add(frame) }
    let small = GIFPalette(histogram: histogram, maximumEntries: 16)
    let fixed = GIFPalette(colors: (0..<256).map(Self.uniformColor), hasTransparentEntry: false)
    let sampled = stride(from: 0, to: rendered.count, by: max(1, rendered.count / 8)).map { rendered[$0] }
    let smallError =
      try sampled.map { $0.meanDifference(from: try mapped($0, through: small), includingAlpha: false) }.reduce(0, +)
      / Double(sampled.count)
    let fixedError =
      try sampled.map { $0.meanDifference(from: try mapped($0, through: fixed), includingAlpha: false) }.reduce(0, +)
      / Double(sampled.count)
    let figures = String(
      format: "mean colour error %.3f (worst frame %.3f) over %d images; 16 colours: %.3f; fixed 3-3-2: %.3f; budget %.2f",
      mean, worst, errors.count, smallError, fixedError, Self.meanErrorBudget)
    #expect(mean <= Self.meanErrorBudget, "\(figures)")
    #expect(smallError > Self.meanErrorBudget && fixedError > Self.meanErrorBudget, "\(figures)")
    print(figures)
  }

  @Test("--transparent: clear where the render is under half alpha; a held ending is one image lasting the hold")
  func transparentWithHold() throws {
    let folder = try BinaryRunner.temporaryFolder()
    let outcome = try BinaryRunner.run(
      ["--preset", "logo-reveal", "--presets-dir", presets, "--scale", "0.25", "--fps", "10", "--transparent", "-o", "reveal.gif"],
      in: folder)
    #expect(outcome.exitCode == 0, "\(outcome.standardError)")
    let path = folder.appendingPathComponent("reveal.gif").path
    let structure = try GIFFileStructure.read(path)

    var scene = try PresetLoader.load(URL(fileURLWithPath: presets + "/logo-reveal.json5"))
    scene.backgroundColor = .clear
    let schedule = FrameSchedule(clip: scene.clip, framesPerSecond: 10, loops: 1)
    let trees = (0..<schedule.frameCount).map { scene.presentation(at: schedule.sceneTime(ofFrame: $0)) }
    let changes = (1..<trees.count).filter { trees[$0] != trees[$0 - 1] }.count
    #expect(changes < trees.count - 1, "logo-reveal holds its last pose for 1.5 s")
    #expect(structure.images.count == 1 + changes)
    #expect(structure.totalDelay == schedule.frameCount * 10)
    #expect((structure.images.last?.delay ?? 0) >= 150, "the hold is the last image's delay: \(structure.images.map(\.delay))")
    let clear = try #require(structure.images.first?.transparentIndex, "the first image has a transparent colour")
    #expect(structure.images.allSatisfy { $0.transparentIndex == nil || $0.transparentIndex == clear })

    let width = structure.width
    let height = structure.height
    let viewport = Viewport(canvasSize: scene.canvasSize, pixelWidth: width, pixelHeight: height)
    let starts = structure.images.indices.map { index in structure.images[..<index].reduce(0) { $0 + $1.delay } / 10 }
    let backend = CairoBackend()
    var mismatches = 0
    var clearPixels = 0
    var firstMismatch = ""
    let info = try VideoReader.read(path) { index, pixels in
      let frame = try #require(PixelBuffer(width: width, height: height))
      try backend.render(trees[starts[index]], viewport: viewport, into: frame)
      for y in 0..<height {
        for x in 0..<width {
          let isClear = frame.rgba(x: x, y: y).alpha < 128
          let decoded = pixels.rgba(x: x, y: y).alpha
          if isClear { clearPixels += 1 }
          if isClear != (decoded == 0) || (decoded != 0 && decoded != 255) {
            if mismatches == 0 {
              firstMismatch = "image \(index) at (\(x), \(y)): rendered alpha \(frame.rgba(x: x, y: y).alpha), decoded \(decoded)"
            }
            mismatches += 1
          }
        }
      }
    }
    #expect(info.hasAlpha && info.decodedFrameCount == structure.images.count)
    #expect(clearPixels > 0)
    #expect(mismatches == 0, "\(mismatches) pixels clear in one and not the other, first \(firstMismatch)")
  }

  @Test("-o a.mp4 -o a.gif without --fps: one pass at 50 fps, the nearest rate to 60 a GIF keeps")
  func fanOutDefaultRate() throws {
    let folder = try BinaryRunner.temporaryFolder()
    let outcome = try BinaryRunner.run(
      ["--preset", "fuber", "--presets-dir", presets, "--scale", "0.2", "-o", "a.mp4", "-o", "a.gif"], in: folder)
    #expect(outcome.exitCode == 0, "\(outcome.standardError)")
    #expect(outcome.standardError.hasPrefix("wrote a.mp4, a.gif: 150 frames, 76x134, 50 fps, 3.00 s"))
    let mp4 = try VideoReader.read(folder.appendingPathComponent("a.mp4").path)
    #expect(mp4.decodedFrameCount == 150 && mp4.averageFrameRate.0 == 50 && mp4.averageFrameRate.1 == 1)
    let gif = try GIFFileStructure.read(folder.appendingPathComponent("a.gif").path)
    #expect(gif.totalDelay == 300 && gif.images.allSatisfy { $0.delay % 2 == 0 })
  }

  /// A dot that moves for the whole 2 s loop, so every frame differs from the one before and
  /// the GIF holds one image (and one delay) per frame.
  static let movingDot = """
    { schemaVersion: 1, canvas: { size: [16, 8], background: "#0F4E65" }, clip: { cycle: 2 },
      layers: [{ id: "dot", position: [2, 4], bounds: [0, 0, 2, 2], backgroundColor: "white",
        animations: [{ type: "basic", keyPath: "position.x", fromValue: 2, toValue: 14, duration: 2,
          repeatCount: "infinity" }] }] }
    """

  @Test(
    "any rate up to 50 fps: each frame starts within half a hundredth of i/fps (halves up), the total is exact",
    arguments: [(15, 1), (24, 1), (30, 2), (40, 1), (50, 1)])
  func rateInHundredths(framesPerSecond: Int, loops: Int) throws {
    let folder = try BinaryRunner.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    try Data(Self.movingDot.utf8).write(to: folder.appendingPathComponent("dot.json5"))
    let outcome = try BinaryRunner.run(
      ["--file", "dot.json5", "--fps", "\(framesPerSecond)", "--loops", "\(loops)", "-o", "dot.gif"], in: folder)
    #expect(outcome.exitCode == 0, "\(outcome.standardError)")
    let frames = 2 * framesPerSecond * loops
    let delays = try GIFDelays.read(folder.appendingPathComponent("dot.gif"))
    try #require(delays.count == frames, "one image per frame: \(delays.count) images for \(frames) frames")
    // Frame i starts where the delays before it end; exactly it would start at 100·i/fps
    // hundredths. In integers: |2·fps·start − 200·i| ≤ fps, and a tie (= fps) rounds up.
    var start = 0
    for index in 0...frames {
      let error = 2 * framesPerSecond * start - 200 * index
      #expect(
        error > -framesPerSecond && error <= framesPerSecond,
        "frame \(index) starts at \(start) hundredths, not the nearest to \(100 * index)/\(framesPerSecond) (halves up)")
      if index < frames {
        #expect(delays[index] >= 2, "frame \(index) lasts \(delays[index]) hundredths; browsers slow delays under 2")
        start += delays[index]
      }
    }
    #expect(start == 200 * loops, "\(loops) loops of 2 s last \(200 * loops) hundredths, not \(start): \(delays)")
  }

  @Test("above 50 fps a GIF is a usage error that says why and what to use, on the command line and in a manifest")
  func rateAboveFifty() throws {
    let folder = try BinaryRunner.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    try Data(Self.movingDot.utf8).write(to: folder.appendingPathComponent("dot.json5"))
    let why = "a GIF shows at most 50 frames a second (its delays are whole hundredths, and browsers show delays under 2 hundredths as 10)"
    let alone = try BinaryRunner.run(["--file", "dot.json5", "--fps", "51", "-o", "dot.gif"], in: folder)
    #expect(alone.exitCode == 64)
    #expect(
      alone.standardError
        == "splashvid: --fps 51: \(why); use --fps 50 or less, or write .mp4 or .webm for 51 fps (see 'splashvid --help')\n")
    let beside = try BinaryRunner.run(["--file", "dot.json5", "--fps", "60", "-o", "dot.mp4", "-o", "dot.gif"], in: folder)
    #expect(beside.exitCode == 64)
    #expect(beside.standardError.contains("--fps 60: \(why); use --fps 50 or less, or render the GIF and the 60 fps video separately"))
    try Data("preset,output,fps\ndot,dot.gif,60\n".utf8).write(to: folder.appendingPathComponent("m.csv"))
    let row = try BinaryRunner.run(["batch", ".", "-o", "out", "--manifest", "m.csv"], in: folder)
    #expect(row.exitCode == 1)
    // The render's own check, worded for the row: its column named as the column.
    #expect(row.standardError == "m.csv:2: fps 60: \(why); use fps 50 or less, or write .mp4 or .webm for 60 fps; nothing was rendered\n")
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == ["dot.json5", "m.csv"])
  }
}

/// The delay of every image in a GIF, read from its Graphic Control Extensions by walking the
/// file's blocks (GIF89a: header, logical screen descriptor, then extensions and images up to
/// the trailer), independently of splashvid's own reader.
enum GIFDelays {
  struct Malformed: Error, CustomStringConvertible {
    var description: String
  }

  static func read(_ url: URL) throws -> [Int] {
    let bytes = [UInt8](try Data(contentsOf: url))
    var offset = 0
    func take(_ count: Int) throws -> ArraySlice<UInt8> {
      guard offset + count <= bytes.count else { throw Malformed(description: "the file ends inside a block") }
      defer { offset += count }
      return bytes[offset..<offset + count]
    }
    /// Data sub-blocks up to their terminator, joined.
    func subBlocks() throws -> [UInt8] {
      var data: [UInt8] = []
      while let length = try take(1).first, length > 0 { data += try take(Int(length)) }
      return data
    }
    /// A colour table's bytes, when the flags say one follows.
    func skipColourTable(_ flags: UInt8) throws {
      if flags & 0x80 != 0 { _ = try take(3 << (Int(flags & 0x07) + 1)) }
    }
    guard try take(6).elementsEqual(Array("GIF89a".utf8)) else { throw Malformed(description: "not a GIF89a") }
    let screen = try take(7)
    try skipColourTable(screen[screen.startIndex + 4])
    var delays: [Int] = []
    var pendingDelay: Int?
    while true {
      switch try take(1).first! {
      case 0x21:
        let label = try take(1).first!
        let data = try subBlocks()
        if label == 0xF9 {
          guard data.count == 4 else { throw Malformed(description: "a graphic control extension of \(data.count) bytes") }
          pendingDelay = Int(data[1]) | Int(data[2]) << 8
        }
      case 0x2C:
        let descriptor = try take(9)
        try skipColourTable(descriptor[descriptor.startIndex + 8])
        _ = try take(1)  // LZW minimum code size
        _ = try subBlocks()
        guard let delay = pendingDelay else { throw Malformed(description: "image \(delays.count) has no delay") }
        delays.append(delay)
        pendingDelay = nil
      case 0x3B:
        return delays
      case let other:
        throw Malformed(description: "unexpected block 0x\(String(other, radix: 16)) at byte \(offset - 1)")
      }
    }
  }
}
