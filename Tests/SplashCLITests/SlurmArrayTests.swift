import Foundation
import SplashEncode
import Testing

@testable import SplashOutput

/// The Slurm recipe of docs/scale-out.md (`docs/splashvid-array.sbatch`), submitted to a real
/// one-machine cluster (`ci/slurm/start.sh`): the array renders a campaign of presets and a
/// Lottie file in two formats into one shared folder, survives a task killed mid-clip, and
/// shares the folder with a second array.
@Suite(
  "Slurm job arrays render a campaign into one shared folder",
  .enabled(if: SlurmCluster.canStart, "needs root, and Slurm and munge installed (ci/install-deps.sh installs them)"),
  .serialized)
struct SlurmArrayTests {
  /// A campaign folder: the repository's presets with a Lottie file beside them, and a
  /// manifest of 12 clips (6 in each of H.264 and GIF) whose frames are `size` at `fps`.
  private func campaign(size: String = "94x168", fps: Int = 4) throws -> URL {
    let work = try BinaryRunner.temporaryFolder().appendingPathComponent("campaign")
    let presets = work.appendingPathComponent("presets")
    try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
    try FileManager.default.copyItem(at: BinaryRunner.repository.appendingPathComponent("presets"), to: presets)
    try FileManager.default.copyItem(
      at: BinaryRunner.repository.appendingPathComponent("examples/badge.json"), to: presets.appendingPathComponent("badge.json"))
    var manifest = "preset,output,params,size,fps\n"
    let variants = [
      ("fuber", "fuber", ""), ("fuber", "fuber-red", "backgroundColor=#8B0000"), ("welcome", "welcome", ""),
      ("logo-reveal", "logo", ""), ("badge", "badge", ""), ("fuber", "fuber-text", "labelLeft=G;labelRight=O"),
    ]
    for format in ["mp4", "gif"] {
      for (preset, name, params) in variants { manifest += "\(preset),\(name).\(format),\(params),\(size),\(fps)\n" }
    }
    try manifest.write(to: work.appendingPathComponent("clips.csv"), atomically: false, encoding: .utf8)
    return work
  }

  /// The clips' names in manifest order.
  private func clipNames(_ work: URL) throws -> [String] {
    try String(contentsOf: work.appendingPathComponent("clips.csv"), encoding: .utf8).split(separator: "\n").dropFirst().map {
      String($0.split(separator: ",", omittingEmptySubsequences: false)[1])
    }
  }

  /// The campaign rendered by one local `batch`, the reference every shared clip must equal.
  private func localClips(_ work: URL) throws -> URL {
    let outcome = try BinaryRunner.run(
      ["batch", "presets", "-o", "local", "--manifest", "clips.csv"], in: work)
    try #require(outcome.exitCode == 0, "\(outcome.standardError)")
    return work.appendingPathComponent("local")
  }

