import Foundation
import SplashCore
import SplashTestSupport
import Testing

@testable import SplashEncode

/// Decoding a video layer's frames by index: in any order, with the same pixels; in the
/// colours the stream declares, or those players guess for an untagged one.
@Suite("Video layer decoding")
struct VideoDecoderTests {
  private let folder: String

  init() throws {
    folder = try ScratchFolder.make("video-decoder").path
  }

  /// Writes `frames` frames of `width` × `height` at 30 fps whose frame i is flat grey
  /// 16 + i on the left half and `right` on the right half.
  private func writeVideo(
    _ name: String, width: Int = 32, height: Int = 16, frames: Int, right: (UInt8, UInt8, UInt8) = (40, 200, 80),
    tagged: Bool = true
  ) throws -> String {
    let path = folder + "/" + name
    var settings = VideoSettings(width: width, height: height, framesPerSecond: 30, encoderPreset: "ultrafast")
    settings.writesColorTags = tagged
    let writer = try VideoWriter(path: path, settings: settings)
    let frame = try #require(PixelBuffer(width: width, height: height))
    for index in 0..<frames {
      let grey = UInt8(16 + index)
      for y in 0..<height {
        let row = (frame.bytes + y * frame.bytesPerRow).assumingMemoryBound(to: UInt8.self)
        for x in 0..<width {
          let (red, green, blue) = x < width / 2 ? (grey, grey, grey) : right
          (row[x * 4], row[x * 4 + 1], row[x * 4 + 2], row[x * 4 + 3]) = (blue, green, red, 255)
        }
      }
      try writer.append(frame)
    }
    try writer.finish()
    return path
  }

  private func decode(_ decoder: VideoDecoder, _ index: Int) throws -> [UInt8] {
    let pixels = try #require(PixelBuffer(width: decoder.index.width, height: decoder.index.height))
    try decoder.decodeFrame(index, into: pixels.bytes, bytesPerRow: pixels.bytesPerRow)
    return Array(UnsafeRawBufferPointer(start: pixels.bytes, count: pixels.byteCount))
  }

  @Test("the index lists every frame's time and the keyframes; the decoder gives each frame, in any order, the same")
  func anyOrder() throws {
    // 150 frames at 30 fps: keyframes every 60 frames (0, 60, 120).
    let path = try writeVideo("order.mp4", frames: 150)
    let index = try VideoStreamIndex.read(path)
    #expect(index.frameTimes.count == 150)
    #expect(abs(index.frameTimes[45] - 1.5) < 1e-9)
    #expect(abs(index.duration - 5) < 1e-9)
    #expect(index.keyframes.map(\.index) == [0, 60, 120])
    #expect(index.keyframe(before: 119).index == 60)

    let inOrder = try VideoDecoder(path: path, index: index)
    let sequential = try (0..<150).map { try decode(inOrder, $0) }
    for frame in [0, 75, 149] {
      let grey = Int(sequential[frame][4 * 4 + 2])
      #expect(abs(grey - (16 + frame)) <= 2, "frame \(frame) shows its own grey, found \(grey)")
    }
    // Backwards, jumping across keyframes, repeating, and forward again.
    let jumping = try VideoDecoder(path: path, index: index)
    for frame in [149, 3, 3, 130, 61, 59, 0, 100, 101, 149] {
      #expect(try decode(jumping, frame) == sequential[frame], "frame \(frame)")
    }
  }

  @Test("an untagged stream is read as players guess: BT.601 up to 576 lines, BT.709 above")
  func untaggedMatrix() throws {
    // Written with BT.709 and no tags. Read as BT.709 at 720 lines, the green comes back;
    // read as BT.601 at 16 lines, it shifts as a BT.709 picture shown as BT.601 shifts.
    let green = (UInt8(40), UInt8(200), UInt8(80))
    let tall = try writeVideo("tall.mp4", width: 32, height: 720, frames: 2, right: green, tagged: false)
    let short = try writeVideo("short.mp4", frames: 2, right: green, tagged: false)
    func rightPixel(_ path: String) throws -> [Int] {
      let decoder = try VideoDecoder(path: path, index: try VideoStreamIndex.read(path))
      let bytes = try decode(decoder, 0)
      let offset = 8 * decoder.index.width * 4 + 24 * 4
      return [Int(bytes[offset + 2]), Int(bytes[offset + 1]), Int(bytes[offset])]
    }
    let asBT709 = try rightPixel(tall)
    #expect(zip(asBT709, [40, 200, 80]).allSatisfy { abs($0 - $1) <= 3 }, "\(asBT709)")
    // BT.709 luma and chroma of (40, 200, 80), limited range, then BT.601's way back.
    let (r, g, b) = (40.0 / 255, 200.0 / 255, 80.0 / 255)
    let y = 0.2126 * r + 0.7152 * g + 0.0722 * b
    let cb = (b - y) / 1.8556
    let cr = (r - y) / 1.5748
    let back601 = [y + 1.402 * cr, y - 0.344136 * cb - 0.714136 * cr, y + 1.772 * cb].map { Int(($0 * 255).rounded()) }
    let asBT601 = try rightPixel(short)
    #expect(zip(asBT601, back601).allSatisfy { abs($0 - $1) <= 3 }, "expected \(back601), found \(asBT601)")
    #expect(!zip(asBT601, [40, 200, 80]).allSatisfy { abs($0 - $1) <= 3 }, "the guess makes a difference")
  }

  @Test("a quarter turn moves each pixel where the container's rotation shows it")
  func quarterTurns() throws {
    // 3 × 2 pixels numbered 0…5 row by row.
    let source = try #require(PixelBuffer(width: 3, height: 2))
    for index in 0..<6 { (source.bytes + (index / 3) * source.bytesPerRow).assumingMemoryBound(to: UInt32.self)[index % 3] = UInt32(index) }
    func turned(_ turns: Int) -> [UInt32] {
      let (width, height) = turns % 2 == 0 ? (3, 2) : (2, 3)
      var out = [UInt32](repeating: 99, count: 6)
      out.withUnsafeMutableBytes { QuarterTurn.copy(source, turns: turns, into: $0.baseAddress!, bytesPerRow: width * 4) }
      #expect(out.count == width * height)
      return out
    }
    // Clockwise: the bottom-left pixel (3) comes to the top left.
    #expect(turned(1) == [3, 0, 4, 1, 5, 2])
    #expect(turned(2) == [5, 4, 3, 2, 1, 0])
    #expect(turned(3) == [2, 5, 1, 4, 0, 3])
  }
}
