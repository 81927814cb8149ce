/// Where a premultiplied picture or a coverage mask has ink: per row, the runs of columns holding
/// a pixel that is not fully transparent.
///
/// A picture of thin lines (fuber's lattice tile) is mostly empty: about three quarters of its
/// pixels are transparent, and compositing them changes nothing. The runs let a compositor
/// visit the inked columns only. Runs closer than `mergedGap` columns are joined, so a line's
/// antialiased edges and a crossing of lines make one run, not several short ones.
public struct InkRuns: Sendable, Equatable {
  /// Columns of emptiness that still join two runs: a run costs a little to set up, a short
  /// gap little to composite. With eight, half of the pairs of pixels fuber's compositor
  /// visited sampled nothing, each a load and a branch the processor could not predict; with
  /// two, fuber renders about a tenth faster (same pixels: a pixel outside every run samples
  /// nothing).
  public static let mergedGap = 2

  public let width: Int
  public let height: Int
  /// Start and end (exclusive) column of each run, row after row.
  private var bounds: [Int32] = []
  /// Index into `bounds` of each row's first run; `height + 1` entries.
  private var rowStarts: [Int32] = []
  /// The same for pairs of rows (see `pairs`): `height` entries.
  private var pairBounds: [Int32] = []
  private var pairRowStarts: [Int32] = []

  /// Scans a picture of `width` × `height` pixels whose rows are `pixelsPerRow` pixels apart.
  public init(pixels: UnsafePointer<UInt32>, width: Int, height: Int, pixelsPerRow: Int) {
    self.init(scanning: pixels, width: width, height: height, pixelsPerRow: pixelsPerRow, pairingRows: true)
  }

  /// Scans an 8-bit coverage mask (Cairo's A8) of `width` × `height` pixels whose rows are
  /// `bytesPerRow` bytes apart: ink is coverage above zero. A mask is laid pixel for pixel, so
  /// its runs are not paired (`runCount(inRowsFrom:)` finds none).
  public init(coverage: UnsafePointer<UInt8>, width: Int, height: Int, bytesPerRow: Int) {
    self.init(scanning: coverage, width: width, height: height, pixelsPerRow: bytesPerRow, pairingRows: false)
  }

  @inline(__always)
  private init<Pixel: FixedWidthInteger>(
    scanning pixels: UnsafePointer<Pixel>, width: Int, height: Int, pixelsPerRow: Int, pairingRows: Bool
  ) {
    self.width = width
    self.height = height
    rowStarts.reserveCapacity(height + 1)
    for y in 0..<height {
      rowStarts.append(Int32(bounds.count))
      let row = pixels + y * pixelsPerRow
      var runStart = -1
      var runEnd = -1
      var x = 0
      while x < width {
        if row[x] == 0 {
          x += 1
          continue
        }
        let start = x
        while x < width, row[x] != 0 { x += 1 }
        if runStart >= 0, start - runEnd < Self.mergedGap {
          runEnd = x
        } else {
          if runStart >= 0 { bounds += [Int32(runStart), Int32(runEnd)] }
          runStart = start
          runEnd = x
        }
      }
      if runStart >= 0 { bounds += [Int32(runStart), Int32(runEnd)] }
    }
    rowStarts.append(Int32(bounds.count))
    if pairingRows {
      (pairBounds, pairRowStarts) = Self.pairs(bounds: bounds, rowStarts: rowStarts, height: height)
    } else {
      pairRowStarts = Array(repeating: 0, count: max(height, 1))
    }
  }

