import Foundation
import SplashCore
import SplashTestSupport
import Testing

@testable import SplashEncode

@Suite("GIF: one palette for the clip, flat colours within ±3, clear pixels clear, delays in hundredths, loops forever")
struct GIFWriterTests {
  private let orchid = Color(red8: 0xDA, green8: 0x70, blue8: 0xD6)
  private let turquoise = Color(red8: 0x40, green8: 0xE0, blue8: 0xB0)
  private let navy = Color(red8: 0x14, green8: 0x23, blue8: 0x5A)

  private func folder() throws -> String {
    try ScratchFolder.make("splashvid-gif").path
  }

  /// Vertical bands of 32 pixels, one per colour.
  private func bands(_ colours: [Color], height: Int = 64) throws -> PixelBuffer {
    let frame = try #require(PixelBuffer(width: 32 * colours.count, height: height))
    let band = try #require(PixelBuffer(width: 32, height: height))
    for (index, colour) in colours.enumerated() {
      band.fill(with: colour)
      for row in 0..<height {
        frame.bytes.advanced(by: row * frame.bytesPerRow + index * 32 * 4)
          .copyMemory(from: band.bytes.advanced(by: row * band.bytesPerRow), byteCount: 32 * 4)
      }
    }
    return frame
  }

  private func expectColour(
    _ pixel: (red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8), _ colour: Color, _ label: String,
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    let expected = [colour.red, colour.green, colour.blue].map { Int(($0 * 255).rounded()) }
    let found = [Int(pixel.red), Int(pixel.green), Int(pixel.blue)]
    #expect(
      zip(found, expected).allSatisfy { abs($0 - $1) <= 3 }, "\(label): expected \(expected), found \(found)",
      sourceLocation: sourceLocation)
    #expect(pixel.alpha == 255, "\(label): alpha \(pixel.alpha)", sourceLocation: sourceLocation)
  }

  /// The bytes of the loop-forever extension: NETSCAPE2.0, a 3-byte sub-block, id 1, count 0.
  static let loopForever: [UInt8] = [0x21, 0xFF, 0x0B] + Array("NETSCAPE2.0".utf8) + [0x03, 0x01, 0x00, 0x00, 0x00]

  @Test("round trip: flat colours come back within ±3, repeats lengthen delays, the file loops forever")
  func roundTrip() throws {
    let folder = try folder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let path = folder + "/clip.gif"
    let first = try bands([turquoise, orchid, navy])
    let second = try bands([orchid, navy, turquoise])
    let palette = GIFPalette(samples: [first, second], transparent: false)
    #expect(palette.transparentIndex == nil)
    let writer = try GIFWriter(path: path, settings: GIFSettings(width: 96, height: 64, framesPerSecond: 25), palette: palette)
    // first ×3 (two repeats), second ×1, first ×2: three images of 12, 4 and 8 hundredths.
    try writer.append(first)
    try writer.appendRepeat()
    try writer.appendRepeat()
    try writer.append(second)
    try writer.append(first)
    try writer.appendRepeat()
    try writer.finish()
    #expect(writer.framesWritten == 6)

    var decoded: [PixelBuffer] = []
    let info = try VideoReader.read(path) { _, pixels in decoded.append(pixels) }
    #expect(info.codecName == "gif")
    #expect(info.width == 96 && info.height == 64)
    #expect(info.decodedFrameCount == 3)
    for (index, expected) in [[turquoise, orchid, navy], [orchid, navy, turquoise], [turquoise, orchid, navy]].enumerated() {
      for (band, colour) in expected.enumerated() {
        expectColour(decoded[index].rgba(x: 32 * band + 16, y: 32), colour, "image \(index), band \(band)")
      }
    }

    let structure = try GIFFileStructure.read(path)
    #expect(structure.loopCount == 0)
    #expect(structure.images.map(\.delay) == [12, 4, 8], "a repeat adds one frame's 4/100 s to the image it repeats")
    #expect(structure.totalDelay == 6 * 4)
    #expect(structure.images.allSatisfy { $0.transparentIndex == nil || $0.transparentIndex! >= palette.count })
    #expect(structure.globalPalette.count == 256)
    #expect(Array(structure.globalPalette.prefix(palette.colors.count)) == palette.colors)
    let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
    #expect(bytes.starts(with: Array("GIF89a".utf8)))
    #expect(bytes.firstRange(of: Self.loopForever) != nil, "NETSCAPE2.0 with loop count 0")
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["clip.gif"])
  }

  @Test("at 30 fps a held frame lasts from its start to the next image's, the last one to the clip's end")
  func repeatsAtUnevenRate() throws {
    let folder = try folder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let path = folder + "/held.gif"
    let first = try bands([turquoise, orchid])
    let second = try bands([orchid, navy])
    let writer = try GIFWriter(
      path: path, settings: GIFSettings(width: 64, height: 64, framesPerSecond: 30),
      palette: GIFPalette(samples: [first, second], transparent: false))
    // Frames 0-2 first, 3 second, 4-6 first: images start at 0, 10 and 13 hundredths; the clip
    // of 7 frames ends at round(700 / 30) = 23.
    try writer.append(first)
    try writer.appendRepeat()
    try writer.appendRepeat()
    try writer.append(second)
    try writer.append(first)
    try writer.appendRepeat()
    try writer.appendRepeat()
    try writer.finish()
    #expect(try GIFFileStructure.read(path).images.map(\.delay) == [10, 3, 10])
  }

  @Test("--transparent: pixels under half alpha decode clear, the rest opaque in their straight colour")
  func transparency() throws {
    let folder = try folder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let path = folder + "/clear.gif"
    let faint = Color(red: orchid.red, green: orchid.green, blue: orchid.blue, alpha: 0.4)
    let strong = Color(red: turquoise.red, green: turquoise.green, blue: turquoise.blue, alpha: 0.6)
    let first = try bands([.clear, faint, strong, navy])
    let second = try bands([navy, .clear, faint, strong])
    // A clear frame with one block and one opaque pixel in its bottom-right corner, then an
    // opaque frame that repeats the block: FFmpeg's own savings would lose both (the corner
    // to its crop, the block to a clear "unchanged" mark over a frame disposed to clear).
    let third = try bands([.clear, navy, .clear, .clear])
    let corner = third.bytes.advanced(by: 63 * third.bytesPerRow + 127 * 4).assumingMemoryBound(to: UInt8.self)
    (corner[0], corner[1], corner[2], corner[3]) = (0xD6, 0x70, 0xDA, 255)
    let fourth = try bands([navy, navy, navy, navy])
    let palette = GIFPalette(samples: [first, second, third, fourth], transparent: true)
    let clear = try #require(palette.transparentIndex)
    #expect(clear == palette.colors.count)
    let writer = try GIFWriter(path: path, settings: GIFSettings(width: 128, height: 64, framesPerSecond: 50), palette: palette)
    for frame in [first, second, third, fourth] { try writer.append(frame) }
    try writer.finish()

    var decoded: [PixelBuffer] = []
    let info = try VideoReader.read(path) { _, pixels in decoded.append(pixels) }
    #expect(info.decodedFrameCount == 4 && info.hasAlpha)
    #expect(decoded[0].rgba(x: 16, y: 32).alpha == 0, "a clear pixel decodes clear")
    #expect(decoded[0].rgba(x: 48, y: 32).alpha == 0, "alpha 0.4 is under half: clear")
    expectColour(decoded[0].rgba(x: 80, y: 32), turquoise, "alpha 0.6 shows its straight colour")
    expectColour(decoded[0].rgba(x: 112, y: 32), navy, "opaque")
    // The second frame clears what the first drew: nothing of the first shows through.
    expectColour(decoded[1].rgba(x: 16, y: 32), navy, "second frame, opaque over clear")
    #expect(decoded[1].rgba(x: 48, y: 32).alpha == 0, "second frame: clear over what was faint")
    #expect(decoded[1].rgba(x: 80, y: 32).alpha == 0, "second frame: clear over what was turquoise")
    expectColour(decoded[1].rgba(x: 112, y: 32), turquoise, "second frame, strong")
    expectColour(decoded[2].rgba(x: 127, y: 63), orchid, "third frame, the opaque corner pixel")
    #expect(decoded[2].rgba(x: 127, y: 62).alpha == 0 && decoded[2].rgba(x: 16, y: 63).alpha == 0)
    for x in [16, 48, 80, 112] { expectColour(decoded[3].rgba(x: x, y: 32), navy, "fourth frame, x \(x)") }

    let structure = try GIFFileStructure.read(path)
    #expect(structure.images.count == 4)
    #expect(structure.images.prefix(3).allSatisfy { $0.transparentIndex == clear }, "\(structure.images)")
    #expect(structure.images.map(\.delay) == [2, 2, 2, 2])
  }

  @Test("frame rates 1 to 50: frame i starts at the nearest hundredth to 100·i/fps, halves up; faster rates refused")
  func frameRates() throws {
    for fps in [1, 7, 24, 30, 49, 50] {
      #expect(throws: Never.self) { try GIFSettings(width: 3, height: 5, framesPerSecond: fps).validated() }
    }
    for fps in [0, 51, 60, 100, -1] {
      #expect(throws: EncodeError.self, "\(fps) fps") { try GIFSettings(width: 4, height: 4, framesPerSecond: fps).validated() }
    }
    let thirty = GIFSettings(width: 4, height: 4, framesPerSecond: 30)
    #expect((0...6).map(thirty.start(ofFrame:)) == [0, 3, 7, 10, 13, 17, 20])
    #expect((0..<6).map(thirty.delay(ofFrame:)) == [3, 4, 3, 3, 4, 3])
    // 40 fps: frames fall on 2.5, 7.5, … hundredths, and the halves go up.
    let forty = GIFSettings(width: 4, height: 4, framesPerSecond: 40)
    #expect((0...4).map(forty.start(ofFrame:)) == [0, 3, 5, 8, 10])
    #expect(GIFSettings(width: 4, height: 4, framesPerSecond: 20).delay(ofFrame: 7) == 5)
    for fps in GIFSettings.frameRates {
      let settings = GIFSettings(width: 4, height: 4, framesPerSecond: fps)
      #expect((0..<(2 * fps)).allSatisfy { settings.delay(ofFrame: $0) >= 2 }, "\(fps) fps")
      #expect(settings.start(ofFrame: 3 * fps) == 300, "\(fps) fps: 3 s are 300 hundredths")
    }
  }

  @Test("an abandoned or failed GIF leaves nothing behind")
  func nothingLeft() throws {
    let folder = try folder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let frame = try bands([navy])
    let palette = GIFPalette(samples: [frame], transparent: false)
    let writer = try GIFWriter(
      path: folder + "/gone.gif", settings: GIFSettings(width: 32, height: 64, framesPerSecond: 10), palette: palette)
    try writer.append(frame)
    writer.abandon()
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder).isEmpty)
    #expect(throws: EncodeError.self) {
      try GIFWriter(path: folder + "/bad.gif", settings: GIFSettings(width: 32, height: 64, framesPerSecond: 60), palette: palette)
    }
    let wrongSize = try GIFWriter(
      path: folder + "/size.gif", settings: GIFSettings(width: 16, height: 16, framesPerSecond: 10), palette: palette)
    #expect(throws: EncodeError.self) { try wrongSize.append(frame) }
    wrongSize.abandon()
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder).isEmpty)
  }
}
