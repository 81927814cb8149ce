import Foundation
import SplashEncode
import Testing

@testable import SplashCLI
@testable import SplashOutput

@Suite("Memory budget: workers and encoders fit the memory available")
struct MemoryBudgetTests {
  static let gigabyte = 1_000_000_000

  @Test("available memory is MemAvailable, or what a lower cgroup v2 limit leaves")
  func availableMemory() {
    let meminfo = "MemTotal:       24684084 kB\nMemFree:        22684324 kB\nMemAvailable:   20000000 kB\n"
    #expect(MemoryBudget.available(meminfo: meminfo, cgroupLimit: nil, cgroupUsage: nil) == 20_000_000 * 1024)
    #expect(MemoryBudget.available(meminfo: meminfo, cgroupLimit: "max\n", cgroupUsage: "1000\n") == 20_000_000 * 1024)
    // A container limited to 4 GiB that already uses 1 GiB leaves 3 GiB.
    #expect(MemoryBudget.available(meminfo: meminfo, cgroupLimit: "4294967296\n", cgroupUsage: "1073741824\n") == 3 << 30)
    // A limit above what the machine has available does not raise it.
    #expect(MemoryBudget.available(meminfo: meminfo, cgroupLimit: "\(1 << 40)", cgroupUsage: nil) == 20_000_000 * 1024)
    #expect(MemoryBudget.available(meminfo: "", cgroupLimit: "2147483648", cgroupUsage: nil) == 2 << 30)
    #expect(MemoryBudget.available(meminfo: "MemFree: 5 kB", cgroupLimit: nil, cgroupUsage: nil) == nil)
  }

  @Test("the override variable replaces the machine's memory")
  func override() {
    #expect(MemoryBudget.current(environment: [MemoryBudget.overrideVariable: "123456789"])?.availableBytes == 123_456_789)
    #expect((MemoryBudget.current(environment: [:])?.availableBytes ?? 0) > 0, "this machine has /proc/meminfo")
  }

  @Test("the estimate grows with the pixels, the workers and the encoders")
  func estimateScales() {
    let small = MemoryBudget.Work(width: 2048, height: 2048, videoFormats: [.h264], otherOutputs: 0)
    let large = MemoryBudget.Work(width: 4096, height: 4096, videoFormats: [.h264], otherOutputs: 0)
    #expect(large.bytesPerWorker == 4 * small.bytesPerWorker)
    #expect(large.fixedBytes - MemoryBudget.baseBytes == 4 * (small.fixedBytes - MemoryBudget.baseBytes))
    #expect(large.bytes(workers: 3) == large.fixedBytes + 3 * large.bytesPerWorker)
    // An 8K worker holds its frame, Cairo's groups, the masked contents, idle groups and backing
    // stores it keeps and two H.264 pictures: about 2.3 GB.
    let eightK = MemoryBudget.Work(width: 8192, height: 8192, videoFormats: [.h264], otherOutputs: 0)
    #expect(eightK.bytesPerWorker == 8192 * 8192 * 37)
    // Each output adds its encoder and pictures; ProRes's 10-bit 4:4:4:4 pictures weigh most.
    let both = MemoryBudget.Work(width: 4096, height: 4096, videoFormats: [.h264, .prores], otherOutputs: 1)
    #expect(both.fixedBytes > large.fixedBytes && both.bytesPerWorker > large.bytesPerWorker)
    let vp9 = MemoryBudget.Work(width: 4096, height: 4096, videoFormats: [.vp9], otherOutputs: 0)
    let prores = MemoryBudget.Work(width: 4096, height: 4096, videoFormats: [.prores], otherOutputs: 0)
    #expect(vp9.fixedBytes > prores.fixedBytes, "libvpx runs two encoders (colour and alpha)")
    #expect(prores.bytesPerWorker > vp9.bytesPerWorker)
  }

  @Test("requested workers that fit are kept, without a warning")
  func workersThatFit() throws {
    let budget = MemoryBudget(availableBytes: 64 * Self.gigabyte)
    var warnings: [String] = []
    let work = MemoryBudget.Work(width: 1080, height: 1920, videoFormats: [.h264], otherOutputs: 0)
    #expect(try budget.workers(64, for: work) { warnings.append($0) } == 64)
    #expect(warnings.isEmpty)
  }

