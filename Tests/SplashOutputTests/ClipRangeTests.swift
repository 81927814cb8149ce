import Foundation
import SplashCairo
import SplashCore
import SplashModel
import SplashPipeline
import SplashTestSupport
import Testing

@testable import SplashOutput

/// A render of part of an animation (`--start`, `--end`, `--segment`) and its holds
/// (`--hold-start`, `--hold-end`): the frames are the animation's at those moments, as `still`
/// draws them, and the counts are exact.
@Suite("Time ranges and holds: part of an animation, its first and last frames held")
struct ClipRangeTests {
  /// A Lottie file written for these tests: a red square sliding from x 10 to 90 over frames
  /// 0 to 60 at 30 fps, with two markers: `intro` (frames 0–30, named plainly) and `outro`
  /// (frames 30–60, named in a JSON comment as Bodymovin writes it).
  static let slider = #"""
    {"v": "5.7.0", "fr": 30, "ip": 0, "op": 60, "w": 100, "h": 100,
     "markers": [{"cm": "intro", "tm": 0, "dr": 30}, {"cm": "{\"name\": \"outro\"}", "tm": 30, "dr": 30}],
     "layers": [{"ty": 4, "ind": 1, "ip": 0, "op": 60, "st": 0,
       "ks": {"o": {"a": 0, "k": 100}, "r": {"a": 0, "k": 0}, "a": {"a": 0, "k": [0, 0]}, "s": {"a": 0, "k": [100, 100]},
              "p": {"a": 1, "k": [{"t": 0, "s": [10, 50], "o": {"x": [0], "y": [0]}, "i": {"x": [1], "y": [1]}}, {"t": 60, "s": [90, 50]}]}},
       "shapes": [{"ty": "rc", "p": {"a": 0, "k": [0, 0]}, "s": {"a": 0, "k": [20, 20]}, "r": {"a": 0, "k": 0}},
                  {"ty": "fl", "c": {"a": 0, "k": [1, 0, 0, 1]}, "o": {"a": 0, "k": 100}}]}]}
    """#

  private let folder: URL
  private let slider: PresetSource

  init() throws {
    folder = try ScratchFolder.make("clip-range")
    let file = folder.appendingPathComponent("slider.json")
    try Data(Self.slider.utf8).write(to: file)
    slider = PresetSource(origin: .file(file.path))
  }

  /// The frames a render of `values` writes as a PNG sequence, decoded, in order.
  private func frames(_ values: [RenderOption: String], source: PresetSource? = nil) throws -> [PixelBuffer] {
    let sequence = folder.appendingPathComponent("frames-\(UUID().uuidString)")
    var request = RenderRequest(values: values, outputs: [sequence.path + "/f-%04d.png"])
    request[.size] = "50x50"
    let job = try RenderJob(request, source: source ?? slider)
    try job.run(environment: [:], cancellation: CancellationFlag(), log: { _ in })
    let names = try FileManager.default.contentsOfDirectory(atPath: sequence.path).sorted()
    return try names.map { try PNGReader.read(sequence.appendingPathComponent($0).path) }
  }

  /// `still` at `moment`, decoded.
  private func still(_ moment: TimeSelection, source: PresetSource? = nil) throws -> PixelBuffer {
    let path = folder.appendingPathComponent("still-\(UUID().uuidString).png").path
    try StillJob(source: source ?? slider, moment: moment, size: OutputSize(requested: PixelSize(width: 50, height: 50)), outputPath: path)
      .run(environment: [:], log: { _ in })
    return try PNGReader.read(path)
  }

  private func same(_ first: PixelBuffer, _ second: PixelBuffer) -> Bool {
    first.width == second.width && first.height == second.height && first.byteCount == second.byteCount
      && memcmp(first.bytes, second.bytes, first.byteCount) == 0
  }

  @Test("--start p:0.25 --end p:0.75 --loops 2: twice the range's 30 frames, each the still at its moment")
  func positions() throws {
    let frames = try frames([.start: "p:0.25", .end: "p:0.75", .loops: "2", .framesPerSecond: "30"])
    #expect(frames.count == 60)
    #expect(same(frames[0], try still(.position(0.25))), "the first frame is the still at --position 0.25")
    #expect(same(frames[30], try still(.position(0.25))), "the second loop starts where the first did")
    for index in [1, 14, 29] {
      #expect(same(frames[index], try still(.time(0.5 + Double(index) / 30))), "frame \(index)")
    }
    // The range moves: its first and last frames differ.
    #expect(!same(frames[0], frames[29]))
  }

  @Test("--segment outro takes the marker's frames 30 to 60; f:N and seconds bound a range alike")
  func segments() throws {
    let outro = try frames([.segment: "outro", .framesPerSecond: "30"])
    #expect(outro.count == 30)
    let (frame30, frame59) = (try still(.frame(30)), try still(.frame(59)))
    #expect(same(outro[0], frame30) && same(outro[29], frame59))
    let byFrames = try frames([.start: "f:30", .end: "f:60", .framesPerSecond: "30"])
    let bySeconds = try frames([.start: "1", .end: "2", .framesPerSecond: "30"])
    #expect(byFrames.count == 30 && bySeconds.count == 30)
    #expect(zip(outro, byFrames).allSatisfy(same) && zip(outro, bySeconds).allSatisfy(same))
  }

  @Test("--hold-start 0.5 --hold-end 1.5: 15 frames of the first, the loop, 45 frames of the final state")
  func holds() throws {
    let frames = try frames([.holdStart: "0.5", .holdEnd: "1.5", .framesPerSecond: "30"])
    #expect(frames.count == 15 + 60 + 45)
    let first = try still(.position(0))
    #expect(frames[0..<16].allSatisfy { same($0, first) }, "the opening hold, then the loop's first frame")
    #expect(!same(frames[16], first))
    // The final state is what a player paused at the end shows: --position 1.
    let final = try still(.position(1))
    #expect(frames[75...].allSatisfy { same($0, final) })
    #expect(!same(frames[74], final), "the loop's last frame is a frame before the end")
  }

  @Test("a range that is not the animation's is refused, naming the option and what is there")
  func refusals() throws {
    let cases: [([RenderOption: String], String)] = [
      ([.segment: "middle"], "--segment middle: no segment of that name; its segments are intro, outro"),
      ([.segment: "intro", .start: "1"], "--segment intro sets the start and the end; leave --start 1 out"),
      ([.start: "p:0.8", .end: "p:0.2"], "--end p:0.2: the range would run from 1.6 to 0.4 s; its end must come after its start"),
      ([.end: "5"], "--end 5: 5 s is outside the animation; the animation's loop runs from 0 to 2 s"),
      ([.start: "p:1.5"], "--start p:1.5: expected seconds (1.5), a frame f:N (f:30) or a position p:P from 0 to 1 (p:0.25)"),
      ([.start: "-1"], "--start -1: expected seconds (1.5), a frame f:N (f:30) or a position p:P from 0 to 1 (p:0.25)"),
      ([.holdEnd: "1e3"], "--hold-end 1e3: expected seconds from 0 to 3600"),
    ]
    for (values, message) in cases {
      let refusal = #expect(throws: RenderOptionError.self) {
        let job = try RenderJob(RenderRequest(values: values, outputs: [folder.appendingPathComponent("x.mp4").path]), source: slider)
        try job.preflight(try slider.load(environment: [:]), environment: [:])
      }
      #expect(refusal?.description == message, "\(values)")
    }
    // A preset has no frame numbers.
    let fuber = PresetSource(
      origin: .named("fuber", presetsDirectory: SplashOutputTests.repository.appendingPathComponent("presets").path))
    let preset = #expect(throws: RenderOptionError.self) {
      try RenderJob(RenderRequest(values: [.start: "f:3"], outputs: ["x.mp4"]), source: fuber).preflight(
        try fuber.load(environment: [:]), environment: [:])
    }
    #expect(preset?.description == "--start f:3: presets count time in seconds, not frames; give seconds or p:POSITION")
  }

  @Test("a preset's clip.segments: --segment takes one; a range that ends early drops the loop's hold")
  func presetSegments() throws {
    let preset = folder.appendingPathComponent("pulse.json5")
    try Data(
      """
      { schemaVersion: 1, canvas: { size: [40, 40], background: "#000000" },
        clip: { cycle: 2, hold: 1, segments: { grow: { start: 0, end: 1 }, shrink: { start: 1, end: 2 } } },
        layers: [{ id: "dot", type: "layer", bounds: [0, 0, 20, 20], position: [20, 20], backgroundColor: "#FFFFFF",
          animations: [{ type: "basic", keyPath: "opacity", fromValue: 0, toValue: 1, duration: 2 }] }] }
      """.utf8
    ).write(to: preset)
    let source = PresetSource(origin: .file(preset.path))
    let scene = try source.load(environment: [:])
    #expect(scene.segments == [ClipSegment(name: "grow", start: 0, end: 1), ClipSegment(name: "shrink", start: 1, end: 2)])
    let shrink = try frames([.segment: "shrink", .framesPerSecond: "10"], source: source)
    // The segment ends where the loop does, so the loop's hold of 1 s stays.
    #expect(shrink.count == 20)
    let (one, two) = (try still(.time(1), source: source), try still(.time(2), source: source))
    #expect(same(shrink[0], one) && same(shrink[19], two))
    let grow = try frames([.segment: "grow", .framesPerSecond: "10"], source: source)
    #expect(grow.count == 10, "a range ending before the loop's end has no hold")

    let broken = folder.appendingPathComponent("broken.json5")
    try Data(
      """
      { schemaVersion: 1, canvas: { size: [40, 40] }, clip: { cycle: 2, segments: { back: { start: 1.5, end: 0.5 } } }, layers: [] }
      """.utf8
    ).write(to: broken)
    let error = #expect(throws: (any Error).self) { try PresetSource(origin: .file(broken.path)).load(environment: [:]) }
    #expect("\(error!)".contains("clip.segments.back.end: expected an end after the segment's start (1.5 s)"), "\(error!)")
  }

  @Test("a range and holds are part of a job's fingerprint only when given")
  func fingerprint() throws {
    let plain = try RenderJob(RenderRequest(outputs: ["x.mp4"]), source: slider).canonicalDescription
    #expect(!plain.contains { $0.hasPrefix("start") || $0.hasPrefix("hold") || $0.hasPrefix("segment") })
    let ranged = try RenderJob(
      RenderRequest(values: [.start: "p:0.25", .end: "f:40", .holdEnd: "1.5"], outputs: ["x.mp4"]), source: slider
    ).canonicalDescription
    #expect(ranged.contains("start: p:0.25") && ranged.contains("end: f:40") && ranged.contains("hold end: 1.5 s"))
  }
}
