import Foundation
import SplashCore
import SplashModel
import SplashRender
import Testing

@testable import SplashPipeline

/// A backend that writes the frame's scene time into the pixels, so a sink can tell frames
/// apart by their bytes, and can fail at one scene time.
private final class StampingBackend: RenderBackend {
  let failAtTime: Double?
  let renders: RenderCounter
  let flights: FlightRecorder?

  init(failAtTime: Double? = nil, renders: RenderCounter, flights: FlightRecorder? = nil) {
    self.failAtTime = failAtTime
    self.renders = renders
    self.flights = flights
  }

  struct Failure: Error, CustomStringConvertible {
    var description: String { "backend failed on purpose" }
  }

  func render(_ list: DisplayList, into buffer: PixelBuffer) throws {
    let time = list.tree.layers[0].properties.position.x
    flights?.startRendering()
    if let failAtTime, abs(time - failAtTime) < 1e-9 { throw Failure() }
    renders.increment(time: time)
    buffer.fill(with: .black)
    buffer.bytes.storeBytes(of: time.bitPattern, as: UInt64.self)
  }

  /// These scenes hold no text.
  func textExtents(_ properties: LayerProperties) -> Rect? { nil }
}

final class RenderCounter: @unchecked Sendable {
  private let lock = NSLock()
  private var value = 0
  private var latest = -Double.infinity
  /// Counts a render of the frame at scene time `time`.
  func increment(time: Double) {
    lock.lock()
    value += 1
    latest = max(latest, time)
    lock.unlock()
  }
  var count: Int {
    lock.lock()
    defer { lock.unlock() }
    return value
  }
  /// The latest scene time rendered.
  var latestTime: Double {
    lock.lock()
    defer { lock.unlock() }
    return latest
  }
}

/// Frames between a backend starting to render them and the encoder taking them, and the most
/// there ever were at once. Counted before the encoder's first frame and after it apart: until
/// the encoder holds a frame for repeats, that frame's slot may carry one more.
final class FlightRecorder: @unchecked Sendable {
  private let condition = NSCondition()
  private var started = 0
  private var consumedCount = 0
  private var mostBeforeFirstConsumed = 0
  private var mostAfterFirstConsumed = 0

  /// Records that a backend starts rendering a frame.
  func startRendering() {
    condition.lock()
    started += 1
    if consumedCount == 0 {
      mostBeforeFirstConsumed = max(mostBeforeFirstConsumed, started)
    } else {
      mostAfterFirstConsumed = max(mostAfterFirstConsumed, started - consumedCount)
    }
    condition.broadcast()
    condition.unlock()
  }

  /// Records that the encoder has taken the next frame.
  func consumed() {
    condition.lock()
    consumedCount += 1
    condition.unlock()
  }

  /// Waits until `count` frames have been started; false when `seconds` pass first (the
  /// workers stopped short).
  func waitUntilStarted(_ count: Int, upTo seconds: Double) -> Bool {
    let deadline = Date(timeIntervalSinceNow: seconds)
    condition.lock()
    defer { condition.unlock() }
    while started < count {
      if !condition.wait(until: deadline) { return started >= count }
    }
    return true
  }

  var mostInFlight: (beforeFirstConsumed: Int, afterFirstConsumed: Int) {
    condition.lock()
    defer { condition.unlock() }
    return (mostBeforeFirstConsumed, mostAfterFirstConsumed)
  }
}

/// A sink that keeps a hash of every frame in the order the encoder receives them.
private final class HashingSink: FrameSink, @unchecked Sendable {
  // Workers write distinct slots concurrently; a Swift array needs a lock for that.
  private let lock = NSLock()
  private var slots: [Int] = []
  private(set) var hashes: [Int] = []
  private(set) var isFinished = false
  private(set) var repeats = 0
  private(set) var preparedIndices: Set<Int> = []

  func start(workers: Int, slots: Int) throws { self.slots = Array(repeating: 0, count: slots) }

  func prepare(_ frame: PixelBuffer, index: Int, slot: Int, worker: Int) throws {
    var hasher = Hasher()
    hasher.combine(bytes: UnsafeRawBufferPointer(start: frame.bytes, count: frame.byteCount))
    let hash = hasher.finalize()
    lock.lock()
    slots[slot] = hash
    preparedIndices.insert(index)
    lock.unlock()
  }

  func consume(slot: Int) throws {
    lock.lock()
    let hash = slots[slot]
    lock.unlock()
    hashes.append(hash)
  }

