import SplashCore
import SplashDocument

/// Lottie property objects that `--param` writes, for slots and key paths alike: a colour or a
/// number that does not animate, and a text document whose text is replaced.
enum LottieStaticValue {
  /// `{"a": 0, "k": [r, g, b, a]}`.
  static func color(_ color: Color) -> JSONValue {
    .object(["a": .number(0), "k": .array([color.red, color.green, color.blue, color.alpha].map(JSONValue.number))])
  }

  /// `{"a": 0, "k": number}`.
  static func number(_ number: Double) -> JSONValue {
    .object(["a": .number(0), "k": .number(number)])
  }

  /// `document` (a text document property: keyframes of `s` documents) with every keyframe's
  /// text set to `text`, each keeping its font, size and colour; `nil` when it holds none.
  static func text(_ text: String, in document: [String: JSONValue]) -> [String: JSONValue]? {
    guard case .array(let keyframes)? = document["k"], !keyframes.isEmpty else { return nil }
    var document = document
    document["k"] = .array(
      keyframes.map { keyframe in
        guard case .object(var frame) = keyframe, case .object(var fields)? = frame["s"] else { return keyframe }
        fields["t"] = .string(text)
        frame["s"] = .object(fields)
        return .object(frame)
      })
    return document
  }
}