  /// Submits `docs/splashvid-array.sbatch` as a 4-task array writing the campaign's shared
  /// `clips` folder and its reports into `reports`; returns the array's job id.
  private func submit(_ work: URL, reports: String, on cluster: SlurmCluster) throws -> String {
    try FileManager.default.createDirectory(at: work.appendingPathComponent("logs"), withIntermediateDirectories: true)
    let submitted = try cluster.run(
      "sbatch",
      [
        "--parsable", "--array=0-3", "--cpus-per-task=1", "--output=\(work.path)/logs/%A_%a.log",
        "--export=ALL,CAMPAIGN=\(work.path),REPORTS=\(work.path)/\(reports),SPLASHVID=\(BinaryRunner.binary.path)",
        BinaryRunner.repository.appendingPathComponent("docs/splashvid-array.sbatch").path,
      ], in: work)
    try #require(submitted.exitCode == 0, "sbatch: \(submitted.standardError)")
    return submitted.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines)
  }

  /// Waits until no task of `job` is pending or running; returns each task's final state and
  /// exit code (`COMPLETED 0:0`), by task id.
  private func finish(_ job: String, on cluster: SlurmCluster, in work: URL, seconds: Double = 300) throws -> [Int: String] {
    let deadline = Date().addingTimeInterval(seconds)
    while true {
      let queued = try cluster.run("squeue", ["-h", "-j", job, "-o", "%i"], in: work)
      if queued.exitCode == 0 && queued.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty { break }
      try #require(Date() < deadline, "array \(job) did not finish in \(seconds) s: \(queued.standardOutput)")
      Thread.sleep(forTimeInterval: 0.2)
    }
    let shown = try cluster.run("scontrol", ["show", "job", "-o", job], in: work)
    var states: [Int: String] = [:]
    for line in shown.standardOutput.split(separator: "\n") {
      func field(_ name: String) -> String? {
        line.split(separator: " ").first { $0.hasPrefix(name + "=") }.map { String($0.dropFirst(name.count + 1)) }
      }
      if let task = field("ArrayTaskId").flatMap({ Int($0) }), let state = field("JobState"), let exit = field("ExitCode") {
        states[task] = "\(state) \(exit)"
      }
    }
    return states
  }

  /// The reports of `folder` merged by the `jq` line of docs/scale-out.md: each clip's status,
  /// by output file name.
  private func mergedReport(_ folder: URL, in work: URL) throws -> [String: String] {
    let guide = try String(
      contentsOf: BinaryRunner.repository.appendingPathComponent("docs/scale-out.md"), encoding: .utf8)
    let line = try #require(guide.split(separator: "\n").first { $0.hasPrefix("jq -s '") }, "docs/scale-out.md has no jq line")
    let filter = String(line.split(separator: "'")[1])
    let reports = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".json") }.sorted()
    let merged = try BinaryRunner.run(
      ["-s", filter] + reports.map { folder.appendingPathComponent($0).path }, in: work,
      executable: URL(fileURLWithPath: "/usr/bin/jq"))
    try #require(merged.exitCode == 0, "jq: \(merged.standardError)")
    let object = try #require(try JSONSerialization.jsonObject(with: Data(merged.standardOutput.utf8)) as? [String: Any])
    let clips = try #require(object["clips"] as? [[String: Any]])
    var statuses: [String: String] = [:]
    for clip in clips {
      let name = URL(fileURLWithPath: try #require(clip["output"] as? String)).lastPathComponent
      #expect(statuses[name] == nil, "\(name) is listed twice")
      statuses[name] = clip["status"] as? String
    }
    return statuses
  }

  /// Checks the shared folder: exactly the 12 clips, each the same bytes as the local batch's,
  /// each with a record that describes it, and nothing else (no temporary, lock or stray file).
  private func expectShared(_ shared: URL, equal local: URL, names: [String]) throws {
    let files = try FileManager.default.contentsOfDirectory(atPath: shared.path).sorted()
    #expect(files == ([BatchRecordFolder.name] + names).sorted())
    for name in names {
      let clip = shared.appendingPathComponent(name)
      #expect(
        FileManager.default.contentsEqual(atPath: clip.path, andPath: local.appendingPathComponent(name).path),
        "\(name) differs from the local batch's")
      let record = try String(
        contentsOf: shared.appendingPathComponent("\(BatchRecordFolder.name)/\(name).inputs"), encoding: .utf8)
      #expect(BatchRecord(text: record)?.describes(clip.path) == true, "the record of \(name) does not describe it")
    }
    let bookkeeping = try FileManager.default.contentsOfDirectory(atPath: shared.appendingPathComponent(BatchRecordFolder.name).path)
    #expect(bookkeeping.sorted() == names.map { "\($0).inputs" }.sorted())
  }

  @Test("a 4-task array over 12 clips renders each once, the same bytes as a local batch; the merged report lists 12 rendered")
  func arrayMatchesLocalBatch() throws {
    let cluster = try SlurmCluster(cpus: 4)
    defer { cluster.stop() }
    let work = try campaign()
    let names = try clipNames(work)
    let local = try localClips(work)

    let job = try submit(work, reports: "reports", on: cluster)
    let states = try finish(job, on: cluster, in: work)
    #expect(states == [0: "COMPLETED 0:0", 1: "COMPLETED 0:0", 2: "COMPLETED 0:0", 3: "COMPLETED 0:0"])
    try expectShared(work.appendingPathComponent("clips"), equal: local, names: names)
    let report = try mergedReport(work.appendingPathComponent("reports"), in: work)
    #expect(report.count == 12 && report.values.allSatisfy { $0 == "rendered" }, "\(report)")
    // Task 2's shard holds rows 2, 6 and 10 of the manifest.
    let shard = try String(contentsOf: work.appendingPathComponent("reports/shard-2.json"), encoding: .utf8)
    #expect([names[2], names[6], names[10]].allSatisfy(shard.contains) && !shard.contains(names[3]))
  }

  @Test("a task killed mid-clip and requeued leaves no partial or wrongly recorded clip; the array run again skips all 12")
  func killedTaskRequeued() throws {
    let cluster = try SlurmCluster(cpus: 4)
    defer { cluster.stop() }
    // Frames large enough that a clip takes a while, so the kill lands inside one.
    let work = try campaign(size: "188x334", fps: 15)
    let names = try clipNames(work)
    let local = try localClips(work)
    let shared = work.appendingPathComponent("clips")

    let job = try submit(work, reports: "reports", on: cluster)
    // Task 1 renders rows 1, 5 and 9, in that order: row 5's lock means row 1 is finished and
    // row 5 (a fuber clip, the longest) is being written.
    let lock = shared.appendingPathComponent("\(BatchRecordFolder.name)/\(names[5]).lock")
    let deadline = Date().addingTimeInterval(120)
    while !FileManager.default.fileExists(atPath: lock.path) {
      try #require(Date() < deadline, "task 1 never started \(names[5])")
      Thread.sleep(forTimeInterval: 0.01)
    }
    let killed = try cluster.run("scancel", ["--full", "--signal=KILL", "\(job)_1"], in: work)
    #expect(killed.exitCode == 0, "\(killed.standardError)")
    let states = try finish(job, on: cluster, in: work)
    #expect(states[1]?.hasPrefix("COMPLETED") == false, "task 1 was not killed: \(states)")
    #expect([0, 2, 3].allSatisfy { states[$0] == "COMPLETED 0:0" }, "\(states)")

    // Killed: whatever lies under a clip's name is a whole clip, the local batch's bytes.
    for name in names where FileManager.default.fileExists(atPath: shared.appendingPathComponent(name).path) {
      #expect(
        FileManager.default.contentsEqual(
          atPath: shared.appendingPathComponent(name).path, andPath: local.appendingPathComponent(name).path),
        "\(name) is not the whole clip")
    }
    #expect(!FileManager.default.fileExists(atPath: shared.appendingPathComponent(names[9]).path), "task 1 went on after the kill")

    // Requeued, the task skips row 1, which it finished, and renders rows 5 and 9.
    let requeued = try cluster.run("scontrol", ["requeue", "\(job)_1"], in: work)
    try #require(requeued.exitCode == 0, "scontrol requeue: \(requeued.standardError)")
    // Slurm holds a requeued task for two minutes; this one may start at once.
    let released = try cluster.run("scontrol", ["update", "JobId=\(job)_1", "StartTime=now"], in: work)
    try #require(released.exitCode == 0, "scontrol update: \(released.standardError)")
    #expect(try finish(job, on: cluster, in: work)[1] == "COMPLETED 0:0")
    try expectShared(shared, equal: local, names: names)
    let report = try mergedReport(work.appendingPathComponent("reports"), in: work)
    #expect(report.filter { $0.value == "skipped" }.keys.sorted() == [names[1]], "\(report)")
    #expect(report.filter { $0.value == "rendered" }.count == 11, "\(report)")

    // The whole array again: every record vouches for its clip.
    let again = try submit(work, reports: "again", on: cluster)
    #expect(try finish(again, on: cluster, in: work).values.allSatisfy { $0 == "COMPLETED 0:0" })
    let rerun = try mergedReport(work.appendingPathComponent("again"), in: work)
    #expect(rerun.count == 12 && rerun.values.allSatisfy { $0 == "skipped" }, "\(rerun)")
    try expectShared(shared, equal: local, names: names)
  }

  @Test("two arrays over the same manifest at once render each clip once; the other skips it; every record describes its clip")
  func twoArraysAtOnce() throws {
    // Eight CPUs, so the two arrays' tasks all run at once.
    let cluster = try SlurmCluster(cpus: 8)
    defer { cluster.stop() }
    let work = try campaign()
    let names = try clipNames(work)
    let local = try localClips(work)

    let first = try submit(work, reports: "first", on: cluster)
    let second = try submit(work, reports: "second", on: cluster)
    #expect(try finish(first, on: cluster, in: work).values.allSatisfy { $0 == "COMPLETED 0:0" })
    #expect(try finish(second, on: cluster, in: work).values.allSatisfy { $0 == "COMPLETED 0:0" })
    let one = try mergedReport(work.appendingPathComponent("first"), in: work)
    let other = try mergedReport(work.appendingPathComponent("second"), in: work)
    for name in names {
      #expect(
        [one[name], other[name]].compactMap { $0 }.sorted() == ["rendered", "skipped"],
        "\(name): \(one[name] ?? "-"), \(other[name] ?? "-")")
    }
    try expectShared(work.appendingPathComponent("clips"), equal: local, names: names)
  }

  @Test("the test cluster starts, runs a job and stops every daemon it started")
  func clusterCleansUp() throws {
    let cluster = try SlurmCluster(cpus: 2)
    let daemons = cluster.daemonPIDs
    #expect(daemons.count == 3)
    #expect(daemons.allSatisfy(SlurmCluster.isRunning))
    let folder = try BinaryRunner.temporaryFolder()
    let submitted = try cluster.run("sbatch", ["--parsable", "--output=/dev/null", "--wrap=true"], in: folder)
    try #require(submitted.exitCode == 0, "\(submitted.standardError)")
    let job = submitted.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines)
    let deadline = Date().addingTimeInterval(60)
    while try !cluster.run("squeue", ["-h", "-j", job], in: folder).standardOutput.isEmpty {
      try #require(Date() < deadline, "the job did not finish")
      Thread.sleep(forTimeInterval: 0.1)
    }
    cluster.stop()
    #expect(!daemons.contains(where: SlurmCluster.isRunning), "a daemon is still running")
    #expect(!FileManager.default.fileExists(atPath: cluster.state.path))
  }
}
