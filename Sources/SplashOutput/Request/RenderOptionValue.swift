import SplashCore
import SplashEncode
import SplashPresets
import SplashRender

/// A render option's value read from text: one rule and one message per option, whatever
/// front end gives it (the command line, a manifest row, the preview's export), each wording
/// the refusal in its own spelling (`RenderOptionError`).
///
/// Numbers are plain digits (a decimal point where fractions make sense): `Int(_:)` and
/// `Double(_:)` alone would also take `+30`, `1e1`, `0x10` and `nan`, forms no one means, so a
/// typo must not pass as a different valid value.
public enum RenderOptionValue {
  /// The most render workers.
  public static let maximumWorkers = 64

  /// `loops`: whole loops of the clip, 1 to `RenderJob.maximumLoops`.
  public static func loops(_ text: String) throws(RenderOptionError) -> Int {
    try wholeNumber(text, .loops, in: 1...RenderJob.maximumLoops)
  }

  /// `fps`: frames a second, as the encoders take them.
  public static func framesPerSecond(_ text: String) throws(RenderOptionError) -> Int {
    try wholeNumber(text, .framesPerSecond, in: VideoSettings.frameRateRange)
  }

  /// `crf`: the rate factor, 0 (best) to 51 (smallest).
  public static func constantRateFactor(_ text: String) throws(RenderOptionError) -> Int {
    try wholeNumber(text, .constantRateFactor, in: 0...51)
  }

  /// `workers`: render workers, 1 to `maximumWorkers`.
  public static func workers(_ text: String) throws(RenderOptionError) -> Int {
    try wholeNumber(text, .workers, in: 1...maximumWorkers)
  }

  /// `x264-preset`: one of x264's (and x265's) presets.
  public static func encoderPreset(_ text: String) throws(RenderOptionError) -> String {
    try choice(text, .encoderPreset, from: VideoSettings.encoderPresets)
  }

  /// `tune`: one of x264's tunings, or `none`.
  public static func tune(_ text: String) throws(RenderOptionError) -> String {
    try choice(text, .tune, from: VideoSettings.tunes)
  }

  /// `size`: `WIDTHxHEIGHT` in pixels, each side from 1 to `maximumSide`.
  public static func size(_ text: String, maximumSide: Int) throws(RenderOptionError) -> PixelSize {
    guard let size = PixelSize(text: text, maximumSide: maximumSide) else {
      throw RenderOptionError(.size, value: text, [.text(": expected WIDTHxHEIGHT in pixels, each from 1 to \(maximumSide)")])
    }
    return size
  }

  /// `scale`: pixels per point, more than 0 and at most 16.
  public static func scale(_ text: String) throws(RenderOptionError) -> Double {
    guard DecimalText.isPlainDecimal(text), let value = Double(text), value > 0, value <= 16 else {
      throw RenderOptionError(.scale, value: text, [.text(": expected pixels per point, more than 0 and at most 16")])
    }
    return value
  }

  /// `fit` (and `background-fit`): contain or cover.
  public static func fit(_ text: String) throws(RenderOptionError) -> Viewport.Fit {
    try fit(text, .fit)
  }

  public static func fit(_ text: String, _ option: RenderOption) throws(RenderOptionError) -> Viewport.Fit {
    guard let value = Viewport.Fit(rawValue: text) else {
      throw RenderOptionError(option, value: text, [.text(": expected contain or cover")])
    }
    return value
  }

  /// `audio-fade`: seconds of the fade in and the fade out, `S` for both or `IN,OUT`.
  public static func audioFade(_ text: String) throws(RenderOptionError) -> (in: Double, out: Double) {
    let parts = text.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
    let seconds = parts.compactMap { part -> Double? in
      guard DecimalText.isPlainDecimal(part), let value = Double(part), value <= 60 else { return nil }
      return value
    }
    guard (1...2).contains(parts.count), seconds.count == parts.count else {
      throw RenderOptionError(
        .audioFade, value: text, [.text(": expected seconds from 0 to 60, one for both fades or IN,OUT (0.5,2)")])
    }
    return (seconds[0], seconds.count == 2 ? seconds[1] : seconds[0])
  }

  /// `background`: a colour as a preset writes one (`ColorText`).
  public static func color(_ text: String, _ option: RenderOption) throws(RenderOptionError) -> Color {
    guard let color = ColorText.color(text) else {
      throw RenderOptionError(option, value: text, [.text(": expected \(ColorText.expected)")])
    }
    return color
  }

  /// `background-image`: a file's path, not empty (whether it is an image is known once it is read).
  public static func file(_ text: String, _ option: RenderOption) throws(RenderOptionError) -> String {
    guard !text.isEmpty else { throw RenderOptionError(option, [.text(": expected an image file (PNG, JPEG, WebP or GIF)")]) }
    return text
  }

