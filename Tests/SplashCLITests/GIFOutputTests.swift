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

  /// The mean absolute difference per colour channel between two frames' straight colours.
  private func meanError(_ a: PixelBuffer, _ b: PixelBuffer) -> Double {
    var total = 0
    for y in 0..<a.height {
      for x in 0..<a.width {
        let p = a.rgba(x: x, y: y)
        let q = b.rgba(x: x, y: y)
        total += abs(Int(p.red) - Int(q.red)) + abs(Int(p.green) - Int(q.green)) + abs(Int(p.blue) - Int(q.blue))
      }
    }
    return Double(total) / Double(3 * a.width * a.height)
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
      errors.append(meanError(frame, pixels))
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
    let smallError = try sampled.map { meanError($0, try mapped($0, through: small)) }.reduce(0, +) / Double(sampled.count)
    let fixedError = try sampled.map { meanError($0, try mapped($0, through: fixed)) }.reduce(0, +) / Double(sampled.count)
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
            if mismatches == 0 { firstMismatch = "image \(index) at (\(x), \(y)): rendered alpha \(frame.rgba(x: x, y: y).alpha), decoded \(decoded)" }
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
}
