import Foundation
import SplashTestSupport
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// `splashvid preview` as a user runs it: it prints where the page is, serves it, and stops
/// cleanly on Ctrl-C.
@Suite("preview serves until Ctrl-C")
struct PreviewCommandTests {
  /// A preview process as a user starts it, once it has said where it serves and where
  /// exports go.
  private struct RunningPreview {
    var process: Process
    var port: UInt16
    var exportsLine: String
    var errors: Pipe
  }

  private func startPreview(_ arguments: [String] = [], in folder: URL? = nil) throws -> RunningPreview {
    let process = Process()
    process.executableURL = BinaryRunner.binary
    process.arguments =
      ["preview", "--preset", "fuber", "--presets-dir", BinaryRunner.repository.appendingPathComponent("presets").path] + arguments
    if let folder { process.currentDirectoryURL = folder }
    let output = Pipe()
    let errors = Pipe()
    process.standardOutput = output
    process.standardError = errors
    try process.run()

    // "preview: http://127.0.0.1:PORT/ (…)", then "preview: exports go to FOLDER".
    var lines = Data()
    while lines.filter({ $0 == UInt8(ascii: "\n") }).count < 2 {
      let chunk = output.fileHandleForReading.availableData
      guard !chunk.isEmpty else { break }
      lines += chunk
    }
    let text = String(decoding: lines, as: UTF8.self)
    let prefix = "preview: http://127.0.0.1:"
    guard text.hasPrefix(prefix), let port = UInt16(text.dropFirst(prefix.count).prefix { $0.isNumber }) else {
      if process.isRunning { process.terminate() }
      throw BrowserError("no address line: \(text)")
    }
    let exportsLine = text.split(separator: "\n").dropFirst().first.map(String.init) ?? ""
    return RunningPreview(process: process, port: port, exportsLine: exportsLine, errors: errors)
  }

