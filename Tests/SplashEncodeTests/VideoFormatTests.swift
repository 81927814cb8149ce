import Foundation
import SplashCore
import SplashTestSupport
import Testing

@testable import SplashEncode

@Suite("Every format round-trips: codec, pixels, frames, alpha where promised, flat colours within ±3")
struct VideoFormatTests {
  private let orchid = Color(red8: 0xDA, green8: 0x70, blue8: 0xD6)
  private let turquoise = Color(red8: 0x40, green8: 0xE0, blue8: 0xB0)

  struct Expectation: Sendable, CustomStringConvertible {
    var format: VideoFormat
    var fileName: String
    var codec: String
    var tag: String
    var pixelFormat: String
    var description: String { format.rawValue }
  }

  static let expectations = [
    Expectation(format: .h264, fileName: "clip.mp4", codec: "h264", tag: "avc1", pixelFormat: "yuv420p"),
    Expectation(format: .hevc, fileName: "clip.mp4", codec: "hevc", tag: "hvc1", pixelFormat: "yuv420p"),
    // The ProRes decoder reports 4444 as 12 bits; the stream was written from 10.
    Expectation(format: .prores, fileName: "clip.mov", codec: "prores", tag: "ap4h", pixelFormat: "yuva444p12le"),
    // VP9 carries alpha beside the colour stream (WebM's alpha_mode), so the colour is 4:2:0.
    Expectation(format: .vp9, fileName: "clip.webm", codec: "vp9", tag: "", pixelFormat: "yuv420p"),
  ]

  /// Three vertical bands of 32 pixels: clear (turquoise when the format is opaque), orchid at
  /// half alpha (turquoise too when opaque), opaque orchid.
  private func bands(for format: VideoFormat) throws -> PixelBuffer {
    let frame = try #require(PixelBuffer(width: 96, height: 64))
    let band = try #require(PixelBuffer(width: 32, height: 64))
    let colours: [Color] =
      format.carriesAlpha
      ? [.clear, Color(red: orchid.red, green: orchid.green, blue: orchid.blue, alpha: 0.5), orchid]
      : [turquoise, turquoise, orchid]
    for (index, colour) in colours.enumerated() {
      band.fill(with: colour)
      for row in 0..<64 {
        frame.bytes.advanced(by: row * frame.bytesPerRow + index * 32 * 4)
          .copyMemory(from: band.bytes.advanced(by: row * band.bytesPerRow), byteCount: 32 * 4)
      }
    }
    return frame
  }

  private func expectColour(
    _ pixel: (red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8), _ colour: Color, alpha: Int, _ label: String
  ) {
    let expected = [colour.red, colour.green, colour.blue].map { Int(($0 * 255).rounded()) }
    let found = [Int(pixel.red), Int(pixel.green), Int(pixel.blue)]
    #expect(zip(found, expected).allSatisfy { abs($0 - $1) <= 3 }, "\(label): expected \(expected), found \(found)")
    #expect(abs(Int(pixel.alpha) - alpha) <= 3, "\(label): alpha \(pixel.alpha), expected \(alpha)")
  }

