import Foundation

/// A one-machine Slurm cluster of the test's own (`ci/slurm/start.sh`), stopped with every
/// daemon it started when the test is done (`ci/slurm/stop.sh`).
final class SlurmCluster {
  /// Where `program` is: on `PATH`, or in /usr/sbin, where Debian puts the daemons and which
  /// a user's `PATH` often leaves out.
  static func executable(_ program: String) -> URL? {
    let folders = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin").split(separator: ":").map(String.init) + ["/usr/sbin"]
    return folders.map { URL(fileURLWithPath: "\($0)/\(program)") }.first { FileManager.default.isExecutableFile(atPath: $0.path) }
  }

  /// Whether Slurm and munge are installed (`ci/install-deps.sh` installs them for the tests).
  static var isInstalled: Bool { ["munged", "slurmctld", "slurmd", "sbatch"].allSatisfy { executable($0) != nil } }

  /// Whether this process may start one: Slurm installed, and root, since slurmd starts each
  /// job as the user who submitted it.
  static var canStart: Bool { isInstalled && getuid() == 0 }

  struct CommandFailed: Error, CustomStringConvertible {
    var description: String
  }

  /// Where the cluster keeps everything: kept short, since munge's socket lives there and a
  /// socket's path has at most 107 bytes.
  let state: URL
  private var isStopped = false

  /// Starts a cluster whose one node has `cpus` CPUs.
  init(cpus: Int) throws {
    var template = Array("/tmp/splashvid-slurm-XXXXXX".utf8CString)
    guard let made = mkdtemp(&template) else { throw CommandFailed(description: "cannot make a folder for the cluster") }
    state = URL(fileURLWithPath: String(cString: made))
    let started = try BinaryRunner.run(
      [state.path, "\(cpus)"], in: state, executable: BinaryRunner.repository.appendingPathComponent("ci/slurm/start.sh"))
    guard started.exitCode == 0 else {
      throw CommandFailed(description: "ci/slurm/start.sh failed: \(started.standardError)")
    }
  }

  deinit { stop() }

  /// The environment a Slurm command needs to talk to this cluster.
  var environment: [String: String] { ["SLURM_CONF": state.appendingPathComponent("slurm.conf").path] }

  /// Runs a Slurm command (`sbatch`, `scontrol`, …) against this cluster from `folder`.
  func run(_ program: String, _ arguments: [String], in folder: URL) throws -> BinaryRunner.Outcome {
    try BinaryRunner.run(
      arguments, in: folder, environment: environment, executable: Self.executable(program) ?? URL(fileURLWithPath: program))
  }

  /// The pids of the daemons the cluster started.
  var daemonPIDs: [Int32] {
    ["slurmctld.pid", "slurmd.pid", "munge/munged.pid"].compactMap {
      (try? String(contentsOf: state.appendingPathComponent($0), encoding: .utf8)).flatMap {
        Int32($0.trimmingCharacters(in: .whitespacesAndNewlines))
      }
    }
  }

  /// Whether the process `pid` runs: it exists and is not a zombie (a daemon's parent is init,
  /// which reaps it in its own time).
  static func isRunning(_ pid: Int32) -> Bool {
    guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
      let end = stat.lastIndex(of: ")")
    else { return false }
    return !stat[stat.index(after: end)...].hasPrefix(" Z")
  }

  /// Cancels every job and stops the daemons, waiting for each; removes the cluster's folder.
  func stop() {
    guard !isStopped else { return }
    isStopped = true
    _ = try? BinaryRunner.run(
      [state.path], in: URL(fileURLWithPath: "/"), executable: BinaryRunner.repository.appendingPathComponent("ci/slurm/stop.sh"))
  }
}
