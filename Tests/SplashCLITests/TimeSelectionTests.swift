import SplashCore
import SplashModel
import Testing

@testable import SplashCLI
@testable import SplashOutput

@Suite("--time, --position and --frame: parsing, and the scene time each names")
struct TimeSelectionTests {
  /// A scene the way a preset compiles: the clip starts at 0.9 s and loops every 3 s.
  private let preset = Scene(
    canvasSize: Size(width: 100, height: 100), backgroundColor: .black, layers: [], clip: ClipWindow(start: 0.9, cycle: 3))

  /// A scene the way a Lottie file with `fr` 30, `ip` 10 and `op` 70 compiles: one layer in
  /// the composition from `ip` to its out point `op`, fading in over the whole of it.
  private let lottie: Scene = {
    let start = 10.0 / 30
    let end = 70.0 / 30
    let fade = Animation.property(
      PropertyAnimation(
        keyPath: LayerPropertyRegistry.opacity.keyPath, timing: MediaTiming(beginTime: start, duration: end - start, fillMode: .forwards),
        values: .basic(from: .scalar(0), to: .scalar(1), by: nil), isRemovedOnCompletion: false))
    let layer = Layer(id: "dot", animations: [fade], lifetime: LayerLifetime(addedAt: start, removedAt: end))
    return Scene(
      canvasSize: Size(width: 100, height: 100), backgroundColor: .black, layers: [layer],
      clip: ClipWindow(start: start, cycle: end - start), frameNumbering: FrameNumbering(framesPerSecond: 30, firstFrame: 10))
  }()

  private func selection(_ values: [String: String]) throws -> TimeSelection {
    try OptionParsing.timeSelection(values)
  }

  private func usageMessage(_ body: () throws -> Any) -> String? {
    do {
      _ = try body()
      return nil
    } catch let error as UsageError {
      return error.message
    } catch {
      return "\(error)"
    }
  }

  @Test(
    "each option alone is read as a plain decimal",
    arguments: [
      (["time": "2.5"], TimeSelection.time(2.5)),
      (["position": "0.5"], .position(0.5)), (["position": ".5"], .position(0.5)), (["position": "1."], .position(1)),
      (["position": "0"], .position(0)), (["position": "1"], .position(1)),
      (["frame": "12"], .frame(12)), (["frame": "12.5"], .frame(12.5)), (["frame": "0"], .frame(0)),
    ])
  func parses(values: [String: String], expected: TimeSelection) throws {
    #expect(try selection(values) == expected)
  }

  @Test(
    "a position outside 0…1 or not a plain decimal names the option, what it takes and what it got",
    arguments: [
      "1.5", "half", "-0.5", "1e-1", "0x1", "nan", "inf", "+0.5", "", "0.5.5",
    ])
  func badPosition(text: String) {
    #expect(
      usageMessage { try selection(["position": text]) } == "--position \(text): expected a fraction of one loop from 0 to 1, such as 0.5")
  }

  @Test("a frame number must be a plain decimal, 0 or more", arguments: ["-1", "twelve", "1e3", "0x10", "inf"])
  func badFrame(text: String) {
    #expect(usageMessage { try selection(["frame": text]) } == "--frame \(text): expected a frame number, 0 or more, such as 12 or 12.5")
  }

  @Test(
    "two of the three together name both; none names all three",
    arguments: [
      (["time": "1", "position": "0.5"], "give either --time or --position, not both"),
      (["time": "1", "frame": "3"], "give either --time or --frame, not both"),
      (["position": "0.5", "frame": "3"], "give either --position or --frame, not both"),
      (["time": "1", "position": "0.5", "frame": "3"], "give one of --time, --position or --frame, not all three"),
      ([:], "give the scene time with --time SECONDS, --position FRACTION or --frame N"),
    ])
  func selectorCount(values: [String: String], message: String) {
    #expect(usageMessage { try selection(values) } == message)
  }

  @Test("a preset's position is start + P × cycle, and 1 is start + cycle itself")
  func presetPosition() throws {
    #expect(try TimeSelection.position(0).sceneTime(in: preset) == 0.9)
    #expect(try TimeSelection.position(0.5).sceneTime(in: preset) == 0.9 + 1.5)
    #expect(try TimeSelection.position(1).sceneTime(in: preset) == 0.9 + 3)
    #expect(try TimeSelection.time(1.25).sceneTime(in: preset) == 1.25)
  }

  @Test("--frame in a preset says presets count seconds")
  func frameInPreset() {
    #expect(
      usageMessage { try TimeSelection.frame(12).sceneTime(in: preset) }
        == "--frame 12: presets count time in seconds, not frames; use --time SECONDS or --position FRACTION")
  }

  @Test("--frame N in a document with frame numbers is N / fr seconds, fractions too")
  func frameInLottie() throws {
    #expect(try TimeSelection.frame(45).sceneTime(in: lottie) == 1.5)
    #expect(try TimeSelection.frame(12.5).sceneTime(in: lottie) == 12.5 / 30)
    #expect(try TimeSelection.frame(0).sceneTime(in: lottie) == 0)
    #expect(
      usageMessage { try TimeSelection.frame(3_000_000).sceneTime(in: lottie) }
        == "--frame 3000000: at 30 fps that is 100000 s into the scene; expected at most 86400 s")
  }

  @Test("a Lottie position of 1 shows what lottie-ios paused at its end shows: the layers ending at op, animations at their end")
  func lottieEnd() throws {
    let end = try TimeSelection.position(1).sceneTime(in: lottie)
    // A thousandth of a frame before op: not op itself, where the layer is gone ...
    #expect(end < 70.0 / 30 && abs(end - (70 - 0.001) / 30) < 1e-12)
    let dot = try #require(lottie.presentation(at: end).layer(withID: "dot"))
    #expect(!dot.properties.isHidden, "a layer whose out point is op shows at position 1")
    // ... and not frame op − 1 (lottie-web's stop), where the fade would still be at 59/60.
    #expect(dot.properties.opacity > 0.9999)
    #expect(lottie.presentation(at: 70.0 / 30).layer(withID: "dot")?.properties.isHidden == true, "at op itself the frame is empty")
  }

  @Test("Lottie positions run from ip to just before op, never past it")
  func lottiePositions() throws {
    #expect(try TimeSelection.position(0).sceneTime(in: lottie) == 10.0 / 30)
    #expect(try TimeSelection.position(0.5).sceneTime(in: lottie) == 10.0 / 30 + 1)
    let end = try TimeSelection.position(1).sceneTime(in: lottie)
    #expect(try TimeSelection.position(0.999_999_999_9).sceneTime(in: lottie) == end)
    #expect(try TimeSelection.position(0.99).sceneTime(in: lottie) < end)
  }
}
