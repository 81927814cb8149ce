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
  @Test("prints its address, answers there, and exits 0 on SIGINT saying it stopped")
  func servesAndStops() throws {
    let process = Process()
    process.executableURL = BinaryRunner.binary
    process.arguments = ["preview", "--preset", "fuber", "--presets-dir", BinaryRunner.repository.appendingPathComponent("presets").path]
    let output = Pipe()
    let errors = Pipe()
    process.standardOutput = output
    process.standardError = errors
    try process.run()
    defer { if process.isRunning { process.terminate() } }

    // The first line: "preview: http://127.0.0.1:PORT/ (…)".
    var line = Data()
    while !line.contains(UInt8(ascii: "\n")) {
      let chunk = output.fileHandleForReading.availableData
      guard !chunk.isEmpty else { break }
      line += chunk
    }
    let text = String(decoding: line, as: UTF8.self)
    let prefix = "preview: http://127.0.0.1:"
    let port = try #require(
      text.hasPrefix(prefix) ? UInt16(text.dropFirst(prefix.count).prefix { $0.isNumber }) : nil, "address line: \(text)")
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

    kill(process.processIdentifier, SIGINT)
    let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    #expect(process.terminationReason == .exit && process.terminationStatus == 0, "\(message)")
    #expect(message == "splashvid: preview stopped\n")
    #expect(RawHTTPClient.connect(port: port).socket == nil, "nothing listens once stopped")
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
