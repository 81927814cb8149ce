import Foundation
import SplashCairo
import SplashCore
import SplashEncode
import SplashModel
import SplashOutput
import SplashTestSupport
import Testing

@testable import SplashPreview

/// The preview page as a user sees it: Debian's Chromium, headless, opens the page served in
/// this process and is driven through the DevTools protocol (`HeadlessChromium`).
@Suite("The preview page in headless Chromium", .serialized)
struct PreviewBrowserTests {
  static let presets = PreviewServerTests.repository.appendingPathComponent("presets")

  private func server(preset: String) throws -> PreviewServer {
    let page = try #require(PreviewPage.find(environment: [:], executableURL: nil))
    let source = PresetSource(origin: .file(Self.presets.appendingPathComponent("\(preset).json5").path))
    return try PreviewServer(source: source, environment: [:], page: page, exportFolder: try ScratchFolder.make("exports"))
  }

  private func browser() throws -> HeadlessChromium {
    try #require(HeadlessChromium.isInstalled, "Chromium is needed: ci/install-deps.sh installs it")
    return try HeadlessChromium()
  }

  /// A preview of a shipped preset with its page open in Chromium, showing its first frame.
  private struct OpenPage {
    let server: PreviewServer
    let browser: HeadlessChromium
    let session: String

    func close() {
      browser.close()
      server.stop()
    }
  }

  private func openPage(_ preset: String) throws -> OpenPage {
    let server = try server(preset: preset)
    do {
      let browser = try browser()
      do {
        let session = try browser.open(server.address)
        try waitForFirstFrame(browser, session: session)
        return OpenPage(server: server, browser: browser, session: session)
      } catch {
        browser.close()
        throw error
      }
    } catch {
      server.stop()
      throw error
    }
  }

  /// Waits until the page shows its first frame.
  private func waitForFirstFrame(_ browser: HeadlessChromium, session: String) throws {
    let shown = try browser.evaluate(
      """
      new Promise((resolve) => {
        const deadline = performance.now() + 30000;
        (function poll() {
          const img = document.getElementById('frame');
          if (img && img.dataset.time && img.complete && img.naturalWidth > 0) return resolve(true);
          if (performance.now() > deadline) return resolve(false);
          setTimeout(poll, 5);
        })();
      })
      """, session: session)
    try #require(shown as? Bool == true, "the page showed no frame")
  }

