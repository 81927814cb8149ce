import SplashCore
import SplashModel

/// The part of an animation a render takes: from `--start` to `--end`, or a named segment
/// (`--segment NAME`: a Lottie file's marker, a preset's `clip.segments`); the whole loop of
/// the scene's clip window when none is given.
///
/// A bound names a moment as `still` does, resolved once the scene is read: seconds of scene
/// time (`1.5`), a frame of the document's own numbering (`f:30`), or a position in one loop
/// (`p:0.25`). The range becomes the clip window the loops repeat:
///
///     scene's clip  start ───────────────────────── start + cycle ── hold ──┤
///     --start p:0.25 --end p:0.75      ├──── range ────┤
///     the clip's window                start'          start' + cycle'   (no hold)
///
/// A range that ends where the scene's loop ends keeps the preset's `clip.hold`: its loops
/// still end on the final state held. One that ends earlier has none: its end is a moment in
/// the middle of the motion, and the loops run straight on.
public struct ClipRange: Sendable, Equatable {
  /// A bound as given, and the moment it names.
  public struct Bound: Sendable, Equatable {
    public var text: String
    public var moment: TimeSelection
  }

  public var start: Bound?
  public var end: Bound?
  public var segment: String?

  public init(start: Bound? = nil, end: Bound? = nil, segment: String? = nil) {
    self.start = start
    self.end = end
    self.segment = segment
  }

  /// Whether the whole loop is taken.
  public var isWhole: Bool { start == nil && end == nil && segment == nil }

  /// The clip window of this range of `scene`, and the scene time its final state shows at
  /// (what a `--hold-end` holds): the end itself, or for a document with frame numbers a
  /// thousandth of a frame before it, where a layer whose out point is the end still shows
  /// (as `still --position 1` shows it; see `TimeSelection.sceneTime(atPosition:in:)`).
  ///
  /// - Throws: `RenderOptionError` naming the bound at fault: a segment the document does not
  ///   name, a frame in a preset, a range outside the scene's loop or ending before it starts.
  public func window(in scene: Scene) throws(RenderOptionError) -> (clip: ClipWindow, finalTime: Double) {
    let clip = scene.clip
    let loopEnd = clip.start + clip.cycle
    let margin = TimeSelection.endMargin(of: scene)
    guard !isWhole else { return (clip, loopEnd - margin) }
    var from = clip.start
    var to = loopEnd
    if let segment {
      guard let found = scene.segments.first(where: { $0.name == segment }) else {
        let names = scene.segments.map(\.name)
        let listed =
          names.isEmpty
          ? "the animation names no segments (a Lottie file's markers, a preset's clip.segments)"
          : "its segments are \(names.joined(separator: ", "))"
        throw RenderOptionError(.segment, value: segment, [.text(": no segment of that name; \(listed)")])
      }
      guard found.end > found.start else {
        throw RenderOptionError(
          .segment, value: segment,
          [.text(": the marker has no length (dr 0); give the range with "), .option(.start), .text(" and "), .option(.end)])
      }
      (from, to) = (found.start, found.end)
    }
    if let start { from = try Self.time(of: start, .start, in: scene) }
    if let end { to = try Self.time(of: end, .end, in: scene) }
    let loop = "the animation's loop runs from \(Self.shown(clip.start)) to \(Self.shown(loopEnd)) s"
    for (option, bound, time) in [(RenderOption.start, start, from), (.end, end, to)] where time < clip.start || time > loopEnd {
      throw RenderOptionError(
        bound == nil ? .segment : option, value: bound?.text ?? segment,
        [.text(": \(Self.shown(time)) s is outside the animation; \(loop)")])
    }
    guard to > from else {
      throw RenderOptionError(
        end == nil ? .start : .end, value: end?.text ?? start?.text,
        [.text(": the range would run from \(Self.shown(from)) to \(Self.shown(to)) s; its end must come after its start")])
    }
    let keepsHold = to >= loopEnd
    return (ClipWindow(start: from, cycle: to - from, hold: keepsHold ? clip.hold : 0), to - margin)
  }

  /// The scene time a bound names; a frame only in a document with frame numbers.
  private static func time(of bound: Bound, _ option: RenderOption, in scene: Scene) throws(RenderOptionError) -> Double {
    switch bound.moment {
    case .time(let seconds): return seconds
    case .position(let fraction): return scene.clip.start + fraction * scene.clip.cycle
    case .frame(let number):
      guard let numbering = scene.frameNumbering else {
        throw RenderOptionError(
          option, value: bound.text, [.text(": presets count time in seconds, not frames; give seconds or p:POSITION")])
      }
      return numbering.sceneTime(ofFrame: number)
    }
  }

  private static func shown(_ seconds: Double) -> String { DecimalText.shortest((seconds * 1e6).rounded() / 1e6) }
}
