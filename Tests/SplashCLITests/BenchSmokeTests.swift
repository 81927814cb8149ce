import Foundation
import SplashCore
import SplashEncode
import Testing

@Suite("splashvid bench runs every phase")
struct BenchSmokeTests {
  @Test("bench prints each stage's rate and CPU time, the end-to-end / encode ratio, its floor and peak memory")
  func phases() throws {
    let presets = BinaryRunner.repository.appendingPathComponent("presets").path
    let outcome = try BinaryRunner.run(
      ["bench", "--preset", "fuber", "--presets-dir", presets, "--scale", "0.25", "--fps", "10", "--x264-preset", "ultrafast"],
      in: try BinaryRunner.temporaryFolder())
    #expect(outcome.exitCode == 0, "\(outcome.standardError)")
    let lines = outcome.standardOutput.split(separator: "\n").map(String.init)
    #expect(lines.first?.hasPrefix("bench: 94x168, 10 fps, 30 frames, H.264 MP4 (x264 ultrafast crf 18 tune animation)") == true)
    for label in ["render ×1", "render ×N", "convert", "encode only", "end to end"] {
      #expect(
        lines.contains { $0.hasPrefix(label) && $0.contains("frames/s") && $0.contains(" cpu ") && $0.contains("peak RSS") },
        "\(label)")
    }
    #expect(lines.contains { $0.hasPrefix("ratio end to end / encode: ") })
    // render ×1 draws every frame, as a player asked for each one does; the pipeline says how
    // many it found unchanged and sent again.
    let once = try #require(lines.first { $0.hasPrefix("render ×1") })
    #expect(once.contains("  30 drawn, "), "\(once)")
    // It redraws a frame only where it changed, and says what share of the rows that was.
    #expect(once.range(of: #"  30 drawn, [0-9]+ % of their pixels \("#, options: .regularExpression) != nil, "\(once)")
    // And where a frame's time went, in shares that add up to the whole.
    let stages = try #require(once.split(separator: "(").last?.dropLast())
    let shares = stages.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
    #expect(zip(shares, ["evaluate ", "display list ", "draw "]).allSatisfy { $0.hasPrefix($1) && $0.hasSuffix(" %") }, "\(once)")
    let total = shares.compactMap { Int($0.split(separator: " ").dropLast().last ?? "") }.reduce(0, +)
    #expect(shares.count == 3 && (98...102).contains(total), "\(once)")
    let parallel = try #require(lines.first { $0.hasPrefix("render ×N") })
    let counts = try #require(parallel.components(separatedBy: "MB  ").last)
    let numbers = counts.split(whereSeparator: { !$0.isNumber }).compactMap { Int($0) }
    #expect(numbers.reduce(0, +) == 30 && numbers.count <= 2, "\(parallel)")
    let floor = try #require(lines.first { $0.hasPrefix("cpu beside the encoder: ") })
    #expect(floor.contains("render + convert need") && floor.contains("floor") && floor.contains("cores"))
  }

  @Test(
    "bench measures the format asked for: its encoder alone and end to end",
    arguments: [
      (["--format", "prores"], "ProRes 4444 MOV (prores_ks)"), (["--format", "vp9"], "VP9 WebM (libvpx-vp9)"),
      (["--format", "hevc", "--x264-preset", "ultrafast"], "HEVC MP4 (x265 ultrafast"),
    ])
  func formats(_ format: [String], _ header: String) throws {
    let presets = BinaryRunner.repository.appendingPathComponent("presets").path
    let outcome = try BinaryRunner.run(
      ["bench", "--preset", "fuber", "--presets-dir", presets, "--scale", "0.25", "--fps", "10"] + format,
      in: try BinaryRunner.temporaryFolder())
    #expect(outcome.exitCode == 0, "\(outcome.standardError)")
    let lines = outcome.standardOutput.split(separator: "\n").map(String.init)
    #expect(lines.first?.contains(header) == true, "\(lines.first ?? "")")
    #expect(lines.contains { $0.hasPrefix("encode only") } && lines.contains { $0.hasPrefix("ratio end to end / encode: ") })
  }
}