  /// Ctrl-C, then what the preview said on its way out.
  private func interrupt(_ preview: RunningPreview) -> String {
    kill(preview.process.processIdentifier, SIGINT)
    let message = String(decoding: preview.errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    preview.process.waitUntilExit()
    return message
  }

  @Test("prints its address, answers there, and exits 0 on SIGINT saying it stopped")
  func servesAndStops() throws {
    let preview = try startPreview()
    let process = preview.process
    defer { if process.isRunning { process.terminate() } }
    let port = preview.port
    let scene = try RawHTTPClient.get("/scene.json", port: port)
    #expect(scene.status == 200 && scene.text.contains("\"framesPerSecond\": 60"))
    let page = try RawHTTPClient.get("/", port: port)
    #expect(page.status == 200 && page.text.contains("<title>splashvid preview</title>"))
    #expect(try RawHTTPClient.get("/", port: port, host: "attacker.example").status == 421)

    // The layer panel's values are inspect's, byte for byte.
    let presets = BinaryRunner.repository.appendingPathComponent("presets").path
    for (query, arguments) in [("t=1.5&layer=logo", ["--layer", "logo"]), ("t=2.25", [])] {
      let served = try RawHTTPClient.get("/inspect.json?\(query)", port: port)
      let printed = try BinaryRunner.run(
        ["inspect", "--preset", "fuber", "--presets-dir", presets, "--time", query.hasPrefix("t=1.5") ? "1.5" : "2.25"] + arguments,
        in: try BinaryRunner.temporaryFolder())
      #expect(served.status == 200 && served.headers["content-type"] == "application/json")
      #expect(served.text + "\n" == printed.standardOutput, "\(query)")
    }
    #expect(try RawHTTPClient.get("/inspect.json?t=1&layer=nope", port: port).status == 404)

    let message = interrupt(preview)
    #expect(process.terminationReason == .exit && process.terminationStatus == 0, "\(message)")
    #expect(message == "splashvid: preview stopped\n")
    #expect(RawHTTPClient.connect(port: port).socket == nil, "nothing listens once stopped")
  }

  @Test("the export panel, used in Chromium, writes a file that probe accepts; Ctrl-C during an export leaves nothing")
  func exportFromThePage() throws {
    try #require(HeadlessChromium.isInstalled, "Chromium is needed: ci/install-deps.sh installs it")
    let folder = try BinaryRunner.temporaryFolder()
    let preview = try startPreview(["--exports", "clips"], in: folder)
    defer { if preview.process.isRunning { preview.process.terminate() } }
    let clips = folder.appendingPathComponent("clips").standardizedFileURL
    #expect(preview.exportsLine == "preview: exports go to \(clips.path)")

    let browser = try HeadlessChromium()
    defer { browser.close() }
    let session = try browser.open("http://127.0.0.1:\(preview.port)/")
    _ = try browser.waitUntil("document.getElementById('frame').naturalWidth > 0", session: session)
    // As a hand would: scale 1×, H.264 at 10 fps, Export.
    _ = try browser.evaluate(
      """
      (() => {
        const set = (id, value) => { const field = document.getElementById(id); field.value = value;
          field.dispatchEvent(new Event('change')); field.dispatchEvent(new Event('input')); };
        set('scale', '1'); set('exportFormat', 'h264'); set('exportRate', '10');
        document.getElementById('exportButton').click();
      })()
      """, session: session)
    let done = try browser.waitUntil(
      "document.querySelector('#exportList li[data-state=\"done\"] .name') !== null",
      value: "document.querySelector('#exportList li[data-state=\"done\"] .name').textContent", session: session, seconds: 240)
    #expect(done as? String == "fuber.mp4")
    let shownFolder = try browser.evaluate("document.getElementById('exportFolder').textContent", session: session) as? String
    #expect(shownFolder == "Files go to \(clips.path)")

    let probe = try BinaryRunner.run(["probe", "clips/fuber.mp4"], in: folder)
    #expect(probe.exitCode == 0, "\(probe.standardError)")
    #expect(probe.standardOutput.contains("codec: h264") && probe.standardOutput.contains("size: 376x668"), "\(probe.standardOutput)")
    #expect(probe.standardOutput.contains("frame rate: 10/1"), "\(probe.standardOutput)")
    #expect(!probe.standardOutput.contains("warning:"), "\(probe.standardOutput)")

    // A long export, interrupted: Ctrl-C cancels it, and its file never appears.
    _ = try browser.evaluate(
      """
      (() => {
        document.getElementById('exportFormat').value = 'prores';
        document.getElementById('exportLoops').value = '200';
        document.getElementById('exportButton').click();
      })()
      """, session: session)
    _ = try browser.waitUntil(
      "document.querySelector('#exportList li[data-state=\"rendering\"]') !== null", session: session, seconds: 60)
    let message = interrupt(preview)
    #expect(preview.process.terminationReason == .exit && preview.process.terminationStatus == 0, "\(message)")
    #expect(message.hasSuffix("splashvid: preview stopped\n"), "\(message)")
    let left = try FileManager.default.contentsOfDirectory(atPath: clips.path)
    #expect(left == ["fuber.mp4"], "only the finished export is there: \(left)")
  }

  @Test("a port in use is one clear line and exit 1")
  func portInUse() throws {
    let holder = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    defer { close(holder) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
    address.sin_port = 0
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let bound = withUnsafeMutablePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        bind(holder, $0, length) == 0 && listen(holder, 1) == 0 && getsockname(holder, $0, &length) == 0
      }
    }
    try #require(bound)
    let port = UInt16(bigEndian: address.sin_port)
    let result = try BinaryRunner.run(
      [
        "preview", "--preset", "fuber", "--presets-dir", BinaryRunner.repository.appendingPathComponent("presets").path, "--port",
        "\(port)",
      ], in: try BinaryRunner.temporaryFolder())
    #expect(result.exitCode == 1, "\(result.standardError)")
    #expect(
      result.standardError.contains("cannot listen on 127.0.0.1:\(port)") && result.standardError.contains("--port N"),
      "\(result.standardError)")
  }
}
