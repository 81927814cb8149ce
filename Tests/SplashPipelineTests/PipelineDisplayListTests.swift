import Foundation
import SplashCore
import SplashModel
import SplashRender
import Testing

@testable import SplashPipeline

/// The pipeline decides what each frame draws (its display list, placed through the job's
/// viewport, each node planned) and hands the list to the backend, which only executes it.
@Suite("The pipeline builds each frame's display list")
struct PipelineDisplayListTests {
  /// Records the lists it is handed.
  private final class RecordingBackend: RenderBackend, @unchecked Sendable {
    let lists = Locked<[DisplayList]>([])

    func render(_ list: DisplayList, into buffer: PixelBuffer) throws {
      lists.withLock { $0.append(list) }
    }

    func textExtents(_ properties: LayerProperties) -> Rect? { nil }
  }

  private final class DroppingSink: FrameSink, @unchecked Sendable {
    func start(workers: Int, slots: Int) throws {}
    func prepare(_ frame: PixelBuffer, index: Int, slot: Int, worker: Int) throws {}
    func consume(slot: Int) throws {}
    func consumeRepeat() throws {}
    func finish() throws {}
  }

  @Test("a moving square: one list a frame, through the frame's viewport, its node placed and planned")
  func listsReachTheBackend() throws {
    let slide = Animation.property(
      PropertyAnimation(
        keyPath: LayerPropertyRegistry.positionX.keyPath, timing: MediaTiming(duration: 1),
        values: .basic(from: .scalar(0), to: .scalar(30), by: nil), isRemovedOnCompletion: false))
    var square = Layer(id: "square", animations: [slide])
    square.properties.bounds = Rect(x: 0, y: 0, width: 8, height: 8)
    square.properties.backgroundColor = .white
    let scene = Scene(
      canvasSize: Size(width: 40, height: 20), backgroundColor: .black, layers: [square], clip: ClipWindow(start: 0, cycle: 1))
    let backend = RecordingBackend()
    let pipeline = RenderPipeline(
      scene: scene, schedule: FrameSchedule(clip: scene.clip, framesPerSecond: 10, loops: 1), pixelWidth: 80, pixelHeight: 40,
      workers: 1)
    try pipeline.run(makeBackend: { backend }, sink: DroppingSink())
    let lists = backend.lists.withLock { $0 }
    #expect(lists.count == 10)
    for (frame, list) in lists.enumerated() {
      #expect(list.viewport.pixelWidth == 80 && list.viewport.pixelHeight == 40)
      #expect(list.tree == scene.presentation(at: Double(frame) / 10))
      #expect(list.layers.first?.plan == DrawPlan(clip: .none), "frame \(frame)")
    }
  }
}
