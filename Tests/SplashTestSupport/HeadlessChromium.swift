import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// Debian's Chromium, headless, driven through the DevTools protocol over a pipe
/// (`--remote-debugging-pipe`: commands in on descriptor 3, replies and events out on 4, each
/// a JSON message ended by a NUL byte), so the tests need no WebSocket client.
public final class HeadlessChromium {
  public static let executable = "/usr/bin/chromium"
  public static var isInstalled: Bool { FileManager.default.isExecutableFile(atPath: executable) }

  private let process: pid_t
  private let commands: FileHandle
  private let replies: FileHandle
  private var pending = Data()
  private var nextIdentifier = 1
  /// Events read while waiting for a reply, by method and session, for `waitFor` to find.
  private var events: [(method: String, session: String?)] = []
  private let profile: URL

  public init() throws {
    profile = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("chromium-\(UUID().uuidString)")
    var toBrowser: [Int32] = [0, 0]
    var fromBrowser: [Int32] = [0, 0]
    guard pipe(&toBrowser) == 0, pipe(&fromBrowser) == 0 else { throw BrowserError("cannot make pipes") }
    // Close-on-exec, so that only the copies made for the browser reach it.
    for descriptor in toBrowser + fromBrowser { _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC) }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    // dup2 clears close-on-exec on the copies: only 3 and 4 reach the browser.
    posix_spawn_file_actions_adddup2(&actions, toBrowser[0], 3)
    posix_spawn_file_actions_adddup2(&actions, fromBrowser[1], 4)
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
    let arguments = [
      Self.executable, "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-extensions",
      "--remote-debugging-pipe", "--user-data-dir=\(profile.path)", "about:blank",
    ]
    var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
    defer { for argument in argv { free(argument) } }
    var child: pid_t = 0
    let status = posix_spawn(&child, Self.executable, &actions, nil, &argv, environ)
    Glibc.close(toBrowser[0])
    Glibc.close(fromBrowser[1])
    guard status == 0 else {
      Glibc.close(toBrowser[1])
      Glibc.close(fromBrowser[0])
      throw BrowserError("cannot start \(Self.executable): error \(status)")
    }
    process = child
    commands = FileHandle(fileDescriptor: toBrowser[1], closeOnDealloc: true)
    replies = FileHandle(fileDescriptor: fromBrowser[0], closeOnDealloc: true)
  }

  /// Sends a DevTools command and waits for its reply's `result`, skipping events.
  @discardableResult
  public func send(_ method: String, _ parameters: [String: Any] = [:], session: String? = nil) throws -> [String: Any] {
    let identifier = nextIdentifier
    nextIdentifier += 1
    var message: [String: Any] = ["id": identifier, "method": method, "params": parameters]
    if let session { message["sessionId"] = session }
    let encoded = try JSONSerialization.data(withJSONObject: message)
    try commands.write(contentsOf: encoded + [0])
    while true {
      let reply = try nextMessage()
      if let event = reply["method"] as? String { events.append((event, reply["sessionId"] as? String)) }
      guard reply["id"] as? Int == identifier else { continue }
      if let error = reply["error"] as? [String: Any] { throw BrowserError("\(method): \(error)") }
      return reply["result"] as? [String: Any] ?? [:]
    }
  }

  /// Opens `url` in a new tab, waits for it to load, and returns the session that drives it.
  ///
  /// - Parameter beforeLoad: A script run in the page before any of its own (a listener that
  ///   must hear what happens while the page loads).
  public func open(_ url: String, beforeLoad: String? = nil) throws -> String {
    let target = try send("Target.createTarget", ["url": "about:blank"])
    guard let targetIdentifier = target["targetId"] as? String else { throw BrowserError("no target for \(url)") }
    let attached = try send("Target.attachToTarget", ["targetId": targetIdentifier, "flatten": true])
    guard let session = attached["sessionId"] as? String else { throw BrowserError("cannot attach to \(url)") }
    try send("Page.enable", session: session)
    if let beforeLoad { try send("Page.addScriptToEvaluateOnNewDocument", ["source": beforeLoad], session: session) }
    events.removeAll()
    try send("Page.navigate", ["url": url], session: session)
    try waitFor("Page.loadEventFired", session: session)
    return session
  }

  /// Waits for the event `method` in `session` (one already read counts).
  public func waitFor(_ method: String, session: String) throws {
    while true {
      if let index = events.firstIndex(where: { $0.method == method && $0.session == session }) {
        events.remove(at: index)
        return
      }
      let message = try nextMessage()
      if let event = message["method"] as? String { events.append((event, message["sessionId"] as? String)) }
    }
  }

  /// Runs `script` (an expression, awaited when it is a promise) in the page and returns its
  /// value as JSON-like Foundation objects.
  public func evaluate(_ script: String, session: String) throws -> Any? {
    let result = try send(
      "Runtime.evaluate", ["expression": script, "awaitPromise": true, "returnByValue": true, "timeout": 30_000], session: session)
    if let exception = result["exceptionDetails"] { throw BrowserError("the page threw: \(exception)") }
    return (result["result"] as? [String: Any])?["value"]
  }

  /// A PNG screenshot of the page.
  /// Waits until the JavaScript `condition` holds in the page, then returns `value`'s; the
  /// page throws after `seconds`.
  public func waitUntil(_ condition: String, value: String = "true", session: String, seconds: Int = 30) throws -> Any? {
    try evaluate(
      """
      new Promise((resolve, reject) => {
        const deadline = performance.now() + \(seconds * 1000);
        (function poll() {
          if (\(condition)) return resolve(\(value));
          if (performance.now() > deadline) return reject(new Error('never: \(condition.replacingOccurrences(of: "'", with: ""))'));
          setTimeout(poll, 20);
        })();
      })
      """, session: session)
  }

  public func screenshot(session: String) throws -> Data {
    let result = try send("Page.captureScreenshot", ["format": "png"], session: session)
    guard let encoded = result["data"] as? String, let data = Data(base64Encoded: encoded) else {
      throw BrowserError("no screenshot")
    }
    return data
  }

  private func nextMessage() throws -> [String: Any] {
    while true {
      if let end = pending.firstIndex(of: 0) {
        let body = pending[pending.startIndex..<end]
        pending = Data(pending[(end + 1)...])
        return try JSONSerialization.jsonObject(with: body) as? [String: Any] ?? [:]
      }
      let chunk = replies.availableData
      guard !chunk.isEmpty else { throw BrowserError("the browser closed its pipe") }
      pending += chunk
    }
  }

  /// Closes the browser and waits for it, killing it if it lingers.
  public func close() {
    _ = try? send("Browser.close")
    var status: Int32 = 0
    for _ in 0..<100 {
      if waitpid(process, &status, WNOHANG) == process { break }
      usleep(50_000)
    }
    if waitpid(process, &status, WNOHANG) == 0 {
      kill(process, SIGKILL)
      waitpid(process, &status, 0)
    }
    try? FileManager.default.removeItem(at: profile)
  }
}

public struct BrowserError: Error, CustomStringConvertible {
  public let description: String
  public init(_ description: String) { self.description = description }
}
