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
@testable import SplashOutput

/// An output that fails when asked to complete (a disk that filled up at the very end).
private final class FailingOutput: OutputSink, @unchecked Sendable {
  private(set) var abandoned = false
  func start(workers: Int, slots: Int) throws {}
  func prepare(_ frame: PixelBuffer, index: Int, slot: Int, worker: Int) throws {}
  func consume(slot: Int) throws {}
  func consumeRepeat() throws {}
  func complete() throws { throw PosterError(message: "no space left") }
  func checkCommittable() throws {}
  func commit() throws {}
  func abandon() { abandoned = true }
  var writtenPath: String { "failing" }
}

@Suite("Outputs of one render appear together or not at all")
struct AllOrNothingTests {
  @Test("an output failing to complete keeps the others from appearing, even one completed before it")
  func oneFailureKeepsAllBack() throws {
    let folder = try BinaryRunner.temporaryFolder().path
    let scene = try PresetLoader.load(
      URL(fileURLWithPath: BinaryRunner.repository.appendingPathComponent("presets/welcome.json5").path))
    let schedule = FrameSchedule(clip: scene.clip, framesPerSecond: 4, loops: 1)
    let writer = try VideoWriter(
      path: folder + "/first.mp4", settings: VideoSettings(width: 48, height: 86, framesPerSecond: 4, encoderPreset: "ultrafast"))
    let failing = FailingOutput()
    let sinks: [any OutputSink] = [EncoderSink(writer: writer), failing]
    let pipeline = RenderPipeline(scene: scene, schedule: schedule, pixelWidth: 48, pixelHeight: 86, workers: 2)
    #expect(throws: PipelineError.self) {
      try pipeline.run(makeBackend: { CairoBackend() }, sink: FanOutSink(sinks))
    }
    // What the render command does on any failure.
    for sink in sinks { sink.abandon() }
    #expect(failing.abandoned)
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder).isEmpty, "first.mp4 was complete but must not appear")
  }
}
