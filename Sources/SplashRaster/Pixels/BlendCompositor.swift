import SplashCore

/// Lays a premultiplied picture or colour onto a premultiplied picture with a separable blend
/// mode (multiply, screen), through an 8-bit coverage mask or at a uniform opacity.
///
/// Lottie layers ask for blend modes (`bm`), and Core Animation's `compositingFilter` names the
/// same ones. pixman has no fast path for them: it fetches each row of source, mask and
/// destination into scratch buffers and runs a scalar combiner that spends some 150
/// instructions on a pixel, so a full-frame multiply cost more than everything else in a
/// frame. This compositor does the same arithmetic two pixels at a time and skips what the
/// mode leaves unchanged.
///
/// The arithmetic is pixman's to the bit, so a frame is the same whichever of the two lays it.
/// The source is first multiplied by the mask's coverage (or the opacity). Then, per channel
/// (alpha included), with `s` and `d` the source and destination channels, `sα` and `dα` their
/// alphas, and × a product of two 8-bit values divided by 255 and rounded as pixman rounds
/// ((t + t / 256) / 256 with t = a × b + 128), each sum saturating at 255:
///
///     multiply   (s × (255 − dα) + d × (255 − sα)) + s × d      (pixman's combine_multiply_u)
///     screen     s + d − s × d                                  (the PDF formula 255·(s + d) − s·d, over 255)
///
/// A transparent source pixel leaves the destination as it was in both modes, so rows are
/// visited only where the source and the mask overlap the clip.
public enum BlendCompositor {
  /// The separable blend modes laid here; the others are left to Cairo.
  public enum Mode: Sendable {
    case multiply, screen
  }

  /// What is laid: a picture, or one colour everywhere.
  public enum Source {
    case pixels(PixelPlane<UInt32>)
    case color(UInt32)
  }

  /// How much of the source is laid: a coverage mask (nothing outside it), or the same share
  /// everywhere (255: all of it).
  public enum Share {
    case coverage(PixelPlane<UInt8>)
    case uniform(UInt8)
  }

  /// Lays `source` onto the destination's pixels in `columns` × `rows` with `mode`, through
  /// `share`. Pixels outside the source picture or the coverage mask are not touched.
  public static func composite(
    _ mode: Mode, source: Source, share: Share, onto destination: UnsafeMutablePointer<UInt32>,
    pixelsPerRow destinationPixelsPerRow: Int, columns: Range<Int>, rows: Range<Int>
  ) {
    var columns = columns
    var rows = rows
    if case .pixels(let picture) = source {
      columns = columns.clamped(to: picture.columns)
      rows = rows.clamped(to: picture.rows)
    }
    if case .coverage(let mask) = share {
      columns = columns.clamped(to: mask.columns)
      rows = rows.clamped(to: mask.rows)
    }
    if case .uniform(0) = share { return }
    guard !columns.isEmpty, !rows.isEmpty else { return }
    switch mode {
    case .multiply:
      composite(source: source, share: share, onto: destination, pixelsPerRow: destinationPixelsPerRow, columns: columns, rows: rows) {
        multiply($0, onto: $1)
      }
    case .screen:
      composite(source: source, share: share, onto: destination, pixelsPerRow: destinationPixelsPerRow, columns: columns, rows: rows) {
        screen($0, onto: $1)
      }
    }
  }

