/// Composites a premultiplied picture, scaled and moved along the axes, over another, sampling
/// it bilinearly and visiting only the columns its `InkRuns` mark.
///
/// This is what a layer's backing store needs each frame: fuber's tiles, drawn once, are
/// composited 77 times a frame at a fraction of a pixel and a slightly different scale. A
/// general compositor samples every pixel of the tile's box; three quarters of a lattice tile
/// is empty, so skipping it does a quarter of the work for the same pixels.
///
/// The arithmetic is 8-bit premultiplied, as Cairo's and pixman's: the two source rows are
/// mixed with the fade folded into their weights, then the two columns, with weights of 1/256
/// (positions in 16.16 fixed point); the result is laid over the destination (source +
/// destination × (1 − source alpha)), each product rounded to the nearest code. Channels are
/// 16-bit lanes of SIMD vectors, so one multiplication weighs all of a pixel's channels.
/// Against pixman's bilinear filter (7-bit weights) a pixel differs by at most a few levels.
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
    public var pixels: UnsafePointer<UInt32>
    public var pixelsPerRow: Int
    public var ink: InkRuns

    public init(pixels: UnsafePointer<UInt32>, pixelsPerRow: Int, ink: InkRuns) {
      self.pixels = pixels
      self.pixelsPerRow = pixelsPerRow
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
      ink.withUnsafeRuns { bounds, rowStarts in
        let runs = Runs(bounds: bounds, rowStarts: rowStarts, firstReaching: UnsafePointer(firstReaching.baseAddress!))
        for y in firstRow..<endRow {
          compositeRow(
            y, of: source, runs: runs, onto: destination + y * destinationPixelsPerRow, rowSteps: rowSteps,
            columnSteps: columnSteps, columns: firstColumn..<endColumn, fade: fade)
        }
      }
    }
  }

  /// The source's runs and the first destination column reaching each source column.
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
    let upper = UnsafeRawPointer(source.pixels + upperRow * source.pixelsPerRow)
    let lower = upper + 4 * source.pixelsPerRow
    // Runs of both source rows, in order of their start; a column reached by both is
    // composited once.
    var nextColumn = columns.lowerBound
    var upperRun = Int(runs.rowStarts[upperRow])
    let upperEnd = Int(runs.rowStarts[upperRow + 1])
    var lowerRun = upperEnd
    let lowerEnd = Int(runs.rowStarts[upperRow + 2])
    while upperRun < upperEnd || lowerRun < lowerEnd {
      let run: Int
      if upperRun < upperEnd, lowerRun >= lowerEnd || runs.bounds[upperRun] <= runs.bounds[lowerRun] {
        run = upperRun
        upperRun += 2
      } else {
        run = lowerRun
        lowerRun += 2
      }
      let reached = runs.columns(ofRunAt: run)
      let start = max(nextColumn, reached.start)
      let end = min(columns.upperBound, reached.end)
      guard start < end else { continue }
      nextColumn = end
      for x in start..<end {
        let column = columnSteps.position(at: x)
        // The two neighbouring pixels of each row, read as one word each.
        let offset = 4 * (column >> 16)
        let upperPair = upper.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
        let lowerPair = lower.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
        guard upperPair | lowerPair != 0 else { continue }
        let rightShare = UInt16((column >> 8) & 0xFF)
        // Between the rows (faded), then between the columns; channels: blue, green, red, alpha.
        let between =
          (channels(upperPair) &* upperWeight &+ channels(lowerPair) &* lowerWeight &+ 128) &>> 8
        let sample = (between.lowHalf &* (256 - rightShare) &+ between.highHalf &* rightShare &+ 128) &>> 8
        let alpha = sample[3]
        if alpha == 255 {
          target[x] = pixel(sample)
        } else {
          // Over: sample + destination × (255 − alpha) / 255, rounded as exactly as 8 bits allow.
          let product = channels(target[x]) &* (255 - alpha) &+ 128
          target[x] = pixel(sample &+ ((product &+ (product &>> 8)) &>> 8))
        }
      }
    }
  }

  /// The eight channels of two neighbouring pixels, widened to 16 bits.
  @inline(__always) static func channels(_ pair: UInt64) -> SIMD8<UInt16> {
    SIMD8<UInt16>(truncatingIfNeeded: unsafeBitCast(pair, to: SIMD8<UInt8>.self))
  }

  /// The four channels of a pixel, widened to 16 bits.
  @inline(__always) static func channels(_ pixel: UInt32) -> SIMD4<UInt16> {
    SIMD4<UInt16>(truncatingIfNeeded: unsafeBitCast(pixel, to: SIMD4<UInt8>.self))
  }

  /// The pixel whose channels these are (each at most 255).
  @inline(__always) static func pixel(_ channels: SIMD4<UInt16>) -> UInt32 {
    unsafeBitCast(SIMD4<UInt8>(truncatingIfNeeded: channels), to: UInt32.self)
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

    func position(at pixel: Int) -> Int { base + step * (pixel - origin) }

    /// The first destination pixel whose position is at least source pixel `index`.
    func first(reaching index: Int) -> Int {
      let distance = (index << 16) - base
      let steps = distance >= 0 ? (distance + step - 1) / step : -(-distance / step)
      return origin + steps
    }
  }
}
