import Foundation
import SplashCore
import SplashEncode
import SplashOutput
import Testing

/// `bench` as a library job: its plan, a phase measured in process, and what the five
/// measurements say together.
@Suite("A bench is a job: planned once, each phase measured where it is asked")
struct BenchJobTests {
  private func bench(_ format: RenderOutput.Kind = .video(.h264)) throws -> BenchJob {
    let presets = SplashOutputTests.repository.appendingPathComponent("presets").path
    return BenchJob(
      job: try RenderJob(
        source: PresetSource(origin: .named("fuber", presetsDirectory: presets)),
        outputs: [RenderOutput(path: "/dev/null", kind: format)], framesPerSecond: 4,
        size: OutputSize(requested: PixelSize(width: 48, height: 84)), workers: 2))
  }

  @Test("the plan: fuber's 3 s loop at 4 fps is 12 frames at 48x84, said in one headline")
  func plan() throws {
    let plan = try bench().plan(environment: [:])
    #expect(plan.size == PixelSize(width: 48, height: 84) && plan.schedule.frameCount == 12 && plan.workers == 2)
    #expect(plan.headline.hasPrefix("bench: 48x84, 4 fps, 12 frames, H.264 MP4 (x264 medium crf 18 tune animation), 2 workers"))
  }

  @Test("each phase runs in process and reports its time, its CPU time and the peak memory", arguments: BenchJob.Phase.allCases)
  func phase(_ phase: BenchJob.Phase) throws {
    let measured = try bench().measure(phase, environment: [:])
    #expect(measured.seconds > 0 && measured.cpuSeconds >= 0 && measured.peakKilobytes > 0)
  }

  @Test("the summary: the ratio, the idle cores beside the encoder and the floor no schedule beats")
  func summary() throws {
    let results: [BenchJob.Phase: BenchJob.Measurement] = [
      .renderOnce: .init(seconds: 1, cpuSeconds: 1, peakKilobytes: 90 * 1024),
      .convert: .init(seconds: 0.5, cpuSeconds: 0.5, peakKilobytes: 80 * 1024),
      .encode: .init(seconds: 2, cpuSeconds: 3.5, peakKilobytes: 700 * 1024),
      .endToEnd: .init(seconds: 3, cpuSeconds: 5, peakKilobytes: 300 * 1024),
    ]
    let summary = try #require(BenchJob.Summary(results, cores: 2))
    #expect(summary.ratio == 1.5)
    #expect(summary.idleCoreSeconds == 0.5 && summary.renderAndConvertSeconds == 1.5)
    // (3.5 + 1 + 0.5) / 2 = 2.5 s, more than encode's 2 s.
    #expect(summary.floorSeconds == 2.5 && summary.floorRatio == 1.25)
    #expect(summary.extraPeakMegabytes == -400)
    #expect(BenchJob.Summary(results.filter { $0.key != .convert }, cores: 2) == nil)
  }
}
