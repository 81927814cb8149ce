import Foundation
import SplashCairo
import SplashCore
import SplashModel
import SplashTestSupport
import Testing

@testable import SplashOutput

/// A preset's `sequence`: scenes (other presets and Lottie files) played one after another,
/// cut or cross-faded, as one clip.
@Suite("Scenes joined in one clip")
struct SceneSequenceTests {
  private let folder: URL

  init() throws {
    folder = try ScratchFolder.make("sequence")
    // red: 1 s of red. blue: 2 s of blue whose bar slides from x = 0 to x = 40 (a 10-point
    // white bar in a 40 × 40 canvas), so a frame tells the scene's own time.
    try write("red.json5", ##"{ schemaVersion: 1, canvas: { size: [40, 40], background: "#FF0000" }, clip: { cycle: 1 }, layers: [] }"##)
    try write(
      "blue.json5",
      """
      { schemaVersion: 1, canvas: { size: [40, 40], background: "#0000FF" }, clip: { cycle: 2, segments: { late: { start: 1, end: 2 } } },
        layers: [{ id: "bar", bounds: [0, 0, 10, 40], position: [5, 20], backgroundColor: "#FFFFFF",
          animations: [{ type: "basic", keyPath: "position.x", fromValue: 5, toValue: 45, duration: 2 }] }] }
      """)
  }

  private func write(_ name: String, _ text: String) throws {
    try Data(text.utf8).write(to: folder.appendingPathComponent(name))
  }

  /// A 40 × 40 sequence preset of `scenes` (JSON5 objects) with more top-level `members`.
  private func sequence(_ scenes: String, _ members: String = "") throws -> PresetSource {
    let url = folder.appendingPathComponent("seq-\(UUID().uuidString).json5")
    try Data(
      """
      { schemaVersion: 1, canvas: { size: [40, 40], background: "#000000" }, sequence: [\(scenes)]\(members) }
      """.utf8
    ).write(to: url)
    return PresetSource(origin: .file(url.path))
  }

  private func still(_ source: PresetSource, _ moment: TimeSelection) throws -> PixelBuffer {
    let path = folder.appendingPathComponent("still-\(UUID().uuidString).png").path
    try StillJob(source: source, moment: moment, size: OutputSize(requested: PixelSize(width: 40, height: 40)), outputPath: path)
      .run(environment: [:], log: { _ in })
    return try PNGReader.read(path)
  }

  private let redThenBlue =
    #"{ id: "one", file: "red.json5" }, { id: "two", file: "blue.json5", transition: { type: "crossFade", duration: 0.5 } }"#

  @Test("scenes are laid end to end, each overlapping the one before by its cross-fade; named ones are segments")
  func timeline() throws {
    let source = try sequence(redThenBlue)
    let scene = try source.load(environment: [:])
    #expect(scene.clip == ClipWindow(start: 0, cycle: 2.5))
    #expect(scene.segments == [ClipSegment(name: "one", start: 0, end: 1), ClipSegment(name: "two", start: 0.5, end: 2.5)])
    #expect(scene.layers.map(\.id) == ["one", "two"])
    #expect(try still(source, .time(0.25)).rgba(x: 30, y: 20) == (255, 0, 0, 255), "the first scene")
    // Half way through the cross-fade: half blue over red, a cross-dissolve.
    let middle = try still(source, .time(0.75)).rgba(x: 30, y: 20)
    #expect(abs(Int(middle.red) - 128) <= 1 && middle.green == 0 && abs(Int(middle.blue) - 128) <= 1, "\(middle)")
    #expect(try still(source, .time(1.5)).rgba(x: 30, y: 20) == (0, 0, 255, 255), "the second scene alone")
    #expect(try still(source, .position(1)).rgba(x: 30, y: 20) == (0, 0, 255, 255), "the last scene stays at the clip's end")
  }

  @Test("a scene's own time starts when it starts: its frames are the file's alone, shifted")
  func sceneTime() throws {
    let source = try sequence(redThenBlue)
    let blue = PresetSource(origin: .file(folder.appendingPathComponent("blue.json5").path))
    for time in [0.6, 1.7] {
      #expect(try still(source, .time(0.5 + time)).bytesEqual(try still(blue, .time(time))) || time < 1, "t = \(0.5 + time)")
    }
    // After the cross-fade (from 1 s in), the frame is the file's alone.
    #expect(try still(source, .time(2.2)).bytesEqual(try still(blue, .time(1.7))))
    #expect(!(try still(source, .time(2.2)).bytesEqual(try still(blue, .time(1.2)))), "the check tells times apart")
  }

  @Test("loops, duration, segment and speed set a scene's length; clip.hold holds the end")
  func lengths() throws {
    let looped = try sequence(#"{ file: "red.json5", loops: 3 }, { file: "blue.json5", segment: "late", speed: 2 }"#, ", clip: { hold: 1 }")
    let scene = try looped.load(environment: [:])
    // 3 × 1 s, then blue's "late" segment (1 s) at twice the speed: 0.5 s.
    #expect(scene.clip == ClipWindow(start: 0, cycle: 3.5, hold: 1))
    #expect(scene.layers.map(\.id) == ["scene 1", "scene 2"])
    let timed = try sequence(#"{ file: "red.json5", duration: 0.25 }, { file: "blue.json5", duration: 4 }"#)
    #expect(try timed.load(environment: [:]).clip == ClipWindow(start: 0, cycle: 4.25))
  }

  @Test("a file that shows itself, a missing file, an unknown segment, a clip length and a fade longer than its scene are refused")
  func refusals() throws {
    let selfName = "self.json5"
    try write(selfName, #"{ schemaVersion: 1, canvas: { size: [40, 40] }, sequence: [{ file: "red.json5" }, { file: "self.json5" }] }"#)
    let loop = #expect(throws: (any Error).self) {
      try PresetSource(origin: .file(folder.appendingPathComponent(selfName).path)).load(environment: [:])
    }
    #expect("\(loop!)".contains("expected a file that does not show itself, found self.json5 → self.json5"), "\(loop!)")
    let missing = #expect(throws: (any Error).self) { try sequence(#"{ file: "none.json5" }"#).load(environment: [:]) }
    #expect("\(missing!)".contains("sequence[0].file: expected a preset or Lottie file that exists"), "\(missing!)")
    let segment = #expect(throws: (any Error).self) {
      try sequence(#"{ file: "blue.json5", segment: "early" }"#).load(environment: [:])
    }
    #expect("\(segment!)".contains("a segment or marker named \"early\" with a length (its segments: late)"), "\(segment!)")
    let clip = #expect(throws: (any Error).self) { try sequence(#"{ file: "red.json5" }"#, ", clip: { cycle: 2 }").load(environment: [:]) }
    #expect("\(clip!)".contains("clip.cycle"), "\(clip!)")
    let fade = #expect(throws: (any Error).self) {
      try sequence(#"{ file: "red.json5" }, { file: "red.json5", transition: { type: "crossFade", duration: 2 } }"#).load(environment: [:])
    }
    #expect("\(fade!)".contains("a scene longer than its cross-fade (2 s) in the sequence, found 1 s"), "\(fade!)")
  }
}

extension PixelBuffer {
  /// Whether `other` holds the same pixels.
  fileprivate func bytesEqual(_ other: PixelBuffer) -> Bool {
    width == other.width && height == other.height
      && (0..<height).allSatisfy { memcmp(bytes + $0 * bytesPerRow, other.bytes + $0 * other.bytesPerRow, width * 4) == 0 }
  }
}
