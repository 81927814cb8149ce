import SplashCore

/// Composites a premultiplied picture, scaled and moved along the axes, over another, sampling
/// it bilinearly and visiting only the columns its `InkRuns` mark.
///
/// This is what a layer's backing store needs each frame: fuber's tiles, drawn once, are
/// composited 77 times a frame at a fraction of a pixel and a slightly different scale. A
/// general compositor samples every pixel of the tile's box; about nine tenths of a lattice
/// tile's store is empty, and a fuber frame at 1080x1920 visits an eighth of its tiles' boxes.
///
/// The arithmetic is 8-bit premultiplied, as Cairo's and pixman's: the two source rows are
/// mixed with the fade folded into their weights, then the two columns, with weights of 1/256
/// (positions in 16.16 fixed point); the result is laid over the destination (source +
/// destination × (1 − source alpha)), each product rounded to the nearest code. Channels are
/// 16-bit lanes of SIMD vectors, two pixels to a vector, so one multiplication weighs eight
/// channels. Against pixman's bilinear filter (7-bit weights) a pixel differs by at most a few
/// levels.
public enum BilinearCompositor {
  /// How one axis of the destination maps onto the source, in continuous coordinates (pixel
  /// `i` covers `i ..< i + 1`): source = `scale` × destination + `offset`.
  public struct AxisMap: Sendable, Equatable {
    public var scale: Double
    public var offset: Double

    public init(scale: Double, offset: Double) {
      self.scale = scale
      self.offset = offset
    }
  }

  /// A premultiplied picture (`0xAARRGGBB` words, Cairo's ARGB32) and where it has ink.
  public struct Source {
    /// The first row's first pixel; rows are `bytesPerRow` apart.
    public var bytes: UnsafeRawPointer
    public var bytesPerRow: Int
    public var ink: InkRuns

    public init(bytes: UnsafeRawPointer, bytesPerRow: Int, ink: InkRuns) {
      self.bytes = bytes
      self.bytesPerRow = bytesPerRow
      self.ink = ink
    }
  }

  /// Lays `source` over the destination's pixels in `columns` × `rows`, faded by `opacity`
  /// (0–255). Pixels whose samples all fall on transparent source pixels are not touched.
  ///
  /// The source's outermost rows and columns must be transparent (a store keeps a pixel of
  /// margin): samples that would reach beyond them are skipped, not clamped.
  public static func compositeOver(
    _ source: Source, onto destination: UnsafeMutablePointer<UInt32>, pixelsPerRow destinationPixelsPerRow: Int,
    columns: Range<Int>, rows: Range<Int>, horizontal: AxisMap, vertical: AxisMap, opacity: Int
  ) {
    let ink = source.ink
    guard opacity > 0, ink.width >= 2, ink.height >= 2, horizontal.scale > 0, vertical.scale > 0,
      !columns.isEmpty, !rows.isEmpty
    else { return }
    let columnSteps = FixedPointSteps(horizontal, from: columns.lowerBound)
    let rowSteps = FixedPointSteps(vertical, from: rows.lowerBound)
    // The destination pixels whose 2×2 footprint lies inside the source.
    let firstColumn = max(columns.lowerBound, columnSteps.first(reaching: 0))
    let endColumn = min(columns.upperBound, columnSteps.first(reaching: ink.width - 1))
    let firstRow = max(rows.lowerBound, rowSteps.first(reaching: 0))
    let endRow = min(rows.upperBound, rowSteps.first(reaching: ink.height - 1))
    guard firstColumn < endColumn, firstRow < endRow else { return }
    let fade = UInt16(min(opacity, 255))
    // The first destination column reaching each source column, -1 through width: runs are
    // mapped through it, without a division per run.
    withUnsafeTemporaryAllocation(of: Int.self, capacity: ink.width + 2) { firstReaching in
      var column = columnSteps.first(reaching: -1)
      for index in -1...ink.width {
        while columnSteps.position(at: column) < index << 16 { column += 1 }
        firstReaching[index + 1] = column
      }
      ink.withUnsafeRowPairRuns { bounds, rowStarts in
        let runs = Runs(bounds: bounds, rowStarts: rowStarts, firstReaching: UnsafePointer(firstReaching.baseAddress!))
        for y in firstRow..<endRow {
          if y &+ prefetchDistance < endRow {
            prefetchRow(
              y &+ prefetchDistance, of: source, runs: runs, onto: destination + (y &+ prefetchDistance) * destinationPixelsPerRow,
              rowSteps: rowSteps, columnSteps: columnSteps, columns: firstColumn..<endColumn)
          }
          compositeRow(
            y, of: source, runs: runs, onto: destination + y * destinationPixelsPerRow, rowSteps: rowSteps,
            columnSteps: columnSteps, columns: firstColumn..<endColumn, fade: fade)
        }
      }
    }
  }

