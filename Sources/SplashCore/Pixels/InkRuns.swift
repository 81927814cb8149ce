/// Where a premultiplied picture has ink: per row, the runs of columns holding a pixel that is
/// not fully transparent.
///
/// A picture of thin lines (fuber's lattice tile) is mostly empty: about three quarters of its
/// pixels are transparent, and compositing them changes nothing. The runs let a compositor
/// visit the inked columns only. Runs closer than `mergedGap` columns are joined, so a line's
/// antialiased edges and a crossing of lines make one run, not several short ones.
public struct InkRuns: Sendable, Equatable {
  /// Columns of emptiness that still join two runs: a run costs a little to set up, a short
  /// gap little to composite.
  public static let mergedGap = 8

  public let width: Int
  public let height: Int
  /// Start and end (exclusive) column of each run, row after row.
  private var bounds: [Int32] = []
  /// Index into `bounds` of each row's first run; `height + 1` entries.
  private var rowStarts: [Int32] = []

  /// Scans a picture of `width` × `height` pixels whose rows are `pixelsPerRow` pixels apart.
  public init(pixels: UnsafePointer<UInt32>, width: Int, height: Int, pixelsPerRow: Int) {
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

  /// Calls `body` with the runs as a compositor reads them in its inner loop: row `y`'s runs
  /// are the column pairs from `rowStarts[y]` to `rowStarts[y + 1]` in `bounds`.
  public func withUnsafeRuns<Result>(
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
  public var byteCount: Int { (bounds.count + rowStarts.count) * MemoryLayout<Int32>.size }
}
