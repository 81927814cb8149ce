import Dispatch
import Foundation
import SplashCore
import SplashModel
import SplashRender

/// Drives a clip through the stages on several workers: evaluate → render → prepare on worker
/// threads, consume in frame order on the calling thread.
///
///     workers (N threads)            reorder                    encoder (calling thread)
///     ┌ slot ← free pool ┐          ┌────────────────┐
///     │ index ← next     │  ──────▶ │ done: i → slot │ ──in order──▶ consume(slot) → free pool
///     │ evaluate, render │          └────────────────┘
///     └ prepare(slot)    ┘
///
/// Backpressure: a worker takes a slot before it takes a frame index, and slots return to the
/// pool only when the encoder has consumed them, so at most `window` frames are in flight
/// whatever the clip's length (`window + 1` before the encoder holds its first frame, whose
/// slot it keeps for repeats). Memory is `window + 1` prepared frames (a 1080×1920 YUV 4:2:0
/// picture is 3.1 MB) plus one BGRA buffer per worker (1080×1920×4 B ≈ 8.3 MB): with 2
/// workers and a window of 6, about 38 MB. Taking the slot first also guarantees progress:
/// the lowest unfinished index always belongs to a worker that holds a slot.
///
/// Workers run on threads of their own at a lower priority than the encoder (see
/// `WorkerThread`): the encoder is the bottleneck, and workers fill the time it leaves.
///
/// A frame whose presentation tree equals the previous frame's is not rendered: the encoder
/// repeats the previous frame. Frames are pure functions of (scene, time), so equal trees
/// give equal pixels and the output does not depend on the number of workers.
public struct RenderPipeline: Sendable {
  public var scene: Scene
  public var schedule: FrameSchedule
  public var pixelWidth: Int
  public var pixelHeight: Int
  public var fit: Viewport.Fit
  /// Worker count; by default the machine's active cores.
  public var workers: Int
  /// Frames rendered and prepared even when they equal the previous frame (a poster frame
  /// whose sink needs the pixels, not a repeat).
  public var alwaysRendered: Set<Int> = []

  public init(
    scene: Scene, schedule: FrameSchedule, pixelWidth: Int, pixelHeight: Int, fit: Viewport.Fit = .contain,
    workers: Int = ProcessInfo.processInfo.activeProcessorCount
  ) {
    self.scene = scene
    self.schedule = schedule
    self.pixelWidth = pixelWidth
    self.pixelHeight = pixelHeight
    self.fit = fit
    self.workers = max(1, workers)
  }

  /// Frames in flight: enough for every worker to have one frame waiting while it renders the
  /// next, and a little slack for frames finishing out of order.
  public var window: Int { min(2 * workers + 2, max(schedule.frameCount, 1)) }

  /// Slots: the window, plus the last consumed frame's, which the encoder keeps until a
  /// different frame follows because a repeated frame is sent from it.
  var slotCount: Int { window + 1 }