  /// The source's runs (of pairs of rows) and the first destination column reaching each
  /// source column.
  private struct Runs {
    var bounds: UnsafePointer<Int32>
    var rowStarts: UnsafePointer<Int32>
    var firstReaching: UnsafePointer<Int>

    /// The destination columns reached by the run at `index` (of `bounds`): those whose left
    /// sample lies in start − 1 ..< end.
    @inline(__always) func columns(ofRunAt index: Int) -> (start: Int, end: Int) {
      (firstReaching[Int(bounds[index])], firstReaching[Int(bounds[index + 1]) + 1])
    }
  }

  /// Rows ahead of the one being composited whose memory is asked for (see `CachePrefetch`).
  ///
  /// A row of thin lines takes a few hundred cycles to composite, about what a load from
  /// beyond the core's cache takes. Four and eight rows ahead measured alike (fuber's render
  /// took about a quarter less time either way); eight leaves slack for a slower memory.
  static let prefetchDistance = 8

  /// Asks for the memory that compositing row `y` will touch: the destination's pixels and
  /// the source's two rows, at the start and end of each run (a run rarely spans more than
  /// two cache lines).
  @inline(__always)
  private static func prefetchRow(
    _ y: Int, of source: Source, runs: Runs, onto target: UnsafeMutablePointer<UInt32>, rowSteps: FixedPointSteps,
    columnSteps: FixedPointSteps, columns: Range<Int>
  ) {
    let upperRow = rowSteps.position(at: y) >> 16
    let upper = source.bytes + upperRow * source.bytesPerRow
    let lower = upper + source.bytesPerRow
    for run in stride(from: Int(runs.rowStarts[upperRow]), to: Int(runs.rowStarts[upperRow + 1]), by: 2) {
      let reached = runs.columns(ofRunAt: run)
      let start = max(columns.lowerBound, reached.start)
      let end = min(columns.upperBound, reached.end)
      guard start < end else { continue }
      CachePrefetch.forWriting(target + start)
      CachePrefetch.forWriting(target + (end &- 1))
      let first = 4 &* (columnSteps.position(at: start) >> 16)
      let last = 4 &* (columnSteps.position(at: end &- 1) >> 16)
      CachePrefetch.forReading(upper + first)
      CachePrefetch.forReading(lower + first)
      CachePrefetch.forReading(upper + last)
      CachePrefetch.forReading(lower + last)
    }
  }