  @Test("too many workers for the memory are reduced to the most that fit, with one warning")
  func workersReduced() throws {
    let budget = MemoryBudget(availableBytes: 32 * Self.gigabyte)
    let work = MemoryBudget.Work(width: 8192, height: 8192, videoFormats: [.h264], otherOutputs: 0)
    var warnings: [String] = []
    let workers = try budget.workers(64, for: work) { warnings.append($0) }
    let usable = Int(Double(budget.availableBytes) * MemoryBudget.usableShare)
    #expect(workers >= 1 && workers < 64)
    #expect(work.bytes(workers: workers) <= usable && work.bytes(workers: workers + 1) > usable)
    let needed = MemoryBudget.gigabytes(work.bytes(workers: 64))
    #expect(warnings == ["--workers 64 at 8192x8192 would need about \(needed) GB; using \(workers) (about 32.0 GB available)"])
    // The default (one worker per core) is named as such.
    warnings = []
    _ = try budget.workers(64, for: work, isDefault: true) { warnings.append($0) }
    #expect(warnings.first?.hasPrefix("64 workers (one per core) at 8192x8192") == true)
  }

  @Test("a render that does not fit with one worker is refused with its numbers and what to do")
  func refused() {
    let budget = MemoryBudget(availableBytes: 2 * Self.gigabyte)
    let work = MemoryBudget.Work(width: 8192, height: 8192, videoFormats: [.prores], otherOutputs: 0)
    #expect(throws: MemoryBudget.Shortfall.self) { try budget.workers(4, for: work) { _ in } }
    do {
      _ = try budget.workers(4, for: work) { _ in }
    } catch {
      let message = "\(error)"
      #expect(
        message.hasPrefix("8192x8192 needs about \(MemoryBudget.gigabytes(work.bytes(workers: 1))) GB with one worker (ProRes 4444 MOV)"))
      #expect(message.contains("about 2.0 GB is available") && message.contains("use a smaller --size"))
      #expect(!message.contains("\n"))
    }
  }

  @Test("VP9 frames beyond level 6.2's 35 651 584 pixels are refused as a usage error")
  func vp9Limit() throws {
    let outputs = [RenderOutput(path: "a.webm", kind: .video(.vp9))]
    let environment = [MemoryBudget.overrideVariable: "\(1 << 50)"]
    #expect(throws: UsageError.self) {
      try MemoryBudget.workers(
        requested: 1, width: 8192, height: 8192, outputs: outputs, environment: environment, warn: { _ in })
    }
    #expect(
      try MemoryBudget.workers(requested: 1, width: 8192, height: 4352, outputs: outputs, environment: environment, warn: { _ in })
        == 1)
    let prores = [RenderOutput(path: "a.mov", kind: .video(.prores))]
    #expect(
      try MemoryBudget.workers(requested: 2, width: 8192, height: 8192, outputs: prores, environment: environment, warn: { _ in })
        == 2)
  }

  @Test("the binary reduces --workers with one warning, and refuses a render that does not fit before any frame")
  func binary() throws {
    let folder = try BinaryRunner.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let presets = BinaryRunner.repository.appendingPathComponent("presets").path
    // 0.6 GB: at 1024x1024 an H.264 render (x264 alone about 0.25 GB) fits a few workers, not 64.
    let reduced = try BinaryRunner.run(
      ["--preset", "fuber", "--size", "1024x1024", "--fps", "1", "--workers", "64", "-o", "a.mp4"], in: folder,
      environment: ["SPLASHVID_PRESETS": presets, MemoryBudget.overrideVariable: "600000000"])
    #expect(reduced.exitCode == 0, "\(reduced.standardError)")
    let warnings = reduced.standardError.split(separator: "\n").filter { $0.contains("warning") }
    #expect(warnings.count == 1)
    #expect(warnings.first?.hasPrefix("splashvid: warning: --workers 64 at 1024x1024 would need about ") == true)
    #expect(warnings.first?.hasSuffix("(about 0.6 GB available)") == true)
    // 0.3 GB is not enough for one worker at 4096x4096: one line, exit 1, no file.
    let refused = try BinaryRunner.run(
      ["--preset", "fuber", "--size", "4096x4096", "--fps", "1", "-o", "b.mov"], in: folder,
      environment: ["SPLASHVID_PRESETS": presets, MemoryBudget.overrideVariable: "300000000"])
    #expect(refused.exitCode == 1)
    let lines = refused.standardError.split(separator: "\n")
    #expect(lines.count == 1 && lines.first?.hasPrefix("splashvid: 4096x4096 needs about ") == true, "\(refused.standardError)")
    #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("b.mov").path))
  }
}
