/// A render option, one name whatever front end gives it: `--fps` on the command line, the
/// `fps` column of a manifest row, `fps` in the preview's export.
///
/// A refusal names the option neutrally (`RenderOptionError`) and each front end words it in
/// its own spelling, so a rule is written once, in `RenderJob`'s check.
public enum RenderOption: String, Sendable, Hashable, CaseIterable {
  case format
  case loops
  case framesPerSecond
  case size
  case scale
  case fit
  case transparent
  case audio
  case constantRateFactor
  case encoderPreset
  case tune
  case poster
  case workers
  case target
  /// Where the clip starts and ends in the animation: seconds, `f:N` or `p:P` (`ClipRange`).
  case start
  case end
  /// A named part of the animation: a Lottie marker, a preset's segment.
  case segment
  /// Seconds of the first frame before the loops, and of the final state after them.
  case holdStart
  case holdEnd
  /// What shows behind the animation: a colour, an image and how the image fills the frame.
  /// Seconds the sound fades in and out.
  case audioFade
  case background
  case backgroundImage
  case backgroundFit
  /// A preset's parameters, `NAME=VALUE` each.
  case parameters
  /// A file the frames go to.
  case output

  /// The option's name on the command line, without its dashes: `fps`, `crf`, `x264-preset`.
  public var commandLineName: String {
    switch self {
    case .framesPerSecond: "fps"
    case .constantRateFactor: "crf"
    case .encoderPreset: "x264-preset"
    case .parameters: "param"
    case .holdStart: "hold-start"
    case .holdEnd: "hold-end"
    case .audioFade: "audio-fade"
    case .backgroundImage: "background-image"
    case .backgroundFit: "background-fit"
    default: rawValue
    }
  }

  /// The option whose command-line name is `name` (`fps`, `x264-preset`, `output`).
  public init?(commandLineName name: String) {
    guard let option = Self.allCases.first(where: { $0.commandLineName == name }) else { return nil }
    self = option
  }

  /// The command line's spelling: `--fps`, and `-o` for an output.
  public var flag: String { self == .output ? "-o" : "--" + commandLineName }
}

/// A value, or a combination of values, a render refuses: the option at fault, its value as
/// given, and what is wrong, in parts that may name other options; each front end words it.
///
///     option   value   problem
///     fps      60      ": a GIF plays at most 50 frames a second; use " + (fps "50") + " or less, …"
///     → command line: --fps 60: a GIF plays … use --fps 50 or less, …
///     → manifest row: fps 60: a GIF plays … use fps 50 or less, …
public struct RenderOptionError: Error, Sendable, Equatable, CustomStringConvertible {
  /// A piece of the problem's text.
  public enum Part: Sendable, Equatable {
    case text(String)
    /// Another option, by name.
    case option(RenderOption)
    /// Another option with a value: `--fps 50`.
    case value(RenderOption, String)
  }

  public var option: RenderOption
  /// The value as given; `nil` for a flag (`--transparent`).
  public var value: String?
  /// What is wrong, starting with its separator (`": expected …"`, `" needs …"`).
  public var problem: [Part]

  public init(_ option: RenderOption, value: String? = nil, _ problem: [Part]) {
    self.option = option
    self.value = value
    self.problem = problem
  }

  /// The message, each option named by `name`.
  public func worded(naming name: (RenderOption) -> String) -> String {
    // An empty value is said as none: `format: expected …`, not `format : expected …`.
    let head = name(option) + (value.flatMap { $0.isEmpty ? nil : " \($0)" } ?? "")
    return head
      + problem.map { part in
        switch part {
        case .text(let text): text
        case .option(let option): name(option)
        case .value(let option, let value): "\(name(option)) \(value)"
        }
      }.joined()
  }

  /// The message in the command line's spelling, the library's own.
  public var description: String { worded(naming: \.flag) }
}
