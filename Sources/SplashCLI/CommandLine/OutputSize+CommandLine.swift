import SplashCore
import SplashOutput
import SplashRender

extension OutputSize {
  static let optionNames: Set<String> = ["size", "scale", "fit"]

  /// The size `--size`, `--scale` and `--fit` ask for (whether a video can take it is the
  /// job's check).
  init(_ values: [String: String], maximumSide: Int) throws {
    let requested = try values["size"].map { try OptionParsing.size($0, option: "size", maximum: maximumSide) }
    var scale = Self.defaultScale
    if let text = values["scale"] {
      guard requested == nil else { throw UsageError("give either --size or --scale, not both") }
      scale = try Self.scale(text)
    }
    let fit = try values["fit"].map(Self.fit) ?? .contain
    self.init(requested: requested, scale: scale, fit: fit)
  }

  /// `--scale`: pixels per point, more than 0 and at most 16.
  static func scale(_ text: String) throws -> Double {
    guard DecimalText.isPlainDecimal(text), let value = Double(text), value > 0, value <= 16 else {
      throw UsageError("--scale \(text): expected pixels per point, more than 0 and at most 16")
    }
    return value
  }

  /// `--fit`: contain or cover.
  static func fit(_ text: String) throws -> Viewport.Fit {
    guard let value = Viewport.Fit(rawValue: text) else { throw UsageError("--fit \(text): expected contain or cover") }
    return value
  }
}