  /// For each row but the last, the runs of that row and the next one, merged: a bilinear
  /// sample reads two rows, and reading their ink as one list saves merging it per use.
  private static func pairs(bounds: [Int32], rowStarts: [Int32], height: Int) -> ([Int32], [Int32]) {
    var pairBounds: [Int32] = []
    var pairRowStarts: [Int32] = []
    pairRowStarts.reserveCapacity(height)
    for y in 0..<max(height - 1, 0) {
      pairRowStarts.append(Int32(pairBounds.count))
      var upper = Int(rowStarts[y])
      let upperEnd = Int(rowStarts[y + 1])
      var lower = upperEnd
      let lowerEnd = Int(rowStarts[y + 2])
      var runStart = -1
      var runEnd = -1
      while upper < upperEnd || lower < lowerEnd {
        let next: Int
        if upper < upperEnd, lower >= lowerEnd || bounds[upper] <= bounds[lower] {
          next = upper
          upper += 2
        } else {
          next = lower
          lower += 2
        }
        let start = Int(bounds[next])
        let end = Int(bounds[next + 1])
        if runStart >= 0, start - runEnd < mergedGap {
          runEnd = max(runEnd, end)
        } else {
          if runStart >= 0 { pairBounds += [Int32(runStart), Int32(runEnd)] }
          runStart = start
          runEnd = end
        }
      }
      if runStart >= 0 { pairBounds += [Int32(runStart), Int32(runEnd)] }
    }
    pairRowStarts.append(Int32(pairBounds.count))
    return (pairBounds, pairRowStarts)
  }

  /// The number of runs in row `y`.
  public func runCount(inRow y: Int) -> Int {
    Int(rowStarts[y + 1] - rowStarts[y]) / 2
  }

  /// Run `index` of row `y`: its first column and the column after its last.
  public func run(_ index: Int, inRow y: Int) -> (start: Int, end: Int) {
    let at = Int(rowStarts[y]) + 2 * index
    return (Int(bounds[at]), Int(bounds[at + 1]))
  }

  /// The number of runs in rows `y` and `y + 1` together.
  public func runCount(inRowsFrom y: Int) -> Int {
    Int(pairRowStarts[y + 1] - pairRowStarts[y]) / 2
  }

  /// Run `index` of rows `y` and `y + 1` together: its first column and the column after its last.
  public func run(_ index: Int, inRowsFrom y: Int) -> (start: Int, end: Int) {
    let at = Int(pairRowStarts[y]) + 2 * index
    return (Int(pairBounds[at]), Int(pairBounds[at + 1]))
  }

  /// Calls `body` with the runs of single rows as a compositor reads them in its inner loop:
  /// the runs of row `y` are the column pairs from `rowStarts[y]` to `rowStarts[y + 1]` in
  /// `bounds`.
  public func withUnsafeRowRuns<Result>(
    _ body: (_ bounds: UnsafePointer<Int32>, _ rowStarts: UnsafePointer<Int32>) throws -> Result
  ) rethrows -> Result {
    try Self.withUnsafeRuns(bounds, rowStarts, body)
  }

  /// Calls `body` with the runs of pairs of rows as a compositor reads them in its inner loop:
  /// the runs of rows `y` and `y + 1` together are the column pairs from `rowStarts[y]` to
  /// `rowStarts[y + 1]` in `bounds`.
  public func withUnsafeRowPairRuns<Result>(
    _ body: (_ bounds: UnsafePointer<Int32>, _ rowStarts: UnsafePointer<Int32>) throws -> Result
  ) rethrows -> Result {
    try Self.withUnsafeRuns(pairBounds, pairRowStarts, body)
  }

  private static func withUnsafeRuns<Result>(
    _ bounds: [Int32], _ rowStarts: [Int32],
    _ body: (_ bounds: UnsafePointer<Int32>, _ rowStarts: UnsafePointer<Int32>) throws -> Result
  ) rethrows -> Result {
    // An empty array's buffer may have no address; a picture without ink reads no run.
    let someBounds: [Int32] = bounds.isEmpty ? [0, 0] : bounds
    return try someBounds.withUnsafeBufferPointer { bounds in
      try rowStarts.withUnsafeBufferPointer { rowStarts in try body(bounds.baseAddress!, rowStarts.baseAddress!) }
    }
  }

  /// The pixels inside runs: how much a compositor visits.
  public var coveredPixels: Int {
    stride(from: 0, to: bounds.count, by: 2).reduce(0) { $0 + Int(bounds[$1 + 1] - bounds[$1]) }
  }

  /// The bytes the runs take, to count them with the picture's.
  public var byteCount: Int {
    (bounds.count + rowStarts.count + pairBounds.count + pairRowStarts.count) * MemoryLayout<Int32>.size
  }
}