  /// Renders every frame into `sink` and finishes it.
  ///
  /// - Parameters:
  ///   - makeBackend: Creates one backend per worker (backends keep per-worker state).
  ///   - cancellation: Checked between frames; when set, the run stops and throws
  ///     `PipelineCancelled`.
  ///   - progress: Called on the calling thread after each frame with the frames done.
  /// - Throws: `PipelineError` naming the frame whose stage failed (the first failure stops
  ///   every worker), or `PipelineCancelled`. The sink is not finished after a throw.
  public func run(
    makeBackend: @escaping @Sendable () -> any RenderBackend, sink: any FrameSink,
    cancellation: CancellationFlag = CancellationFlag(), progress: ((Int) -> Void)? = nil
  ) throws {
    let frameCount = schedule.frameCount
    let slots = slotCount
    do {
      try sink.start(workers: workers, slots: slots)
    } catch {
      throw PipelineError(frame: nil, underlying: error)
    }
    let state = PipelineState(slots: slots, workers: workers, sink: sink)
    let viewport = Viewport(canvasSize: scene.canvasSize, pixelWidth: pixelWidth, pixelHeight: pixelHeight, fit: fit)
    let group = DispatchGroup()
    let pipeline = self
    // Still subtrees presented once, for every worker and frame.
    let evaluator = SceneEvaluator(scene)

    for worker in 0..<workers {
      WorkerThread.start(name: "splashvid worker \(worker)", group: group) {
        pipeline.work(
          worker: worker, state: state, evaluator: evaluator, viewport: viewport, frameCount: frameCount,
          makeBackend: makeBackend, cancellation: cancellation)
      }
    }

    // The encoder: frames in strict index order.
    var heldSlot: Int?
    for index in 0..<frameCount {
      guard let delivery = state.waitForFrame(index, cancellation: cancellation) else { break }
      do {
        switch delivery {
        case .slot(let slot): try sink.consume(slot: slot)
        case .repeatPrevious: try sink.consumeRepeat()
        }
      } catch {
        state.fail(PipelineError(frame: index, underlying: error))
        cancellation.cancel()
        break
      }
      if case .slot(let slot) = delivery {
        if let heldSlot { state.release(heldSlot) }
        heldSlot = slot
      } else {
        state.releaseUnused()
      }
      progress?(index + 1)
    }
    if let heldSlot { state.release(heldSlot) }
    state.stopWorkers()
    group.wait()

    if let failure = state.failure { throw failure }
    if cancellation.isCancelled { throw PipelineCancelled() }
    do {
      try sink.finish()
    } catch {
      throw PipelineError(frame: nil, underlying: error)
    }
  }

  private func work(
    worker: Int, state: PipelineState, evaluator: SceneEvaluator, viewport: Viewport, frameCount: Int,
    makeBackend: @Sendable () -> any RenderBackend, cancellation: CancellationFlag
  ) {
    let backend = makeBackend()
    // This worker's last display list: its unchanged subtrees are taken, not built again.
    let retained = RetainedDisplayList()
    // This worker's last tree: what a frame presents the same shares its storage, and the
    // list then takes those nodes whole.
    var previousTree: PresentationTree?
    guard let buffer = PixelBuffer(width: pixelWidth, height: pixelHeight) else {
      state.fail(PipelineError(frame: nil, underlying: PipelineError.Reason("cannot allocate a \(pixelWidth)x\(pixelHeight) frame")))
      cancellation.cancel()
      return
    }
    while !cancellation.isCancelled {
      guard let slot = state.acquireSlot(cancellation: cancellation) else { return }
      guard let index = state.nextIndex(below: frameCount) else {
        state.release(slot)
        return
      }
      let time = schedule.sceneTime(ofFrame: index)
      let tree = evaluator.presentation(at: time, sharingWith: previousTree)
      state.publishTree(tree, for: index)
      if index > 0, !alwaysRendered.contains(index),
        tree == state.takeTree(for: index - 1) ?? evaluator.presentation(at: schedule.sceneTime(ofFrame: index - 1))
      {
        state.deliver(index, .repeatPrevious, returning: slot)
        continue
      }
      do {
        // What the frame draws and how is decided here, once; the backend executes it.
        try backend.render(DisplayList(tree, viewport: viewport, measuring: backend, retaining: retained), into: buffer)
        previousTree = tree
        try state.sink.prepare(buffer, index: index, slot: slot, worker: worker)
        state.deliver(index, .slot(slot), returning: nil)
      } catch {
        state.fail(PipelineError(frame: index, underlying: error))
        cancellation.cancel()
        state.release(slot)
        return
      }
    }
  }
}

/// A failure while producing a clip, with the frame it happened at.
public struct PipelineError: Error, CustomStringConvertible {
  /// The frame being produced, or `nil` for a failure before or after the frames.
  public var frame: Int?
  public var underlying: any Error

  public init(frame: Int?, underlying: any Error) {
    self.frame = frame
    self.underlying = underlying
  }

  public var description: String {
    guard let frame else { return "\(underlying)" }
    return "frame \(frame): \(underlying)"
  }

  /// A failure of the pipeline itself, described in words.
  public struct Reason: Error, CustomStringConvertible {
    public var description: String
    public init(_ description: String) { self.description = description }
  }
}
