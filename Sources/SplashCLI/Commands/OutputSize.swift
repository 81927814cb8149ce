import SplashCore
import SplashRender

/// The pixel size of a command's output and how the canvas fills it (`--size`, `--scale`,
/// `--fit`).
///
/// Without `--size` the canvas is drawn at `--scale` (default 2, Retina), so a 375×667 pt
/// canvas gives 750×1334 pixels. Video needs even sides for 4:2:0 chroma: an odd side of a
/// scaled size is rounded up to the next even number (the canvas stays centred at its scale,
/// the background fills the extra pixel), while an odd `--size` is a usage error, since it was
/// asked for.
struct OutputSize {
  static let defaultScale = 2.0
  static let optionNames: Set<String> = ["size", "scale", "fit"]

  var requested: (width: Int, height: Int)?
  var scale: Double
  var fit: Viewport.Fit

  init(_ values: [String: String], maximumSide: Int, requiresEven: Bool) throws {
    requested = try values["size"].map { try OptionParsing.size($0, option: "size", maximum: maximumSide) }
    if let text = values["scale"] {
      guard requested == nil else { throw UsageError("give either --size or --scale, not both") }
      guard OptionParsing.isPlainDecimal(text), let value = Double(text), value > 0, value <= 16 else {
        throw UsageError("--scale \(text): expected pixels per point, more than 0 and at most 16")
      }
      scale = value
    } else {
      scale = Self.defaultScale
    }
    if let text = values["fit"] {
      guard let value = Viewport.Fit(rawValue: text) else {
        throw UsageError("--fit \(text): expected contain or cover")
      }
      fit = value
    } else {
      fit = .contain
    }
    if requiresEven, let requested, requested.width % 2 != 0 || requested.height % 2 != 0 {
      throw UsageError("--size \(requested.width)x\(requested.height): video needs an even width and height")
    }
  }

  /// The pixel size for a canvas.
  func resolve(canvas: Size, requiresEven: Bool) -> (width: Int, height: Int) {
    if let requested { return requested }
    var width = max(1, Int((canvas.width * scale).rounded()))
    var height = max(1, Int((canvas.height * scale).rounded()))
    if requiresEven {
      width += width % 2
      height += height % 2
    }
    return (width, height)
  }
}