  func consumeRepeat() throws {
    repeats += 1
    hashes.append(hashes.last ?? 0)
  }

  func finish() throws { isFinished = true }
}

/// An encoder that is the bottleneck, as a real one is: while taking frame i it waits until
/// the workers have started i + window frames (all the pipeline lets them start), so the
/// window fills, then takes its time, so workers let run further would be seen to.
private final class SlowSink: FrameSink, @unchecked Sendable {
  let flights: FlightRecorder
  let window: Int
  let frameCount: Int
  private var taken = 0
  private(set) var stalled = false

  init(flights: FlightRecorder, window: Int, frameCount: Int) {
    self.flights = flights
    self.window = window
    self.frameCount = frameCount
  }

  func start(workers: Int, slots: Int) throws {}
  func prepare(_ frame: PixelBuffer, index: Int, slot: Int, worker: Int) throws {}

  func consume(slot: Int) throws {
    // The bound only tells workers that stopped short of the window from a run; it is never
    // reached while the pipeline works.
    if !flights.waitUntilStarted(min(taken + window, frameCount), upTo: 60) { stalled = true }
    usleep(200)
    taken += 1
    flights.consumed()
  }

  func consumeRepeat() throws { Issue.record("every frame of the clock differs; none is a repeat") }
  func finish() throws {}
}

@Suite("The parallel pipeline: ordered, deterministic, bounded, and it stops cleanly")
struct RenderPipelineTests {
  /// position.x equals the scene time until `holdFrom`, then holds (a static tail).
  private func clockScene(start: Double, cycle: Double, holdFrom: Double = 1000) -> Scene {
    let clock = Animation.property(
      PropertyAnimation(
        keyPath: LayerPropertyRegistry.positionX.keyPath, timing: MediaTiming(duration: holdFrom, fillMode: .forwards),
        values: .basic(from: .scalar(0), to: .scalar(holdFrom), by: nil), isRemovedOnCompletion: false))
    return Scene(
      canvasSize: Size(width: 16, height: 16), backgroundColor: .black,
      layers: [Layer(id: "clock", animations: [clock])], clip: ClipWindow(start: start, cycle: cycle))
  }

  private func pipeline(workers: Int, scene: Scene, fps: Int = 30, loops: Int = 1) -> RenderPipeline {
    RenderPipeline(
      scene: scene, schedule: FrameSchedule(clip: scene.clip, framesPerSecond: fps, loops: loops),
      pixelWidth: 16, pixelHeight: 16, workers: workers)
  }

  private func run(
    workers: Int, scene: Scene, fps: Int = 30, loops: Int = 1, failAt: Double? = nil, alwaysRendered: Set<Int> = [],
    renders: RenderCounter = RenderCounter()
  ) throws -> (HashingSink, RenderCounter) {
    let sink = HashingSink()
    var pipeline = pipeline(workers: workers, scene: scene, fps: fps, loops: loops)
    pipeline.alwaysRendered = alwaysRendered
    try pipeline.run(makeBackend: { StampingBackend(failAtTime: failAt, renders: renders) }, sink: sink)
    return (sink, renders)
  }

  @Test("frames from 1, 2 and 8 workers are identical, frame by frame")
  func deterministicAcrossWorkers() throws {
    let scene = clockScene(start: 0.9, cycle: 3)
    let (serial, _) = try run(workers: 1, scene: scene, loops: 2)
    #expect(serial.hashes.count == 180 && serial.isFinished)
    #expect(Set(serial.hashes.prefix(90)).count == 90, "every frame of a loop differs")
    #expect(Array(serial.hashes[90...]) == Array(serial.hashes[..<90]), "loops repeat exactly")
    for workers in [2, 8] {
      let (parallel, _) = try run(workers: workers, scene: scene, loops: 2)
      #expect(parallel.hashes == serial.hashes, "\(workers) workers")
    }
  }

  @Test("a frame whose tree equals the previous one is not rendered again but repeated")
  func repeatsStaticFrames() throws {
    let scene = clockScene(start: 0, cycle: 2, holdFrom: 1)  // moves for 1 s, then holds
    let (sink, renders) = try run(workers: 2, scene: scene)
    #expect(sink.hashes.count == 60)
    #expect(renders.count == 31)  // frames 0…30 (t = 1.0 is the first held value)
    #expect(sink.repeats == 29)
    let (reference, _) = try run(workers: 1, scene: clockScene(start: 0, cycle: 2, holdFrom: 1))
    #expect(sink.hashes == reference.hashes)
  }