  @Test("round trip through libavformat and libavcodec", arguments: expectations)
  func roundTrip(_ expected: Expectation) throws {
    let folder = try ScratchFolder.make("splashvid-format").path
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let path = folder + "/" + expected.fileName
    let settings = VideoSettings(
      format: expected.format, width: 96, height: 64, framesPerSecond: 12, encoderPreset: "ultrafast")
    let writer = try VideoWriter(path: path, settings: settings)
    let frame = try bands(for: expected.format)
    for _ in 0..<12 { try writer.append(frame) }
    try writer.finish()

    var checked = 0
    let info = try VideoReader.read(path) { index, pixels in
      guard index == 0 || index == 11 else { return }
      if expected.format.carriesAlpha {
        #expect(pixels.rgba(x: 16, y: 32).alpha == 0, "frame \(index): a clear pixel decodes as alpha 0")
        expectColour(pixels.rgba(x: 48, y: 32), orchid, alpha: 128, "frame \(index), half alpha")
      } else {
        expectColour(pixels.rgba(x: 16, y: 32), turquoise, alpha: 255, "frame \(index), left")
      }
      expectColour(pixels.rgba(x: 80, y: 32), orchid, alpha: 255, "frame \(index), opaque")
      checked += 1
    }
    #expect(checked == 2)
    #expect(info.codecName == expected.codec)
    #expect(info.codecTag == expected.tag)
    #expect(info.pixelFormat == expected.pixelFormat)
    #expect(info.hasAlpha == expected.format.carriesAlpha)
    #expect(info.decodedFrameCount == 12)
    #expect(info.width == 96 && info.height == 64)
    #expect(info.colorSpace == "bt709" && info.colorPrimaries == "bt709" && info.colorTransfer == "bt709")
    #expect(info.warnings.isEmpty, "\(info.warnings)")
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == [expected.fileName])
  }

  /// Frames of a diagonal band that moves, half transparent: every tile and row of a frame,
  /// and every frame, differs, so threads have work to split.
  private func movingFrames(width: Int, height: Int, count: Int) throws -> [PixelBuffer] {
    try (0..<count).map { index in
      let frame = try #require(PixelBuffer(width: width, height: height))
      frame.fill(with: Color(red: 0.1, green: 0.2, blue: 0.3, alpha: 0.5))
      let band = try #require(PixelBuffer(width: width / 4, height: height))
      band.fill(with: orchid)
      let left = (index * 7) % (width - width / 4)
      for row in 0..<height {
        frame.bytes.advanced(by: row * frame.bytesPerRow + (left + row / 4) % (width - width / 4) * 4)
          .copyMemory(from: band.bytes.advanced(by: row * band.bytesPerRow), byteCount: band.width * 4)
      }
      return frame
    }
  }

  @Test(
    "the same frames and settings give byte-identical files, with the encoders' threads on",
    arguments: [VideoFormat.h264, .hevc, .prores, .vp9])
  func deterministic(_ format: VideoFormat) throws {
    let folder = try ScratchFolder.make("splashvid-same").path
    // 640 pixels wide: VP9 codes two tile columns, which its threads share.
    let frames = try movingFrames(width: 640, height: 360, count: 12)
    var files: [Data] = []
    for name in ["a", "b"] {
      let path = "\(folder)/\(name).\(format.fileExtensions[0])"
      let writer = try VideoWriter(
        path: path, settings: VideoSettings(format: format, width: 640, height: 360, framesPerSecond: 30, encoderPreset: "ultrafast"))
      for frame in frames { try writer.append(frame) }
      try writer.finish()
      files.append(try Data(contentsOf: URL(fileURLWithPath: path)))
    }
    #expect(files[0].count > 1000 && files[0] == files[1], "\(format): \(files.map(\.count)) bytes")
  }

  @Test("extensions imply formats only where they are unambiguous")
  func impliedFormats() {
    #expect(VideoFormat.implied(byExtension: "mp4") == .h264)
    #expect(VideoFormat.implied(byExtension: "MOV") == .prores)
    #expect(VideoFormat.implied(byExtension: "webm") == .vp9)
    #expect(VideoFormat.implied(byExtension: "mkv") == nil)
    #expect(VideoFormat.allCases.filter(\.carriesAlpha) == [.prores, .vp9])
  }

  @Test("straight alpha: premultiplied colours divide by alpha and multiply back")
  func straightAlpha() throws {
    let premultiplied = try #require(PixelBuffer(width: 3, height: 1))
    let bytes = premultiplied.bytes.assumingMemoryBound(to: UInt8.self)
    // BGRA: clear, orchid at alpha 128 (premultiplied), opaque orchid.
    let values: [UInt8] = [0, 0, 0, 0, 107, 56, 109, 128, 0xD6, 0x70, 0xDA, 255]
    for (index, value) in values.enumerated() { bytes[index] = value }
    let straight = try #require(PixelBuffer(width: 3, height: 1))
    StraightAlpha.convert(premultiplied, into: straight)
    let result = straight.bytes.assumingMemoryBound(to: UInt8.self)
    #expect((0..<12).map { result[$0] } == [0, 0, 0, 0, 213, 112, 217, 128, 0xD6, 0x70, 0xDA, 255])
    StraightAlpha.premultiply(straight)
    #expect((0..<12).map { result[$0] } == values)
  }
}
