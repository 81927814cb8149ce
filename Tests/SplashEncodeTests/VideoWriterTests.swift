import Foundation
import SplashCore
import SplashFiles
import SplashTestSupport
import Testing

@testable import SplashEncode

@Suite("H.264 MP4 writing round-trips through libavformat and libavcodec")
struct VideoWriterTests {
  private func temporaryFolder() throws -> String {
    try ScratchFolder.make("splashvid-encode").path
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
    let writer = try VideoWriter(path: path, settings: VideoSettings(width: 128, height: 96, framesPerSecond: 24))
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
    #expect(info.isConstantFrameRate)
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["flat.mp4"])
    // The container carries the colour tags too (an nclx 'colr' box), and no wall-clock time:
    // the movie header's creation and modification times are zero.
    let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
    let colr = Array("colrnclx".utf8)
    #expect(bytes.indices.dropLast(8).contains { Array(bytes[$0..<($0 + 8)]) == colr })
    let mvhd = Array("mvhd".utf8)
    let header = try #require(bytes.indices.dropLast(16).first { Array(bytes[$0..<($0 + 4)]) == mvhd })
    // Version 0: 4-byte creation and modification times after version and flags.
    let timeBytes = bytes[header + 4] == 0 ? 8 : 16
    #expect(bytes[(header + 8)..<(header + 8 + timeBytes)].allSatisfy { $0 == 0 }, "creation and modification times")
  }

  @Test("flat #40E0B0, #DA70D6 and #555555 survive the round trip within ±3 (BT.709, limited range)")
  func seedColours() throws {
    let folder = try temporaryFolder()
    let colours = [
      Color(red8: 0x40, green8: 0xE0, blue8: 0xB0), Color(red8: 0xDA, green8: 0x70, blue8: 0xD6),
      Color(red8: 0x55, green8: 0x55, blue8: 0x55),
    ]
    let frame = try #require(PixelBuffer(width: 96, height: 64))
    for (band, colour) in colours.enumerated() {
      let stripe = try #require(PixelBuffer(width: 32, height: 64))
      stripe.fill(with: colour)
      for row in 0..<64 {
        frame.bytes.advanced(by: row * frame.bytesPerRow + band * 32 * 4)
          .copyMemory(from: stripe.bytes.advanced(by: row * stripe.bytesPerRow), byteCount: 32 * 4)
      }
    }
    let writer = try VideoWriter(path: folder + "/bands.mp4", settings: VideoSettings(width: 96, height: 64, framesPerSecond: 30))
    for _ in 0..<12 { try writer.append(frame) }
    try writer.finish()
    _ = try VideoReader.read(folder + "/bands.mp4") { index, pixels in
      for (band, colour) in colours.enumerated() {
        expectClose(pixels.rgba(x: band * 32 + 16, y: 32), to: colour, "band \(band) of frame \(index)")
      }
    }
  }

  @Test(
    "the declared level is the lowest that fits size and rate (H.264 Table A-1)",
    arguments: [
      (750, 1334, 60, "4"), (1080, 1920, 60, "4.2"), (1920, 1080, 30, "4"), (376, 668, 30, "3"), (3840, 2160, 60, "5.2"),
      (128, 96, 24, "3"), (1280, 720, 60, "3.2"),
    ])
  func levels(width: Int, height: Int, fps: Int, expected: String) {
    #expect(H264Level.minimum(width: width, height: height, framesPerSecond: fps) == expected)
  }

  @Test("a keyframe at least every 2 seconds")
  func keyframeInterval() throws {
    let folder = try temporaryFolder()
    let writer = try VideoWriter(path: folder + "/gop.mp4", settings: VideoSettings(width: 64, height: 64, framesPerSecond: 10))
    let frame = try #require(PixelBuffer(width: 64, height: 64))
    for index in 0..<70 {
      frame.fill(with: Color(red: Double(index % 7) / 7, green: 0.5, blue: 0.5))
      try writer.append(frame)
    }
    try writer.finish()
    let info = try VideoReader.read(folder + "/gop.mp4")
    #expect(info.keyframeCount >= 4)
    #expect(info.longestKeyframeInterval <= 20)
  }

  @Test("the stream declares High profile and that level")
  func declaredLevel() throws {
    let folder = try temporaryFolder()
    let writer = try VideoWriter(path: folder + "/level.mp4", settings: VideoSettings(width: 376, height: 668, framesPerSecond: 30))
    let frame = try #require(PixelBuffer(width: 376, height: 668))
    for _ in 0..<3 { try writer.append(frame) }
    try writer.finish()
    let info = try VideoReader.read(folder + "/level.mp4")
    #expect(info.profile == "High" && info.level == 30)
    #expect(info.warnings.isEmpty, "\(info.warnings)")
  }

  @Test("a file without colour tags or faststart draws probe's warnings")
  func probeWarnings() throws {
    let folder = try temporaryFolder()
    var settings = VideoSettings(width: 64, height: 64, framesPerSecond: 30)
    settings.writesColorTags = false
    settings.isFastStart = false
    let writer = try VideoWriter(path: folder + "/plain.mp4", settings: settings)
    let frame = try #require(PixelBuffer(width: 64, height: 64))
    for _ in 0..<3 { try writer.append(frame) }
    try writer.finish()
    let warnings = try VideoReader.read(folder + "/plain.mp4").warnings
    #expect(warnings.contains { $0.hasPrefix("no color_space, color_primaries, color_transfer") })
    #expect(warnings.contains { $0.hasPrefix("the index (moov) comes after the media") })
  }

  @Test("failures leave nothing behind: missing encoder, unwritable folder, a directory as target")
  func failuresLeaveNothing() throws {
    let folder = try temporaryFolder()
    var missing = VideoSettings(width: 64, height: 64, framesPerSecond: 30)
    missing.encoderNameOverride = "libnope"
    #expect {
      try VideoWriter(path: folder + "/a.mp4", settings: missing)
    } throws: { error in
      "\(error)"
        == "encode: finding the libnope encoder: this FFmpeg has no libnope; install Debian's libavcodec59 (its build links libx264)"
    }
    #expect(throws: OutputFileError.self) {
      try VideoWriter(path: folder, settings: VideoSettings(width: 64, height: 64, framesPerSecond: 30))
    }
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder).isEmpty)
    // Nothing is written in the kernel's folders, even by root: the error names the target, not
    // a temporary file.
    #expect {
      try VideoWriter(path: "/sys/splashvid-test.mp4", settings: VideoSettings(width: 64, height: 64, framesPerSecond: 30))
    } throws: { error in
      "\(error)" == "cannot write /sys/splashvid-test.mp4: is in /sys; splashvid writes regular files only outside /dev, /proc and /sys"
    }
    #expect(try FileManager.default.contentsOfDirectory(atPath: "/sys").allSatisfy { !$0.contains("splashvid") })
  }

  @Test("the same frames and settings give byte-identical files")
  func deterministic() throws {
    let folder = try temporaryFolder()
    let frame = try splitFrame(width: 64, height: 64, left: .white, right: Color(red8: 0x55, green8: 0x55, blue8: 0x55))
    var files: [Data] = []
    for name in ["a.mp4", "b.mp4"] {
      let writer = try VideoWriter(path: "\(folder)/\(name)", settings: VideoSettings(width: 64, height: 64, framesPerSecond: 30))
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
      VideoSettings(width: 100, height: 100, framesPerSecond: 30, constantRateFactor: 52),
      VideoSettings(width: 100, height: 100, framesPerSecond: 30, encoderPreset: "warp"),
      VideoSettings(width: 100, height: 100, framesPerSecond: 30, tune: "cartoon"),
    ])
  func badSettings(settings: VideoSettings) throws {
    let folder = try temporaryFolder()
    #expect(throws: EncodeError.self) { try VideoWriter(path: folder + "/bad.mp4", settings: settings) }
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder).isEmpty)
  }

  @Test("a writer dropped before finish leaves nothing behind, and an old file stays")
  func abandonedWriter() throws {
    let folder = try temporaryFolder()
    let path = folder + "/clip.mp4"
    try Data("previous".utf8).write(to: URL(fileURLWithPath: path))
    do {
      let writer = try VideoWriter(path: path, settings: VideoSettings(width: 64, height: 64, framesPerSecond: 30))
      let frame = try #require(PixelBuffer(width: 64, height: 64))
      try writer.append(frame)
    }
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["clip.mp4"])
    #expect(try String(contentsOfFile: path, encoding: .utf8) == "previous")
  }

  @Test("abandon removes the temporary file at once, while the writer is still referenced")
  func explicitAbandon() throws {
    let folder = try temporaryFolder()
    let path = folder + "/clip.mp4"
    try Data("previous".utf8).write(to: URL(fileURLWithPath: path))
    let writer = try VideoWriter(path: path, settings: VideoSettings(width: 64, height: 64, framesPerSecond: 30))
    try writer.append(try #require(PixelBuffer(width: 64, height: 64)))
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder).count == 2)
    writer.abandon()
    writer.abandon()
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["clip.mp4"])
    #expect(try String(contentsOfFile: path, encoding: .utf8) == "previous")
    withExtendedLifetime(writer) {}
  }

  @Test("a frame of the wrong size is an error naming both sizes")
  func wrongFrameSize() throws {
    let folder = try temporaryFolder()
    let writer = try VideoWriter(path: folder + "/clip.mp4", settings: VideoSettings(width: 64, height: 64, framesPerSecond: 30))
    let frame = try #require(PixelBuffer(width: 32, height: 32))
    #expect {
      try writer.append(frame)
    } throws: { error in
      "\(error)" == "encode: encoding frame 0: frame is 32x32, the video is 64x64"
    }
  }
}
