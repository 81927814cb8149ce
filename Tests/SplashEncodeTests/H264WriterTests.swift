import Foundation
import SplashCore
import Testing

@testable import SplashEncode

@Suite("H.264 MP4 writing round-trips through libavformat and libavcodec")
struct H264WriterTests {
  private func temporaryFolder() throws -> String {
    let folder = NSTemporaryDirectory() + "splashvid-encode-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    return folder
  }

  /// Frames split into flat halves: left `left`, right `right`.
  private func splitFrame(width: Int, height: Int, left: Color, right: Color) throws -> PixelBuffer {
    let frame = try #require(PixelBuffer(width: width, height: height))
    frame.fill(with: left)
    let rightHalf = try #require(PixelBuffer(width: width / 2, height: height))
    rightHalf.fill(with: right)
    for row in 0..<height {
      frame.bytes.advanced(by: row * frame.bytesPerRow + (width / 2) * 4)
        .copyMemory(from: rightHalf.bytes.advanced(by: row * rightHalf.bytesPerRow), byteCount: (width / 2) * 4)
    }
    return frame
  }

  private func expectClose(_ actual: (red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8), to color: Color, _ label: String) {
    let expected = [color.red, color.green, color.blue].map { Int(($0 * 255).rounded()) }
    let found = [Int(actual.red), Int(actual.green), Int(actual.blue)]
    for channel in 0..<3 {
      #expect(abs(found[channel] - expected[channel]) <= 3, "\(label): expected \(expected), found \(found)")
    }
  }

  @Test("frame count, size, rate, BT.709 tags, faststart and flat colours within ±3")
  func roundTrip() throws {
    let folder = try temporaryFolder()
    let path = folder + "/flat.mp4"
    let turquoise = Color(red8: 0x40, green8: 0xE0, blue8: 0xB0)
    let orchid = Color(red8: 0xDA, green8: 0x70, blue8: 0xD6)
    let frame = try splitFrame(width: 128, height: 96, left: turquoise, right: orchid)
    let writer = try H264Writer(path: path, settings: VideoSettings(width: 128, height: 96, framesPerSecond: 24))
    for _ in 0..<30 { try writer.append(frame) }
    #expect(!FileManager.default.fileExists(atPath: path), "nothing under the name before finish")
    try writer.finish()

    var sampled = 0
    let info = try VideoReader.read(path) { index, pixels in
      guard index % 10 == 0 else { return }
      expectClose(pixels.rgba(x: 20, y: 48), to: turquoise, "left half of frame \(index)")
      expectClose(pixels.rgba(x: 108, y: 48), to: orchid, "right half of frame \(index)")
      sampled += 1
    }
    #expect(sampled == 3)
    #expect(info.codecName == "h264")
    #expect(info.profile == "High")
    #expect(info.width == 128 && info.height == 96)
    #expect(info.pixelFormat == "yuv420p")
    #expect(info.colorSpace == "bt709" && info.colorPrimaries == "bt709" && info.colorTransfer == "bt709")
    #expect(info.colorRange == "tv")
    #expect(info.averageFrameRate == (24, 1) && info.realFrameRate == (24, 1))
    #expect(info.declaredFrameCount == 30 && info.decodedFrameCount == 30)
    #expect(abs(info.durationSeconds - 30.0 / 24) < 1e-6)
    #expect(info.isFastStart, "boxes: \(info.topLevelBoxes)")
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["flat.mp4"])
  }

  @Test("the same frames and settings give byte-identical files")
  func deterministic() throws {
    let folder = try temporaryFolder()
    let frame = try splitFrame(width: 64, height: 64, left: .white, right: Color(red8: 0x55, green8: 0x55, blue8: 0x55))
    var files: [Data] = []
    for name in ["a.mp4", "b.mp4"] {
      let writer = try H264Writer(path: "\(folder)/\(name)", settings: VideoSettings(width: 64, height: 64, framesPerSecond: 30))
      for _ in 0..<10 { try writer.append(frame) }
      try writer.finish()
      files.append(try Data(contentsOf: URL(fileURLWithPath: "\(folder)/\(name)")))
    }
    #expect(files[0] == files[1])
  }

  @Test(
    "bad settings are refused before any file exists",
    arguments: [
      VideoSettings(width: 101, height: 100, framesPerSecond: 30),
      VideoSettings(width: 100, height: 100, framesPerSecond: 0),
      VideoSettings(width: 100, height: 100, framesPerSecond: 1000),
      VideoSettings(width: 0, height: 100, framesPerSecond: 30),
    ])
  func badSettings(settings: VideoSettings) throws {
    let folder = try temporaryFolder()
    #expect(throws: EncodeError.self) { try H264Writer(path: folder + "/bad.mp4", settings: settings) }
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder).isEmpty)
  }

  @Test("a writer dropped before finish leaves nothing behind, and an old file stays")
  func abandonedWriter() throws {
    let folder = try temporaryFolder()
    let path = folder + "/clip.mp4"
    try Data("previous".utf8).write(to: URL(fileURLWithPath: path))
    do {
      let writer = try H264Writer(path: path, settings: VideoSettings(width: 64, height: 64, framesPerSecond: 30))
      let frame = try #require(PixelBuffer(width: 64, height: 64))
      try writer.append(frame)
    }
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["clip.mp4"])
    #expect(try String(contentsOfFile: path, encoding: .utf8) == "previous")
  }

  @Test("a frame of the wrong size is an error naming both sizes")
  func wrongFrameSize() throws {
    let folder = try temporaryFolder()
    let writer = try H264Writer(path: folder + "/clip.mp4", settings: VideoSettings(width: 64, height: 64, framesPerSecond: 30))
    let frame = try #require(PixelBuffer(width: 32, height: 32))
    #expect {
      try writer.append(frame)
    } throws: { error in
      "\(error)" == "encode: encoding frame 0: frame is 32x32, the video is 64x64"
    }
  }
}
