import SplashCore
import SplashOutput

/// `--shard INDEX/COUNT`, `--shard auto/COUNT` or `--shard auto`: which rows of a batch this
/// process renders (every COUNTth from INDEX).
///
/// `auto` takes the index from the scheduler that started the process, so one command line
/// serves every task of a job:
///
/// - a Kubernetes Indexed Job sets `JOB_COMPLETION_INDEX` (0 … completions − 1) in each pod;
/// - a Slurm job array sets `SLURM_ARRAY_TASK_ID` with `SLURM_ARRAY_TASK_MIN`,
///   `SLURM_ARRAY_TASK_STEP` and `SLURM_ARRAY_TASK_COUNT`: the shard is the task's place in the
///   array, so `--array=0-3` and `--array=1-4` both make shards 0 … 3. Plain `auto` takes COUNT
///   from the array, so the size is written once (in `--array`); `auto/COUNT` must agree with
///   it, since a mismatch would leave rows that no task renders.
struct ShardOption {
  var index: Int
  var count: Int

  /// Reads `text` (the option's value), taking `auto`'s index from `environment`.
  ///
  /// - Throws: `UsageError` naming what was expected and what was found.
  init(_ text: String, environment: [String: String]) throws {
    let parts = text.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
    let expected = "expected INDEX/COUNT with 0 ≤ INDEX < COUNT, auto/COUNT or auto"
    guard parts.count <= 2, let first = parts.first else { throw UsageError("--shard \(text): \(expected)") }
    var count: Int?
    if parts.count == 2 {
      guard let value = DecimalText.plainWholeNumber(parts[1]), value >= 1 else {
        throw UsageError("--shard \(text): \(expected)")
      }
      count = value
    }
    if first != "auto" {
      guard let count, let index = DecimalText.plainWholeNumber(first), (0..<count).contains(index) else {
        throw UsageError("--shard \(text): \(expected)")
      }
      (self.index, self.count) = (index, count)
      return
    }
    if let value = environment["JOB_COMPLETION_INDEX"] {
      guard let count else {
        throw UsageError("--shard auto: a Kubernetes Indexed Job does not tell its size; give it: --shard auto/COUNT")
      }
      guard let index = DecimalText.plainWholeNumber(value), (0..<count).contains(index) else {
        throw UsageError("--shard \(text): JOB_COMPLETION_INDEX is \(value), expected 0 … \(count - 1) (completions: \(count))")
      }
      (self.index, self.count) = (index, count)
      return
    }
    if let task = environment["SLURM_ARRAY_TASK_ID"] {
      (index, self.count) = try Self.slurmShard(text, task: task, count: count, environment: environment)
      return
    }
    throw UsageError(
      "--shard \(text): neither JOB_COMPLETION_INDEX (a Kubernetes Indexed Job) nor SLURM_ARRAY_TASK_ID (a Slurm job array) "
        + "is set; outside a scheduler give the index: --shard 0/\(count ?? 1)")
  }

  /// The shard of the Slurm array task `task`: its place in the array, which has
  /// `SLURM_ARRAY_TASK_COUNT` tasks from `SLURM_ARRAY_TASK_MIN` in steps of
  /// `SLURM_ARRAY_TASK_STEP` (Slurm's sbatch manual, "OUTPUT ENVIRONMENT VARIABLES").
  private static func slurmShard(
    _ text: String, task: String, count given: Int?, environment: [String: String]
  ) throws -> (index: Int, count: Int) {
    func number(_ name: String, _ value: String?) throws -> Int? {
      guard let value else { return nil }
      guard let number = DecimalText.plainWholeNumber(value) else {
        throw UsageError("--shard \(text): \(name) is \(value), expected a whole number")
      }
      return number
    }
    let id = try number("SLURM_ARRAY_TASK_ID", task)!
    let first = try number("SLURM_ARRAY_TASK_MIN", environment["SLURM_ARRAY_TASK_MIN"]) ?? 0
    let step = try number("SLURM_ARRAY_TASK_STEP", environment["SLURM_ARRAY_TASK_STEP"]) ?? 1
    let tasks = try number("SLURM_ARRAY_TASK_COUNT", environment["SLURM_ARRAY_TASK_COUNT"])
    guard let count = given ?? tasks else {
      throw UsageError("--shard auto: SLURM_ARRAY_TASK_COUNT is not set, so the array's size is unknown; give it: --shard auto/COUNT")
    }
    if let tasks, tasks != count {
      throw UsageError(
        "--shard \(text): this Slurm array has \(tasks) tasks (SLURM_ARRAY_TASK_COUNT), not \(count); "
          + "submit it with --array=0-\(count - 1), or give --shard auto/\(tasks) (plain auto takes the array's size)")
    }
    guard step >= 1, id >= first, (id - first) % step == 0, (id - first) / step < count else {
      throw UsageError(
        "--shard \(text): Slurm array task \(id) is not one of \(count) tasks from \(first) in steps of \(step); "
          + "submit the array as --array=0-\(count - 1)")
    }
    return ((id - first) / step, count)
  }
}
