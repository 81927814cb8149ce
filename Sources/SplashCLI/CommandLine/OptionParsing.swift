import Foundation
import SplashCore
import SplashOutput

/// Typed readers for option values, each failing with a usage error that names the option.
enum OptionParsing {
  /// A whole number written in plain digits, for a command's own option (`--jobs`, `--port`,
  /// `--frames`; render options are read by `RenderOptionValue`).
  ///
  /// `Int(_:)` alone would also take `+30` (and `-0` as 0): a sign no one writes in a count, so
  /// a stray character must not pass as part of the number.
  static func integer(_ text: String, option: String, range: ClosedRange<Int>) throws -> Int {
    guard DecimalText.isPlainWholeNumber(text), let value = Int(text), range.contains(value) else {
      throw UsageError("--\(option) \(text): expected a whole number from \(range.lowerBound) to \(range.upperBound)")
    }
    return value
  }

  /// Seconds written as a plain decimal: `2`, `2.5`, `.5` or `2.`.
  ///
  /// `Double(_:)` alone would also take `0x10` (16), `1e1`, `+1`, `nan` and `inf`: forms no one
  /// means as a time, so a typo there must not become a valid, different time.
  static func seconds(_ text: String, option: String) throws -> Double {
    guard DecimalText.isPlainDecimal(text), let value = Double(text), value <= TimeSelection.maximumSeconds else {
      throw UsageError("--\(option) \(text): expected seconds from 0 to 86400")
    }
    return value
  }

  /// A fraction from 0 to 1 written as a plain decimal (`0.5`, `.5`, `1`), as `--position` takes it.
  static func fraction(_ text: String, option: String) throws -> Double {
    guard DecimalText.isPlainDecimal(text), let value = Double(text), value <= 1 else {
      throw UsageError("--\(option) \(text): expected a fraction of one loop from 0 to 1, such as 0.5")
    }
    return value
  }

  /// A frame number, 0 or more, written as a plain decimal (`12`, `12.5`), as `--frame` takes it.
  static func frameNumber(_ text: String, option: String) throws -> Double {
    guard DecimalText.isPlainDecimal(text), let value = Double(text), value.isFinite else {
      throw UsageError("--\(option) \(text): expected a frame number, 0 or more, such as 12 or 12.5")
    }
    return value
  }

  /// One of a fixed list of words, or `nil` when the option was not given.
  static func choice(_ text: String?, option: String, from choices: [String]) throws -> String? {
    guard let text else { return nil }
    guard choices.contains(text) else {
      throw UsageError("--\(option) \(text): expected one of \(choices.joined(separator: ", "))")
    }
    return text
  }

  /// The moment `still` and `inspect` show: exactly one of `--time SECONDS`, `--position
  /// FRACTION` and `--frame N`, resolved against the scene once it is loaded.
  ///
  /// Two of them together are refused rather than one preferred: each names a moment, and a
  /// command line that names two has a mistake in it.
  static func timeSelection(_ values: [String: String]) throws -> TimeSelection {
    let given = TimeSelection.optionNames.filter { values[$0] != nil }
    switch (given.count, values["time"], values["position"], values["frame"]) {
    case (0, _, _, _): throw UsageError("give the scene time with --time SECONDS, --position FRACTION or --frame N")
    case (1, let text?, _, _): return .time(try seconds(text, option: "time"))
    case (1, _, let text?, _): return .position(try fraction(text, option: "position"))
    case (1, _, _, let text?): return .frame(try frameNumber(text, option: "frame"))
    case (2, _, _, _): throw UsageError("give either --\(given[0]) or --\(given[1]), not both")
    default: throw UsageError("give one of --time, --position or --frame, not all three")
    }
  }
}
