import Foundation
import Glibc
import SplashCore
import SplashOutput
import SplashPipeline
import SplashTestSupport
import Testing

/// The README's promise that one job gives the same bytes every time, held where it broke: many
/// H.264 renders in one long-running process (a batch, the preview's exports), whose heap holds
/// whatever earlier work left in it.
@Suite("H.264: the same bytes from every render in one process")
struct H264DeterminismTests {
  /// Threads that keep the heap busy while the jobs run: blocks of many sizes, filled with
  /// bytes that change, freed in a different order than taken, so memory the encoder takes
  /// afterwards is rarely fresh and never zero.
  private final class HeapChurn: @unchecked Sendable {
    private let stopped = NSCondition()
    private var isStopped = false
    private var running = 0

    func start(threads: Int) {
      for seed in 0..<threads {
        running += 1
        Thread.detachNewThread { [self] in
          var state = UInt64(seed + 1) &* 0x9E37_79B9_7F4A_7C15
          var held: [UnsafeMutableRawPointer] = []
          while !stopped.withLock({ isStopped }) {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            // From 1 KiB to 256 KiB, so the heap's free lists hold blocks of every size.
            let size = (1024 << Int((state >> 58) % 9)) + Int((state >> 20) & 4095)
            guard let block = malloc(size) else { continue }
            memset(block, Int32(truncatingIfNeeded: state >> 32) | 1, size)
            held.append(block)
            if held.count > 8 { free(held.remove(at: Int((state >> 20) % UInt64(held.count)))) }
            // Busy, not greedy: the jobs beside keep most of the processor.
            usleep(200)
          }
          for block in held { free(block) }
          stopped.withLock {
            running -= 1
            stopped.signal()
          }
        }
      }
    }

    func stop() {
      stopped.withLock {
        isStopped = true
        while running > 0 { stopped.wait() }
      }
    }
  }

  /// glibc's `mallopt` (malloc.h, which the Glibc module leaves out), with the options used here.
  private enum Malloc {
    static let trimThreshold: Int32 = -1  // M_TRIM_THRESHOLD
    static let mmapThreshold: Int32 = -3  // M_MMAP_THRESHOLD
    static let perturb: Int32 = -6  // M_PERTURB

    static func set(_ option: Int32, _ value: Int32) {
      typealias Mallopt = @convention(c) (Int32, Int32) -> Int32
      guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "mallopt") else { return }
      _ = unsafeBitCast(symbol, to: Mallopt.self)(option, value)
    }
  }

  @Test("six identical jobs at H.264's default settings, one after another beside busy threads, write one file")
  func sixRendersOneFile() throws {
    let folder = try ScratchFolder.make("splashvid-output")
    let presets = SplashOutputTests.repository.appendingPathComponent("presets").path
    // A long-running process's heap: large blocks come from the heap rather than fresh (zeroed)
    // pages, and each job finds it filled with other bytes (glibc's perturb byte, which fills
    // every block malloc returns), so an encoder that reads memory it never wrote shows it.
    Malloc.set(Malloc.mmapThreshold, 32 << 20)
    Malloc.set(Malloc.trimThreshold, 1 << 30)
    defer {
      // glibc's defaults again for the tests that run beside and after this one.
      Malloc.set(Malloc.perturb, 0)
      Malloc.set(Malloc.mmapThreshold, 128 << 10)
      Malloc.set(Malloc.trimThreshold, 128 << 10)
    }
    let churn = HeapChurn()
    churn.start(threads: 2)
    defer { churn.stop() }
    var files: [Data] = []
    for run in 0..<6 {
      Malloc.set(Malloc.perturb, Int32(0x25 + 0x1D * run))
      let path = folder.appendingPathComponent("clip-\(run).mp4").path
      // 540 points wide is 34 macroblocks, no multiple of 8: the width that showed the fault.
      // A low frame rate keeps the test short; the encoder's lookahead and macroblock tree
      // run as they do at any rate.
      let job = try RenderJob(
        source: PresetSource(origin: .named("fuber", presetsDirectory: presets), parameters: [:]),
        outputs: [RenderOutput(path: path, kind: .video(.h264))], framesPerSecond: 8,
        size: OutputSize(requested: PixelSize(width: 540, height: 960)), workers: 2)
      try job.run(environment: [:], cancellation: CancellationFlag(), log: { _ in })
      files.append(try Data(contentsOf: URL(fileURLWithPath: path)))
    }
    let differing = files.indices.filter { files[$0] != files[0] }
    #expect(differing.isEmpty, "renders \(differing) differ from the first (sizes \(files.map(\.count)))")
  }
}
