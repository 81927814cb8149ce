import SplashCore

/// Lays one colour over a premultiplied picture through an 8-bit coverage mask, visiting only
/// the mask's ink runs.
///
/// This is how a group painted in one colour is composited (`DisplayNode.uniformInk`): fuber's
/// resting lattice tiles are kept as alpha-only groups, and each frame they are laid down
/// again at the tile's new opacity. pixman walks every byte of a group's box, nine tenths of
/// which are empty for a lattice tile, and then waits on each row of the frame it lands on;
/// this compositor visits the runs and asks for the frame's rows ahead (`CachePrefetch`).
///
/// The arithmetic is pixman's `over` with a solid source and an 8-bit mask, to the bit, so a
/// frame is the same whichever of the two composites it: each channel of the colour is
/// multiplied by the coverage, then laid over the destination (source + destination ×
/// (255 − source alpha)); each product of two 8-bit values is rounded as pixman rounds it,
/// (t + t / 256) / 256 with t = a × b + 128, and the sum saturates at 255.
public enum CoverageCompositor {
  /// An 8-bit coverage mask (Cairo's A8) and where it has ink.
  public struct Mask {
    /// The first row's first byte; rows are `bytesPerRow` apart.
    public var bytes: UnsafePointer<UInt8>
    public var bytesPerRow: Int
    public var ink: InkRuns

    public init(bytes: UnsafePointer<UInt8>, bytesPerRow: Int, ink: InkRuns) {
      self.bytes = bytes
      self.bytesPerRow = bytesPerRow
      self.ink = ink
    }
  }

  /// Rows ahead of the one being composited whose destination pixels are asked for.
  static let prefetchDistance = 8

  /// Lays `color` (premultiplied `0xAARRGGBB`) over the destination's pixels in `columns` ×
  /// `rows`, through `mask`, whose pixel (0, 0) covers destination pixel (`maskLeft`,
  /// `maskTop`). Destination pixels the mask does not cover are not touched.
  public static func compositeOver(
    color: UInt32, through mask: Mask, maskLeft: Int, maskTop: Int, onto destination: UnsafeMutablePointer<UInt32>,
    pixelsPerRow destinationPixelsPerRow: Int, columns: Range<Int>, rows: Range<Int>
  ) {
    guard color != 0 else { return }
    let ink = mask.ink
    let firstRow = max(rows.lowerBound, maskTop)
    let endRow = min(rows.upperBound, maskTop + ink.height)
    let firstColumn = max(columns.lowerBound, maskLeft)
    let endColumn = min(columns.upperBound, maskLeft + ink.width)
    guard firstRow < endRow, firstColumn < endColumn else { return }
    let solid = SolidColor(color)
    ink.withUnsafeRowRuns { bounds, rowStarts in
      for y in firstRow..<endRow {
        let ahead = y &+ prefetchDistance
        if ahead < endRow {
          let target = destination + ahead * destinationPixelsPerRow
          let maskRow = ahead &- maskTop
          for run in stride(from: Int(rowStarts[maskRow]), to: Int(rowStarts[maskRow &+ 1]), by: 2) {
            let start = max(firstColumn, Int(bounds[run]) &+ maskLeft)
            let end = min(endColumn, Int(bounds[run &+ 1]) &+ maskLeft)
            guard start < end else { continue }
            CachePrefetch.forWriting(target + start)
            CachePrefetch.forWriting(target + (end &- 1))
          }
        }
        let maskRow = y &- maskTop
        let coverage = mask.bytes + maskRow * mask.bytesPerRow - maskLeft
        let target = destination + y * destinationPixelsPerRow
        for run in stride(from: Int(rowStarts[maskRow]), to: Int(rowStarts[maskRow &+ 1]), by: 2) {
          let start = max(firstColumn, Int(bounds[run]) &+ maskLeft)
          let end = min(endColumn, Int(bounds[run &+ 1]) &+ maskLeft)
          guard start < end else { continue }
          compositeOver(solid, through: coverage + start, onto: target + start, count: end &- start)
        }
      }
    }
  }

  /// One colour as the kernels lay it: premultiplied, spread over 16-bit lanes, and its lanes
  /// for two pixels at a time.
  struct SolidColor {
    let color: UInt32
    let spread: UInt64
    let isOpaque: Bool
    let lanes: SIMD8<UInt16>
    /// Two pixels of the colour, stored whole where both are covered entirely and it is opaque.
    let pair: UInt64

    init(_ color: UInt32) {
      self.color = color
      spread = CoverageCompositor.spread(color)
      isOpaque = color >> 24 == 0xFF
      lanes = unsafeBitCast(SIMD2<UInt64>(spread, spread), to: SIMD8<UInt16>.self)
      pair = UInt64(color) | UInt64(color) << 32
    }
  }