  /// Composites destination row `y` (at `target`) from the two source rows it samples.
  @inline(__always)
  private static func compositeRow(
    _ y: Int, of source: Source, runs: Runs, onto target: UnsafeMutablePointer<UInt32>, rowSteps: FixedPointSteps,
    columnSteps: FixedPointSteps, columns: Range<Int>, fade: UInt16
  ) {
    let position = rowSteps.position(at: y)
    let upperRow = position >> 16
    // The fade is folded into the weights of the two rows: they sum to 256 × fade / 255.
    let lowerShare = UInt16((position >> 8) & 0xFF)
    let upperWeight = ((256 - lowerShare) * fade + 127) / 255
    let lowerWeight = (lowerShare * fade + 127) / 255
    let upper = source.bytes + upperRow * source.bytesPerRow
    let lower = upper + source.bytesPerRow
    // The runs of both source rows, merged: their columns of destination never overlap (runs
    // are at least `InkRuns.mergedGap` source columns apart).
    for run in stride(from: Int(runs.rowStarts[upperRow]), to: Int(runs.rowStarts[upperRow + 1]), by: 2) {
      let reached = runs.columns(ofRunAt: run)
      let start = max(columns.lowerBound, reached.start)
      let end = min(columns.upperBound, reached.end)
      guard start < end else { continue }
      // Two destination pixels at a time: each 16-bit lane operation then serves eight channels.
      let row = UnsafeMutableRawPointer(target)
      var x = start
      while x < end {
        let hasSecond = x &+ 1 < end
        let firstColumn = columnSteps.position(at: x)
        let secondColumn = hasSecond ? firstColumn &+ columnSteps.step : firstColumn
        // The two neighbouring source pixels of each row, read as one word each.
        let firstOffset = 4 &* (firstColumn >> 16)
        let secondOffset = 4 &* (secondColumn >> 16)
        let firstUpper = upper.loadUnaligned(fromByteOffset: firstOffset, as: UInt64.self)
        let secondUpper = upper.loadUnaligned(fromByteOffset: secondOffset, as: UInt64.self)
        let firstLower = lower.loadUnaligned(fromByteOffset: firstOffset, as: UInt64.self)
        let secondLower = lower.loadUnaligned(fromByteOffset: secondOffset, as: UInt64.self)
        if firstUpper | secondUpper | firstLower | secondLower == 0 {
          x &+= 2
          continue
        }
        // Between the rows (faded): lanes 0–3 the left source pixel's channels (blue, green,
        // red, alpha), lanes 4–7 the right one's.
        let first = unsafeBitCast(
          channels(firstUpper) &* upperWeight &+ channels(firstLower) &* lowerWeight, to: SIMD2<UInt64>.self)
        let second = unsafeBitCast(
          channels(secondUpper) &* upperWeight &+ channels(secondLower) &* lowerWeight, to: SIMD2<UInt64>.self)
        // Between the columns, both destination pixels at once (64-bit halves moved whole).
        let lefts = (unsafeBitCast(SIMD2<UInt64>(first[0], second[0]), to: SIMD8<UInt16>.self) &+ 128) &>> 8
        let rights = (unsafeBitCast(SIMD2<UInt64>(first[1], second[1]), to: SIMD8<UInt16>.self) &+ 128) &>> 8
        let firstShare = UInt16(truncatingIfNeeded: (firstColumn >> 8) & 0xFF)
        let secondShare = UInt16(truncatingIfNeeded: (secondColumn >> 8) & 0xFF)
        let shares = SIMD8<UInt16>(
          firstShare, firstShare, firstShare, firstShare, secondShare, secondShare, secondShare, secondShare)
        let sample = (lefts &* (256 &- shares) &+ rights &* shares &+ 128) &>> 8
        // Over: sample + destination × (255 − alpha) / 255, rounded as exactly as 8 bits allow.
        // Each pixel's alpha (lanes 3 and 7) spread over its four lanes by shifting whole
        // 64-bit halves: picking the lanes out one by one made the compiler work the sample out
        // lane by lane.
        let alphas = unsafeBitCast(sample, to: SIMD2<UInt64>.self) &>> 48
        let transparency =
          255 &- unsafeBitCast(alphas | alphas &<< 16 | alphas &<< 32 | alphas &<< 48, to: SIMD8<UInt16>.self)
        let below = hasSecond ? row.loadUnaligned(fromByteOffset: 4 &* x, as: UInt64.self) : UInt64(target[x])
        let product = channels(below) &* transparency &+ 128
        let result = PixelLanes.narrowed(sample &+ ((product &+ (product &>> 8)) &>> 8))
        if hasSecond {
          row.storeBytes(of: result, toByteOffset: 4 &* x, as: UInt64.self)
        } else {
          target[x] = UInt32(truncatingIfNeeded: result)
        }
        x &+= 2
      }
    }
  }

  /// The eight channels of two neighbouring pixels, widened to 16 bits.
  @inline(__always) static func channels(_ pair: UInt64) -> SIMD8<UInt16> {
    PixelLanes.widened(pair)
  }

  /// Positions of successive destination pixels' centres, as the sample grid sees them, in
  /// 16.16 fixed point: the integer part is the first of the two source pixels interpolated,
  /// the fraction the weight of the second.
  private struct FixedPointSteps {
    var origin: Int
    var base: Int
    var step: Int

    init(_ map: AxisMap, from origin: Int) {
      self.origin = origin
      // Pixel centres sit at i + 0.5 on both sides.
      base = Int(((map.scale * (Double(origin) + 0.5) + map.offset - 0.5) * 65536).rounded(.down))
      step = max(Int((map.scale * 65536).rounded()), 1)
    }

    func position(at pixel: Int) -> Int { base &+ step &* (pixel &- origin) }

    /// The first destination pixel whose position is at least source pixel `index`.
    func first(reaching index: Int) -> Int {
      let distance = (index << 16) - base
      let steps = distance >= 0 ? (distance + step - 1) / step : -(-distance / step)
      return origin + steps
    }
  }
}
