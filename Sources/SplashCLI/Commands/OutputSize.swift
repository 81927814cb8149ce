import SplashCore

/// The pixel size of a command's output.
///
/// Without `--size` the canvas is drawn at 2× (Retina), so a 375×667 pt canvas gives 750×1334
/// pixels. Video needs even sides for 4:2:0 chroma: an odd side of the default size is rounded
/// up to the next even number (the canvas stays centred at 2×, the background fills the extra
/// pixel), while an odd side given with `--size` is a usage error, since it was asked for.
enum OutputSize {
  static let defaultScale = 2.0

  /// Refuses an odd `--size` for video while the command line is parsed, before any file is read.
  static func checkEven(_ requested: (width: Int, height: Int)?) throws {
    guard let requested, requested.width % 2 != 0 || requested.height % 2 != 0 else { return }
    throw UsageError("--size \(requested.width)x\(requested.height): H.264 video needs an even width and height")
  }

  static func resolve(
    requested: (width: Int, height: Int)?, canvas: Size, requiresEven: Bool
  ) -> (width: Int, height: Int) {
    if let requested { return requested }
    var width = max(1, Int((canvas.width * defaultScale).rounded()))
    var height = max(1, Int((canvas.height * defaultScale).rounded()))
    if requiresEven {
      width += width % 2
      height += height % 2
    }
    return (width, height)
  }
}
