import SplashCore

/// Where rendered frames go: the encode stage, seen from the pipeline.
///
/// Frames are prepared concurrently and consumed in order:
///
///     worker w:  render → prepare(frame, index i, slot s, worker w)   (any order, many at once)
///     encoder:   consume(slot s) / consumeRepeat() … finish()   (strict index order, one thread)
///
/// A slot belongs to one frame from `prepare` until a different frame has been consumed after
/// it (so `consumeRepeat` can send it again); then the pipeline gives it to a later frame. Implementations keep per-worker state (a colour converter) indexed by
/// `worker`, so `prepare` needs no locks.
public protocol FrameSink: AnyObject {
  /// Called once before any frame, with the number of workers and slots the run will use.
  func start(workers: Int, slots: Int) throws
  /// Takes rendered frame `index` into `slot` (e.g. converts it to YUV); called from worker
  /// threads. Frames replaced by a repeat are never prepared (see
  /// `RenderPipeline.alwaysRendered` for frames a sink must see).
  func prepare(_ frame: PixelBuffer, index: Int, slot: Int, worker: Int) throws
  /// Appends the frame held in `slot` as the next frame of the output.
  func consume(slot: Int) throws
  /// Appends the previous frame again (the frame's presentation tree equals the previous one's).
  func consumeRepeat() throws
  /// Completes the output; called once, only if every frame succeeded.
  func finish() throws
}
