/// Where a shadow's blur runs and at what resolution, so its cost is bounded by what the frame
/// can show rather than by `shadowRadius`.
///
/// A shadow's pixels are the layer's alpha blurred with σ and moved by the offset. Only the
/// part that lands where it can be seen (`visible`, the clip moved back by the offset) is worth
/// computing, and a pixel there depends only on alpha within the kernel's reach (3σ) of it. So
/// the blurred area is that output and the reach around it: at most the visible area plus the
/// reach on each side.
///
/// A wide kernel also makes the result smooth on its own scale, so for σ of `exactSigmaLimit`
/// pixels or more the blur runs on the alpha averaged over k × k blocks, with σ/k, and Cairo
/// scales the result back up bilinearly (see `reducedSigma` for the variance this accounts
/// for). With k = σ / `reducedTargetSigma` the reduced area is at most the visible area / k
/// plus a margin of about 3 × `reducedTargetSigma` + 3 pixels a side, whatever σ is. Below the
/// limit the blur runs at full resolution, as before.
struct ShadowBlurPlan: Equatable {
  /// A rectangle of whole pixels: columns `x ..< x + width`, rows `y ..< y + height`.
  struct Region: Equatable {
    var x: Int
    var y: Int
    var width: Int
    var height: Int

    var maxX: Int { x + width }
    var maxY: Int { y + height }
    var area: Int { width * height }
    var isEmpty: Bool { width <= 0 || height <= 0 }

    /// The region grown by `margin` pixels on every side.
    func expanded(by margin: Int) -> Region {
      Region(x: x - margin, y: y - margin, width: width + 2 * margin, height: height + 2 * margin)
    }

    /// The pixels both regions hold, or `nil` when they share none.
    func intersection(_ other: Region) -> Region? {
      let left = max(x, other.x)
      let top = max(y, other.y)
      let result = Region(x: left, y: top, width: min(maxX, other.maxX) - left, height: min(maxY, other.maxY) - top)
      return result.isEmpty ? nil : result
    }

    /// The smallest region holding both.
    func union(_ other: Region) -> Region {
      let left = min(x, other.x)
      let top = min(y, other.y)
      return Region(x: left, y: top, width: max(maxX, other.maxX) - left, height: max(maxY, other.maxY) - top)
    }
  }

  /// From this σ (in pixels) on, the blur runs at a reduced resolution. Below it the result is
  /// exactly the full-resolution blur (the render goldens use σ of 4 and 8).
  static let exactSigmaLimit = 16.0
  /// σ at the reduced resolution: wide enough that bilinear scaling back up stays within about
  /// 0.2 % of the peak ((1/8) × (1/σ)² of it), small enough to keep the margin small.
  static let reducedTargetSigma = 8.0

  /// The pixels whose shadow is computed: the visible part of the blurred alpha's reach.
  let output: Region
  /// The pixels of the layer's alpha that reach the output.
  let source: Region
  /// The full-resolution area the blur covers: the output and the reach around it where the
  /// alpha spreads, rounded out to whole blocks (with one block more on every side when
  /// reduced, which bilinear scaling reads).
  let domain: Region
  /// The side of the blocks averaged into one pixel of the blurred image (1: full resolution).
  let factor: Int
  /// σ at the blurred image's resolution.
  let reducedSigma: Double

  /// The blurred image's size: the domain in blocks.
  var reducedWidth: Int { domain.width / factor }
  var reducedHeight: Int { domain.height / factor }
  /// The number of pixels blurred: what the blur's cost and memory are proportional to.
  var blurredPixelCount: Int { reducedWidth * reducedHeight }

  /// Plans the blur of the alpha inside `content` (the box of its non-transparent pixels) with
  /// σ = `sigma` pixels, for a shadow seen only within `visible`, both in the alpha's own pixel
  /// coordinates. `nil` when nothing of the shadow can be seen.
  init?(content: Region, visible: Region, sigma: Double) {
    // Beyond a σ of 10⁹ pixels even a whole 16384² frame of alpha spreads to under 10⁻⁹ a
    // pixel: nothing shows, and 3σ would no longer be a safe Int.
    guard !content.isEmpty, sigma.isFinite, sigma >= 0, sigma < 1e9 else { return nil }
    // The three box blurs reach 3σ (rounded up) plus a pixel; the Gaussian is below 0.5 % there.
    let reach = Int((3 * sigma).rounded(.up)) + 1
    guard let output = visible.intersection(content.expanded(by: reach)),
      let source = content.intersection(output.expanded(by: reach))
    else { return nil }
    self.output = output
    self.source = source
    // The three passes spread the alpha up to the reach before the later ones gather it back
    // into the output: cutting the domain at the output (or at the frame) would lose that
    // alpha and darken the shadow's edge wrongly. Beyond the content's reach all is zero.
    guard let needed = output.expanded(by: reach).intersection(content.expanded(by: reach)) else { return nil }
    if sigma < Self.exactSigmaLimit {
      factor = 1
      reducedSigma = sigma
      domain = needed
    } else {
      let factor = Int(sigma / Self.reducedTargetSigma)
      self.factor = factor
      // Averaging over a block adds (k² − 1)/12 ≈ k²/12 of variance (in full pixels), and
      // sampling followed by linear interpolation smooths like another k²/12 (its frequency
      // response is sinc², 1 − (ωk)²/12 + …): the reduced blur makes up the rest of σ².
      reducedSigma = (sigma * sigma / Double(factor * factor) - 1.0 / 6).squareRoot()
      let blocksWide = (needed.width + factor - 1) / factor + 2
      let blocksHigh = (needed.height + factor - 1) / factor + 2
      domain = Region(x: needed.x - factor, y: needed.y - factor, width: blocksWide * factor, height: blocksHigh * factor)
    }
  }
}
