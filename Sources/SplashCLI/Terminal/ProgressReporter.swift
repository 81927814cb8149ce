import Foundation
import SplashOutput

/// Reports a render's progress on stderr.
///
/// - `bar` (the default when stderr is a terminal): one line redrawn in place with frames,
///   frames per second and the time left.
/// - `json`: one object per line, `{"frame":120,"frames":540,"fps":61.2,"eta":6.9}`, for
///   other programs.
/// - `none` (the default when stderr is not a terminal): nothing.
final class ProgressReporter: RenderProgress {
  enum Style: String, CaseIterable {
    case bar, json, none
  }

  private let style: Style
  private var total = 0
  private var started = Date()
  private var lastReport = Date.distantPast

  init(style: Style?) {
    self.style = style ?? (isatty(STDERR_FILENO) == 1 ? .bar : .none)
  }

  /// Starts the clock for a render of `frames` frames.
  func start(frames: Int) {
    total = frames
    started = Date()
  }

  /// Called after each frame; throttled to about ten reports a second (always the last one).
  func update(_ done: Int) {
    guard style != .none else { return }
    let now = Date()
    guard done == total || now.timeIntervalSince(lastReport) >= 0.1 else { return }
    lastReport = now
    let elapsed = max(now.timeIntervalSince(started), 1e-6)
    let fps = Double(done) / elapsed
    let remaining = fps > 0 ? Double(total - done) / fps : 0
    switch style {
    case .json:
      write(String(format: "{\"frame\":%d,\"frames\":%d,\"fps\":%.1f,\"eta\":%.1f}\n", done, total, fps, remaining))
    case .bar:
      let width = 30
      let filled = total > 0 ? width * done / total : width
      let bar = String(repeating: "█", count: filled) + String(repeating: "·", count: width - filled)
      write(String(format: "\r%@ %d/%d frames  %.1f fps  %@ left ", bar, done, total, fps, Self.clock(remaining)))
    case .none:
      break
    }
  }

  /// Ends the bar's line so later messages start on a line of their own.
  func finish() {
    if style == .bar { write("\n") }
  }

  /// Writes without escaping (the bar's `\r` redraws it) and without failing: a closed or
  /// full stderr must not stop the render (`StandardStream`).
  private func write(_ text: String) {
    StandardStream.error.write(text)
  }

  private static func clock(_ seconds: Double) -> String {
    let whole = Int(seconds.rounded())
    return String(format: "%d:%02d", whole / 60, whole % 60)
  }
}
