import SplashCore
import Testing

@testable import SplashCLI

@Suite("--shard: an index and count given, or taken from a Kubernetes Indexed Job or a Slurm job array")
struct ShardOptionTests {
  private func shard(_ text: String, _ environment: [String: String] = [:]) throws -> [Int] {
    let option = try ShardOption(text, environment: environment)
    return [option.index, option.count]
  }

  private func message(_ text: String, _ environment: [String: String] = [:]) -> String {
    do {
      _ = try ShardOption(text, environment: environment)
      return "no error"
    } catch {
      return "\(error)"
    }
  }

  @Test("INDEX/COUNT as given; auto/COUNT in a Kubernetes pod reads JOB_COMPLETION_INDEX")
  func givenAndKubernetes() throws {
    #expect(try shard("2/5") == [2, 5])
    #expect(try shard("auto/4", ["JOB_COMPLETION_INDEX": "3"]) == [3, 4])
    #expect(message("auto/4", ["JOB_COMPLETION_INDEX": "4"]).contains("JOB_COMPLETION_INDEX is 4, expected 0 … 3"))
    #expect(message("auto", ["JOB_COMPLETION_INDEX": "0"]).contains("does not tell its size; give it: --shard auto/COUNT"))
  }

  @Test("a Slurm task's shard is its place in the array, whatever the array's first id and step")
  func slurmPlaces() throws {
    func task(_ id: Int, first: Int = 0, step: Int = 1, count: Int = 4) -> [String: String] {
      [
        "SLURM_ARRAY_TASK_ID": "\(id)", "SLURM_ARRAY_TASK_MIN": "\(first)", "SLURM_ARRAY_TASK_STEP": "\(step)",
        "SLURM_ARRAY_TASK_COUNT": "\(count)",
      ]
    }
    // --array=0-3, --array=1-4 and --array=10-16:2 all make shards 0 … 3.
    #expect(try (0...3).map { try shard("auto/4", task($0))[0] } == [0, 1, 2, 3])
    #expect(try (1...4).map { try shard("auto/4", task($0, first: 1))[0] } == [0, 1, 2, 3])
    #expect(try [10, 12, 14, 16].map { try shard("auto", task($0, first: 10, step: 2))[0] } == [0, 1, 2, 3])
    // Plain auto takes the array's size; an array without SLURM_ARRAY_TASK_COUNT needs it given.
    #expect(try shard("auto", task(2, count: 6)) == [2, 6])
    #expect(try shard("auto/3", ["SLURM_ARRAY_TASK_ID": "2"]) == [2, 3])
    #expect(message("auto", ["SLURM_ARRAY_TASK_ID": "2"]).contains("SLURM_ARRAY_TASK_COUNT is not set"))
  }

  @Test("a count that disagrees with the Slurm array, or a task outside it, is refused with the fix")
  func slurmMismatch() {
    let six = ["SLURM_ARRAY_TASK_ID": "1", "SLURM_ARRAY_TASK_MIN": "0", "SLURM_ARRAY_TASK_COUNT": "6"]
    #expect(
      message("auto/4", six)
        == "--shard auto/4: this Slurm array has 6 tasks (SLURM_ARRAY_TASK_COUNT), not 4; submit it with --array=0-3, "
        + "or give --shard auto/6 (plain auto takes the array's size)")
    #expect(message("auto/4", ["SLURM_ARRAY_TASK_ID": "5"]).contains("task 5 is not one of 4 tasks from 0 in steps of 1"))
    #expect(message("auto/4", ["SLURM_ARRAY_TASK_ID": "x"]).contains("SLURM_ARRAY_TASK_ID is x, expected a whole number"))
  }

  @Test("auto outside a scheduler, and malformed values, say what was expected")
  func malformed() {
    #expect(
      message("auto/4")
        == "--shard auto/4: neither JOB_COMPLETION_INDEX (a Kubernetes Indexed Job) nor SLURM_ARRAY_TASK_ID (a Slurm job array) "
        + "is set; outside a scheduler give the index: --shard 0/4")
    for text in ["4/4", "1", "1/0", "a/2", "1/2/3", "-1/2", "auto/x"] {
      #expect(message(text) == "--shard \(text): expected INDEX/COUNT with 0 ≤ INDEX < COUNT, auto/COUNT or auto", "\(text)")
    }
  }
}