  /// Lays `color` over `count` pixels through as many coverage bytes (a run of a mask's row,
  /// or a rasterized row's edge cells), two pixels at a time.
  @inline(__always)
  static func compositeOver(
    _ color: SolidColor, through coverage: UnsafePointer<UInt8>, onto target: UnsafeMutablePointer<UInt32>, count: Int
  ) {
    let shares = UnsafeRawPointer(coverage)
    let row = UnsafeMutableRawPointer(target)
    var x = 0
    while x &+ 1 < count {
      let pair = shares.loadUnaligned(fromByteOffset: x, as: UInt16.self)
      if pair == 0 {
        x &+= 2
        continue
      }
      if pair == 0xFFFF && color.isOpaque {
        row.storeBytes(of: color.pair, toByteOffset: 4 &* x, as: UInt64.self)
        x &+= 2
        continue
      }
      // Times a whole coverage (255) is the colour itself, as pixman rounds it.
      layPair(pair == 0xFFFF ? color.lanes : multiply(color.lanes, shareLanes(pair)), onto: row, at: x)
      x &+= 2
    }
    if x < count {
      let share = coverage[x]
      if share == 0xFF && color.isOpaque {
        target[x] = color.color
      } else if share != 0 {
        layOne(share == 0xFF ? color.lanes : multiply(color.lanes, shareLanes(UInt16(share))), onto: row, at: x)
      }
    }
  }

  /// Lays the first source pixel of `source` (in lanes) over the pixel at column `x` of `row`,
  /// as `layPair` lays it: a run's odd last pixel. Spread into a word, laid and packed again
  /// one channel at a time, it took as long as a pair in the vector registers.
  @inline(__always)
  static func layOne(_ source: SIMD8<UInt16>, onto row: UnsafeMutableRawPointer, at x: Int) {
    let below = PixelLanes.widened(UInt64(row.load(fromByteOffset: 4 &* x, as: UInt32.self)))
    let laid = PixelLanes.narrowed(over(source, onto: below))
    row.storeBytes(of: UInt32(truncatingIfNeeded: laid), toByteOffset: 4 &* x, as: UInt32.self)
  }

  /// Two pixels' coverage bytes (the first in the low byte), each in its pixel's four lanes.
  @inline(__always)
  static func shareLanes(_ pair: UInt16) -> SIMD8<UInt16> {
    // Widened, then each byte's lane spread over its pixel's four: a shuffle, not multiplies.
    let shares = PixelLanes.widened(UInt64(pair))
    return SIMD8<UInt16>(shares[0], shares[0], shares[0], shares[0], shares[1], shares[1], shares[1], shares[1])
  }

  /// Two source pixels (in lanes) over two destination pixels: source + destination × (255 −
  /// source alpha), each lane saturated at 255.
  @inline(__always)
  static func over(_ source: SIMD8<UInt16>, onto below: SIMD8<UInt16>) -> SIMD8<UInt16> {
    // Each pixel's alpha lane in its four lanes: one shuffle of each half.
    let transparency =
      255 &- SIMD8<UInt16>(source[3], source[3], source[3], source[3], source[7], source[7], source[7], source[7])
    // Saturated at 255 without comparing lanes (a lane comparison is done lane by lane
    // through memory here): a sum above 255 (at most 510) has its ninth bit set, and 0 − 1
    // sets all of its low byte.
    let sum = source &+ multiply(below, transparency)
    return sum | (0 &- (sum &>> 8))
  }

  /// Lays two source pixels (in lanes) over the two destination pixels at column `x` of `row`.
  @inline(__always)
  static func layPair(_ source: SIMD8<UInt16>, onto row: UnsafeMutableRawPointer, at x: Int) {
    let below = PixelLanes.widened(row.loadUnaligned(fromByteOffset: 4 &* x, as: UInt64.self))
    row.storeBytes(of: PixelLanes.narrowed(over(source, onto: below)), toByteOffset: 4 &* x, as: UInt64.self)
  }

  /// Lays four source pixels (two pairs in lanes) over the four destination pixels at column
  /// `x` of `row`, as `layPair` lays two: one load and one store for the four.
  @inline(__always)
  static func layQuad(_ low: SIMD8<UInt16>, _ high: SIMD8<UInt16>, onto row: UnsafeMutableRawPointer, at x: Int) {
    let (belowLow, belowHigh) = PixelLanes.widened(row.loadUnaligned(fromByteOffset: 4 &* x, as: SIMD16<UInt8>.self))
    row.storeBytes(
      of: PixelLanes.narrowed(over(low, onto: belowLow), over(high, onto: belowHigh)), toByteOffset: 4 &* x,
      as: SIMD16<UInt8>.self)
  }

