import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// Outputs never land in /dev, /proc or /sys, nor through a link to a device, a FIFO or a file
/// there: `-o /dev/stdout` run as root would otherwise replace the machine's `/dev/stdout`
/// link with a video (issue 39). The tests reach those folders only through links of their
/// own, into `/dev/shm`, so a regression writes a stray file there, never a device.
@Suite("Outputs in /dev, /proc and /sys, or through links to devices, are refused")
struct SystemFolderOutputTests {
  private var presets: String { BinaryRunner.repository.appendingPathComponent("presets").path }
  private var render: [String] { ["--preset", "fuber", "--presets-dir", presets, "--fps", "5", "--size", "64x64"] }

  private func isLink(_ path: String) -> Bool {
    var status = stat()
    return lstat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFLNK
  }

  @Test("a link at the destination to a device or a FIFO is refused, and stays a link")
  func linkToDeviceOrFIFO() throws {
    let folder = try BinaryRunner.temporaryFolder()
    #expect(mkfifo(folder.appendingPathComponent("pipe").path, 0o600) == 0)
    #expect(symlink("/dev/null", folder.appendingPathComponent("null.mp4").path) == 0)
    #expect(symlink("pipe", folder.appendingPathComponent("pipe.gif").path) == 0)
    #expect(symlink("/dev/null", folder.appendingPathComponent("null.png").path) == 0)
    let cases: [([String], String, String)] = [
      (render + ["-o", "null.mp4"], "null.mp4", "cannot write null.mp4: is a link to /dev/null, a character device"),
      (render + ["-o", "pipe.gif"], "pipe.gif", "cannot write pipe.gif: is a link to pipe, a FIFO (named pipe)"),
      (
        ["still", "--preset", "fuber", "--presets-dir", presets, "--time", "0", "-o", "null.png"], "null.png",
        "cannot write null.png: is a link to /dev/null, a character device"
      ),
    ]
    for (arguments, name, message) in cases {
      let outcome = try BinaryRunner.run(arguments, in: folder)
      #expect(outcome.exitCode == 1, "\(arguments): \(outcome.standardError)")
      #expect(outcome.standardError.hasPrefix("splashvid: \(message)"), "\(outcome.standardError)")
      #expect(isLink(folder.appendingPathComponent(name).path), "\(name) is still the link")
    }
    // A link to a regular file is still replaced itself, as before.
    try Data("old".utf8).write(to: folder.appendingPathComponent("old.mp4"))
    #expect(symlink("old.mp4", folder.appendingPathComponent("clip.mp4").path) == 0)
    let replaced = try BinaryRunner.run(render + ["-o", "clip.mp4"], in: folder)
    #expect(replaced.exitCode == 0, "\(replaced.standardError)")
    #expect(!isLink(folder.appendingPathComponent("clip.mp4").path))
    #expect(try String(contentsOf: folder.appendingPathComponent("old.mp4"), encoding: .utf8) == "old")
  }

  @Test("a folder that leads into /dev is refused for every command that writes, and nothing is made there")
  func folderInDev() throws {
    var status = stat()
    try #require(stat("/dev/shm", &status) == 0 && status.st_mode & S_IFMT == S_IFDIR, "this test needs /dev/shm")
    let folder = try BinaryRunner.temporaryFolder()
    #expect(symlink("/dev/shm", folder.appendingPathComponent("shm").path) == 0)
    let name = "splashvid-test-\(UUID().uuidString)"
    // Whatever a regression leaves in /dev/shm goes with the test.
    defer {
      for leftover in [name + ".mp4", name + ".png", name + ".json", name] {
        try? FileManager.default.removeItem(atPath: "/dev/shm/" + leftover)
      }
    }
    let cases: [[String]] = [
      render + ["-o", "shm/\(name).mp4"],
      render + ["-o", "shm/\(name)/f-%04d.png"],
      ["still", "--preset", "fuber", "--presets-dir", presets, "--time", "0", "-o", "shm/\(name).png"],
      ["sheet", "--preset", "fuber", "--presets-dir", presets, "-o", "shm/\(name)/sheet.png"],
      ["batch", presets, "-o", "shm/\(name)", "--size", "64x64", "--fps", "5"],
    ]
    for arguments in cases {
      let outcome = try BinaryRunner.run(arguments, in: folder)
      #expect(outcome.exitCode != 0, "\(arguments): \(outcome.standardError)")
      #expect(
        outcome.standardError.contains("leads into /dev; splashvid writes regular files only"), "\(arguments): \(outcome.standardError)")
      #expect(
        try FileManager.default.contentsOfDirectory(atPath: "/dev/shm").filter { $0.hasPrefix(name) }.isEmpty,
        "\(arguments) wrote into /dev/shm")
    }
    try Data("preset,output\nfuber,a.mp4\n".utf8).write(to: folder.appendingPathComponent("clips.csv"))
    let report = try BinaryRunner.run(
      ["batch", presets, "-o", "out", "--manifest", "clips.csv", "--size", "64x64", "--fps", "5", "--report", "shm/\(name).json"],
      in: folder)
    #expect(report.exitCode != 0, "\(report.standardError)")
    #expect(report.standardError.contains("leads into /dev"), "\(report.standardError)")
    #expect(!FileManager.default.fileExists(atPath: "/dev/shm/\(name).json"))
  }

  @Test("a folder that leads into /proc is refused with the same reason")
  func folderInProc() throws {
    let folder = try BinaryRunner.temporaryFolder()
    #expect(symlink("/proc/self", folder.appendingPathComponent("process").path) == 0)
    let outcome = try BinaryRunner.run(render + ["-o", "process/clip.mp4"], in: folder)
    #expect(outcome.exitCode == 1)
    #expect(
      outcome.standardError
        == "splashvid: cannot write process/clip.mp4: its folder process leads into /proc; splashvid writes regular files only outside /dev, /proc and /sys\n",
      "\(outcome.standardError)")
  }

  @Test("bench, which names /dev/null as its output internally, still runs")
  func benchStillRuns() throws {
    let folder = try BinaryRunner.temporaryFolder()
    let outcome = try BinaryRunner.run(
      ["bench", "--preset", "fuber", "--presets-dir", presets, "--fps", "2", "--size", "64x64"], in: folder)
    #expect(outcome.exitCode == 0, "\(outcome.standardError)")
  }
}
