import SplashCore
import SplashModel
import SplashRender
import Testing

@testable import SplashPipeline

/// A backend that records the scene times it was asked to draw and can fail at one frame.
private final class RecordingBackend: RenderBackend {
  var drawnTimes: [Double] = []
  var failAtCall: Int?

  struct Failure: Error, CustomStringConvertible {
    var description: String { "backend failed on purpose" }
  }

  func render(_ tree: PresentationTree, viewport: Viewport, into buffer: PixelBuffer) throws {
    if drawnTimes.count == failAtCall { throw Failure() }
    let layer = tree.layers[0]
    drawnTimes.append(layer.properties.position.x)
  }
}

/// A sink that counts frames and whether it was finished.
private final class CountingSink: FrameSink {
  var frames = 0
  var isFinished = false

  func append(_ frame: PixelBuffer) throws { frames += 1 }
  func finish() throws { isFinished = true }
}

@Suite("The pipeline samples the clip window and hands every frame to the sink in order")
struct RenderPipelineTests {
  /// A scene whose one layer's position.x equals the scene time, so the backend can read it.
  private func clockScene(start: Double, cycle: Double) -> Scene {
    let clock = Animation.property(
      PropertyAnimation(
        keyPath: .positionX, timing: MediaTiming(duration: 1000),
        values: .basic(from: .scalar(0), to: .scalar(1000), by: nil)))
    return Scene(
      canvasSize: Size(width: 10, height: 10), backgroundColor: .black,
      layers: [Layer(id: "clock", animations: [clock])], clip: ClipWindow(start: start, cycle: cycle))
  }

  @Test("loops × cycle × fps frames; every loop shows the same times; no duplicate at the joint")
  func schedule() throws {
    let backend = RecordingBackend()
    let sink = CountingSink()
    let pipeline = RenderPipeline(
      scene: clockScene(start: 0.9, cycle: 3), schedule: FrameSchedule(clip: ClipWindow(start: 0.9, cycle: 3), framesPerSecond: 10, loops: 3),
      pixelWidth: 10, pixelHeight: 10)
    var reported: [Int] = []
    try pipeline.run(backend: backend, sink: sink) { reported.append($0) }
    #expect(sink.frames == 90 && sink.isFinished)
    #expect(reported == Array(1...90))
    #expect(abs(backend.drawnTimes[0] - 0.9) < 1e-9)
    #expect(abs(backend.drawnTimes[29] - 3.8) < 1e-9, "last frame of a loop is one frame before the next start")
    #expect(backend.drawnTimes[30] == backend.drawnTimes[0])
    #expect(backend.drawnTimes[89] == backend.drawnTimes[29])
  }

  @Test("a failing frame stops the run with its index and the sink is not finished")
  func failureNamesFrame() throws {
    let backend = RecordingBackend()
    backend.failAtCall = 7
    let sink = CountingSink()
    let pipeline = RenderPipeline(
      scene: clockScene(start: 0, cycle: 1), schedule: FrameSchedule(clip: ClipWindow(start: 0, cycle: 1), framesPerSecond: 30, loops: 1),
      pixelWidth: 10, pixelHeight: 10)
    #expect {
      try pipeline.run(backend: backend, sink: sink)
    } throws: { error in
      "\(error)" == "frame 7: backend failed on purpose"
    }
    #expect(sink.frames == 7 && !sink.isFinished)
  }

  @Test("frames per loop round to the nearest frame")
  func framesPerLoop() {
    #expect(ClipWindow(start: 0, cycle: 3).framesPerLoop(framesPerSecond: 60) == 180)
    #expect(ClipWindow(start: 0, cycle: 5.5).framesPerLoop(framesPerSecond: 24) == 132)
    #expect(ClipWindow(start: 0, cycle: 0.01).framesPerLoop(framesPerSecond: 24) == 1)
  }
}