  /// Lays `count` premultiplied pixels of `source` over `destination` through the same
  /// number of coverage bytes: pixman's `over` with an 8-bit mask (each channel of the source
  /// multiplied by the coverage, then source + destination × (255 − source alpha)), to the bit.
  /// Below full `opacity`, what pixman makes of that masked picture in a group of its own laid
  /// over with a solid mask of `opacity` (each channel × opacity, then over), to the bit too.
  ///
  /// A masked gradient shaded only under its mask's ink is laid this way, a row's ink at a
  /// time (see `CairoBackend.shadeGradientThroughMask`): for a faded one Cairo pushed a group
  /// the size of the clip, masked the shaded gradient into it and painted it with alpha, three
  /// passes over every pixel of the clip.
  public static func compositeOver(
    pixels source: UnsafePointer<UInt32>, through coverage: UnsafePointer<UInt8>, opacity: UInt8 = 255,
    onto destination: UnsafeMutablePointer<UInt32>, count: Int
  ) {
    guard opacity != 0 else { return }
    let isFaded = opacity < 255
    let fade = SIMD8<UInt16>(repeating: UInt16(opacity))
    let from = UnsafeRawPointer(source)
    let shares = UnsafeRawPointer(coverage)
    let onto = UnsafeMutableRawPointer(destination)
    var x = 0
    // Four pixels at a time, one pair in each half of the lanes: a pair of no coverage is laid
    // like the others (times 0, it leaves the pixels as they are), so nothing branches on it.
    while x &+ 3 < count {
      let shared = shares.loadUnaligned(fromByteOffset: x, as: UInt32.self)
      if shared == 0 {
        x &+= 4
        continue
      }
      let laid = from.loadUnaligned(fromByteOffset: 4 &* x, as: SIMD16<UInt8>.self)
      let words = unsafeBitCast(laid, to: SIMD2<UInt64>.self)
      // Four clear pixels leave the destination as it is, to the bit (over adds nothing and
      // keeps each channel × 255, which pixman's rounding gives back whole): a masked layer's
      // group is mostly clear around what it draws.
      if words[0] | words[1] == 0 {
        x &+= 4
        continue
      }
      // Whole coverage of four opaque pixels at full opacity: the source itself.
      if !isFaded && shared == 0xFFFF_FFFF {
        if words[0] & words[1] & 0xFF00_0000_FF00_0000 == 0xFF00_0000_FF00_0000 {
          onto.storeBytes(of: laid, toByteOffset: 4 &* x, as: SIMD16<UInt8>.self)
          x &+= 4
          continue
        }
      }
      var (low, high) = PixelLanes.widened(laid)
      // Times a whole coverage (255) is the pixel itself, as pixman rounds it.
      if shared != 0xFFFF_FFFF {
        low = multiply(low, shareLanes(UInt16(truncatingIfNeeded: shared)))
        high = multiply(high, shareLanes(UInt16(truncatingIfNeeded: shared &>> 16)))
      }
      if isFaded {
        low = multiply(low, fade)
        high = multiply(high, fade)
      }
      layQuad(low, high, onto: onto, at: x)
      x &+= 4
    }
    while x &+ 1 < count {
      let pair = shares.loadUnaligned(fromByteOffset: x, as: UInt16.self)
      if pair == 0 {
        x &+= 2
        continue
      }
      let laid = from.loadUnaligned(fromByteOffset: 4 &* x, as: UInt64.self)
      if laid == 0 {
        x &+= 2
        continue
      }
      // Whole coverage of two opaque pixels at full opacity: the source itself.
      if !isFaded && pair == 0xFFFF && laid & 0xFF00_0000_FF00_0000 == 0xFF00_0000_FF00_0000 {
        onto.storeBytes(of: laid, toByteOffset: 4 &* x, as: UInt64.self)
        x &+= 2
        continue
      }
      // Times a whole coverage (255) is the pixel itself, as pixman rounds it.
      let widened = PixelLanes.widened(laid)
      let masked = pair == 0xFFFF ? widened : multiply(widened, shareLanes(pair))
      layPair(isFaded ? multiply(masked, fade) : masked, onto: onto, at: x)
      x &+= 2
    }
    if x < count {
      let share = UInt64(coverage[x])
      if share != 0 {
        let masked = multiply(spread(source[x]), by: share)
        destination[x] = over(isFaded ? multiply(masked, by: UInt64(opacity)) : masked, onto: destination[x])
      }
    }
  }