  /// `poster`: seconds from the clip's start, a plain decimal.
  public static func poster(_ text: String) throws(RenderOptionError) -> Double {
    guard DecimalText.isPlainDecimal(text), let value = Double(text), value <= TimeSelection.maximumSeconds else {
      throw RenderOptionError(.poster, value: text, [.text(": expected seconds from 0 to 86400")])
    }
    return value
  }

  /// `start` and `end`: a moment as `still` names one, with a prefix for what is not seconds:
  /// `1.5` (seconds of scene time), `f:30` (a frame of the document's numbering), `p:0.25`
  /// (a position in one loop, 0 to 1).
  public static func moment(_ text: String, _ option: RenderOption) throws(RenderOptionError) -> ClipRange.Bound {
    let expected = RenderOptionError(
      option, value: text, [.text(": expected seconds (1.5), a frame f:N (f:30) or a position p:P from 0 to 1 (p:0.25)")])
    let (prefix, number) = text.hasPrefix("f:") || text.hasPrefix("p:") ? (text.prefix(2), String(text.dropFirst(2))) : ("", text)
    guard DecimalText.isPlainDecimal(number), let value = Double(number), value.isFinite else { throw expected }
    switch prefix {
    case "f:":
      return ClipRange.Bound(text: text, moment: .frame(value))
    case "p:":
      guard value <= 1 else { throw expected }
      return ClipRange.Bound(text: text, moment: .position(value))
    default:
      guard value <= TimeSelection.maximumSeconds else { throw expected }
      return ClipRange.Bound(text: text, moment: .time(value))
    }
  }

  /// `segment`: a name, not empty.
  public static func segment(_ text: String) throws(RenderOptionError) -> String {
    guard !text.isEmpty else { throw RenderOptionError(.segment, [.text(": expected the name of a marker or segment")]) }
    return text
  }

  /// The longest hold: an hour, as a preset's `clip.hold`.
  public static let maximumHold = 3_600.0

  /// `hold-start` and `hold-end`: seconds, a plain decimal from 0 to `maximumHold`.
  public static func hold(_ text: String, _ option: RenderOption) throws(RenderOptionError) -> Double {
    guard DecimalText.isPlainDecimal(text), let value = Double(text), value <= maximumHold else {
      throw RenderOptionError(option, value: text, [.text(": expected seconds from 0 to 3600")])
    }
    return value
  }

  /// `format`: one of `choices` (the video formats on the command line; a batch adds `gif`, the
  /// preview's export `gif` and `png`).
  public static func formatName(_ text: String, among choices: [String]) throws(RenderOptionError) -> String {
    try choice(text, .format, from: choices)
  }

  /// The names of the video formats.
  public static let videoFormatNames = VideoFormat.allCases.map(\.rawValue)

  /// `format` on the command line: a video format by name (a GIF is told by its extension).
  public static func videoFormat(_ text: String) throws(RenderOptionError) -> VideoFormat {
    guard let format = VideoFormat(rawValue: text) else {
      throw RenderOptionError(.format, value: text, [.text(": expected one of \(videoFormatNames.joined(separator: ", "))")])
    }
    return format
  }

  /// `param`: `NAME=VALUE`, split at the first `=` (a value may hold more); the name is not empty.
  public static func parameter(_ assignment: String) throws(RenderOptionError) -> (name: String, value: String) {
    guard let equals = assignment.firstIndex(of: "="), equals != assignment.startIndex else {
      throw RenderOptionError(.parameters, value: assignment, [.text(": expected NAME=VALUE")])
    }
    return (String(assignment[..<equals]), String(assignment[assignment.index(after: equals)...]))
  }

  /// `size` and `scale` together: each sets the frame's size.
  public static let sizeAndScale = RenderOptionError(.size, [.text(" or "), .option(.scale), .text(": give one of them, not both")])

  private static func wholeNumber(_ text: String, _ option: RenderOption, in range: ClosedRange<Int>) throws(RenderOptionError)
    -> Int
  {
    guard DecimalText.isPlainWholeNumber(text), let value = Int(text), range.contains(value) else {
      throw RenderOptionError(option, value: text, [.text(": expected a whole number from \(range.lowerBound) to \(range.upperBound)")])
    }
    return value
  }

  private static func choice(_ text: String, _ option: RenderOption, from choices: [String]) throws(RenderOptionError) -> String {
    guard choices.contains(text) else {
      throw RenderOptionError(option, value: text, [.text(": expected one of \(choices.joined(separator: ", "))")])
    }
    return text
  }
}
