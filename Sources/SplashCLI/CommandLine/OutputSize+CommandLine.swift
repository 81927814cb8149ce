import SplashCore
import SplashOutput
import SplashRender

extension OutputSize {
  static let optionNames: Set<String> = ["size", "scale", "fit"]

  /// The size `--size`, `--scale` and `--fit` ask for (whether a video can take it is the
  /// job's check).
  init(_ values: [String: String], maximumSide: Int) throws {
    let requested = try values["size"].map { text throws(RenderOptionError) in try RenderOptionValue.size(text, maximumSide: maximumSide) }
    var scale = Self.defaultScale
    if let text = values["scale"] {
      guard requested == nil else { throw RenderOptionValue.sizeAndScale }
      scale = try RenderOptionValue.scale(text)
    }
    let fit = try values["fit"].map(RenderOptionValue.fit) ?? .contain
    self.init(requested: requested, scale: scale, fit: fit)
  }
}