  /// Lays the coverage `source`, at `share` (255: all of it), over the 8-bit coverage of the
  /// destination within `columns` × `rows`: pixman's `over` between two alpha-only surfaces,
  /// source × share + destination × (255 − source × share), to the bit.
  ///
  /// A translucent fill or stroke into a mask is drawn opaque into a group of its own and laid
  /// down this way (see `CairoBackend.paintPath`); pixman has no fast path for it and
  /// converted each row to 32-bit pixels and back.
  public static func layCoverage(
    _ source: PixelPlane<UInt8>, share: UInt8, onto destination: UnsafeMutablePointer<UInt8>, bytesPerRow: Int,
    columns: Range<Int>, rows: Range<Int>
  ) {
    let columns = columns.clamped(to: source.columns)
    let rows = rows.clamped(to: source.rows)
    guard share > 0, !columns.isEmpty, !rows.isEmpty else { return }
    let shares = SIMD8<UInt16>(repeating: UInt16(share))
    for y in rows {
      let from = UnsafeRawPointer(source.base + (y - source.top) * source.elementsPerRow - source.left)
      let onto = UnsafeMutableRawPointer(destination + y * bytesPerRow)
      var x = columns.lowerBound
      while x &+ 8 <= columns.upperBound {
        let laid = from.loadUnaligned(fromByteOffset: x, as: UInt64.self)
        if laid != 0 {
          let coverage = multiply(PixelLanes.widened(laid), shares)
          let below = PixelLanes.widened(onto.loadUnaligned(fromByteOffset: x, as: UInt64.self))
          let sum = coverage &+ multiply(below, 255 &- coverage)
          onto.storeBytes(of: PixelLanes.narrowed(sum | (0 &- (sum &>> 8))), toByteOffset: x, as: UInt64.self)
        }
        x &+= 8
      }
      while x < columns.upperBound {
        let coverage = UInt64(from.load(fromByteOffset: x, as: UInt8.self))
        if coverage != 0 {
          let shared = multiply(coverage, by: UInt64(share))
          let below = UInt64(onto.load(fromByteOffset: x, as: UInt8.self))
          let sum = shared + multiply(below, by: 255 - shared)
          onto.storeBytes(of: UInt8(min(sum, 255)), toByteOffset: x, as: UInt8.self)
        }
        x &+= 1
      }
    }
  }

  /// Writes `count` coverage bytes, each the byte of `coverage` times the same byte of `clip`,
  /// divided by 255 and rounded as pixman rounds: the mask Cairo lays a picture through under
  /// a clip that covers pixels in part (see `CairoBackend.clipCoverage`).
  public static func intersect(
    _ coverage: UnsafePointer<UInt8>, with clip: UnsafePointer<UInt8>, into product: UnsafeMutablePointer<UInt8>,
    count: Int
  ) {
    for x in 0..<count {
      let sum = UInt16(coverage[x]) &* UInt16(clip[x]) &+ 128
      product[x] = UInt8(truncatingIfNeeded: (sum &+ (sum &>> 8)) &>> 8)
    }
  }

  /// Each lane (0–255) times the same lane of `factors` (0–255), divided by 255 and rounded as
  /// pixman rounds.
  @inline(__always) static func multiply(_ lanes: SIMD8<UInt16>, _ factors: SIMD8<UInt16>) -> SIMD8<UInt16> {
    let product = lanes &* factors &+ 128
    return (product &+ (product &>> 8)) &>> 8
  }

  /// The channels of `pixel` in four 16-bit lanes (blue lowest).
  @inline(__always) static func spread(_ pixel: UInt32) -> UInt64 {
    let word = UInt64(pixel)
    return (word & 0xFF) | (word & 0xFF00) << 8 | (word & 0xFF_0000) << 16 | (word & 0xFF00_0000) << 24
  }

  /// The four lanes of `lanes` packed back into a pixel word.
  @inline(__always) static func pack(_ lanes: UInt64) -> UInt32 {
    UInt32(truncatingIfNeeded: (lanes & 0xFF) | (lanes >> 8) & 0xFF00 | (lanes >> 16) & 0xFF_0000 | (lanes >> 24) & 0xFF00_0000)
  }

  /// Each lane (0–255) times `factor` (0–255), divided by 255 and rounded as pixman rounds.
  @inline(__always) static func multiply(_ lanes: UInt64, by factor: UInt64) -> UInt64 {
    let product = lanes &* factor &+ 0x0080_0080_0080_0080
    return ((product &+ ((product >> 8) & 0x00FF_00FF_00FF_00FF)) >> 8) & 0x00FF_00FF_00FF_00FF
  }

  /// `source` (spread) over the destination pixel `below`: source + below × (255 − source
  /// alpha) / 255, each lane saturated at 255.
  @inline(__always) static func over(_ source: UInt64, onto below: UInt32) -> UInt32 {
    let transparency = 255 &- (source >> 48)
    let sum = multiply(spread(below), by: transparency) &+ source
    // A lane above 255 has its ninth bit set; saturate it as pixman does.
    let saturated = sum | (0x0100_0100_0100_0100 &- ((sum >> 8) & 0x0001_0001_0001_0001))
    return pack(saturated & 0x00FF_00FF_00FF_00FF)
  }
}
