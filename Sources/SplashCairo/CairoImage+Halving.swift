import CCairo
import SplashRender

/// Smaller copies of an image, for drawing it at half its size or less.
///
/// A bilinear filter reads the 2 × 2 pixels around each point it samples, so it sees every
/// pixel of an image drawn at half size or more, and skips pixels below that: a small picture
/// of a large image flickers as it moves. Cairo's `CAIRO_FILTER_GOOD` averages a box of pixels
/// for each point instead, a convolution that took three quarters of the drawing time of a
/// Lottie illustration drawn at a third of its size. Graphics processors solve this with
/// mipmaps, each level half the size of the one before; the image is drawn bilinearly from the
/// level at which it is shrunk by less than 2.
///
/// Core Animation's default `minificationFilter` is `linear`, without mipmaps (the
/// `CALayer.minificationFilter` reference); its `trilinear` makes them. splashvid draws every
/// image shrunk below half as `trilinear` would, smoother than that default, as it drew them
/// with Cairo's box filter before: a marketing clip is often a large artwork made small.
extension CairoImage {
  /// The image halved `count` times (itself for 0), each halving made once and kept until the
  /// pixels change; then made again in the same memory (a video's frames).
  ///
  /// Each pixel of a halving is the rounded mean of 2 × 2 premultiplied pixels; an odd last
  /// row or column is paired with itself, so level pixel `i` stands for pixels `2i` and
  /// `2i + 1` exactly and the levels line up with the image at any scale.
  func halved(_ count: Int) throws -> CairoImage {
    guard count > 0 else { return self }
    while currentHalvings < count {
      let source = currentHalvings == 0 ? self : halvings[currentHalvings - 1]
      if currentHalvings < halvings.count {
        halvings[currentHalvings].fill(halving: source)
      } else {
        halvings.append(try CairoImage(halving: source))
      }
      currentHalvings += 1
    }
    return halvings[count - 1]
  }

  /// How many halvings to draw from when one image pixel spans `devicePixels` on the more
  /// shrunk axis: the fewest after which a level pixel spans at least half a device pixel, and
  /// never below a 1-pixel level.
  func halvingCount(forDevicePixelsPerImagePixel devicePixels: Double) -> Int {
    var count = 0
    var span = devicePixels
    var side = min(width, height)
    while span < 0.5, side > 1 {
      span *= 2
      side = (side + 1) / 2
      count += 1
    }
    return count
  }

  /// Half of `source` in each direction (rounded up), each pixel the mean of the 2 × 2 it
  /// covers.
  convenience init(halving source: CairoImage) throws {
    let width = (source.width + 1) / 2
    let height = (source.height + 1) / 2
    guard let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height)),
      cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS
    else {
      throw RenderError(stage: "reducing an image", message: "cannot allocate a \(width)x\(height) surface")
    }
    self.init(surface: surface, width: width, height: height)
    fill(halving: source)
  }

  /// Writes the halving of `source`, whose size halved (rounded up) is this image's.
  private func fill(halving source: CairoImage) {
    precondition(width == (source.width + 1) / 2 && height == (source.height + 1) / 2, "a halving's size")
    let from = source.pixels
    let to = pixels
    let lastColumn = source.width - 1
    for row in 0..<height {
      let top = from.argbRow(2 * row)
      let below = from.argbRow(min(2 * row + 1, source.height - 1))
      let written = to.argbRow(row)
      for column in 0..<width {
        let left = 2 * column
        let right = min(left + 1, lastColumn)
        written[column] = Self.mean(top[left], top[right], below[left], below[right])
      }
    }
    to.markDirty()
  }

  /// The rounded mean of four ARGB32 pixels, channel by channel: the even and odd channels
  /// are summed two at a time in 16-bit lanes, where four bytes cannot overflow.
  static func mean(_ a: UInt32, _ b: UInt32, _ c: UInt32, _ d: UInt32) -> UInt32 {
    let lanes: UInt32 = 0x00FF_00FF
    let even = (a & lanes) &+ (b & lanes) &+ (c & lanes) &+ (d & lanes) &+ 0x0002_0002
    let odd = ((a >> 8) & lanes) &+ ((b >> 8) & lanes) &+ ((c >> 8) & lanes) &+ ((d >> 8) & lanes) &+ 0x0002_0002
    return ((even >> 2) & lanes) | (((odd >> 2) & lanes) << 8)
  }
}
