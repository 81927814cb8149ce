import Foundation
import SplashTestSupport
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// A composed clip — a video layer, a Lottie layer and a caption over it — holds no more
/// memory for a long clip than for a short one: each worker decodes the video frame it draws,
/// and nothing is kept beyond it.
@Suite("Video layers: memory stays flat in clip length")
struct VideoLayerMemoryTests {
  /// The binary's peak resident memory in kilobytes running `arguments`, from the kernel's
  /// accounting of that one child (`wait4`), not of every child the tests ran.
  private func peakKilobytes(_ arguments: [String]) throws -> Int {
    let argv = ([BinaryRunner.binary.path] + arguments).map { strdup($0) } + [nil]
    defer { for argument in argv { free(argument) } }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
    var pid: pid_t = 0
    let spawned = posix_spawn(&pid, BinaryRunner.binary.path, &actions, nil, argv, environ)
    try #require(spawned == 0, "spawning splashvid: \(String(cString: strerror(spawned)))")
    var status: Int32 = 0
    var usage = rusage()
    while wait4(pid, &status, 0, &usage) < 0 && errno == EINTR {}
    try #require(status == 0, "splashvid \(arguments.joined(separator: " ")) exited with status \(status)")
    return usage.ru_maxrss
  }

  @Test("peak memory of 10 loops is within 10 % of 1 loop's")
  func flatInClipLength() throws {
    let folder = try ScratchFolder.make("video-memory")
    // The product video, made here: 2 s of moving colour at 30 fps, rendered by splashvid.
    try Data(
      """
      { schemaVersion: 1, canvas: { size: [180, 320], background: "#204080" }, clip: { cycle: 2 },
        layers: [{ id: "bar", bounds: [0, 0, 60, 320], position: [30, 160], backgroundColor: "#E03C28",
          animations: [{ type: "basic", keyPath: "position.x", fromValue: 30, toValue: 150, duration: 2 }] }] }
      """.utf8
    ).write(to: folder.appendingPathComponent("source.json5"))
    let made = try BinaryRunner.run(["--file", "source.json5", "--fps", "30", "-o", "product.mp4"], in: folder)
    try #require(made.exitCode == 0, "\(made.standardError)")
    try Data(SlidingSquare.json.utf8).write(to: folder.appendingPathComponent("slider.json"))
    try Data(
      """
      { schemaVersion: 1, canvas: { size: [180, 320], background: "#000000" }, clip: { cycle: 3 },
        layers: [
          { id: "product", bounds: [0, 0, 180, 320], position: [90, 160], video: { file: "product.mp4", gravity: "resizeAspectFill" } },
          { id: "badge", bounds: [0, 0, 80, 80], position: [90, 120], lottie: { file: "slider.json" } },
          { type: "text", id: "caption", string: "Ship faster", fontSize: 20, foregroundColor: "#FFFFFF",
            bounds: [0, 0, 180, 30], position: [90, 280], alignmentMode: "center" } ] }
      """.utf8
    ).write(to: folder.appendingPathComponent("card.json5"))
    let common = ["--file", folder.appendingPathComponent("card.json5").path, "--fps", "30", "--x264-preset", "ultrafast"]
    let short = try peakKilobytes(common + ["--loops", "1", "-o", folder.appendingPathComponent("short.mp4").path])
    // The lower of two long runs: beside the other tests, one run in five or so peaked some
    // 20 MB higher once (the machine's other work decides when the process's threads run and
    // allocate); memory that grows with the clip shows in both.
    let long = try (0..<2).map { run in
      try peakKilobytes(common + ["--loops", "10", "-o", folder.appendingPathComponent("long\(run).mp4").path])
    }
    #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("long1.mp4").path))
    #expect(
      Double(long.min()!) <= 1.1 * Double(short), "peak RSS: 1 loop \(short) kB, 10 loops \(long.map(String.init)) kB")
  }
}

/// A Lottie file whose square slides across it in 2 s, for the composed clip.
private enum SlidingSquare {
  static let json = #"""
    {"v": "5.7.0", "fr": 30, "ip": 0, "op": 60, "w": 100, "h": 100,
     "layers": [{"ty": 4, "ind": 1, "ip": 0, "op": 60, "st": 0,
       "ks": {"o": {"a": 0, "k": 100}, "r": {"a": 0, "k": 0}, "a": {"a": 0, "k": [0, 0]}, "s": {"a": 0, "k": [100, 100]},
              "p": {"a": 1, "k": [{"t": 0, "s": [10, 50], "o": {"x": [0], "y": [0]}, "i": {"x": [1], "y": [1]}}, {"t": 60, "s": [90, 50]}]}},
       "shapes": [{"ty": "rc", "p": {"a": 0, "k": [0, 0]}, "s": {"a": 0, "k": [20, 20]}, "r": {"a": 0, "k": 0}},
                  {"ty": "fl", "c": {"a": 0, "k": [1, 0, 0, 1]}, "o": {"a": 0, "k": 100}}]}]}
    """#
}