  /// Moves the scrubber to `time` as a hand would (an `input` event), waits for the frame, and
  /// returns how long that took, the time shown and a fingerprint of the frame's pixels.
  private func scrub(_ browser: HeadlessChromium, session: String, to time: Double) throws -> [String: Any] {
    try #require(
      try browser.evaluate(
        """
        (async () => {
          const img = document.getElementById('frame');
          const scrubber = document.getElementById('scrubber');
          const started = performance.now();
          scrubber.value = '\(time)';
          scrubber.dispatchEvent(new Event('input'));
          await new Promise((resolve, reject) => {
            const deadline = performance.now() + 30000;
            (function poll() {
              if (img.dataset.time === scrubber.value && img.complete && img.naturalWidth > 0) return resolve();
              if (performance.now() > deadline) return reject(new Error('no frame'));
              setTimeout(poll, 1);
            })();
          });
          const elapsed = performance.now() - started;
          // The frame's request, from the browser's resource timing: asking, drawing, sending.
          const entry = performance.getEntriesByName(img.src).pop();
          const fetched = entry ? entry.responseEnd - entry.startTime : -1;
          const hash = (\(Self.pixelFingerprint))(img);
          return { elapsed, fetched, time: Number(img.dataset.time), width: img.naturalWidth, height: img.naturalHeight, hash };
        })()
        """, session: session) as? [String: Any])
  }

  /// A JavaScript function of an image: FNV-1a over its RGBA bytes drawn on a canvas, as
  /// `fingerprint(_:)` computes it here.
  static let pixelFingerprint = """
    (img) => {
      const canvas = document.createElement('canvas');
      canvas.width = img.naturalWidth;
      canvas.height = img.naturalHeight;
      const context = canvas.getContext('2d');
      context.drawImage(img, 0, 0);
      const data = context.getImageData(0, 0, canvas.width, canvas.height).data;
      let hash = 0x811c9dc5;
      for (let i = 0; i < data.length; i++) { hash ^= data[i]; hash = Math.imul(hash, 0x01000193) >>> 0; }
      return hash;
    }
    """

  /// FNV-1a over the RGBA bytes of an opaque frame, row by row, as the page computes it.
  private static func fingerprint(_ buffer: PixelBuffer) -> UInt32 {
    var hash: UInt32 = 0x811C_9DC5
    for y in 0..<buffer.height {
      for x in 0..<buffer.width {
        let pixel = buffer.rgba(x: x, y: y)
        for byte in [pixel.red, pixel.green, pixel.blue, pixel.alpha] {
          hash ^= UInt32(byte)
          hash = hash &* 0x0100_0193
        }
      }
    }
    return hash
  }

  @Test("scrubbing to T shows still's frame at T; playing shows frames in order; the times are reported")
  func scrubShowsStillsFrame() throws {
    let scene = try PresetSource(origin: .file(Self.presets.appendingPathComponent("fuber.json5").path)).load(environment: [:])
    let server = try server(preset: "fuber")
    defer { server.stop() }
    let browser = try browser()
    defer { browser.close() }
    // $SPLASHVID_PREVIEW_ADDRESS: a `splashvid preview --preset fuber` started by hand (a
    // release build), to measure the delay as users see it; the frames are checked all the same.
    let address = ProcessInfo.processInfo.environment["SPLASHVID_PREVIEW_ADDRESS"] ?? server.address
    let session = try browser.open(address)
    try waitForFirstFrame(browser, session: session)
    // A second, as a hand takes to reach the scrubber: right after the first frame the
    // browser is still laying out and painting the page, which on two cores adds some 60 ms to
    // the first scrub's request (measured: 114–157 ms then, 71–82 ms a second later).
    _ = try browser.evaluate("new Promise((resolve) => setTimeout(resolve, 1000))", session: session)
    var delays: [String] = []
    for wanted in [1.75, 2.5, 3.2] {
      let result = try scrub(browser, session: session, to: wanted)
      let time = try #require(result["time"] as? Double)
      #expect(abs(time - wanted) < 1e-9, "the scrubber landed on \(time), not \(wanted)")
      let still = try ScratchFolder.make("preview-browser").appendingPathComponent("still.png")
      // The page fits the frame to the window: the still at the size it asked for.
      let shown = PixelSize(width: try #require(result["width"] as? Int), height: try #require(result["height"] as? Int))
      try StillJob(
        source: PresetSource(origin: .file(Self.presets.appendingPathComponent("fuber.json5").path)), moment: .time(time),
        size: OutputSize(requested: shown), outputPath: still.path
      ).run(environment: [:], log: { _ in })
      let expected = try PNGReader.read(still.path)
      #expect(result["width"] as? Int == expected.width && result["height"] as? Int == expected.height)
      #expect(
        (result["hash"] as? NSNumber)?.uint32Value == Self.fingerprint(expected), "t = \(time): the page shows another picture than still")
      delays.append(
        String(format: "%.0f ms (the request %.0f ms)", result["elapsed"] as? Double ?? -1, result["fetched"] as? Double ?? -1))
    }
    // Reported, not asserted: a timing threshold would fail on a busy machine, not on a slow page.
    print("preview: scrub to shown frame at 750x1334: \(delays.joined(separator: ", "))")

    // Playback for two seconds at each scale: how many frames the page shows a second, each
    // a frame of the clip on its grid, in order (or back to the clip's start, looping).
    var rates: [String] = []
    for scale in ["2", "1"] {
      let played = try #require(
        try browser.evaluate(
          """
          (async () => {
            const img = document.getElementById('frame');
            const choice = document.getElementById('scale');
            choice.value = '\(scale)';
            choice.dispatchEvent(new Event('change'));
            // The frame at the new scale is on the stage before playback is counted.
            await new Promise((resolve) => {
              (function poll() {
                if (img.complete && img.naturalWidth === Math.round(\(scene.canvasSize.width) * \(scale))) return resolve();
                setTimeout(poll, 10);
              })();
            });
            await new Promise((resolve) => setTimeout(resolve, 300));
            const times = [];
            const clocks = [];
            const count = () => { times.push(Number(img.dataset.time)); clocks.push(Number(img.dataset.clock)); };
            img.addEventListener('load', count);
            document.getElementById('play').click();
            await new Promise((resolve) => setTimeout(resolve, 2000));
            document.getElementById('play').click();
            img.removeEventListener('load', count);
            return { times, clocks, scrubber: Number(document.getElementById('scrubber').value), shown: Number(img.dataset.time) };
          })()
          """, session: session) as? [String: Any])
      let times = try #require(played["times"] as? [Double])
      let clocks = try #require(played["clocks"] as? [Double])
      #expect(!times.isEmpty, "playback showed no frame")
      // In the playback clock's order, which counts on through loops (at a few frames a second
      // on a busy machine, one frame may be well before the clip's end and the next well
      // after its start), each frame the scene time of its clock time.
      for (earlier, later) in zip(clocks, clocks.dropFirst()) {
        #expect(later > earlier, "playback stepped back from clock \(earlier) to \(later)")
      }
      let loop = scene.clip.cycle + scene.clip.hold
      let end = scene.clip.start + loop
      for (time, clock) in zip(times, clocks) {
        let expected = clock <= end ? clock : scene.clip.start + (clock - scene.clip.start).truncatingRemainder(dividingBy: loop)
        #expect(abs(time - expected) < 1e-6, "clock \(clock) showed \(time), not \(expected)")
      }
      #expect(times.allSatisfy { abs($0 * 60 - ($0 * 60).rounded()) < 1e-6 }, "frames off the 60 fps grid: \(times)")
      let scrubber = try #require(played["scrubber"] as? Double)
      let shown = try #require(played["shown"] as? Double)
      #expect(abs(scrubber - shown) < 1e-6, "paused, the scrubber (\(scrubber)) shows the frame's time (\(shown))")
      rates.append(String(format: "%.0f fps at %@×", Double(times.count) / 2, scale))
    }
    print("preview: playback of a 60 fps scene shows \(rates.joined(separator: ", "))")
  }

  @Test("a screenshot of the page with each shipped preset, scrubbed into its clip", arguments: ["fuber", "welcome", "logo-reveal"])
  func screenshots(preset: String) throws {
    let scene = try PresetSource(origin: .file(Self.presets.appendingPathComponent("\(preset).json5").path)).load(environment: [:])
    let server = try server(preset: preset)
    defer { server.stop() }
    let browser = try browser()
    defer { browser.close() }
    let session = try browser.open(server.address)
    try browser.send(
      "Emulation.setDeviceMetricsOverride", ["width": 1280, "height": 820, "deviceScaleFactor": 1, "mobile": false], session: session)
    try waitForFirstFrame(browser, session: session)
    // Well into the clip, on its frame grid, where every preset shows its design.
    let time = (scene.clip.start + scene.clip.cycle * 0.6) * 60
    let shown = try scrub(browser, session: session, to: time.rounded() / 60)
    #expect(shown["time"] as? Double != nil)
    let shot = try browser.screenshot(session: session)
    #expect(shot.starts(with: [0x89, 0x50, 0x4E, 0x47]), "a PNG")
    // $SPLASHVID_SCREENSHOTS keeps them to look at; otherwise they go with the scratch folders.
    let given = ProcessInfo.processInfo.environment["SPLASHVID_SCREENSHOTS"].map(URL.init(fileURLWithPath:))
    let folder = try given ?? ScratchFolder.make("preview-screenshots")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    try shot.write(to: folder.appendingPathComponent("preview-\(preset).png"))
  }

  @Test("saving a broken preset shows its problem in place of the frame; saving it fixed shows the frame again")
  func liveReload() throws {
    let folder = try ScratchFolder.make("preview-browser-reload")
    let file = folder.appendingPathComponent("loader.json5")
    let good = try String(contentsOf: Self.presets.appendingPathComponent("fuber.json5"), encoding: .utf8)
    try good.write(to: file, atomically: false, encoding: .utf8)
    let page = try #require(PreviewPage.find(environment: [:], executableURL: nil))
    let server = try PreviewServer(
      source: PresetSource(origin: .file(file.path)), environment: [:], page: page, exportFolder: try ScratchFolder.make("exports"))
    defer { server.stop() }
    let browser = try browser()
    defer { browser.close() }
    let session = try browser.open(server.address)
    try waitForFirstFrame(browser, session: session)
    func save(_ text: String, seconds: Double) throws {
      try text.write(to: file, atomically: false, encoding: .utf8)
      try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: seconds)], ofItemAtPath: file.path)
    }

    // A poll may fall between a save's write and its new modification time, so one save can be
    // two versions: what counts is a frame of a version later than the last good one.
    let lastGood = try #require(
      (browser.evaluate("document.getElementById('frame').dataset.version", session: session) as? String).flatMap { Int($0) })
    try save(good.replacingOccurrences(of: "schemaVersion: 1,", with: "schemaVersion: 1"), seconds: 5)
    let shown = try browser.waitUntil(
      "!document.getElementById('problem').hidden", value: "document.getElementById('problem').textContent", session: session)
    let problem = try #require(shown as? String)
    #expect(problem.contains("loader.json5:") && problem.contains("expected"), "\(problem)")
    #expect(try browser.evaluate("document.getElementById('stage').hidden", session: session) as? Bool == true, "no stale frame")

    try save(good, seconds: 10)
    let recovered = try browser.waitUntil(
      "document.getElementById('problem').hidden"
        + " && Number(document.getElementById('frame').dataset.version) > \(lastGood)"
        + " && document.getElementById('frame').complete",
      value: "!document.getElementById('stage').hidden", session: session)
    #expect(recovered as? Bool == true)
  }

  @Test("#t=2.5 in the address opens on that frame; scrubbing writes the time back; the frame fills the room the window gives it")
  func addressAndFit() throws {
    let server = try server(preset: "fuber")
    defer { server.stop() }
    let browser = try browser()
    defer { browser.close() }
    let session = try browser.open(server.address + "#t=2.5")
    try waitForFirstFrame(browser, session: session)
    let opened = try browser.evaluate("Number(document.getElementById('frame').dataset.time)", session: session)
    #expect((opened as? NSNumber)?.doubleValue == 2.5)
    _ = try scrub(browser, session: session, to: 1.75)
    #expect(try browser.evaluate("window.location.hash", session: session) as? String == "#t=1.75")
    // Fitted (the default): one side of the frame meets the room the style sheet gives it.
    let fit = try browser.evaluate(
      """
      (() => {
        const img = document.getElementById('frame');
        const rect = img.getBoundingClientRect();
        const wide = window.matchMedia('(min-width: 1100px)').matches;
        const room = wide ? [innerWidth * 0.55, innerHeight - 32] : [innerWidth * 0.9, innerHeight * 0.75];
        const density = window.devicePixelRatio || 1;
        return { choice: document.getElementById('scale').value, meets: Math.min(Math.abs(rect.width - room[0]), Math.abs(rect.height - room[1])),
                 sharp: Math.abs(img.naturalWidth - rect.width * density) };
      })()
      """, session: session)
    let measured = try #require(fit as? [String: Any])
    #expect(measured["choice"] as? String == "fit")
    #expect(((measured["meets"] as? NSNumber)?.doubleValue ?? 99) < 2, "\(measured)")
    #expect(((measured["sharp"] as? NSNumber)?.doubleValue ?? 99) < 2, "drawn at the screen's pixels: \(measured)")
  }

  @Test("a Lottie file without slots: a key path set on the page recolours the frame as --param does; a wrong one names the nearest")
  func keyPath() throws {
    let folder = try ScratchFolder.make("preview-key-path")
    let file = folder.appendingPathComponent("square.json")
    try Data(
      #"""
      {"v":"5.7.4","fr":10,"ip":0,"op":10,"w":100,"h":100,
       "layers":[{"ty":4,"nm":"Card","ip":0,"op":10,"ks":{"p":{"a":0,"k":[50,50]}},
        "shapes":[{"ty":"gr","nm":"Group 1","it":[
          {"ty":"rc","p":{"a":0,"k":[0,0]},"s":{"a":0,"k":[60,60]},"r":{"a":0,"k":0}},
          {"ty":"fl","nm":"Fill 1","c":{"a":0,"k":[0,0,0,1]},"o":{"a":0,"k":100}},
          {"ty":"tr","p":{"a":0,"k":[0,0]},"a":{"a":0,"k":[0,0]},"s":{"a":0,"k":[100,100]},"r":{"a":0,"k":0},"o":{"a":0,"k":100}}]}]}]}
      """#.utf8
    ).write(to: file)
    let page = try #require(PreviewPage.find(environment: [:], executableURL: nil))
    let server = try PreviewServer(
      source: PresetSource(origin: .file(file.path)), environment: [:], page: page, exportFolder: folder.appendingPathComponent("out"))
    defer { server.stop() }
    let browser = try browser()
    defer { browser.close() }
    let session = try browser.open(server.address + "#t=0")
    try waitForFirstFrame(browser, session: session)
    func setKeyPath(_ path: String, _ value: String) throws {
      _ = try browser.evaluate(
        """
        (() => {
          document.getElementById('keyPath').value = '\(path)';
          document.getElementById('keyPathValue').value = '\(value)';
          document.getElementById('keyPathSet').click();
          return true;
        })()
        """, session: session)
    }
    try setKeyPath("Card.Group 1.Fill 1.Color", "#0066FF")
    let shown = try browser.waitUntil(
      "document.getElementById('frame').dataset.parameters === '&param.Card.Group%201.Fill%201.Color=%230066FF'"
        + " && document.getElementById('frame').complete",
      value: "[(\(Self.pixelFingerprint))(document.getElementById('frame')), document.getElementById('frame').naturalWidth]",
      session: session)
    let values = try #require(shown as? [Any])
    let width = try #require((values[1] as? NSNumber)?.intValue)
    let still = folder.appendingPathComponent("still.png")
    try StillJob(
      source: PresetSource(origin: .file(file.path), parameters: ["Card.Group 1.Fill 1.Color": "#0066FF"]), moment: .time(0),
      size: OutputSize(requested: PixelSize(width: width, height: width)), outputPath: still.path
    ).run(environment: [:], log: { _ in })
    #expect((values[0] as? NSNumber)?.uint32Value == Self.fingerprint(try PNGReader.read(still.path)), "the page shows still's frame")
    #expect(try browser.evaluate("document.getElementById('keyPaths').value", session: session) as? String == "Card.Group 1.Fill 1.Color")

    try setKeyPath("Card.Group 1.Fil 1.Color", "#00FF00")
    let problem = try browser.waitUntil(
      "!document.getElementById('parameterProblem').hidden", value: "document.getElementById('parameterProblem').textContent",
      session: session)
    #expect((problem as? String)?.contains("the nearest: Card.Group 1.Fill 1.Color") == true, "\(problem ?? "")")
  }

  @Test("a server that stops is said in place of the frame")
  func serverStops() throws {
    let server = try server(preset: "fuber")
    let browser = try browser()
    defer { browser.close() }
    let session = try browser.open(server.address)
    try waitForFirstFrame(browser, session: session)
    server.stop()
    let shown = try browser.waitUntil(
      "!document.getElementById('problem').hidden", value: "document.getElementById('problem').textContent", session: session)
    #expect((shown as? String)?.contains("The preview server does not answer") == true, "\(shown ?? "nothing")")
  }

  @Test("the page works under its Content-Security-Policy: nothing is refused while it plays, scrubs, lists layers and exports")
  func contentSecurityPolicy() throws {
    let server = try server(preset: "fuber")
    defer { server.stop() }
    let served = try RawHTTPClient.get("/", port: server.port)
    let policy = try #require(served.headers["content-security-policy"], "the page carries a policy")
    #expect(policy.contains("frame-ancestors 'none'") && policy.contains("script-src 'self'"), "\(policy)")
    let browser = try browser()
    defer { browser.close() }
    // Heard from before the page's first script, so a refusal while it loads counts too.
    let session = try browser.open(
      server.address,
      beforeLoad: """
        window.refusedByPolicy = [];
        document.addEventListener('securitypolicyviolation',
          (event) => window.refusedByPolicy.push(`${event.effectiveDirective} ${event.blockedURI}`));
        """)
    try waitForFirstFrame(browser, session: session)
    _ = try scrub(browser, session: session, to: 1.5)
    _ = try browser.evaluate("document.getElementById('play').click(); true", session: session)
    _ = try browser.waitUntil("document.querySelector('#layerTree button') !== null", session: session)
    _ = try browser.evaluate(
      """
      (() => {
        document.getElementById('exportFormat').value = 'gif';
        document.getElementById('exportButton').click();
        return true;
      })()
      """, session: session)
    _ = try browser.waitUntil("document.querySelector('#exportList li') !== null", session: session)
    let refused = try browser.evaluate("window.refusedByPolicy", session: session) as? [String]
    #expect(refused == [], "the policy refused what the page does: \(refused ?? [])")
  }

  @Test("the export panel's from, to and end card fields render that part of the clip with its end card, as render's options")
  func exportRange() throws {
    let exports = try ScratchFolder.make("preview-export-range")
    let page = try #require(PreviewPage.find(environment: [:], executableURL: nil))
    let server = try PreviewServer(
      source: PresetSource(origin: .file(Self.presets.appendingPathComponent("fuber.json5").path)), environment: [:], page: page,
      exportFolder: exports)
    defer { server.stop() }
    let browser = try browser()
    defer { browser.close() }
    let session = try browser.open(server.address)
    try waitForFirstFrame(browser, session: session)
    _ = try browser.evaluate(
      """
      (() => {
        document.getElementById('scale').value = '1';
        document.getElementById('exportFormat').value = 'h264';
        document.getElementById('exportRate').value = '10';
        document.getElementById('exportStart').value = '2.4';
        document.getElementById('exportEnd').value = 'p:1';
        document.getElementById('exportHoldEnd').value = '0.5';
        document.getElementById('exportBackground').value = '#101820';
        document.getElementById('exportButton').click();
        return true;
      })()
      """, session: session)
    let state = try browser.waitUntil(
      "['done', 'failed'].includes(document.querySelector('#exportList li')?.dataset.state)",
      value: "document.querySelector('#exportList li').dataset.state + ' ' + document.querySelector('#exportList li').textContent",
      session: session, seconds: 120)
    #expect((state as? String)?.hasPrefix("done") == true, "\(state ?? "")")
    // fuber's loop runs from 0.9 to 3.9 s: from 2.4 s, 15 frames at 10 fps, then 5 of its end.
    let info = try VideoReader.read(exports.appendingPathComponent("fuber.mp4").path)
    #expect(info.decodedFrameCount == 15 + 5)
  }

  @Test("changing a colour parameter on the page changes the frame to still's with that --param")
  func colourParameter() throws {
    let fuber = Self.presets.appendingPathComponent("fuber.json5")
    let page = try openPage("fuber")
    defer { page.close() }
    let (browser, session) = (page.browser, page.session)
    let before = try scrub(browser, session: session, to: 1.5)
    let fingerprint = "(\(Self.pixelFingerprint))(document.getElementById('frame'))"
    // As a hand picks a colour: the picker's value, then its input event.
    _ = try browser.evaluate(
      """
      (() => {
        const picker = document.querySelector('input[data-parameter="backgroundColor"]');
        picker.value = '#ff0000';
        picker.dispatchEvent(new Event('input'));
        return picker.type;
      })()
      """, session: session)
    let after = try browser.waitUntil(
      "document.getElementById('frame').dataset.parameters === '&param.backgroundColor=%23ff0000'"
        + " && document.getElementById('frame').complete",
      value: fingerprint, session: session)
    let hash = try #require((after as? NSNumber)?.uint32Value)
    #expect(hash != (before["hash"] as? NSNumber)?.uint32Value, "the frame changed")

    let still = try ScratchFolder.make("preview-browser-parameter").appendingPathComponent("still.png")
    let shown = PixelSize(width: try #require(before["width"] as? Int), height: try #require(before["height"] as? Int))
    try StillJob(
      source: PresetSource(origin: .file(fuber.path), parameters: ["backgroundColor": "#ff0000"]), moment: .time(1.5),
      size: OutputSize(requested: shown), outputPath: still.path
    ).run(environment: [:], log: { _ in })
    #expect(hash == Self.fingerprint(try PNGReader.read(still.path)), "the page shows still's frame with --param backgroundColor=#ff0000")
  }

  @Test("a font name typed wrong on the page is warned of above the controls; corrected, the warning goes")
  func fontWarning() throws {
    let page = try openPage("fuber")
    defer { page.close() }
    let (browser, session) = (page.browser, page.session)
    #expect(try browser.evaluate("document.getElementById('warnings').hidden", session: session) as? Bool == true)
    func type(_ font: String) throws {
      // As a hand types a name and leaves the field: its change event.
      _ = try browser.evaluate(
        """
        (() => {
          const field = document.querySelector('input[data-parameter="labelFont"]');
          field.value = '\(font)';
          field.dispatchEvent(new Event('change'));
        })()
        """, session: session)
    }
    try type("NoSuchFontFamilyAnywhere")
    let shown = try browser.waitUntil(
      "!document.getElementById('warnings').hidden", value: "document.getElementById('warnings').textContent", session: session)
    #expect((shown as? String)?.contains("font \"NoSuchFontFamilyAnywhere\" is not installed") == true, "\(shown ?? "nothing")")
    try type("Lato")
    _ = try browser.waitUntil(
      "document.getElementById('warnings').hidden && document.getElementById('frame').dataset.parameters === ''", session: session)
  }

  @Test("choosing a layer in the tree shows its inspect values at the time shown")
  func layerPanel() throws {
    let page = try openPage("fuber")
    defer { page.close() }
    let (browser, session) = (page.browser, page.session)
    _ = try scrub(browser, session: session, to: 1.5)
    _ = try browser.waitUntil(
      "document.querySelector('#layerTree button[data-layer=\"logo\"]') !== null", value: "true", session: session)
    _ = try browser.evaluate("document.querySelector('#layerTree button[data-layer=\"logo\"]').click()", session: session)
    let values = try browser.waitUntil(
      "document.getElementById('layerValues').dataset.layer === 'logo'", value: "document.getElementById('layerValues').textContent",
      session: session)
    let text = try #require(values as? String)
    let scene = try PresetSource(origin: .file(Self.presets.appendingPathComponent("fuber.json5").path)).load(environment: [:])
    #expect(text == Inspection.layer("logo", of: scene, at: 1.5), "\(text.prefix(200))")
  }
}