  @Test("a frame the caller must see is rendered and prepared even inside a hold, once")
  func alwaysRenderedFrames() throws {
    let scene = clockScene(start: 0, cycle: 2, holdFrom: 1)
    let (sink, renders) = try run(workers: 2, scene: scene, alwaysRendered: [45])
    #expect(renders.count == 32)  // frames 0…30, and 45 inside the hold
    #expect(sink.repeats == 28)
    #expect(sink.preparedIndices.contains(45) && !sink.preparedIndices.contains(44))
    let (reference, _) = try run(workers: 1, scene: clockScene(start: 0, cycle: 2, holdFrom: 1))
    #expect(sink.hashes == reference.hashes)
  }

  @Test("a backend failing at frame k stops the run with k and leaves the sink unfinished", arguments: [1, 2, 8])
  func failureNamesFrame(workers: Int) throws {
    let scene = clockScene(start: 0, cycle: 4)
    let renders = RenderCounter()
    #expect {
      try run(workers: workers, scene: scene, failAt: 37.0 / 30, renders: renders)
    } throws: { error in
      "\(error)" == "frame 37: backend failed on purpose"
    }
    // The encoder never gets past frame 36, so workers can only have started the frames
    // the window holds beyond it; a run that went on after the failure renders the clip's
    // 120 frames.
    let window = pipeline(workers: workers, scene: scene).window
    let latestFrame = Int((renders.latestTime * 30).rounded())
    #expect(latestFrame <= 36 + window, "frame \(latestFrame) was rendered after frame 37 failed, with a window of \(window)")
  }

  @Test("cancellation stops the run and the sink is not finished")
  func cancellation() throws {
    let scene = clockScene(start: 0, cycle: 10)
    let sink = HashingSink()
    let flag = CancellationFlag()
    let pipeline = RenderPipeline(
      scene: scene, schedule: FrameSchedule(clip: scene.clip, framesPerSecond: 30, loops: 1), pixelWidth: 16,
      pixelHeight: 16, workers: 2)
    #expect(throws: PipelineCancelled.self) {
      try pipeline.run(
        makeBackend: { StampingBackend(renders: RenderCounter()) }, sink: sink, cancellation: flag,
        progress: { done in if done == 50 { flag.cancel() } })
    }
    #expect(!sink.isFinished && sink.hashes.count == 50)
  }

  /// The most frames in flight during a run behind an encoder that is the bottleneck, and
  /// the pipeline's window.
  private func mostInFlight(workers: Int, seconds: Double) throws -> (before: Int, after: Int, window: Int) {
    let scene = clockScene(start: 0, cycle: seconds)
    let pipeline = pipeline(workers: workers, scene: scene)
    let flights = FlightRecorder()
    let sink = SlowSink(flights: flights, window: pipeline.window, frameCount: pipeline.schedule.frameCount)
    try pipeline.run(makeBackend: { StampingBackend(renders: RenderCounter(), flights: flights) }, sink: sink)
    #expect(!sink.stalled, "the workers stopped short of the window, \(pipeline.window) frames")
    let most = flights.mostInFlight
    return (most.beforeFirstConsumed, most.afterFirstConsumed, pipeline.window)
  }

  @Test("the window bounds frames in flight whatever the clip's length", arguments: [1, 2, 8])
  func window(workers: Int) throws {
    // 600 and 30 frames, both longer than the window.
    let long = try mostInFlight(workers: workers, seconds: 20)
    let short = try mostInFlight(workers: workers, seconds: 1)
    for (clip, most) in [("long", long), ("short", short)] {
      #expect(most.after == most.window, "\(clip) clip: at most \(most.after) frames in flight, the window is \(most.window)")
      // Before the encoder holds a frame for repeats, that frame's slot is free for one more.
      #expect(most.before <= most.window + 1, "\(clip) clip: \(most.before) frames in flight before the first was taken")
    }
    #expect(long.after == short.after, "frames in flight grow with the clip: \(long.after) in 600 frames, \(short.after) in 30")
  }

  @Test("frames per loop round to the nearest frame")
  func framesPerLoop() {
    #expect(ClipWindow(start: 0, cycle: 3).framesPerLoop(framesPerSecond: 60) == 180)
    #expect(ClipWindow(start: 0, cycle: 5.5).framesPerLoop(framesPerSecond: 24) == 132)
    #expect(ClipWindow(start: 0, cycle: 0.01).framesPerLoop(framesPerSecond: 24) == 1)
  }
}
