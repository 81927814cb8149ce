/// Typed readers for option values, each failing with a usage error that names the option.
enum OptionParsing {
  static func integer(_ text: String, option: String, range: ClosedRange<Int>) throws -> Int {
    guard let value = Int(text), range.contains(value) else {
      throw UsageError("--\(option) \(text): expected a whole number from \(range.lowerBound) to \(range.upperBound)")
    }
    return value
  }

  /// Seconds written as a plain decimal: `2`, `2.5`, `.5` or `2.`.
  ///
  /// `Double(_:)` alone would also take `0x10` (16), `1e1`, `+1`, `nan` and `inf`: forms no one
  /// means as a time, so a typo there must not become a valid, different time.
  static func seconds(_ text: String, option: String) throws -> Double {
    guard isPlainDecimal(text), let value = Double(text), value <= 86_400 else {
      throw UsageError("--\(option) \(text): expected seconds from 0 to 86400")
    }
    return value
  }

  /// Whether `text` is ASCII digits with at most one `.` among them, and at least one digit.
  static func isPlainDecimal(_ text: String) -> Bool {
    let bytes = Array(text.utf8)
    let digits = bytes.filter { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }.count
    let points = bytes.filter { $0 == UInt8(ascii: ".") }.count
    return digits > 0 && points <= 1 && digits + points == bytes.count
  }

  /// One of a fixed list of words, or `nil` when the option was not given.
  static func choice(_ text: String?, option: String, from choices: [String]) throws -> String? {
    guard let text else { return nil }
    guard choices.contains(text) else {
      throw UsageError("--\(option) \(text): expected one of \(choices.joined(separator: ", "))")
    }
    return text
  }

  /// The required `--time SECONDS` of `still` and `inspect`: scene time since the animation starts.
  static func sceneTime(_ values: [String: String]) throws -> Double {
    guard let text = values["time"] else { throw UsageError("give the scene time with --time SECONDS") }
    return try seconds(text, option: "time")
  }

  /// A pixel size written `WIDTHxHEIGHT`.
  static func size(_ text: String, option: String, maximum: Int) throws -> (width: Int, height: Int) {
    let parts = text.split(separator: "x", omittingEmptySubsequences: false)
    guard parts.count == 2, let width = Int(parts[0]), let height = Int(parts[1]),
      (1...maximum).contains(width), (1...maximum).contains(height)
    else {
      throw UsageError("--\(option) \(text): expected WIDTHxHEIGHT in pixels, each from 1 to \(maximum)")
    }
    return (width, height)
  }
}
