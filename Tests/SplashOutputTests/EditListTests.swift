import Foundation
import SplashCore
import SplashEncode
import SplashPipeline
import SplashTestSupport
import Testing

@testable import SplashOutput

/// Instagram's specification excludes MP4 edit lists: its targets' files carry none, and
/// still start on their first frame at time 0 (B-frames placed by negative offsets instead).
@Suite("MP4 edit lists: none for a target that excludes them")
struct EditListTests {
  /// The bytes of an H.264 MP4 of the 2 s test slider, for `target` (or none).
  private func render(target: String?) throws -> (bytes: [UInt8], frames: Int) {
    let folder = try ScratchFolder.make("edit-lists")
    let file = folder.appendingPathComponent("slider.json")
    try Data(ClipRangeTests.slider.utf8).write(to: file)
    let output = folder.appendingPathComponent("clip.mp4").path
    var values: [RenderOption: String] = [.encoderPreset: "ultrafast"]
    if let target { values[.target] = target } else { values[.size] = "1080x1080" }
    try RenderJob(RenderRequest(values: values, outputs: [output]), source: PresetSource(origin: .file(file.path)))
      .run(environment: [:], cancellation: CancellationFlag(), log: { _ in })
    let info = try VideoReader.read(output)
    return (Array(try Data(contentsOf: URL(fileURLWithPath: output))), info.decodedFrameCount)
  }

  private func hasBox(_ name: String, in bytes: [UInt8]) -> Bool {
    let pattern = Array(name.utf8)
    return bytes.indices.dropLast(pattern.count).contains { bytes[$0..<$0 + pattern.count].elementsEqual(pattern) }
  }

  @Test("--target square: no elst box, every frame there; without a target x264's B-frames bring one")
  func square() throws {
    let square = try render(target: "square")
    #expect(!hasBox("elst", in: square.bytes) && square.frames == 60)
    let plain = try render(target: nil)
    #expect(hasBox("elst", in: plain.bytes), "the check can tell: an ordinary MP4 with B-frames has one")
  }
}
