import Foundation
import SplashModel

/// What a finished frame hands to the encoder.
enum Delivery {
  /// The prepared frame is in this slot.
  case slot(Int)
  /// The frame equals the previous one.
  case repeatPrevious
}

/// The shared state of one pipeline run: the free slots, the next frame index, the finished
/// frames waiting for their turn, and the first failure. One lock guards it all; the
/// condition wakes workers waiting for a slot and the encoder waiting for its next frame.
final class PipelineState: @unchecked Sendable {
  let sink: any FrameSink
  private let condition = NSCondition()
  private var freeSlots: [Int]
  private var nextFrame = 0
  private var finished: [Int: Delivery] = [:]
  private var stopped = false
  private(set) var failure: PipelineError?
  /// Slots given up by workers for repeated frames, freed as the encoder passes those frames.
  private var pendingRepeatSlots: [Int] = []
  /// Presentation trees of recent frames, so the worker on frame i compares with frame i − 1
  /// without evaluating it again (its worker usually published it moments before).
  private var recentTrees: [Int: PresentationTree] = [:]
  /// The newest frame whose tree was published.
  private var newestPublished = Int.min
  /// How many frames behind the newest a published tree is kept. Workers take frames in
  /// order, so the worker that wants a tree is at most a few frames behind; a tree costs as
  /// much memory as the scene has layers (a megabyte for thousands), so the window is a few
  /// frames per worker, not the slots' window.
  private let recentTreeLimit: Int

  init(slots: Int, workers: Int, sink: any FrameSink) {
    freeSlots = Array((0..<slots).reversed())
    self.sink = sink
    recentTreeLimit = min(2 * slots + 2, 2 * workers + 2)
  }

  /// Publishes frame `index`'s tree for the worker on the next frame.
  func publishTree(_ tree: PresentationTree, for index: Int) {
    condition.lock()
    defer { condition.unlock() }
    recentTrees[index] = tree
    // A tree whose successor evaluated it itself is never taken; frames far behind are done.
    newestPublished = max(newestPublished, index)
    if recentTrees.count > recentTreeLimit {
      recentTrees = recentTrees.filter { $0.key > newestPublished - recentTreeLimit }
    }
  }

  /// Frame `index`'s tree if its worker has published it; only one frame asks, so it is
  /// handed over.
  func takeTree(for index: Int) -> PresentationTree? {
    condition.lock()
    defer { condition.unlock() }
    return recentTrees.removeValue(forKey: index)
  }

  /// A free slot, waiting for one; `nil` when the run stops.
  func acquireSlot(cancellation: CancellationFlag) -> Int? {
    condition.lock()
    defer { condition.unlock() }
    while freeSlots.isEmpty && !stopped && !cancellation.isCancelled { condition.wait() }
    guard !stopped, !cancellation.isCancelled else { return nil }
    return freeSlots.removeLast()
  }

  func nextIndex(below count: Int) -> Int? {
    condition.lock()
    defer { condition.unlock() }
    guard nextFrame < count else { return nil }
    nextFrame += 1
    return nextFrame - 1
  }

  /// Records a finished frame. A repeated frame gives its slot back at once but still counts
  /// against the window until the encoder passes it, so the window bound holds.
  func deliver(_ index: Int, _ delivery: Delivery, returning unusedSlot: Int?) {
    condition.lock()
    finished[index] = delivery
    if let unusedSlot { pendingRepeatSlots.append(unusedSlot) }
    condition.broadcast()
    condition.unlock()
  }

  /// The encoder's next frame, waiting for it; `nil` when the run stops first.
  func waitForFrame(_ index: Int, cancellation: CancellationFlag) -> Delivery? {
    condition.lock()
    defer { condition.unlock() }
    while finished[index] == nil && failure == nil && !cancellation.isCancelled {
      // Wake now and then to notice a cancellation set from a signal handler.
      _ = condition.wait(until: Date(timeIntervalSinceNow: 0.1))
    }
    guard failure == nil, !cancellation.isCancelled else { return nil }
    return finished.removeValue(forKey: index)
  }

  func release(_ slot: Int) {
    condition.lock()
    freeSlots.append(slot)
    condition.broadcast()
    condition.unlock()
  }

  /// The encoder passed a repeated frame: one of the slots its worker gave up becomes free.
  func releaseUnused() {
    condition.lock()
    if let slot = pendingRepeatSlots.popLast() { freeSlots.append(slot) }
    condition.broadcast()
    condition.unlock()
  }

  func fail(_ error: PipelineError) {
    condition.lock()
    if failure == nil { failure = error }
    stopped = true
    condition.broadcast()
    condition.unlock()
  }

  func stopWorkers() {
    condition.lock()
    stopped = true
    condition.broadcast()
    condition.unlock()
  }
}