  /// Walks the rows two pixels at a time, handing `blend` each pair of shared source pixels
  /// and the destination pair below them in 16-bit lanes.
  @inline(__always)
  private static func composite(
    source: Source, share: Share, onto destination: UnsafeMutablePointer<UInt32>, pixelsPerRow: Int,
    columns: Range<Int>, rows: Range<Int>, blend: (SIMD8<UInt16>, SIMD8<UInt16>) -> SIMD8<UInt16>
  ) {
    let uniformShare: UInt16
    if case .uniform(let value) = share { uniformShare = UInt16(value) } else { uniformShare = 255 }
    let uniformShares = SIMD8<UInt16>(repeating: uniformShare)
    for y in rows {
      let target = UnsafeMutableRawPointer(destination + y * pixelsPerRow)
      var sourceRow: UnsafeRawPointer?
      var colorPair: UInt64 = 0
      switch source {
      case .pixels(let picture):
        sourceRow = UnsafeRawPointer(picture.base + (y - picture.top) * picture.elementsPerRow - picture.left)
      case .color(let color):
        colorPair = UInt64(color) | UInt64(color) << 32
      }
      var coverageRow: UnsafePointer<UInt8>?
      if case .coverage(let mask) = share {
        coverageRow = mask.base + (y - mask.top) * mask.elementsPerRow - mask.left
      }
      var x = columns.lowerBound
      while x < columns.upperBound {
        let isPair = x &+ 1 < columns.upperBound
        var pixels = colorPair
        if let sourceRow {
          pixels =
            isPair
            ? sourceRow.loadUnaligned(fromByteOffset: 4 &* x, as: UInt64.self)
            : UInt64(sourceRow.loadUnaligned(fromByteOffset: 4 &* x, as: UInt32.self))
        }
        var shares = uniformShares
        var isShared = uniformShare != 255
        if let coverageRow {
          let first = UInt64(coverageRow[x])
          let second = isPair ? UInt64(coverageRow[x &+ 1]) : 0
          if first | second == 0 {
            x &+= 2
            continue
          }
          shares = unsafeBitCast(
            SIMD2<UInt64>(first &* 0x0001_0001_0001_0001, second &* 0x0001_0001_0001_0001), to: SIMD8<UInt16>.self)
          // Comparing whole vectors is done lane by lane here; the two bytes are compared instead.
          isShared = first & (isPair ? second : 255) != 255
        }
        if !isPair { pixels &= 0xFFFF_FFFF }
        if pixels == 0 {
          x &+= 2
          continue
        }
        var laid = PixelLanes.widened(pixels)
        if isShared { laid = multiply(laid, shares) }
        if isPair {
          let below = PixelLanes.widened(target.loadUnaligned(fromByteOffset: 4 &* x, as: UInt64.self))
          target.storeBytes(of: PixelLanes.narrowed(blend(laid, below)), toByteOffset: 4 &* x, as: UInt64.self)
        } else {
          let below = PixelLanes.widened(UInt64(target.loadUnaligned(fromByteOffset: 4 &* x, as: UInt32.self)))
          let result = PixelLanes.narrowed(blend(laid, below))
          target.storeBytes(of: UInt32(truncatingIfNeeded: result), toByteOffset: 4 &* x, as: UInt32.self)
        }
        x &+= 2
      }
    }
  }

  /// pixman's multiply: (s × (255 − dα) + d × (255 − sα)) + s × d, each sum saturated.
  @inline(__always)
  static func multiply(_ source: SIMD8<UInt16>, onto below: SIMD8<UInt16>) -> SIMD8<UInt16> {
    let outside = saturated(
      multiply(source, 255 &- alphas(of: below)) &+ multiply(below, 255 &- alphas(of: source)))
    return saturated(multiply(below, source) &+ outside)
  }

  /// pixman's screen: s + d − s × d (never above 255 for premultiplied channels).
  @inline(__always)
  static func screen(_ source: SIMD8<UInt16>, onto below: SIMD8<UInt16>) -> SIMD8<UInt16> {
    source &+ below &- multiply(source, below)
  }

  /// Each pixel's alpha in its four lanes.
  @inline(__always)
  static func alphas(of lanes: SIMD8<UInt16>) -> SIMD8<UInt16> {
    // A shuffle of each half: baseline x86-64 has no 64-bit lane multiply to broadcast with.
    SIMD8<UInt16>(lanes[3], lanes[3], lanes[3], lanes[3], lanes[7], lanes[7], lanes[7], lanes[7])
  }

  /// Lanes of at most 510 clamped to 255, without comparing lanes: a sum above 255 has its
  /// ninth bit set, and 0 − 1 sets all of its low byte.
  @inline(__always)
  static func saturated(_ sums: SIMD8<UInt16>) -> SIMD8<UInt16> {
    (sums | (0 &- (sums &>> 8))) & 255
  }

  /// Each lane (0–255) times the same lane of `factors` (0–255), divided by 255 and rounded as
  /// pixman rounds.
  @inline(__always)
  static func multiply(_ lanes: SIMD8<UInt16>, _ factors: SIMD8<UInt16>) -> SIMD8<UInt16> {
    let product = lanes &* factors &+ 128
    return (product &+ (product &>> 8)) &>> 8
  }
}
